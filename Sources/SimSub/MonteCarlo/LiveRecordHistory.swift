/// The store's record of the Monte Carlo subscriber being played, after each of their actions
/// and the store's timers, kept as the engine plays them: what the store APIs and the snapshots
/// of a policy file's policy answer from (``MonteCarloPolicyScope``).
///
/// Only a run through a policy file keeps one: ``PopulationObserver`` appends to it when it has
/// one, and the built-in policies' runs give it none, so they keep no record per event.
package final class LiveRecordHistory: @unchecked Sendable {
  /// The records of the subscriber being played; emptied for each subscriber.
  package private(set) var history = RecordHistory()

  package init() {}

  /// Starts over for another subscriber.
  func reset() { history = RecordHistory() }

  /// The record as the event at `instant` left it.
  func append(_ record: SubscriptionRecord, at instant: Instant) {
    history.append(record, at: instant)
  }
}
