import Foundation
import TestSupport
import Testing

@testable import SimSub

/// The readers given bytes in pieces: any split gives the messages of the whole; truncated,
/// mutated and random input gives a message, a need for more bytes or an error inside the
/// input, never a crash.
@Suite("HTTP: reader properties")
struct HTTPReaderPropertyTests {
  static let requests: [String] = [
    "GET /a?b=c HTTP/1.1\r\nHost: 127.0.0.1:8787\r\nX-Simsub-Now: 2026-01-01T00:00:00Z\r\n\r\n",
    "POST /notifications/apple HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 26\r\n\r\n"
      + "{\"signedPayload\":\"a.b.c\"}\n"
      + "POST /x HTTP/1.1\nHost: h\nTransfer-Encoding: chunked\n\n4;e=1\nWiki\r\n5\r\npedia\r\n0\r\nT: 1\r\n\r\n"
      + "GET / HTTP/1.0\r\n\r\n",
  ]
  static let responses: [String] = [
    "HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n{\"ok\": true}\n"
      + "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "9\r\nnot found\r\n0\r\n\r\n",
    "HTTP/1.0 200 OK\r\nX-A: 1\r\n  2\r\n\r\nread until the end",
  ]

  /// Every message of `bytes` given in pieces of `size` (0: at once), then the end of the stream.
  static func requestsInPieces(_ bytes: [UInt8], size: Int) -> [HTTPReadStep<HTTPRequest>] {
    var reader = HTTPRequestReader()
    var steps: [HTTPReadStep<HTTPRequest>] = []
    for start in stride(from: 0, to: bytes.count, by: size == 0 ? max(1, bytes.count) : size) {
      reader.give(bytes[start..<min(bytes.count, start + (size == 0 ? bytes.count : size))])
      steps += drain { reader.next() }.filter { $0 != .needMore }
    }
    reader.close()
    return steps + drain { reader.next() }
  }

  static func responsesInPieces(_ bytes: [UInt8], size: Int) -> [HTTPReadStep<HTTPResponse>] {
    var reader = HTTPResponseReader()
    var steps: [HTTPReadStep<HTTPResponse>] = []
    for start in stride(from: 0, to: bytes.count, by: size == 0 ? max(1, bytes.count) : size) {
      reader.give(bytes[start..<min(bytes.count, start + (size == 0 ? bytes.count : size))])
      steps += drain { reader.next() }.filter { $0 != .needMore }
    }
    reader.close()
    return steps + drain { reader.next() }
  }

  @Test func everyPieceSizeGivesTheSameMessages() {
    for text in Self.requests {
      let bytes = Array(text.utf8)
      let whole = Self.requestsInPieces(bytes, size: 0)
      #expect(messages(whole).count >= 1 && whole.last == .end)
      for size in 1...bytes.count {
        #expect(Self.requestsInPieces(bytes, size: size) == whole, "pieces of \(size)")
      }
    }
    for text in Self.responses {
      let bytes = Array(text.utf8)
      let whole = Self.responsesInPieces(bytes, size: 0)
      #expect(messages(whole).count >= 1)
      for size in 1...bytes.count {
        #expect(Self.responsesInPieces(bytes, size: size) == whole, "pieces of \(size)")
      }
    }
  }

  @Test func randomSplitsGiveTheSameMessages() {
    var random = SeededGenerator(seed: 18)
    let bytes = Array(Self.requests.joined().utf8)
    let whole = Self.requestsInPieces(bytes, size: 0)
    for _ in 0..<200 {
      var reader = HTTPRequestReader()
      var steps: [HTTPReadStep<HTTPRequest>] = []
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + 1 + Int(random.next() % 40))
        reader.give(bytes[start..<end])
        steps += drain { reader.next() }.filter { $0 != .needMore }
        start = end
      }
      reader.close()
      #expect(steps + drain { reader.next() } == whole)
    }
  }

  @Test func everyTruncationNeedsMoreThenFailsAtTheEnd() {
    let bytes = Array(
      "POST /p HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nT: v\r\n\r\n".utf8)
    for cut in 1..<bytes.count {
      let prefix = Array(bytes[..<cut])
      #expect(readRequests(prefix) == [.needMore], "cut at \(cut)")
      #expect(
        failure(readRequests(prefix, close: true)) == HTTPParseError(.truncated, at: cut), "cut at \(cut)")
    }
    #expect(messages(readRequests(bytes)).count == 1)
  }

  @Test func mutatedAndRandomInputNeverCrashes() {
    var random = SeededGenerator(seed: 9112)
    let seeds = (Self.requests + Self.responses).map { Array($0.utf8) }
    let alphabet = Array("\r\n :;,0123456789abcdefABCDEF\t\u{0}HTTP/1.chunked-Content-Length".utf8)
    for round in 0..<3000 {
      var bytes: [UInt8]
      if round % 4 == 0 {
        bytes = (0..<Int(random.next() % 200)).map { _ in
          alphabet[Int(random.next() % UInt64(alphabet.count))]
        }
      } else {
        bytes = seeds[Int(random.next() % UInt64(seeds.count))]
        for _ in 0...Int(random.next() % 4) {
          let at = Int(random.next() % UInt64(bytes.count))
          switch random.next() % 3 {
          case 0: bytes[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
          case 1: bytes.remove(at: at)
          default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
          }
          if bytes.isEmpty { break }
        }
      }
      let limits = HTTPLimits(headBytes: 128, bodyBytes: 64, headerFields: 4, chunkLineBytes: 16)
      for close in [false, true] {
        let requestSteps = readRequests(bytes, close: close, limits: limits)
        let responseSteps = readResponses(bytes, close: close, limits: limits)
        for error in [failure(requestSteps), failure(responseSteps)].compactMap({ $0 }) {
          #expect(error.offset >= 0 && error.offset <= bytes.count + limits.headBytes)
          #expect(!error.message.isEmpty)
        }
        if close {
          #expect(requestSteps.last != .needMore && responseSteps.last != .needMore)
        }
      }
    }
  }
}
