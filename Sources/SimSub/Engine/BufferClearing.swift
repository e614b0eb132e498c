extension Array {
  /// Empties the array and keeps its storage: for the engine's per-event buffers, which hold a
  /// handful of plain values.
  ///
  /// `removeAll(keepingCapacity: true)` goes through the generic `replaceSubrange`, which cost
  /// more per store step than some of the store's own rules; removing a few plain values from
  /// the end is a uniqueness check and a count decrement each.
  @inline(__always)
  mutating func removeAllKeepingCapacity() {
    while !isEmpty { removeLast() }
  }
}
