/// The store's record of one subscription after each event of a scenario run: what the store
/// API answers and the client snapshots are built from at any instant of the run.
///
/// Kept by the scenario runner only (one record per action or timer, beside the timeline's
/// rows); the Monte Carlo loop keeps none. The record changes only when the subscriber acts or
/// a store timer fires, so the record at an instant is the one after the last such event at or
/// before it.
package struct RecordHistory: Hashable, Sendable {
  /// One record, as it stood just after the event at `instant`.
  package struct Entry: Hashable, Sendable {
    package var instant: Instant
    package var record: SubscriptionRecord
  }

  /// With several sources, the source's name; `nil` for the one subscription of a scenario.
  package var source: String?
  /// Every record, in the order of the events.
  package private(set) var entries: [Entry] = []

  package init(source: String? = nil) { self.source = source }

  mutating func append(_ record: SubscriptionRecord, at instant: Instant) {
    entries.append(Entry(instant: instant, record: record))
  }

  /// The record as it stands at `instant`: after every event at or before it; `nil` before the
  /// first.
  package func record(at instant: Instant) -> SubscriptionRecord? {
    var low = 0
    var high = entries.count
    while low < high {
      let mid = (low + high) / 2
      if entries[mid].instant <= instant { low = mid + 1 } else { high = mid }
    }
    return low == 0 ? nil : entries[low - 1].record
  }

  /// The records up to `instant`, in order.
  package func entries(through instant: Instant) -> ArraySlice<Entry> {
    entries.prefix { $0.instant <= instant }
  }

  /// When auto-renew last went off, up to `instant`: the first record of the latest run of
  /// records without it; `nil` while it is on.
  package func autoRenewOff(through instant: Instant) -> Instant? {
    var off: Instant?
    for entry in entries(through: instant) {
      if entry.record.autoRenew { off = nil } else if off == nil { off = entry.instant }
    }
    return off
  }

  /// When the subscription last ended (expired or revoked), up to `instant`; `nil` while it
  /// has not.
  package func ended(through instant: Instant) -> Instant? {
    var end: Instant?
    for entry in entries(through: instant) {
      let over = entry.record.truth == .expired || entry.record.truth == .revoked
      if !over { end = nil } else if end == nil { end = entry.instant }
    }
    return end
  }
}
