/// One Apple Family Sharing member of a purchaser's subscription: the purchaser's rules played on
/// the member's own record, every notification the member's own copy.
///
/// A scenario with `family-members: N` plays the same timeline N + 1 times: once through
/// `AppStoreModel` for the purchaser, and once through this view for each member, each run with
/// its own policy instance (the app's server keeps one entitlement per Apple account). The
/// engine is the same; only the store model differs.
///
/// What Apple documents, and how it is played:
///
/// - **The member's own transactions.** "When users share a purchase through Family Sharing,
///   each family member gets their own unique receipts and transactions" (StoreKit, "Supporting
///   Family Sharing in your app"). The member's notifications carry their own
///   `originalTransactionId`, `transactionId` and `notificationUUID`, and `inAppOwnershipType`
///   `FAMILY_SHARED` (`AppStoreNotificationBuilder.familyMember`); type, subtype, `status`, dates
///   and renewal info are the purchaser's.
/// - **The same lifecycle.** Apple sends members the shared subscription's events:
///   `DID_FAIL_TO_RENEW` and the recovery "are now sent for each family member when a shared
///   subscription fails to renew due to a billing issue and when it is successfully recovered"
///   (Apple developer news, "Updates to App Store server notifications", 2021-03-10), and "you
///   will receive PURCHASED for the owner and FAMILY_SHARED for the" members (the reply on Apple
///   Developer Forums thread 744155, whose question reports members' `AUTO_RENEW_DISABLED` too).
///   simsub sends the member a copy of every notification the purchaser gets, so the member's
///   truth is the purchaser's: entitled while the purchaser is (active, auto-renew off and paid
///   through, billing grace), and without access in billing retry.
/// - **`REVOKE`** (status 5, `revocationDate`, `revocationReason` 0) "when a purchaser disables
///   Family Sharing for an in-app purchase, the purchaser or family member leaves the family
///   group, or the purchaser asks for and receives a refund" (the same news item). So the
///   purchaser's `REFUND` reaches the member as `REVOKE` (its `revocationReason` "matches the
///   value of the purchaser's revocation reason", App Store Server API, `revocationReason`), and
///   `stopSharing` withdraws sharing: `member` 0 (the purchaser turns sharing off) or this
///   member's number (the member leaves the family group). The member's truth becomes `revoked`
///   with a `REVOKE`, when its copy was still live (active, canceled, grace or billing retry);
///   otherwise nothing is sent. The purchaser is unaffected.
///
/// Once withdrawn, sharing is not given back within a run: the member hears nothing more and
/// keeps its truth, while the record's periods go on following the purchaser's subscription
/// (`SubscriptionRecord.purchaserTruth`), so `renewal N` falls on the same instant in every run
/// of a scenario. Not played: a member who joins after the purchase, sharing turned back on, a
/// member's own purchase in the same group, and what Apple puts in `price` for a shared
/// transaction (simsub copies the purchaser's).
///
/// Like the model it wraps, it allocates nothing per rule.
public struct AppStoreFamilyMember: StoreModel {
  public static let kind = StoreKind.apple

  /// The purchaser's rules and products, notifying as this member.
  public let store: AppStoreModel
  /// Which member this is, from 1.
  public let member: UInt8
  public var products: [Product] { store.products }

  /// Family member `member` (from 1) of the purchaser whose subscription `purchaser` plays.
  public init(sharing purchaser: AppStoreModel, member: UInt8) {
    precondition(member >= 1, "family members count from 1")
    self.store = purchaser.notifying(familyMember: member)
    self.member = member
  }

  /// Apple's redelivery, as for the purchaser.
  public static func redeliveryDelay(afterFailedAttempt attempt: Int32) -> TimeSpan? {
    AppStoreModel.redeliveryDelay(afterFailedAttempt: attempt)
  }

  public func apply<Payments: PaymentProcessor>(
    _ action: SubscriberAction, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    if case .stopSharing(let who) = action {
      if who == 0 || who == member { withdraw(record: &record, now: now, effects: &effects) }
      return
    }
    playPurchaserRule(record: &record, effects: &effects) { record, effects in
      store.apply(action, to: &record, at: now, payments: &payments, effects: &effects)
    }
  }

  public func fire<Payments: PaymentProcessor>(
    _ timer: StoreTimer, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    playPurchaserRule(record: &record, effects: &effects) { record, effects in
      store.fire(timer, to: &record, at: now, payments: &payments, effects: &effects)
    }
  }

  // MARK: Rules

  /// Sharing withdrawn from this member: `revoked` and `REVOKE` if its copy was live. The record
  /// remembers the purchaser's truth from here on.
  @inlinable func withdraw(record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects) {
    guard record.purchaserTruth == nil else { return }
    record.purchaserTruth = record.truth
    switch record.truth {
    case .active, .canceled, .grace, .hold: break
    default: return
    }
    record.truth = .revoked
    record.revocationDate = now
    effects.send(
      store.notifications.makeAmended(.revoke, nil, record: &record, products: store.products, at: now))
  }

  /// Plays one of the purchaser's rules (an action or a timer) on the member's record. While
  /// shared, the member's notifications are the purchaser's, with a refund reaching the member
  /// as `REVOKE`; once withdrawn, the record follows the purchaser's subscription and the
  /// member hears nothing more. The rule is handed the effects rather than capturing them, as
  /// this method holds them while it runs.
  @inlinable func playPurchaserRule(
    record: inout SubscriptionRecord, effects: inout StoreEffects,
    _ rule: (inout SubscriptionRecord, inout StoreEffects) -> Void
  ) {
    let first = effects.notificationCount
    if record.purchaserTruth != nil {
      followPurchaser(&record) { record in rule(&record, &effects) }
      effects.removeNotifications(in: first..<effects.notificationCount)
    } else {
      rule(&record, &effects)
      revokeInsteadOfRefund(from: first, effects: &effects)
    }
  }

  /// Plays one of the purchaser's rules on a withdrawn member's record: the rule sees the
  /// purchaser's truth, and the member keeps its own truth and revocation date.
  @inlinable func followPurchaser(
    _ record: inout SubscriptionRecord, _ rule: (inout SubscriptionRecord) -> Void
  ) {
    guard let purchaser = record.purchaserTruth else { return }
    let own = record.truth
    let revoked = record.revocationDate
    record.truth = purchaser
    rule(&record)
    record.purchaserTruth = record.truth
    record.truth = own
    record.revocationDate = revoked
  }

  /// The purchaser's refund reaches a family member as `REVOKE`.
  @inlinable func revokeInsteadOfRefund(from first: Int, effects: inout StoreEffects) {
    for i in first..<effects.notificationCount {
      guard case .appStore(var n) = effects.notificationSlots[i], n.notificationType == .refund else {
        continue
      }
      n.notificationType = .revoke
      effects.replaceNotification(at: i, with: .appStore(n))
    }
  }
}
