import Foundation
import Testing

@testable import SimSub

/// The client and the server on loopback: round trips, keep-alive, and each way a connection
/// fails, told apart.
@Suite("HTTP: client and server on loopback")
struct HTTPClientServerTests {
  @Test func roundTripsReuseOneConnection() throws {
    let server = try LoopbackHTTPServer(handler: echo)
    defer { server.stop() }
    let client = HTTPClient(timeout: .seconds(1))
    #expect(client.send("GET", server.url("/a?b=1"), headers: ["X-Test": "one"]).text == "GET /a?b=1 0 one")
    #expect(client.send("POST", server.url("/p"), body: Array("{\"a\":1}".utf8)).text == "POST /p 7 -")
    for i in 0..<20 { #expect(client.send("PUT", server.url("/\(i)")).text == "PUT /\(i) 0 -") }
    #expect(server.connectionsAccepted == 1 && client.connectionsOpened == 1)
    let head = client.send("HEAD", server.url("/h"))
    guard case .success(let response) = head else { Issue.record("HEAD failed: \(head)"); return }
    #expect(response.body.isEmpty && response.headers["content-length"] == "11")
    #expect(client.send("GET", server.url("/after-head")).text == "GET /after-head 0 -")
    #expect(server.connectionsAccepted == 1)
  }

  @Test func oneMebibyteBody() throws {
    let server = try LoopbackHTTPServer { request in HTTPResponse(status: 200, body: request.body.reversed())
    }
    defer { server.stop() }
    let client = HTTPClient(timeout: .seconds(1))
    var random = UInt64(0x9E37_79B9_7F4A_7C15)
    let body = (0..<(1 << 20)).map { _ in
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: random >> 33)
    }
    let result = client.send("POST", server.url("/big"), body: body)
    guard case .success(let response) = result else { Issue.record("\(result)"); return }
    #expect(response.body == body.reversed())
  }

  @Test func connectionCloseOpensAnotherConnection() throws {
    let server = try LoopbackHTTPServer { request in
      HTTPResponse(
        status: 200, headers: request.target == "/close" ? ["Connection": "close"] : [:], body: [1])
    }
    defer { server.stop() }
    let client = HTTPClient(timeout: .seconds(1))
    for target in ["/close", "/keep", "/keep", "/close", "/keep"] {
      let result = client.send("GET", server.url(target))
      guard case .success(let response) = result else { Issue.record("\(result)"); return }
      #expect(response.keepsAlive == (target == "/keep"))
    }
    #expect(server.connectionsAccepted == 3 && client.connectionsOpened == 3)
  }

  @Test func concurrentClients() async throws {
    let server = try LoopbackHTTPServer(handler: echo)
    defer { server.stop() }
    let client = HTTPClient(timeout: .seconds(1))
    try await withThrowingTaskGroup(of: Int.self) { group in
      for worker in 0..<4 {
        group.addTask {
          var good = 0
          for i in 0..<25
          where client.send("GET", server.url("/\(worker)/\(i)")).text == "GET /\(worker)/\(i) 0 -" {
            good += 1
          }
          return good
        }
      }
      var total = 0
      for try await good in group { total += good }
      #expect(total == 100)
    }
    #expect(server.connectionsAccepted <= 4)
  }

  @Test func staleKeepAliveIsRetriedOnceOnAFreshConnection() throws {
    let scripted = try ScriptedServer { listener in
      // The first connection answers once, then reads the next request and closes unanswered:
      // the server's idle timeout racing the client's reuse.
      let first = try listener.accept(deadline: .after(.seconds(1)))
      var reader = HTTPRequestReader()
      _ = try readRequest(first, &reader)
      try send("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfirst", first)
      _ = try readRequest(first, &reader)
      first.close()
      let second = try listener.accept(deadline: .after(.seconds(1)))
      var again = HTTPRequestReader()
      _ = try readRequest(second, &again)
      try send("HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nsecond", second)
      second.close()
    }
    let client = HTTPClient(timeout: .seconds(1))
    #expect(client.send("POST", scripted.url).text == "first")
    #expect(client.send("POST", scripted.url).text == "second")
    #expect(client.connectionsOpened == 2)
    scripted.finish()
  }

  @Test func aFreshConnectionClosedUnansweredIsClosedEarlyNotRetried() throws {
    let scripted = try ScriptedServer { listener in
      let connection = try listener.accept(deadline: .after(.seconds(1)))
      var reader = HTTPRequestReader()
      _ = try readRequest(connection, &reader)
      connection.close()
    }
    let client = HTTPClient(timeout: .seconds(1))
    #expect(client.send("GET", scripted.url).failure == .closedEarly)
    #expect(client.connectionsOpened == 1)
    scripted.finish()
  }

  @Test func closedMidAnswerIsClosedEarly() throws {
    let scripted = try ScriptedServer { listener in
      let connection = try listener.accept(deadline: .after(.seconds(1)))
      var reader = HTTPRequestReader()
      _ = try readRequest(connection, &reader)
      try send("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly a part", connection)
      connection.close()
    }
    let client = HTTPClient(timeout: .seconds(1))
    #expect(client.send("GET", scripted.url).failure == .closedEarly)
    scripted.finish()
  }

  @Test func http10AnswerReadToTheEndAndNotReused() throws {
    let scripted = try ScriptedServer { listener in
      for body in ["one", "two"] {
        let connection = try listener.accept(deadline: .after(.seconds(1)))
        var reader = HTTPRequestReader()
        _ = try readRequest(connection, &reader)
        try send("HTTP/1.0 200 OK\r\n\r\n\(body)", connection)
        connection.close()
      }
    }
    let client = HTTPClient(timeout: .seconds(1))
    #expect(client.send("GET", scripted.url).text == "one")
    #expect(client.send("GET", scripted.url).text == "two")
    #expect(client.connectionsOpened == 2)
    scripted.finish()
  }

  @Test func malformedAnswerNamesTheFault() throws {
    let scripted = try ScriptedServer { listener in
      let connection = try listener.accept(deadline: .after(.seconds(1)))
      var reader = HTTPRequestReader()
      _ = try readRequest(connection, &reader)
      try send("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc", connection)
      connection.close()
    }
    let client = HTTPClient(timeout: .seconds(1))
    #expect(
      client.send("GET", scripted.url).failure
        == .malformedAnswer(HTTPParseError(.conflictingContentLength, at: 17)))
    scripted.finish()
  }

  @Test func aServerThatNeverAnswersTimesOut() throws {
    // Listening, never accepting: the kernel completes the connection, nobody answers.
    let listener = try LoopbackListener()
    defer { listener.close() }
    let client = HTTPClient(timeout: .milliseconds(200))
    let start = ContinuousClock.now
    #expect(client.send("GET", HTTPURL(host: .ipv4Loopback, port: listener.port)).failure == .timedOut)
    let elapsed = ContinuousClock.now - start
    #expect(elapsed >= .milliseconds(200) && elapsed < .seconds(1))
  }

  @Test func aClosedPortIsRefused() throws {
    let listener = try LoopbackListener()
    let port = listener.port
    listener.close()
    let client = HTTPClient(timeout: .seconds(1))
    #expect(client.send("GET", HTTPURL(host: .ipv4Loopback, port: port)).failure == .refused)
    #expect(client.send("GET", HTTPURL(host: .localhost, port: port)).failure == .refused)
  }

  @Test func malformedRequestsAreAnswered400AndClosed() throws {
    let server = try LoopbackHTTPServer(handler: echo)
    defer { server.stop() }
    let connection = try LoopbackConnection.connect(to: server.url().endpoint, deadline: .after(.seconds(1)))
    try send(
      "GET / HTTP/1.1\r\nHost: h\r\nBad Header: v\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n", connection)
    var reader = HTTPResponseReader()
    var steps: [HTTPReadStep<HTTPResponse>] = []
    while steps.last != .end {
      let step = reader.next()
      if step == .needMore {
        let piece = try connection.read(deadline: .after(.seconds(1)))
        if piece.isEmpty { reader.close() } else { reader.give(piece) }
      } else {
        steps.append(step)
        if case .failed = step { break }
      }
    }
    let answers = messages(steps)
    #expect(answers.map(\.status) == [400] && steps.last == .end)
    #expect(
      String(decoding: answers.first?.body ?? [], as: UTF8.self)
        == "invalid header field name at byte 28\n")
    #expect(answers.first?.keepsAlive == false)
  }

  @Test func stopClosesOpenConnectionsAndTheListener() throws {
    let server = try LoopbackHTTPServer(idleTimeout: .seconds(30), handler: echo)
    let client = HTTPClient(timeout: .seconds(1))
    #expect(client.send("GET", server.url("/")).text == "GET / 0 -")
    // A second connection, open and idle mid-request.
    let idle = try LoopbackConnection.connect(to: server.url().endpoint, deadline: .after(.seconds(1)))
    try send("GET / HTTP/1.1\r\n", idle)
    let start = ContinuousClock.now
    server.stop()
    #expect(ContinuousClock.now - start < .seconds(1))
    // Closed: the end of the stream, or a reset where the server had unread bytes.
    do { #expect(try idle.read(deadline: .after(.seconds(1))).isEmpty) } catch {
      #expect(error == .reset)
    }
    #expect(client.send("GET", server.url("/")).failure == .refused)
    server.stop()
  }
}
