import Foundation

@testable import SimSub

/// A server that follows a script over raw sockets, for the answers a real server gets wrong
/// (closing at the wrong moment, never answering); `finish()` waits until the script ends.
final class ScriptedServer: @unchecked Sendable {
  let listener: LoopbackListener
  private let done = DispatchSemaphore(value: 0)

  init(_ script: @escaping @Sendable (LoopbackListener) throws -> Void) throws {
    let listener = try LoopbackListener()
    self.listener = listener
    let done = self.done
    Thread {
      try? script(listener)
      done.signal()
    }.start()
  }

  var url: HTTPURL { HTTPURL(host: .ipv4Loopback, port: listener.port, target: "/") }

  func finish() {
    done.wait()
    listener.close()
  }
}

/// The next request on `connection`, read within a second.
func readRequest(_ connection: LoopbackConnection, _ reader: inout HTTPRequestReader) throws -> HTTPRequest? {
  let deadline = SocketDeadline.after(.seconds(1))
  while true {
    switch reader.next() {
    case .message(let request): return request
    case .needMore:
      let piece = try connection.read(deadline: deadline)
      if piece.isEmpty { reader.close() } else { reader.give(piece) }
    case .end, .failed: return nil
    }
  }
}

func send(_ text: String, _ connection: LoopbackConnection) throws {
  try connection.write(Array(text.utf8), deadline: .after(.seconds(1)))
}

/// A handler that answers with the request's method, target, body length and `X-Test` header.
let echo: LoopbackHTTPServer.Handler = { request in
  HTTPResponse(
    status: 200, contentType: "text/plain",
    body: "\(request.method) \(request.target) \(request.body.count) \(request.headers["x-test"] ?? "-")")
}

extension Result where Success == HTTPResponse {
  var text: String? {
    guard case .success(let response) = self else { return nil }
    return String(decoding: response.body, as: UTF8.self)
  }

  var failure: Failure? {
    guard case .failure(let error) = self else { return nil }
    return error
  }
}
