/// Why a request got no answer: what the stores' delivery logic needs to tell apart (a refused
/// connection and a timeout are failed attempts, redelivered later; a malformed answer names
/// what was wrong in it).
package enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Nothing listens on the port.
  case refused
  /// No whole answer within the request's timeout.
  case timedOut
  /// The server closed or reset the connection before the whole answer arrived.
  case closedEarly
  /// The answer is not an HTTP/1.1 response simsub reads.
  case malformedAnswer(HTTPParseError)
  /// The request cannot be written (a header value with a line break, a method that is not
  /// a token…): nothing was sent.
  case invalidRequest(HTTPWriteError)
  /// Another failure of the socket calls.
  case socket(SocketError)

  package var description: String {
    switch self {
    case .refused: "connection refused"
    case .timedOut: "no answer within the timeout"
    case .closedEarly: "the server closed the connection before the whole answer"
    case .malformedAnswer(let error): "malformed answer: \(error)"
    case .invalidRequest(let error): "request not sent: \(error)"
    case .socket(let error): "\(error)"
    }
  }
}
