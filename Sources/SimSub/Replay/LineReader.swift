#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file descriptor line by line in fixed chunks, so a log of any length is read in
/// bounded memory: a line longer than `maxLineBytes` is skipped as it streams by (reported,
/// never held), whatever its length.
struct LineReader {
  enum Line {
    /// A line's bytes, without its `\n` (nor a `\r` before it), and its 1-based number.
    case text(ArraySlice<UInt8>, number: Int)
    /// A line over the limit: its number and how many bytes it had.
    case tooLong(number: Int, bytes: Int)
  }

  /// Why reading stopped short of the end.
  struct ReadError: Error {
    var errno: Int32
  }

  let descriptor: Int32
  let maxLineBytes: Int
  private var buffer: [UInt8] = []
  private var chunk: [UInt8]
  private var start = 0
  private var number = 0
  private var atEnd = false
  /// Bytes of the over-long line being skipped, or nil.
  private var skipping: Int?

  init(descriptor: Int32, maxLineBytes: Int, chunkBytes: Int = 1 << 16) {
    self.descriptor = descriptor
    self.maxLineBytes = maxLineBytes
    chunk = [UInt8](repeating: 0, count: chunkBytes)
  }

  /// The index of the first `\n` of `bytes` from `start` on (`memchr`, not a loop of Swift's).
  private static func newline(in bytes: [UInt8], from start: Int) -> Int? {
    bytes.withUnsafeBufferPointer { b in
      guard start < b.count, let base = b.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), b.count - start)
      else { return nil }
      return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
  }

  /// The next line, or nil at the end of the file.
  mutating func next() throws(ReadError) -> Line? {
    while true {
      if let newline = Self.newline(in: buffer, from: start) {
        number += 1
        let line = buffer[start..<newline]
        start = newline + 1
        if let skipped = skipping {
          skipping = nil
          return .tooLong(number: number, bytes: skipped + line.count)
        }
        if line.count > maxLineBytes { return .tooLong(number: number, bytes: line.count) }
        return .text(line.last == UInt8(ascii: "\r") ? line.dropLast() : line, number: number)
      }
      if atEnd {
        guard start < buffer.count || skipping != nil else { return nil }
        number += 1
        let line = buffer[start...]
        start = buffer.count
        if let skipped = skipping {
          skipping = nil
          return .tooLong(number: number, bytes: skipped + line.count)
        }
        if line.count > maxLineBytes { return .tooLong(number: number, bytes: line.count) }
        return .text(line.last == UInt8(ascii: "\r") ? line.dropLast() : line, number: number)
      }
      // Keep only the line in progress; past the limit, keep nothing of it but its length.
      buffer.removeSubrange(0..<start)
      start = 0
      if buffer.count > maxLineBytes {
        skipping = (skipping ?? 0) + buffer.count
        buffer.removeAll(keepingCapacity: true)
      }
      let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ReadError(errno: errno)
      }
      if n == 0 {
        atEnd = true
      } else {
        buffer.append(contentsOf: chunk[0..<n])
      }
    }
  }
}
