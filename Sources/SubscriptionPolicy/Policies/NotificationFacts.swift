/// Everything the reference rules read from one notification, taken out in a single `switch`.
///
/// Matching a `StoreNotification` against its cases copies the whole value (about 450 bytes,
/// the size of its largest case) to the stack before the payload is read, once per `switch` or
/// `if case`. A policy that asked the notification for its replacement status, its reading, its
/// identity and its signed date in turn paid that copy four times, more than the rules
/// themselves cost; reading all four at once pays it once. The answers are exactly those of
/// ``ReplacedPurchase/isAboutReplacedPurchase(_:)``, ``ReferenceRules/reading(of:after:settings:)``,
/// ``NotificationIdentity`` (as its source's ``SameSecondIdentity``), ``StoreNotification/sentDate``
/// and ``SubscriptionSource/init(_:)``.
struct NotificationFacts: Sendable {
  /// The source it speaks for.
  var source: SubscriptionSource
  /// What makes two deliveries of its source signed in the same second the same notification.
  var identity: SameSecondIdentity
  /// When the store sent it (``StoreNotification/sentDate``).
  var sentDate: Instant
  /// What it says the subscription now is, read after the state it was read against; `nil`
  /// when it says nothing about the state.
  var reading: EntitlementReading?
  /// For a Google Play notification: what ``ReplacedPurchase`` needs.
  var purchase: PurchaseFacts?
  /// The date its subscription is paid through, as it states it: Apple's transaction
  /// `expiresDate`, Google's line item `expiryTime`, Stripe's `current_period_end`,
  /// RevenueCat's `expiration_at_ms`; `nil` when it states none.
  var paidThrough: Instant?

  /// A Google Play notification's token and what its fetched resource says of replacement.
  struct PurchaseFacts: Sendable {
    var token: PurchaseToken
    /// The fetched resource says `replacementCancellation` (`false` with no resource).
    var replacementCancellation: Bool
    /// The fetched resource's `linkedPurchaseToken` (`nil` with no resource).
    var linkedPurchaseToken: PurchaseToken?

    init(_ n: GooglePlayNotification) {
      // Unwrapped once: each optional chain on the resource would copy it.
      if let resource = n.subscription {
        self.init(token: n.subscriptionNotification.purchaseToken, resource: resource)
      } else {
        self.init(token: n.subscriptionNotification.purchaseToken)
      }
    }

    /// With the fetched resource.
    @inline(__always)
    init(token: PurchaseToken, resource: borrowing SubscriptionPurchaseV2) {
      self.token = token
      replacementCancellation = resource.canceledStateContext == .replacementCancellation
      linkedPurchaseToken = resource.linkedPurchaseToken
    }

    /// Without a resource.
    init(token: PurchaseToken) {
      self.token = token
      replacementCancellation = false
      linkedPurchaseToken = nil
    }
  }

  /// Reads `notification` as the reference rules do, after the state `current(source)` of the
  /// source it speaks for.
  @inline(__always)
  init(
    _ notification: StoreNotification, after current: (SubscriptionSource) -> EntitlementState,
    settings: PolicySettings
  ) {
    switch notification {
    case .appStore(let n):
      source = .appStore
      identity = SameSecondIdentity(n.notificationUUID)
      sentDate = n.signedDate
      (reading, paidThrough) = ReferenceRules.readingAndExpiresDate(of: n)
      purchase = nil
    case .googlePlay(let n):
      source = .googlePlay
      let code = n.subscriptionNotification.notificationType
      let token = n.subscriptionNotification.purchaseToken
      identity = SameSecondIdentity(token, code)
      sentDate = n.eventTime
      // The fetched resource is unwrapped once for all three readings: each unwrap copies it.
      if let resource = n.subscription {
        let expiry = resource.lineItem.expiryTime
        reading = ReferenceRules.reading(
          of: code, fetched: resource.subscriptionState, expiryTime: expiry, after: current(.googlePlay))
        purchase = PurchaseFacts(token: token, resource: resource)
        paidThrough = expiry
      } else {
        reading = ReferenceRules.reading(of: code, fetched: nil, expiryTime: nil, after: current(.googlePlay))
        purchase = PurchaseFacts(token: token)
        paidThrough = nil
      }
    case .stripe(let e):
      source = .stripe
      identity = SameSecondIdentity(e.id)
      sentDate = e.created
      reading = ReferenceRules.reading(of: e, after: current(.stripe), settings: settings)
      purchase = nil
      paidThrough = e.subscription?.currentPeriodEnd
    case .revenueCat(let e):
      source = .revenueCat
      identity = SameSecondIdentity(e.id)
      sentDate = e.eventTimestamp
      reading = ReferenceRules.reading(of: e, after: current(.revenueCat))
      purchase = nil
      paidThrough = e.expirationAt
    }
  }
}
