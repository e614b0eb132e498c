import Foundation

/// The child's standard error, passed through to simsub's line by line with the policy's name
/// in front (`[adapter] TypeError: …`), by a thread of its own, and its last lines kept for the
/// message of a failure.
///
/// A thread, not a poll beside the answers: the child may write to standard error while simsub
/// is writing requests or waiting for one answer, and a full standard error pipe would stop the
/// child mid-answer. The thread owns the read end and closes it at end of file, which comes
/// when every process of the group holding the write end has ended.
final class StandardErrorRelay: @unchecked Sendable {
  /// How many lines are kept for messages.
  static let keptLines = 20
  /// A line longer than this is passed on in pieces of this size, so a child writing without
  /// newlines cannot grow the buffer without bound.
  static let longestLine = 64 * 1024
  /// The longest line kept for messages, in bytes; what is longer is cut there.
  static let longestKeptLine = 1_000

  private let prefix: String
  private let console: any Console
  private let condition = NSCondition()
  private var kept: [String] = []
  private var finished = false

  /// Starts relaying `descriptor` (which it then owns) to `console`, each line prefixed
  /// `[name] `.
  init(descriptor: Int32, name: String, console: any Console) {
    prefix = "[\(name)] "
    self.console = console
    Thread.detachNewThread { [self] in run(descriptor) }
  }

  /// The last lines written, without their newlines, oldest first; waits up to `seconds` for the
  /// end of the stream first, so that the lines a child wrote just before it ended are there.
  func lastLines(waitingUpTo seconds: Double = 0) -> [String] {
    let deadline = Date(timeIntervalSinceNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while !finished, condition.wait(until: deadline) {}
    return kept
  }

  private func run(_ descriptor: Int32) {
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      var start = 0
      for i in 0..<count where buffer[i] == UInt8(ascii: "\n") {
        pending.append(contentsOf: buffer[start..<i])
        emit(pending)
        pending.removeAll(keepingCapacity: true)
        start = i + 1
      }
      pending.append(contentsOf: buffer[start..<count])
      while pending.count >= Self.longestLine {
        emit(Array(pending.prefix(Self.longestLine)))
        pending.removeFirst(Self.longestLine)
      }
    }
    if !pending.isEmpty { emit(pending) }
    close(descriptor)
    condition.lock()
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  private func emit(_ bytes: [UInt8]) {
    var line = String(decoding: bytes, as: UTF8.self)
    if line.hasSuffix("\r") { line.removeLast() }
    console.error(prefix + line + "\n")
    if line.utf8.count > Self.longestKeptLine {
      line = String(decoding: line.utf8.prefix(Self.longestKeptLine), as: UTF8.self) + "…"
    }
    condition.lock()
    kept.append(line)
    if kept.count > Self.keptLines { kept.removeFirst(kept.count - Self.keptLines) }
    condition.unlock()
  }
}
