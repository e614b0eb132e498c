import Foundation
import Testing

@testable import SimSub

/// The request reader against RFC 9110 and RFC 9112's messages, and what it refuses.
@Suite("HTTP: request reader")
struct HTTPRequestReaderTests {
  @Test func rfc9110Example() throws {
    // RFC 9110 §1.2's request.
    let steps = readRequests(
      crlf(
        "GET /hello.txt HTTP/1.1\nUser-Agent: curl/7.64.1\nHost: www.example.com\nAccept-Language: en, mi\n\n"
      ))
    #expect(steps.count == 2 && steps.last == .needMore)
    let request = try #require(messages(steps).first)
    #expect(request.method == "GET" && request.target == "/hello.txt" && request.version == .http11)
    #expect(request.headers.fields.map(\.name) == ["User-Agent", "Host", "Accept-Language"])
    #expect(request.headers["host"] == "www.example.com")
    #expect(request.headers["ACCEPT-LANGUAGE"] == "en, mi")
    #expect(request.body.isEmpty && request.keepsAlive)
  }

  @Test func targetsOfRfc9112Section3_2() throws {
    let origin = try #require(
      messages(readRequests(crlf("GET /where?q=now HTTP/1.1\nHost: www.example.org\n\n"))).first)
    #expect(origin.path == "/where" && origin.query == "q=now")
    let absolute = try #require(
      messages(
        readRequests(
          crlf("GET http://www.example.org/pub/WWW/TheProject.html HTTP/1.1\nHost: www.example.org\n\n"))
      ).first)
    #expect(absolute.target == "http://www.example.org/pub/WWW/TheProject.html")
    let asterisk = try #require(
      messages(readRequests(crlf("OPTIONS * HTTP/1.1\nHost: www.example.org:8001\n\n"))).first)
    #expect(asterisk.method == "OPTIONS" && asterisk.target == "*" && asterisk.query == nil)
  }

  @Test func contentLengthBodyAndPipelining() throws {
    let text =
      crlf("POST /a HTTP/1.1\nHost: h\nContent-Length: 5\n\n") + "hello"
      + crlf("POST /b HTTP/1.1\nHost: h\ncontent-length: 0\n\n")
    let steps = readRequests(text)
    let requests = messages(steps)
    #expect(requests.map(\.target) == ["/a", "/b"] && steps.last == .needMore)
    #expect(requests.map(\.body) == [Array("hello".utf8), []])
  }

  @Test func chunkedWithExtensionsAndTrailers() throws {
    // RFC 9112 §7.1: chunk extensions (§7.1.1, read past) and a trailer section (§7.1.2).
    let text = crlf(
      "POST /upload HTTP/1.1\nHost: h\nTransfer-Encoding: chunked\nTrailer: Expires\n\n"
        + "4;name=value\nWiki\n5 ; quoted=\"a b\"\npedia\nE\n in\n\nchunks.\n0;last\n"
        + "Expires: Wed, 21 Oct 2026 07:28:00 GMT\nX-Checksum: 1234\n\n")
    let request = try #require(messages(readRequests(text)).first)
    #expect(String(decoding: request.body, as: UTF8.self) == "Wikipedia in\r\n\r\nchunks.")
    #expect(request.trailers["expires"] == "Wed, 21 Oct 2026 07:28:00 GMT")
    #expect(request.trailers.count == 2 && request.headers["Expires"] == nil)
  }

  @Test func toleratedShapes() throws {
    // LF alone ends a line (RFC 9112 §2.2), empty lines before the request line are skipped,
    // names in any case, optional whitespace around values, a Content-Length repeated with
    // the same value (RFC 9110 §8.6), uppercase hex chunk sizes.
    let text =
      "\r\n\nPOST /x HTTP/1.1\nhOsT:h\ncontent-LENGTH:  \t3 \t\nContent-Length: 3\nX-Empty:\n\nabc"
      + "PUT /y HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\n\r\nA\r\n0123456789\n0\n\n"
    let requests = messages(readRequests(text))
    #expect(requests.count == 2)
    #expect(requests.first?.body == Array("abc".utf8) && requests.first?.headers["x-empty"] == "")
    #expect(requests.first?.headers["Content-Length"] == "3")
    #expect(requests.last?.body == Array("0123456789".utf8))
  }

  @Test func versionsAndConnection() throws {
    let old = try #require(messages(readRequests("GET / HTTP/1.0\r\n\r\n")).first)
    #expect(old.version == .http10 && !old.keepsAlive)
    let oldKept = try #require(
      messages(readRequests("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")).first)
    #expect(oldKept.keepsAlive)
    let closing = try #require(
      messages(readRequests("GET / HTTP/1.1\r\nHost: h\r\nConnection: TE, close\r\n\r\n")).first)
    #expect(!closing.keepsAlive)
    // A higher minor version is read as HTTP/1.1 (RFC 9110 §6.2).
    #expect(messages(readRequests("GET / HTTP/1.9\r\nHost: h\r\n\r\n")).first?.version == .http11)
  }

  @Test(arguments: [
    // obs-fold in a request must be rejected (RFC 9112 §5.2).
    ("GET / HTTP/1.1\r\nHost: h\r\nX-A: one\r\n two\r\n\r\n", HTTPParseError.Kind.obsoleteLineFolding, 35),
    // Whitespace between the name and the colon must be rejected (RFC 9112 §5.1).
    ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", .whitespaceBeforeColon, 20),
    (
      "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
      .conflictingContentLength, 25
    ),
    ("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 3, 4\r\n\r\nabcd", .conflictingContentLength, 25),
    ("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", .invalidContentLength, 25),
    ("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 0x10\r\n\r\n", .invalidContentLength, 25),
    (
      "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
      .contentLengthWithChunked, 54
    ),
    (
      "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
      .unsupportedTransferCoding("gzip, chunked"), 26
    ),
    ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nZ\r\n", .invalidChunkSize, 56),
    ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3x\r\n", .invalidChunkSize, 57),
    ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX", .invalidChunkEnd, 62),
    ("GET / HTTP/1.1\r\n\r\n", .missingHost, 16),
    ("GET / HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n", .multipleHost, 16),
    ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", .unsupportedVersion("HTTP/2.0"), 6),
    ("GET / http/1.1\r\nHost: h\r\n\r\n", .invalidRequestLine, 6),
    ("GET /\r\nHost: h\r\n\r\n", .invalidRequestLine, 0),
    ("G(T / HTTP/1.1\r\nHost: h\r\n\r\n", .invalidRequestLine, 1),
    ("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\rb\r\n\r\n", .bareCarriageReturn, 31),
    ("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\u{0}b\r\n\r\n", .invalidFieldValue, 31),
    ("GET / HTTP/1.1\r\nHost: h\r\nno colon here\r\n\r\n", .invalidFieldValue, 25),
    ("GET / HTTP/1.1\r\nHost: h\r\n: empty name\r\n\r\n", .invalidFieldName, 25),
    ("GET / HTTP/1.1\r\nHost: h\r\nX(A): v\r\n\r\n", .invalidFieldName, 26),
    // Whitespace before the first field is a request's obs-fold too (RFC 9112 §2.2).
    ("GET / HTTP/1.1\r\n Host: h\r\n\r\n", .obsoleteLineFolding, 16),
  ])
  func refusedWithTheOffsetAtFault(text: String, kind: HTTPParseError.Kind, offset: Int) {
    #expect(failure(readRequests(text)) == HTTPParseError(kind, at: offset))
  }

  @Test func limits() {
    let limits = HTTPLimits(headBytes: 64, bodyBytes: 10, headerFields: 3)
    let longHead = "GET / HTTP/1.1\r\nHost: h\r\nX-Long: " + String(repeating: "a", count: 60) + "\r\n\r\n"
    #expect(
      failure(readRequests(longHead, limits: limits)) == HTTPParseError(.headTooLarge(limit: 64), at: 64))
    // The limit holds while the head has not ended yet, whatever the pieces.
    #expect(
      failure(readRequests(String(repeating: "a", count: 65), limits: limits))
        == HTTPParseError(.headTooLarge(limit: 64), at: 64))
    #expect(readRequests(String(repeating: "a", count: 64), limits: limits) == [.needMore])
    let manyFields = "GET / HTTP/1.1\r\nHost: h\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n"
    #expect(
      failure(readRequests(manyFields, limits: limits)) == HTTPParseError(.tooManyFields(limit: 3), at: 37))
    let threeFields = "GET / HTTP/1.1\r\nHost: h\r\nA: 1\r\nB: 2\r\n\r\n"
    #expect(messages(readRequests(threeFields, limits: limits)).count == 1)
    let bigBody = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n"
    #expect(
      failure(readRequests(bigBody, limits: limits)) == HTTPParseError(.bodyTooLarge(limit: 10), at: 26))
    let bigChunks = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n5\r\n"
    #expect(
      failure(readRequests(bigChunks, limits: limits)) == HTTPParseError(.bodyTooLarge(limit: 10), at: 67))
    // The standard limits: 64 KiB of head, 16 MiB of body, 100 fields.
    #expect(HTTPLimits.standard == HTTPLimits(headBytes: 65_536, bodyBytes: 16_777_216, headerFields: 100))
    let hundredOne = "GET / HTTP/1.1\r\nHost: h\r\n" + (1...100).map { "X-\($0): v\r\n" }.joined() + "\r\n"
    #expect(failure(readRequests(hundredOne))?.kind == .tooManyFields(limit: 100))
    let overflowing =
      "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n"
    #expect(failure(readRequests(overflowing))?.kind == .bodyTooLarge(limit: 16_777_216))
  }

  @Test func theEndOfTheStream() {
    #expect(readRequests("", close: true) == [.end])
    #expect(readRequests("\r\n", close: true) == [.end])
    let head = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nab"
    #expect(readRequests(head) == [.needMore])
    #expect(failure(readRequests(head, close: true)) == HTTPParseError(.truncated, at: 49))
    #expect(failure(readRequests("GET / HT", close: true)) == HTTPParseError(.truncated, at: 8))
    // An error is kept: bytes given later change nothing.
    var reader = HTTPRequestReader()
    reader.give(Array("GET / HTTP/1.1\r\nHost : h\r\n\r\n".utf8))
    let first = reader.next()
    reader.give(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
    #expect(reader.next() == first)
  }
}
