/// The protocol version of a message: HTTP/1.0 or HTTP/1.1 (RFC 9112 §2.3). simsub reads both
/// and always writes 1.1.
package enum HTTPVersion: Sendable, Equatable {
  case http10
  case http11

  package var text: String {
    switch self {
    case .http10: "HTTP/1.0"
    case .http11: "HTTP/1.1"
    }
  }

  /// Whether a connection stays open after a message with these `Connection` tokens (RFC 9112
  /// §9.3): HTTP/1.1 unless `close`, HTTP/1.0 only with `keep-alive`.
  package func keepsAlive(connection tokens: [String]) -> Bool {
    if tokens.contains("close") { return false }
    switch self {
    case .http11: return true
    case .http10: return tokens.contains("keep-alive")
    }
  }
}
