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

  private(set) var heap: [Entry] = []

  init() { heap.reserveCapacity(64) }

  var isEmpty: Bool { heap.isEmpty }
  var first: Entry? { heap.first }

  mutating func removeAll() { heap.removeAll(keepingCapacity: true) }

  mutating func insert(_ entry: Entry) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  mutating func popFirst() -> Entry? {
    guard !heap.isEmpty else { return nil }
    heap.swapAt(0, heap.count - 1)
    let top = heap.removeLast()
    var parent = 0
    let count = heap.count
    while true {
      let left = 2 * parent + 1
      guard left < count else { break }
      var best = left
      if left + 1 < count, heap[left + 1].precedes(heap[left]) { best = left + 1 }
      guard heap[best].precedes(heap[parent]) else { break }
      heap.swapAt(best, parent)
      parent = best
    }
    return top
  }
}
