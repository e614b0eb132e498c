/// A priority queue of the engine's pending work, ordered by (instant, rank, order).
///
/// `rank` puts the subscriber's actions before the store's timers at the same instant (the
/// scenario contract: `card-fails` at `renewal 1` makes that renewal fail), deliveries after
/// both, and end-of-instant checks last. `order` is the insertion sequence, so ties are
/// deterministic; reordered deliveries use it to come out newest first. A binary heap over a
/// buffer that keeps its capacity between subscribers: no allocation once warm.
///
/// A value, copied on write: after a copy, ``makeUnique()`` gives the queue storage of its own.
struct EventQueue: @unchecked Sendable {
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

  /// The heap is the first `count` entries of `storage`, which holds `capacity`; entries past
  /// `count` are spares left by earlier pops, overwritten in place, and emptying the queue
  /// for the next subscriber is setting `count`. A buffer of its own rather than an array: an
  /// array checks it is the only owner of its storage at every write, twice per event (a pop
  /// and a timer's insert), where the engine needs the check once per run
  /// (``makeUnique()``). Entries are plain values, nothing to release: the buffer overwrites
  /// and abandons them without deinitialising, which a test checks stays right. The capacity
  /// is kept here, not in the buffer's header: reading a class's stored property is an
  /// exclusivity check.
  private var storage: ManagedBuffer<Void, Entry>
  private var capacity: Int
  private(set) var count = 0

  init() {
    capacity = 64
    storage = Self.makeStorage(capacity: capacity)
  }

  private static func makeStorage(capacity: Int) -> ManagedBuffer<Void, Entry> {
    ManagedBuffer<Void, Entry>.create(minimumCapacity: capacity) { _ in }
  }

  var isEmpty: Bool { count == 0 }
  var first: Entry? { count > 0 ? storage.withUnsafeMutablePointerToElements { $0[0] } : nil }

  mutating func removeAll() { count = 0 }

  /// Makes the storage this queue's alone, copying it if a copy of the queue shares it. Call it
  /// before inserting or popping, once per run of inserts and pops during which the queue is not
  /// copied: those do not check.
  @inline(__always)
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { move(toCapacity: capacity) }
  }

  /// Moves the entries to new storage of `capacity`.
  @inline(never)
  private mutating func move(toCapacity capacity: Int) {
    let new = Self.makeStorage(capacity: capacity)
    let count = count
    storage.withUnsafeMutablePointerToElements { old in
      new.withUnsafeMutablePointerToElements { $0.initialize(from: old, count: count) }
    }
    storage = new
    self.capacity = capacity
  }

  // The sift loops move a hole instead of swapping. The order is unchanged: (instant, rank,
  // order) is a strict total order, so the heap's shape never decides what comes out first.

  /// Inserts `entry`; the storage must be this queue's alone (``makeUnique()``).
  mutating func insert(_ entry: Entry) {
    if count == capacity { move(toCapacity: 2 * capacity) }
    let last = count
    count += 1
    storage.withUnsafeMutablePointerToElements { h in
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

  /// Removes and returns the first entry; the storage must be this queue's alone
  /// (``makeUnique()``).
  mutating func popFirst() -> Entry? {
    guard count > 0 else { return nil }
    count -= 1
    let remaining = count
    return storage.withUnsafeMutablePointerToElements { h in
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
