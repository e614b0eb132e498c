import Foundation

/// Sends requests to servers on loopback and reads their answers, keeping connections open
/// between requests (keep-alive) and reusing them per host and port.
///
/// A connection taken from the pool may have been closed by the server while it lay idle
/// (a server's keep-alive timeout races the next request). A request on such a reused
/// connection that fails before any byte of its answer arrived is sent once more on a fresh
/// connection; once part of the answer was read, or on a fresh connection, the failure is the
/// result, since the server may have acted on the request.
///
/// Each request has one deadline covering connecting, writing and reading the whole answer
/// (default 10 s). Safe to call from several threads at once: each request uses its own
/// connection, the pool is behind a lock.
package final class HTTPClient: @unchecked Sendable {
  package let timeout: Duration
  package let limits: HTTPLimits
  private let maximumIdlePerEndpoint: Int
  private let lock = NSLock()
  private var idle: [HTTPEndpoint: [LoopbackConnection]] = [:]
  private var opened = 0

  package init(
    timeout: Duration = .seconds(10), limits: HTTPLimits = .standard, maximumIdlePerEndpoint: Int = 16
  ) {
    self.timeout = timeout
    self.limits = limits
    self.maximumIdlePerEndpoint = maximumIdlePerEndpoint
  }

  deinit { closeIdleConnections() }

  /// How many connections this client has opened.
  package var connectionsOpened: Int { lock.withLock { opened } }

  /// Sends `method` to `url` with `headers` and `body`.
  package func send(
    _ method: String, _ url: HTTPURL, headers: HTTPHeaders = [:], body: [UInt8] = [], timeout: Duration? = nil
  ) -> Result<HTTPResponse, HTTPClientError> {
    send(
      HTTPRequest(method: method, target: url.target, headers: headers, body: body), to: url.endpoint,
      timeout: timeout)
  }

  /// Sends `request` to `endpoint`; its `Host` is the endpoint's.
  package func send(_ request: HTTPRequest, to endpoint: HTTPEndpoint, timeout: Duration? = nil)
    -> Result<HTTPResponse, HTTPClientError>
  {
    let bytes: [UInt8]
    do { bytes = try HTTPMessageWriter.request(request, authority: endpoint.description) } catch {
      return .failure(.invalidRequest(error))
    }
    let deadline = SocketDeadline.after(timeout ?? self.timeout)
    var pooled = takeIdle(endpoint)
    while true {
      let connection: LoopbackConnection
      let reused = pooled != nil
      if let taken = pooled {
        connection = taken
        pooled = nil
      } else {
        do { connection = try LoopbackConnection.connect(to: endpoint, deadline: deadline) } catch {
          return .failure(HTTPClient.clientError(error))
        }
        lock.withLock { opened += 1 }
      }
      switch exchange(bytes, on: connection, head: request.method == "HEAD", deadline: deadline) {
      case .answer(let response, let keep):
        if keep { putIdle(connection, endpoint) } else { connection.close() }
        return .success(response)
      case .goneBeforeAnswer(let error):
        connection.close()
        if reused { continue }
        return .failure(error)
      case .failed(let error):
        connection.close()
        return .failure(error)
      }
    }
  }

  /// Closes the connections kept open for reuse.
  package func closeIdleConnections() {
    let all = lock.withLock {
      let all = idle.values.flatMap { $0 }
      idle = [:]
      return all
    }
    for connection in all { connection.close() }
  }

  private enum Exchange {
    case answer(HTTPResponse, keepAlive: Bool)
    /// The connection failed before any byte of the answer arrived.
    case goneBeforeAnswer(HTTPClientError)
    case failed(HTTPClientError)
  }

  private func exchange(
    _ bytes: [UInt8], on connection: LoopbackConnection, head: Bool, deadline: SocketDeadline
  )
    -> Exchange
  {
    do { try connection.write(bytes, deadline: deadline) } catch {
      if error == .timedOut { return .failed(.timedOut) }
      return .goneBeforeAnswer(HTTPClient.clientError(error))
    }
    var reader = HTTPResponseReader(limits: limits)
    if head { reader.expectResponseToHead() }
    var received = 0
    var ended = false
    while true {
      switch reader.next() {
      case .message(let response):
        return .answer(response, keepAlive: response.keepsAlive && !ended && !reader.hasUnconsumedBytes)
      case .end:
        return received == 0 ? .goneBeforeAnswer(.closedEarly) : .failed(.closedEarly)
      case .failed(let error):
        return .failed(error.kind == .truncated ? .closedEarly : .malformedAnswer(error))
      case .needMore:
        do {
          let piece = try connection.read(deadline: deadline)
          if piece.isEmpty {
            ended = true
            reader.close()
          } else {
            received += piece.count
            reader.give(piece)
          }
        } catch {
          if error == .timedOut { return .failed(.timedOut) }
          let failure = HTTPClient.clientError(error)
          return received == 0 ? .goneBeforeAnswer(failure) : .failed(failure)
        }
      }
    }
  }

  private static func clientError(_ error: SocketError) -> HTTPClientError {
    switch error {
    case .refused: .refused
    case .timedOut: .timedOut
    case .closed, .reset: .closedEarly
    default: .socket(error)
    }
  }

  private func takeIdle(_ endpoint: HTTPEndpoint) -> LoopbackConnection? {
    while let connection = lock.withLock({ idle[endpoint]?.popLast() }) {
      if !connection.isStale { return connection }
      connection.close()
    }
    return nil
  }

  private func putIdle(_ connection: LoopbackConnection, _ endpoint: HTTPEndpoint) {
    let kept = lock.withLock {
      guard idle[endpoint, default: []].count < maximumIdlePerEndpoint else { return false }
      idle[endpoint, default: []].append(connection)
      return true
    }
    if !kept { connection.close() }
  }
}
