/// What the reference policy keeps to decide whether a notification of one source applies: the
/// ordering and deduplication state for that source's clock, and the purchase it replaced.
///
/// Each source keeps its own ``SentDateOrder``: the stores' clocks are not one clock, and a
/// Stripe event signed a second before an App Store notification says nothing about it.
struct SourceTrack: Sendable {
  private var order = SentDateOrder()
  private var replacement = ReplacedPurchase()

  /// Whether a notification of this source, read into `facts`, applies: it is about the current
  /// purchase, says something about the state, and is neither stale nor a duplicate.
  mutating func admits(_ facts: NotificationFacts) -> Bool {
    guard !replacement.isAboutReplacedPurchase(facts.purchase), facts.reading != nil else { return false }
    return order.admit(facts.identity, sentDate: facts.sentDate)
  }
}
