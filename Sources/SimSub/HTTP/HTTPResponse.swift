/// An HTTP response: the status code, its reason phrase, the header fields in order and the
/// body's bytes (trailers of a chunked body apart, as in ``HTTPRequest``).
package struct HTTPResponse: Sendable, Equatable {
  package var status: Int
  package var reason: String
  package var version: HTTPVersion
  package var headers: HTTPHeaders
  package var body: [UInt8]
  package var trailers: HTTPHeaders

  package init(
    status: Int, reason: String? = nil, version: HTTPVersion = .http11, headers: HTTPHeaders = [:],
    body: [UInt8] = [], trailers: HTTPHeaders = [:]
  ) {
    self.status = status
    self.reason = reason ?? HTTPResponse.reason(for: status)
    self.version = version
    self.headers = headers
    self.body = body
    self.trailers = trailers
  }

  /// A response with a UTF-8 body and its `Content-Type`.
  package init(status: Int, contentType: String, body: String, headers: HTTPHeaders = [:]) {
    var headers = headers
    headers.replace("Content-Type", with: contentType)
    self.init(status: status, headers: headers, body: Array(body.utf8))
  }

  package var isSuccess: Bool { (200..<300).contains(status) }

  /// Whether the connection stays open after this response (RFC 9112 §9.3).
  package var keepsAlive: Bool { version.keepsAlive(connection: headers.tokens("Connection")) }

  /// Whether a response with this status never has a body (RFC 9112 §6.3: 1xx, 204, 304).
  static func hasNoBody(status: Int) -> Bool {
    (100..<200).contains(status) || status == 204 || status == 304
  }

  /// The reason phrases of RFC 9110 §15 for the codes simsub sends or meets.
  package static func reason(for status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 410: "Gone"
    case 413: "Content Too Large"
    case 422: "Unprocessable Content"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 505: "HTTP Version Not Supported"
    default: ""
    }
  }
}
