/// What the reference policy knows of one source of a subscriber: the reading of its newest
/// notification, the ordering and deduplication state for its clock, and the date it is paid
/// through.
///
/// Each source keeps its own ``SentDateOrder``: the stores' clocks are not one clock, and a
/// Stripe event signed a second before an App Store notification says nothing about it.
struct SourceTrack: Sendable {
  var reading = EntitlementReading.never
  /// The newest paid-through date a notification of this source stated.
  var paidThrough = Instant.distantPast
  private var order = SentDateOrder()
  private var replacement = ReplacedPurchase()

  /// Applies a notification of this source, read into `facts` against this track's state,
  /// when it is about the current purchase, says something about the state, and is neither
  /// stale nor a duplicate; returns whether it did.
  @discardableResult
  mutating func receive(_ facts: NotificationFacts) -> Bool {
    guard !replacement.isAboutReplacedPurchase(facts.purchase), let next = facts.reading,
      order.admit(facts.identity, sentDate: facts.sentDate)
    else { return false }
    reading = next
    if let date = facts.paidThrough { paidThrough = date }
    return true
  }

  /// How well the subscriber stands through this source at `instant`, best first: access from
  /// a paid-through subscription, then access in grace, then a hold the subscriber can still
  /// save, then a pause, then the rest.
  func standing(at instant: Instant) -> Int {
    switch reading.state(at: instant) {
    case .active: 0
    case .grace: 1
    case .hold: 2
    case .paused: 3
    case .revoked, .expired: 4
    case .never: 5
    }
  }
}
