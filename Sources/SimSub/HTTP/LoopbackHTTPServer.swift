import Foundation

/// An HTTP/1.1 server on 127.0.0.1: where simsub serves the store APIs a policy server calls
/// back, and what the tests stand a client against.
///
/// One thread accepts connections; each connection gets its own thread, which reads requests
/// one after another (keep-alive), calls the handler, and writes its answer. A request the
/// reader refuses is answered 400 (413 for a body over the limit, 431 for a header section
/// over it) and its connection closed. A connection idle longer than `idleTimeout` is closed.
///
/// ``stop()`` wakes every thread (``SocketCancellation``), closes the listener, waits until
/// every connection is closed and every thread has returned; then connecting to the port is
/// refused. A handler that never returns keeps `stop()` waiting: handlers answer from memory.
package final class LoopbackHTTPServer: @unchecked Sendable {
  package typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

  /// The port listened on (the system's pick when 0 was asked for).
  package let port: Int
  private let listener: LoopbackListener
  private let handler: Handler
  private let limits: HTTPLimits
  private let idleTimeout: Duration
  private let writeTimeout: Duration
  private let cancellation: SocketCancellation
  private let condition = NSCondition()
  private var stopping = false
  private var accepting = true
  private var active = 0
  private var accepted = 0

  package init(
    port: Int = 0, limits: HTTPLimits = .standard, idleTimeout: Duration = .seconds(60),
    writeTimeout: Duration = .seconds(10), handler: @escaping Handler
  ) throws(SocketError) {
    listener = try LoopbackListener(port: port)
    cancellation = try SocketCancellation()
    self.port = listener.port
    self.handler = handler
    self.limits = limits
    self.idleTimeout = idleTimeout
    self.writeTimeout = writeTimeout
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "simsub-http-accept"
    thread.start()
  }

  deinit { stop() }

  /// `http://127.0.0.1:PORT` followed by `path`.
  package func url(_ path: String = "/") -> HTTPURL { HTTPURL(host: .ipv4Loopback, port: port, target: path) }

  /// How many connections were accepted so far.
  package var connectionsAccepted: Int {
    condition.lock()
    defer { condition.unlock() }
    return accepted
  }

  /// Stops listening, closes every connection and returns once every thread has.
  package func stop() {
    condition.lock()
    stopping = true
    condition.unlock()
    cancellation.fire()
    condition.lock()
    while accepting { condition.wait() }
    condition.unlock()
    listener.close()
    condition.lock()
    while active > 0 { condition.wait() }
    condition.unlock()
  }

  private func acceptLoop() {
    defer {
      condition.lock()
      accepting = false
      condition.broadcast()
      condition.unlock()
    }
    while true {
      let connection: LoopbackConnection
      do { connection = try listener.accept(cancel: cancellation) } catch {
        if error == .cancelled || cancellation.isFired { return }
        // Out of descriptors or the like: wait a little rather than spin.
        usleep(10_000)
        continue
      }
      condition.lock()
      if stopping {
        condition.unlock()
        connection.close()
        return
      }
      active += 1
      accepted += 1
      condition.unlock()
      let thread = Thread { [self] in
        serve(connection)
        connection.close()
        condition.lock()
        active -= 1
        condition.broadcast()
        condition.unlock()
      }
      thread.name = "simsub-http-connection"
      thread.start()
    }
  }

  private func serve(_ connection: LoopbackConnection) {
    var reader = HTTPRequestReader(limits: limits)
    var deadline = SocketDeadline.after(idleTimeout)
    while true {
      switch reader.next() {
      case .message(let request):
        let response = handler(request)
        let keep = request.keepsAlive && !response.headers.tokens("Connection").contains("close")
        let bytes: [UInt8]
        do {
          bytes = try HTTPMessageWriter.response(response, keepAlive: keep, toHead: request.method == "HEAD")
        } catch {
          let failure = HTTPResponse(
            status: 500, contentType: "text/plain; charset=utf-8", body: "\(error)\n")
          bytes = (try? HTTPMessageWriter.response(failure, keepAlive: false)) ?? []
          try? connection.write(bytes, deadline: .after(writeTimeout), cancel: cancellation)
          return
        }
        do { try connection.write(bytes, deadline: .after(writeTimeout), cancel: cancellation) } catch {
          return
        }
        if !keep { return }
        deadline = .after(idleTimeout)
      case .needMore:
        do {
          let piece = try connection.read(deadline: deadline, cancel: cancellation)
          if piece.isEmpty { reader.close() } else { reader.give(piece) }
        } catch {
          return
        }
      case .end:
        return
      case .failed(let error):
        let status =
          switch error.kind {
          case .bodyTooLarge: 413
          case .headTooLarge, .tooManyFields: 431
          case .unsupportedVersion: 505
          case .truncated: 0
          default: 400
          }
        if status == 0 { return }
        let answer = HTTPResponse(
          status: status, contentType: "text/plain; charset=utf-8", body: "\(error.description)\n")
        if let bytes = try? HTTPMessageWriter.response(answer, keepAlive: false) {
          try? connection.write(bytes, deadline: .after(writeTimeout), cancel: cancellation)
        }
        connection.shutdownWrite()
        return
      }
    }
  }
}
