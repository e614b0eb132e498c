/// One subscriber's subscription as the store keeps it: the store's truth and everything its
/// rules need. A plain value, the same for every store, so the engine, the scenario runner and
/// Monte Carlo read it without knowing which store model wrote it.
// The optional dates and spans are stored in 8 bytes each (`OptionalSeconds`), behind the same
// optional properties: the record is copied whole at each subscriber action and each
// subscriber's start, and at 244 bytes rather than 292 a copy takes the short path of `memcpy`
// (256 bytes and under).
public struct SubscriptionRecord: Hashable, Sendable {
  /// A number unique to the subscriber within a run; store models derive
  /// `originalTransactionId`, `purchaseToken` and `notificationUUID` from it.
  public var subscriber: UInt64
  public var truth: StoreTruth = .never
  /// The product being paid for now.
  public var product: ProductIndex = 0
  /// A product that takes over at the next renewal (a downgrade), if any.
  public var pendingProduct: ProductIndex?
  /// Auto-renew on (`autoRenewStatus` 1 / `autoRenewEnabled`).
  public var autoRenew = true
  /// Whether the payment method on file works (scenarios; Monte Carlo decides per charge).
  public var cardWorks = true
  public var declineReason: DeclineReason = .declined

  /// When the subscriber first bought (Apple's `originalPurchaseDate`), if ever.
  public var originalPurchaseDate: Instant? {
    @inlinable get { storedOriginalPurchaseDate.instant }
    @inlinable set { storedOriginalPurchaseDate = OptionalSeconds(newValue) }
  }
  @usableFromInline var storedOriginalPurchaseDate = OptionalSeconds.none
  /// The instant period ends are counted from; moves on a recovery after grace.
  public var billingAnchor: Instant {
    @inlinable get { anchor }
    @inlinable set {
      anchor = newValue
      anchorDate = AnchorDate(newValue)
    }
  }
  @usableFromInline var anchor = Instant.distantPast
  /// `billingAnchor`'s calendar date, kept with it (see `AnchorDate`).
  @usableFromInline var anchorDate = AnchorDate(month: 0, day: 0, seconds: 0)
  /// Stripe: the proration items a product change made with `create_prorations` and left for the
  /// next invoice, in milliunits (negative: a credit). Kept here, in the four bytes of padding
  /// between `anchorDate` (12 bytes) and `periodsSinceAnchor`, so the record stays 245 bytes.
  public var pendingProrationMilliunits: Int32 = 0
  /// Periods counted since `billingAnchor` to the current period's end.
  public var periodsSinceAnchor: Int64 = 0
  /// The current paid (or trial) period.
  public var periodStart = Instant.distantPast
  /// The current period's end: `expiresDate`, the next renewal.
  public var periodEnd = Instant.distantPast
  /// Which billing period of this run is current: `renewal N` is the end of period N.
  public var periodNumber: Int32 = 0
  /// Whether the current period is an introductory trial.
  public var inTrial = false
  // The three bytes below sit in the padding before `trialsUsed`, so the record stays 244 bytes.
  /// A price increase of `product`, waiting for the next renewal or applied.
  public var priceIncrease = PriceIncrease.none
  /// Apple: the developer took `product` off sale; it renews no more.
  public var productOffSale = false
  /// Apple: a refund the customer asked for, not yet granted or declined.
  public var refundRequested = false
  /// Groups whose trial this subscriber has used, as bits by catalog group index.
  public var trialsUsed: UInt64 = 0

  /// When the renewal that failed was due: the start of the billing-issue episode.
  public var billingIssueStart: Instant? {
    @inlinable get { storedBillingIssueStart.instant }
    @inlinable set { storedBillingIssueStart = OptionalSeconds(newValue) }
  }
  @usableFromInline var storedBillingIssueStart = OptionalSeconds.none
  /// When billing grace ends (`gracePeriodExpiresDate`), while in grace.
  public var gracePeriodExpiresDate: Instant? {
    @inlinable get { storedGracePeriodExpiresDate.instant }
    @inlinable set { storedGracePeriodExpiresDate = OptionalSeconds(newValue) }
  }
  @usableFromInline var storedGracePeriodExpiresDate = OptionalSeconds.none
  /// When retries stop and the subscription expires, while in grace or hold.
  public var retryWindowEnd: Instant? {
    @inlinable get { storedRetryWindowEnd.instant }
    @inlinable set { storedRetryWindowEnd = OptionalSeconds(newValue) }
  }
  @usableFromInline var storedRetryWindowEnd = OptionalSeconds.none
  /// Retries made in the current episode.
  public var retryCount: Int32 = 0

  /// Google: a pause scheduled from the next renewal, for this long.
  public var scheduledPause: TimeSpan? {
    @inlinable get { storedScheduledPause.span }
    @inlinable set { storedScheduledPause = OptionalSeconds(newValue) }
  }
  @usableFromInline var storedScheduledPause = OptionalSeconds.none
  /// Google: while paused, when the subscription resumes (`autoResumeTime`).
  public var autoResumeTime: Instant? {
    @inlinable get { storedAutoResumeTime.instant }
    @inlinable set { storedAutoResumeTime = OptionalSeconds(newValue) }
  }
  @usableFromInline var storedAutoResumeTime = OptionalSeconds.none
  /// Google: the current purchase's `purchaseToken`; a resubscription or a product change
  /// issues a new one. Stripe: the subscription's id (`sub_…`), new with each subscription.
  public var purchaseToken: PurchaseToken?
  /// Google: the purchase the current one replaced (`linkedPurchaseToken`), after a product change.
  public var linkedPurchaseToken: PurchaseToken?
  /// Google: when the current purchase was made (`startTime`); Stripe: the subscription's
  /// `created`.
  public var purchaseStart: Instant? {
    @inlinable get { storedPurchaseStart.instant }
    @inlinable set { storedPurchaseStart = OptionalSeconds(newValue) }
  }
  @usableFromInline var storedPurchaseStart = OptionalSeconds.none
  /// When access was revoked (`revocationDate`).
  public var revocationDate: Instant? {
    @inlinable get { storedRevocationDate.instant }
    @inlinable set { storedRevocationDate = OptionalSeconds(newValue) }
  }
  @usableFromInline var storedRevocationDate = OptionalSeconds.none
  /// Apple Family Sharing, in a family member's record (`AppStoreFamilyMember`): `nil` while the
  /// purchaser's subscription is shared with the member, whose truth is then the purchaser's.
  /// Once sharing is withdrawn, the purchaser's truth: the record's periods go on following the
  /// purchaser's subscription (so `renewal N` still resolves), while `truth` stays the member's
  /// own (`revoked`).
  public var purchaserTruth: StoreTruth?

  /// Successful charges so far (the first purchase counts; a trial does not).
  public var charges: Int32 = 0
  /// Money collected so far, in milliunits.
  public var collectedMilliunits: Int64 = 0
  /// Money refunded so far, in milliunits.
  public var refundedMilliunits: Int64 = 0
  /// Transactions made so far, for transaction ids and Google's `orderId` suffixes.
  public var transactionCount: Int64 = 0
  /// Whether the latest transaction renewed the subscription (a renewal or a billing recovery)
  /// rather than bought it (a purchase, a resubscription, an immediate upgrade): Apple's
  /// `transactionReason` `RENEWAL` or `PURCHASE`.
  public var latestTransactionIsRenewal = false
  // The two bytes below sit in the padding after `latestTransactionIsRenewal`.
  /// Apple: where the subscription stands with its product's subscription offer.
  public var offer = OfferStanding.none
  /// Apple: renewals after the current period that still charge a pay-as-you-go offer's price.
  public var offerPeriodsLeft: UInt8 = 0
  /// Google: the renewals still to come at the old price before a waiting price increase
  /// applies (its notice period running; `GooglePlayPriceChange.swift`).
  @usableFromInline var renewalsBeforeIncrease: UInt8 = 0
  /// Notifications sent so far, for `notificationUUID`s.
  public var notificationCount: Int64 = 0
  /// Bumped whenever pending timers become obsolete; see `StoreTimer`.
  public var epoch: UInt32 = 0
  /// Stripe: why the payment method fails in a way Smart Retries does not retry, if it does
  /// (`nil`: declines are retried). Kept last, in the bytes after `epoch`.
  public var unretryable: UnretryableDecline?
  /// Stripe: an attempt on the open invoice met the hard decline `unretryable` names, so the
  /// scheduled retries make no charge until a new card. Beside `unretryable`, in the same bytes.
  @usableFromInline var retriesWaitForNewCard = false

  public init(subscriber: UInt64) { self.subscriber = subscriber }

  /// The truth of the subscription whose periods the record counts: the purchaser's, for a
  /// family member no longer shared with; `truth` otherwise.
  @inlinable public var subscriptionTruth: StoreTruth { purchaserTruth ?? truth }
}
