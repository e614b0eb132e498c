#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fixed-size plain records written to an unlinked temporary file as one pass makes them and
/// read back, in order, by the next: what a replay's index pass decoded, kept for the play
/// pass in constant memory, so no record of a log is read or decoded twice.
///
/// Only for plain values (no references: `_isPOD`), whose bytes are the value; `make()`
/// returns nil for any other, or when no temporary file can be made, and the caller reads the
/// logs again instead. A write that fails marks the spill `broken`: its records cannot be
/// trusted and the caller reads the logs again.
final class ReplaySpill<Record> {
  private let descriptor: Int32
  private let buffer: UnsafeMutableRawPointer
  private let capacity: Int
  private var used = 0
  /// How many records were appended.
  private(set) var count = 0
  /// A write failed: the records are incomplete.
  private(set) var broken = false

  private static var stride: Int { MemoryLayout<Record>.stride }

  private init(descriptor: Int32) {
    self.descriptor = descriptor
    capacity = max(1, (1 << 20) / Self.stride) * Self.stride
    buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: MemoryLayout<Record>.alignment)
  }

  /// A spill in the temporary folder (`TMPDIR`, else `/tmp`), or nil.
  static func make() -> ReplaySpill? {
    guard _isPOD(Record.self) else { return nil }
    var folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    if folder.isEmpty { folder = "/tmp" }
    if folder.hasSuffix("/") { folder.removeLast() }
    var template = Array("\(folder)/simsub-replay-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    // Unlinked at once: the file goes with the process, however it ends.
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return ReplaySpill(descriptor: descriptor)
  }

  deinit {
    close(descriptor)
    buffer.deallocate()
  }

  func append(_ record: Record) {
    guard !broken else { return }
    if used == capacity { flush() }
    (buffer + used).initializeMemory(as: Record.self, to: record)
    used += Self.stride
    count += 1
  }

  private func flush() {
    var start = 0
    while start < used {
      let n = write(descriptor, buffer + start, used - start)
      if n < 0, errno == EINTR { continue }
      if n <= 0 {
        broken = true
        break
      }
      start += n
    }
    used = 0
  }

  /// Why the records could not be read back.
  struct ReadError: Error {
    var errno: Int32
  }

  /// Hands every record to `each`, in the order they were appended. Not for a `broken` spill.
  func forEach(_ each: (Record) -> Void) throws(ReadError) {
    flush()
    guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw ReadError(errno: errno) }
    var left = count
    while left > 0 {
      let want = min(left * Self.stride, capacity)
      var got = 0
      while got < want {
        let n = read(descriptor, buffer + got, want - got)
        if n < 0, errno == EINTR { continue }
        if n < 0 { throw ReadError(errno: errno) }
        if n == 0 { throw ReadError(errno: EIO) }
        got += n
      }
      let records = want / Self.stride
      for i in 0..<records { each((buffer + i * Self.stride).load(as: Record.self)) }
      left -= records
    }
    // Appended after a read, records go after those already written.
    guard lseek(descriptor, 0, SEEK_END) >= 0 else { throw ReadError(errno: errno) }
  }
}
