/// A priority queue of the engine's pending work, ordered by (instant, rank, order).
///
/// `rank` puts the subscriber's actions before the store's timers at the same instant (the
/// scenario contract: `card-fails` at `renewal 1` makes that renewal fail), deliveries after
/// both, and end-of-instant checks last. `order` is the insertion sequence, so ties are
/// deterministic; reordered deliveries use it to come out newest first. A binary heap over an
/// array that keeps its capacity between subscribers: no allocation once warm.
struct EventQueue: Sendable {
  enum Kind: Hashable, Sendable {
    case action(SubscriberAction)
    case timer(StoreTimer, epoch: UInt32)
    case delivery(slot: Int32)
    /// New delivery faults, by index into the engine's list of scheduled settings (kept out of
    /// line so an entry stays 32 bytes: the heap moves entries on every insert and pop).
    case deliverySettings(index: Int32)
    case marker(UInt32)
    /// An instant at which the policy said its answer changes on its own clock: sampled.
    case policyClock
  }

  struct Entry: Sendable {
    var instant: Instant
    var order: Int64
    var kind: Kind
    var rank: UInt8

    init(instant: Instant, rank: UInt8, order: Int64, kind: Kind) {
      self.instant = instant
      self.order = order
      self.kind = kind
      self.rank = rank
    }

    @inline(__always) func precedes(_ other: Entry) -> Bool {
      if instant != other.instant { return instant < other.instant }
      if rank != other.rank { return rank < other.rank }
      return order < other.order
    }
  }

  /// The heap is `heap[0 ..< count]`; entries past `count` are spares left by earlier pops,
  /// overwritten in place: an insert or a pop is one uniqueness check (not two, for an append
  /// and the sift), and emptying the queue for the next subscriber is setting `count`.
  private var heap: [Entry] = []
  private(set) var count = 0

  init() { heap.reserveCapacity(64) }

  var isEmpty: Bool { count == 0 }
  var first: Entry? { count > 0 ? heap[0] : nil }

  mutating func removeAll() { count = 0 }

  // The sift loops run over the buffer directly, moving a hole instead of swapping: one
  // uniqueness check per operation instead of one per swap, and no bounds checks. The order is
  // unchanged: (instant, rank, order) is a strict total order, so the heap's shape never
  // decides what comes out first.

  mutating func insert(_ entry: Entry) {
    if count == heap.count { heap.append(entry) }
    let last = count
    count += 1
    heap.withUnsafeMutableBufferPointer { h in
      var child = last
      while child > 0 {
        let parent = (child - 1) / 2
        guard entry.precedes(h[parent]) else { break }
        h[child] = h[parent]
        child = parent
      }
      h[child] = entry
    }
  }

  mutating func popFirst() -> Entry? {
    guard count > 0 else { return nil }
    count -= 1
    let remaining = count
    return heap.withUnsafeMutableBufferPointer { h in
      let top = h[0]
      guard remaining > 0 else { return top }
      let last = h[remaining]
      var parent = 0
      while true {
        let left = 2 * parent + 1
        guard left < remaining else { break }
        var best = left
        if left + 1 < remaining, h[left + 1].precedes(h[left]) { best = left + 1 }
        guard h[best].precedes(last) else { break }
        h[parent] = h[best]
        parent = best
      }
      h[parent] = last
      return top
    }
  }
}
