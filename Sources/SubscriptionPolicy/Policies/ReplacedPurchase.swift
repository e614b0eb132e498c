/// Recognises Google Play notifications about a purchase that a product change replaced, which
/// a policy must ignore.
///
/// An upgrade or a downgrade on Google Play is a new purchase: a new `purchaseToken` whose
/// fetched resource names the old one as `linkedPurchaseToken`. Google then sends
/// `SUBSCRIPTION_EXPIRED` (13) for the *old* token, and fetching it shows `EXPIRED` with
/// `canceledStateContext.replacementCancellation`. The subscriber is not expired: the
/// replacement carries the subscription on. Applying that notification locks out a paying
/// subscriber the moment they upgrade.
///
/// A notification is about a replaced purchase when
///
/// 1. its fetched resource says `replacementCancellation`, or
/// 2. its token is the `linkedPurchaseToken` of a resource seen earlier, the newest such link.
///
/// Rule 2 covers a redelivery whose fetch failed or was skipped. A bare RTDN (no resource) for an
/// old token that arrives before any resource of its replacement cannot be recognised: the RTDN
/// alone does not say that it was replaced.
///
/// Memory is one token, whatever the history's length; nothing allocates. Apple's notifications
/// are never about a replaced purchase: an App Store product change keeps the
/// `originalTransactionId`.
@usableFromInline
package struct ReplacedPurchase: Sendable {
  /// The newest `linkedPurchaseToken` seen: the purchase the current one replaced.
  @usableFromInline private(set) var replaced: PurchaseToken?

  @inlinable package init() {}

  /// Whether `notification` is about a purchase a product change replaced; remembers the
  /// purchase its resource says the current one replaced.
  package mutating func isAboutReplacedPurchase(_ notification: StoreNotification) -> Bool {
    guard case .googlePlay(let n) = notification else { return false }
    return isAboutReplacedPurchase(NotificationFacts.PurchaseFacts(n))
  }

  /// The same, from the facts of a notification read once (`nil` for a store other than
  /// Google Play).
  @inline(__always)
  mutating func isAboutReplacedPurchase(_ purchase: NotificationFacts.PurchaseFacts?) -> Bool {
    guard let purchase else { return false }
    if purchase.replacementCancellation { return true }
    if let linked = purchase.linkedPurchaseToken, linked != purchase.token { replaced = linked }
    return purchase.token == replaced
  }
}
