import Foundation
import Testing

@testable import SimSub

/// The log's line reader: the same lines whatever the chunk size, an over-long line reported
/// with its length and skipped without being held, and files that cannot be read refused.
@Suite("Replay: line reader")
struct LineReaderTests {
  /// The lines of a file holding `text`, read in chunks of `chunk` bytes.
  func lines(_ text: String, chunk: Int, max: Int = 1 << 20) throws -> [String] {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("log", text)
    let fd = open(dir.at("log"), O_RDONLY)
    defer { close(fd) }
    var reader = LineReader(descriptor: fd, maxLineBytes: max, chunkBytes: chunk)
    var out: [String] = []
    while let line = try reader.next() {
      switch line {
      case .text(let bytes, let number): out.append("\(number):\(String(decoding: bytes, as: UTF8.self))")
      case .tooLong(let number, let count): out.append("\(number):too long \(count)")
      }
    }
    return out
  }

  @Test(arguments: [1, 2, 3, 7, 64, 1 << 16])
  func theSameLinesInAnyChunkSize(chunk: Int) throws {
    let text = "first\r\nsecond\n\nfourth line, longer than some chunks\nlast without newline"
    #expect(
      try lines(text, chunk: chunk) == [
        "1:first", "2:second", "3:", "4:fourth line, longer than some chunks", "5:last without newline",
      ])
  }

  @Test(arguments: [1, 4, 5, 16, 1 << 16])
  func anOverLongLineIsCountedAndSkipped(chunk: Int) throws {
    let long = String(repeating: "x", count: 100)
    let text = "short\n\(long)\nafter\n\(long)"
    #expect(
      try lines(text, chunk: chunk, max: 10) == ["1:short", "2:too long 100", "3:after", "4:too long 100"])
  }

  /// A property: for random texts and chunk sizes, the lines are the text split at `\n` (a
  /// trailing `\r` removed), numbered from 1.
  @Test func randomTextsSplitAsExpected() throws {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<40 {
      // Bytes, not characters: "\r\n" is one Character.
      let alphabet = Array("ab\n\r{}\"".utf8)
      let bytes = (0..<Int(rng.next() % 200)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
      var expected = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      if bytes.last == UInt8(ascii: "\n") || bytes.isEmpty { expected.removeLast() }
      let numbered = expected.enumerated().map { i, l -> String in
        let line = l.last == UInt8(ascii: "\r") ? l.dropLast() : l
        return "\(i + 1):" + String(decoding: line, as: UTF8.self)
      }
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(try lines(text, chunk: Int(rng.next() % 9) + 1) == numbered, "\(text.debugDescription)")
    }
  }

  @Test func aMissingFileOrAFolderIsRefused() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    var reader = ReplayLogReader()
    #expect(throws: ReplayLogReader.FileError.self) { try reader.read(file: dir.at("missing.jsonl")) }
    do {
      try reader.read(file: dir.path)
      Issue.record("a folder was read as a log")
    } catch {
      #expect(error.description == "\(dir.path): error: is a folder, not a log")
    }
  }

  /// Random bytes and truncations of real logs never crash the reader: each is entries,
  /// problems, or both, and every record is accounted for.
  @Test func randomAndTruncatedLogsNeverCrash() throws {
    let log = ReplayLogReaderTests.logged.prefix(40).map(ReplayLogReaderTests.receivedLine).joined(
      separator: "\n")
    let bytes = Array(log.utf8)
    var rng = SplitMix64(seed: 11)
    for _ in 0..<200 {
      var sample = Array(bytes[0..<Int(rng.next() % UInt64(bytes.count))])
      for _ in 0..<Int(rng.next() % 4) where !sample.isEmpty {
        sample[Int(rng.next() % UInt64(sample.count))] = UInt8(truncatingIfNeeded: rng.next())
      }
      var reader = ReplayLogReader()
      reader.read(bytes: sample, file: "log")
      #expect(reader.entries.count + reader.problems.count >= reader.records || reader.records == 0)
      _ = ReplaySubscribers(reader.entries)
    }
  }
}
