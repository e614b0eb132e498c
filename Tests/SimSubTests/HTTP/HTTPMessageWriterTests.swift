import Testing

@testable import SimSub

/// The writer: exact bytes, framing written by the writer alone, and what it refuses.
@Suite("HTTP: writer")
struct HTTPMessageWriterTests {
  @Test func requestBytes() throws {
    let request = HTTPRequest(
      method: "POST", target: "/notifications/apple?x=1",
      headers: [
        "Content-Type": "application/json", "host": "elsewhere", "Content-Length": "999",
        "Transfer-Encoding": "chunked", "Connection": "close", "X-Simsub-Now": " 2026-01-01T00:00:00Z ",
      ],
      body: Array("{}".utf8))
    let bytes = try HTTPMessageWriter.request(request, authority: "127.0.0.1:8787")
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "POST /notifications/apple?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8787\r\nContent-Type: application/json\r\n"
        + "X-Simsub-Now: 2026-01-01T00:00:00Z\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}")
    // What is written reads back as what was meant.
    let read = try #require(messages(readRequests(bytes)).first)
    #expect(
      read.method == "POST" && read.target == "/notifications/apple?x=1" && read.body == Array("{}".utf8))
    #expect(read.headers["host"] == "127.0.0.1:8787" && read.headers.values("Content-Length") == ["2"])
  }

  @Test func getHasContentLengthZero() throws {
    let bytes = try HTTPMessageWriter.request(HTTPRequest(method: "GET", target: "/"), authority: "[::1]:9")
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "GET / HTTP/1.1\r\nHost: [::1]:9\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n")
  }

  @Test func responseBytes() throws {
    let ok = HTTPResponse(status: 200, contentType: "application/json", body: "{\"ok\":true}")
    #expect(
      String(decoding: try HTTPMessageWriter.response(ok, keepAlive: true), as: UTF8.self)
        == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: keep-alive\r\n\r\n"
        + "{\"ok\":true}")
    #expect(
      String(decoding: try HTTPMessageWriter.response(ok, keepAlive: false, toHead: true), as: UTF8.self)
        == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: close\r\n\r\n"
    )
    // No Content-Length on 204 (RFC 9110 §8.6) and no body.
    #expect(
      String(
        decoding: try HTTPMessageWriter.response(HTTPResponse(status: 204, body: [1]), keepAlive: true),
        as: UTF8.self)
        == "HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n")
    #expect(HTTPResponse(status: 599).reason == "")
  }

  @Test func refusedParts() {
    #expect(throws: HTTPWriteError.invalidMethod("GE T")) {
      try HTTPMessageWriter.request(HTTPRequest(method: "GE T", target: "/"), authority: "h")
    }
    #expect(throws: HTTPWriteError.invalidTarget("/a b")) {
      try HTTPMessageWriter.request(HTTPRequest(method: "GET", target: "/a b"), authority: "h")
    }
    #expect(throws: HTTPWriteError.invalidTarget("x")) {
      try HTTPMessageWriter.request(HTTPRequest(method: "GET", target: "x"), authority: "h")
    }
    #expect(throws: HTTPWriteError.invalidFieldValue(name: "X-A")) {
      try HTTPMessageWriter.request(
        HTTPRequest(method: "GET", target: "/", headers: ["X-A": "a\r\nX-Injected: 1"]), authority: "h")
    }
    #expect(throws: HTTPWriteError.invalidFieldName("X A")) {
      try HTTPMessageWriter.response(HTTPResponse(status: 200, headers: ["X A": "1"]), keepAlive: true)
    }
    #expect(throws: HTTPWriteError.invalidStatus(42)) {
      try HTTPMessageWriter.response(HTTPResponse(status: 42), keepAlive: true)
    }
    #expect(throws: HTTPWriteError.invalidReason("a\nb")) {
      try HTTPMessageWriter.response(HTTPResponse(status: 200, reason: "a\nb"), keepAlive: true)
    }
  }
}
