/// Writes requests and responses as simsub sends them: strict, so any HTTP/1.1 reader reads the
/// message the same way (RFC 9112).
///
/// Every line ends in CRLF; the version is HTTP/1.1; a request carries `Host` (RFC 9112 §3.2)
/// and `Connection: keep-alive`; every message carries `Content-Length` (none is sent chunked),
/// except a response whose status has no body (1xx, 204 and 304, RFC 9110 §8.6). The framing fields
/// (`Host` in a request, `Content-Length`, `Transfer-Encoding`, `Connection`) are written by
/// the writer alone: the message's own values for them are dropped, so a caller cannot make the
/// body's length disagree with its header. Names must be tokens and values free of control
/// characters, or the writer refuses the message.
package enum HTTPMessageWriter {
  private static let framing = ["content-length", "transfer-encoding", "connection"]

  /// The bytes of `request` sent to `authority` (the `Host` value, `127.0.0.1:8787`).
  package static func request(_ request: HTTPRequest, authority: String) throws(HTTPWriteError) -> [UInt8] {
    guard !request.method.isEmpty, request.method.utf8.allSatisfy(HTTPMessageParser.isTokenByte) else {
      throw .invalidMethod(request.method)
    }
    guard request.target.hasPrefix("/") || request.target == "*",
      request.target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else { throw .invalidTarget(request.target) }
    var out: [UInt8] = []
    out.reserveCapacity(256 + request.body.count)
    line(&out, "\(request.method) \(request.target) HTTP/1.1")
    try field(&out, "Host", authority)
    for header in request.headers where !isFraming(header.name) && header.name.lowercased() != "host" {
      try field(&out, header.name, header.value)
    }
    line(&out, "Content-Length: \(request.body.count)")
    line(&out, "Connection: keep-alive")
    line(&out, "")
    out.append(contentsOf: request.body)
    return out
  }

  /// The bytes of `response`, saying whether the connection stays open after it; for a HEAD
  /// request the head alone, with the length the body would have had (RFC 9110 §9.3.2).
  package static func response(_ response: HTTPResponse, keepAlive: Bool, toHead: Bool = false)
    throws(HTTPWriteError) -> [UInt8]
  {
    guard (100...999).contains(response.status) else { throw .invalidStatus(response.status) }
    guard response.reason.unicodeScalars.allSatisfy({ ($0.value >= 0x20 && $0.value != 0x7F) || $0 == "\t" })
    else {
      throw .invalidReason(response.reason)
    }
    var out: [UInt8] = []
    out.reserveCapacity(256 + response.body.count)
    line(&out, "HTTP/1.1 \(response.status) \(response.reason)")
    for header in response.headers where !isFraming(header.name) {
      try field(&out, header.name, header.value)
    }
    let noBody = HTTPResponse.hasNoBody(status: response.status)
    if !noBody { line(&out, "Content-Length: \(response.body.count)") }
    line(&out, keepAlive ? "Connection: keep-alive" : "Connection: close")
    line(&out, "")
    if !noBody && !toHead { out.append(contentsOf: response.body) }
    return out
  }

  private static func isFraming(_ name: String) -> Bool { framing.contains(name.lowercased()) }

  private static func line(_ out: inout [UInt8], _ text: String) {
    out.append(contentsOf: text.utf8)
    out.append(0x0D)
    out.append(0x0A)
  }

  private static func field(_ out: inout [UInt8], _ name: String, _ value: String) throws(HTTPWriteError) {
    guard !name.isEmpty, name.utf8.allSatisfy(HTTPMessageParser.isTokenByte) else {
      throw .invalidFieldName(name)
    }
    guard value.utf8.allSatisfy({ ($0 >= 0x20 && $0 != 0x7F) || $0 == 0x09 }) else {
      throw .invalidFieldValue(name: name)
    }
    line(&out, "\(name): \(value.trimmingOWS())")
  }
}
