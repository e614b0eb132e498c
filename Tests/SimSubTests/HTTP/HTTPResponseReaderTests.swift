import Foundation
import Testing

@testable import SimSub

/// The response reader: RFC 9110's example answer, the framings a server may choose, and the
/// user agent's share of tolerance (obs-fold replaced, not refused).
@Suite("HTTP: response reader")
struct HTTPResponseReaderTests {
  @Test func rfc9110Example() throws {
    // RFC 9110 §1.2's response.
    let text = crlf(
      "HTTP/1.1 200 OK\nDate: Mon, 27 Jul 2009 12:28:53 GMT\nServer: Apache\n"
        + "Last-Modified: Wed, 22 Jul 2009 19:15:56 GMT\nETag: \"34aa387-d-1568eb00\"\nAccept-Ranges: bytes\n"
        + "Content-Length: 51\nVary: Accept-Encoding\nContent-Type: text/plain\n\n"
        + "Hello World! My content includes a trailing CRLF.\n")
    let steps = readResponses(text)
    let response = try #require(messages(steps).first)
    #expect(steps.last == .needMore)
    #expect(response.status == 200 && response.reason == "OK" && response.headers.count == 8)
    #expect(response.headers["etag"] == "\"34aa387-d-1568eb00\"")
    #expect(
      String(decoding: response.body, as: UTF8.self)
        == "Hello World! My content includes a trailing CRLF.\r\n")
    #expect(response.keepsAlive && response.isSuccess)
  }

  @Test func statusLines() throws {
    #expect(messages(readResponses("HTTP/1.1 204\r\n\r\n")).first?.reason == "")
    #expect(messages(readResponses("HTTP/1.1 404 \r\nContent-Length: 0\r\n\r\n")).first?.status == 404)
    #expect(
      messages(readResponses("HTTP/1.1 503 Service  Unavailable\r\nContent-Length: 0\r\n\r\n")).first?.reason
        == "Service  Unavailable")
    #expect(failure(readResponses("HTTP/1.1 20 OK\r\n\r\n")) == HTTPParseError(.invalidStatusLine, at: 9))
    #expect(failure(readResponses("HTTP/1.1 099 Odd\r\n\r\n")) == HTTPParseError(.invalidStatusLine, at: 9))
    #expect(failure(readResponses("ICY 200 OK\r\n\r\n")) == HTTPParseError(.invalidStatusLine, at: 0))
    #expect(failure(readResponses("HTTP/1.1\r\n\r\n")) == HTTPParseError(.invalidStatusLine, at: 0))
  }

  @Test func http10ReadToTheEnd() throws {
    let text = "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nall of this, until the server closes"
    #expect(readResponses(text) == [.needMore])
    let response = try #require(messages(readResponses(text, close: true)).first)
    #expect(response.version == .http10 && !response.keepsAlive)
    #expect(String(decoding: response.body, as: UTF8.self) == "all of this, until the server closes")
  }

  @Test func noBodyForHeadOr204Or304AndInterimSkipped() throws {
    let head = readResponses("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", head: true)
    #expect(messages(head).first?.body == [] && head.last == .needMore)
    let noContent = messages(
      readResponses("HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 304 Not Modified\r\n\r\n"))
    #expect(noContent.map(\.status) == [204, 304])
    let interim = messages(
      readResponses("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok"))
    #expect(interim.map(\.status) == [201] && interim.first?.body == Array("ok".utf8))
  }

  @Test func obsFoldInAResponseIsReplacedBySpace() throws {
    // RFC 9112 §5.2: a user agent replaces each obs-fold with SP.
    let response = try #require(
      messages(
        readResponses("HTTP/1.1 200 OK\r\nX-Long: one\r\n   two\r\n\tthree\r\nContent-Length: 0\r\n\r\n")
      ).first)
    #expect(response.headers["x-long"] == "one two three")
  }

  @Test func chunkedAnswerWithTrailers() throws {
    let text = "HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n3\nabc\n0\nDigest: x\n\n"
    let response = try #require(messages(readResponses(text)).first)
    #expect(response.body == Array("abc".utf8) && response.trailers["digest"] == "x")
  }

  @Test func truncatedAnswers() {
    #expect(readResponses("", close: true) == [.end])
    #expect(
      failure(readResponses("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", close: true))
        == HTTPParseError(.truncated, at: 42))
    #expect(
      failure(readResponses("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", close: true))?
        .kind
        == .truncated)
    #expect(
      failure(readResponses("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n", close: true))?.kind
        == .truncated)
  }
}
