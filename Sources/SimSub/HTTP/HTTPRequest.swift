/// An HTTP request: the method, the request target as sent (for simsub the origin form, a path
/// and an optional query), the header fields in order, and the body's bytes.
///
/// Trailer fields of a chunked body are kept apart from the header fields (RFC 9110 §6.5: a
/// recipient must not merge them unless the field allows it).
package struct HTTPRequest: Sendable, Equatable {
  package var method: String
  package var target: String
  package var version: HTTPVersion
  package var headers: HTTPHeaders
  package var body: [UInt8]
  package var trailers: HTTPHeaders

  package init(
    method: String, target: String, version: HTTPVersion = .http11, headers: HTTPHeaders = [:],
    body: [UInt8] = [], trailers: HTTPHeaders = [:]
  ) {
    self.method = method
    self.target = target
    self.version = version
    self.headers = headers
    self.body = body
    self.trailers = trailers
  }

  /// The target's path: what comes before `?`.
  package var path: String {
    String(target.prefix { $0 != "?" })
  }

  /// The target's query, without the `?`; nil when there is none.
  package var query: String? {
    guard let mark = target.firstIndex(of: "?") else { return nil }
    return String(target[target.index(after: mark)...])
  }

  /// Whether the connection stays open after this request (RFC 9112 §9.3).
  package var keepsAlive: Bool { version.keepsAlive(connection: headers.tokens("Connection")) }
}
