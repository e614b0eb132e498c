import Foundation

/// The two streams a command writes to.
public enum ConsoleStream: Sendable, Equatable {
  /// Results: reports, help, the version.
  case standardOutput
  /// Diagnostics and progress, so that results can be piped while problems stay visible.
  case standardError
}

/// Where commands write their text: the process's real streams in the executable, buffers in
/// tests.
///
/// Commands receive a console instead of calling `print`, so every line they write, and the
/// stream it goes to, can be checked in-process.
public protocol Console: Sendable {
  /// Writes `text` as is (no newline is added) to `stream`.
  func write(_ text: String, to stream: ConsoleStream)
}

extension Console {
  /// Writes `text` to standard output.
  public func out(_ text: String) { write(text, to: .standardOutput) }
  /// Writes `text` to standard error.
  public func error(_ text: String) { write(text, to: .standardError) }
}

/// The process's own standard output and standard error.
///
/// Writes go straight to the file descriptors with write(2), unbuffered, so text written to the
/// two streams keeps its order on a terminal and nothing is lost when the process exits with
/// `exit(_:)`. (Glibc's `stderr` global is not usable under Swift 6 strict concurrency.)
///
/// Every write of the program passes here, and a write that fails ends the program with status 2
/// (as grep does): quietly when the reader has gone (`EPIPE`, a closed pipe whose `SIGPIPE` is
/// ignored, as some CI runners and process libraries do), otherwise with one line on standard
/// error if that can still be written (`No space left on device` for `> /dev/full`). Temporary
/// files of writes in progress are removed first, and started process groups stopped.
public struct StandardConsole: Console {
  public init() {}

  public func write(_ text: String, to stream: ConsoleStream) {
    let descriptor = stream == .standardOutput ? STDOUT_FILENO : STDERR_FILENO
    guard let code = DescriptorWrite.write(text.utf8, to: descriptor) else { return }
    TemporaryFiles.removeAll()
    ProcessGroups.stopAll()
    if code != EPIPE, stream == .standardOutput {
      _ = DescriptorWrite.write(
        "Error: cannot write to standard output: \(String(cString: strerror(code)))\n".utf8, to: STDERR_FILENO
      )
    }
    exit(ExitStatus.badInput.rawValue)
  }
}

/// A console that keeps everything written to it, for tests.
///
/// A class, so that the command under test and the test share what was written; its state is
/// guarded by a lock, which makes it safe to share between tasks.
public final class CapturingConsole: Console, @unchecked Sendable {
  private let lock = NSLock()
  private var outputText = ""
  private var errorText = ""

  public init() {}

  public func write(_ text: String, to stream: ConsoleStream) {
    lock.lock()
    defer { lock.unlock() }
    switch stream {
    case .standardOutput: outputText += text
    case .standardError: errorText += text
    }
  }

  /// Everything written to standard output so far.
  public var standardOutput: String {
    lock.lock()
    defer { lock.unlock() }
    return outputText
  }

  /// Everything written to standard error so far.
  public var standardError: String {
    lock.lock()
    defer { lock.unlock() }
    return errorText
  }
}
