/// Reads requests from a connection's bytes as they arrive: what a server runs over each
/// connection, one request after another (keep-alive, pipelined or not).
///
/// Give it bytes with ``give(_:)``, the end of the connection with ``close()``, and ask
/// ``next()`` for the next request until it needs more. Framing and tolerance are those of
/// ``HTTPMessageParser``; the request line is `method SP request-target SP HTTP-version`
/// (RFC 9112 §3), the method a token, the target without whitespace or control characters.
package struct HTTPRequestReader: Sendable {
  private var parser: HTTPMessageParser

  package init(limits: HTTPLimits = .standard) {
    parser = HTTPMessageParser(role: .request, limits: limits)
  }

  package mutating func give<Bytes: Collection<UInt8>>(_ bytes: Bytes) { parser.give(bytes) }

  /// The client closed its side of the connection.
  package mutating func close() { parser.close() }

  package mutating func next() -> HTTPReadStep<HTTPRequest> {
    let step = parser.next { line, offset in
      let words = HTTPMessageParser.words(line, at: offset, limit: 3)
      guard words.count == 3 else { return .failure(HTTPParseError(.invalidRequestLine, at: offset)) }
      if let bad = words[0].0.firstIndex(where: { !HTTPMessageParser.isTokenByte($0) }) {
        return .failure(HTTPParseError(.invalidRequestLine, at: bad - line.startIndex + offset))
      }
      if let bad = words[1].0.firstIndex(where: { $0 <= 0x20 || $0 >= 0x7F }) {
        return .failure(
          HTTPParseError(
            line[bad] == 0x0D ? .bareCarriageReturn : .invalidRequestLine, at: bad - line.startIndex + offset)
        )
      }
      return HTTPMessageParser.version(words[2].0, at: words[2].1, kind: .invalidRequestLine).map {
        HTTPMessageParser.StartLine(
          version: $0, method: HTTPMessageParser.text(words[0].0), target: HTTPMessageParser.text(words[1].0))
      }
    }
    switch step {
    case .message(let parsed):
      return .message(
        HTTPRequest(
          method: parsed.start.method, target: parsed.start.target, version: parsed.start.version,
          headers: parsed.headers, body: parsed.body,
          trailers: parsed.trailers))
    case .needMore: return .needMore
    case .end: return .end
    case .failed(let error): return .failed(error)
    }
  }
}
