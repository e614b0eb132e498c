/// A list in a buffer of its own, copied on write, for the store step's effects and the engine's
/// in-flight notifications: the first `count` slots are the list; slots past them are spares
/// left by earlier contents, overwritten in place, so emptying the list is setting `count`.
///
/// An array did the same with a uniqueness check, a bounds check and its count read from and
/// written to its heap header at every write; here `count` and `capacity` live in the value and
/// a write is one uniqueness check (about 110,000 array checks and counts per 5,000
/// subscribers were the store rules' `send` and `schedule` alone).
@usableFromInline
struct SlotBuffer<Element> {
  @usableFromInline var storage: SlotStorage<Element>
  @usableFromInline var capacity: Int
  @usableFromInline private(set) var count = 0

  @usableFromInline init(capacity: Int) {
    self.capacity = capacity
    storage = Self.makeStorage(capacity: capacity)
  }

  @usableFromInline static func makeStorage(capacity: Int) -> SlotStorage<Element> {
    unsafeDowncast(
      SlotStorage<Element>.create(minimumCapacity: capacity) { _ in 0 }, to: SlotStorage<Element>.self)
  }

  @inlinable @inline(__always)
  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "index out of range")
      return storage.withUnsafeMutablePointerToElements { $0[index] }
    }
    set {
      precondition(index >= 0 && index < count, "index out of range")
      makeUnique()
      storage.withUnsafeMutablePointerToElements { $0[index] = newValue }
    }
  }

  @inlinable @inline(__always)
  mutating func append(_ element: Element) {
    makeUnique()
    if count == capacity { move(toCapacity: Swift.max(2 * capacity, 4)) }
    let index = count
    storage.withUnsafeMutablePointers { initialized, elements in
      // A plain value (a timer, a notification without references) has nothing to release:
      // its slots need no count of which hold one.
      if _isPOD(Element.self) {
        (elements + index).initialize(to: element)
      } else if index < initialized.pointee {
        elements[index] = element
      } else {
        (elements + index).initialize(to: element)
        initialized.pointee = index &+ 1
      }
    }
    count = index &+ 1
  }

  /// Empties the list, keeping its storage and its slots.
  @inlinable mutating func removeAll() { count = 0 }

  /// Removes the last `k` entries, keeping their slots.
  @inlinable mutating func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= count)
    count -= k
  }

  /// Makes the storage this list's alone, copying it if a copy of the list shares it.
  @inlinable @inline(__always)
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { move(toCapacity: capacity) }
  }

  /// Copies the list (not its spares) to new storage of `capacity`.
  @usableFromInline @inline(never)
  mutating func move(toCapacity capacity: Int) {
    let new = Self.makeStorage(capacity: capacity)
    let count = count
    storage.withUnsafeMutablePointerToElements { old in
      new.withUnsafeMutablePointers { initialized, elements in
        elements.initialize(from: old, count: count)
        initialized.pointee = count
      }
    }
    storage = new
    self.capacity = capacity
  }

  @inlinable func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R
  {
    try storage.withUnsafeMutablePointerToElements {
      try body(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  @inlinable mutating func withUnsafeMutableBufferPointer<R>(
    _ body: (UnsafeMutableBufferPointer<Element>) throws -> R
  ) rethrows -> R {
    makeUnique()
    return try storage.withUnsafeMutablePointerToElements {
      try body(UnsafeMutableBufferPointer(start: $0, count: count))
    }
  }
}

extension SlotBuffer: @unchecked Sendable where Element: Sendable {}

/// A slot buffer's storage. Its header is how many slots from the first hold an element (the
/// list and its spares), released with the storage: a notification may hold references.
@usableFromInline
final class SlotStorage<Element>: ManagedBuffer<Int, Element> {
  deinit {
    _ = withUnsafeMutablePointers { initialized, elements in
      elements.deinitialize(count: initialized.pointee)
    }
  }
}
