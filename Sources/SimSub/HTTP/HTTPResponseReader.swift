/// Reads responses from a connection's bytes as they arrive: what the client runs after each
/// request it sends.
///
/// The status line is `HTTP-version SP status-code SP [reason-phrase]` (RFC 9112 §4); a
/// missing reason phrase, and the space before it, are accepted. Interim 1xx responses other
/// than 101 are read past (RFC 9110 §15.2). A response without `Content-Length` or chunked
/// coding is read to the end of the connection, as an HTTP/1.0 server sends it (RFC 9112 §6.3);
/// a response to HEAD, and a 204 or 304, has no body.
package struct HTTPResponseReader: Sendable {
  private var parser: HTTPMessageParser

  package init(limits: HTTPLimits = .standard) {
    parser = HTTPMessageParser(role: .response, limits: limits)
  }

  package mutating func give<Bytes: Collection<UInt8>>(_ bytes: Bytes) { parser.give(bytes) }

  /// The server closed its side of the connection.
  package mutating func close() { parser.close() }

  /// The next response answers a HEAD request, so it has no body whatever its headers say.
  package mutating func expectResponseToHead() { parser.respondingToHead = true }

  /// Whether bytes arrived after the last finished response.
  package var hasUnconsumedBytes: Bool { parser.hasUnconsumedBytes }

  package mutating func next() -> HTTPReadStep<HTTPResponse> {
    while true {
      let step = parser.next { line, offset in
        let words = HTTPMessageParser.words(line, at: offset, limit: 3)
        guard words.count >= 2 else { return .failure(HTTPParseError(.invalidStatusLine, at: offset)) }
        let version = HTTPMessageParser.version(words[0].0, at: words[0].1, kind: .invalidStatusLine)
        guard case .success(let v) = version else { return version.map { _ in .init(version: .http11) } }
        let code = words[1].0
        guard code.count == 3, code.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), code.first! >= 0x31 else {
          return .failure(HTTPParseError(.invalidStatusLine, at: words[1].1))
        }
        if words.count == 3,
          let bad = words[2].0.firstIndex(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F })
        {
          return .failure(
            HTTPParseError(
              line[bad] == 0x0D ? .bareCarriageReturn : .invalidStatusLine, at: bad - line.startIndex + offset
            ))
        }
        return .success(
          HTTPMessageParser.StartLine(
            version: v, status: code.reduce(0) { $0 * 10 + Int($1 - 0x30) },
            reason: words.count == 3 ? HTTPMessageParser.text(words[2].0) : ""))
      }
      switch step {
      case .message(let parsed):
        let status = parsed.start.status ?? 0
        if (100..<200).contains(status) && status != 101 { continue }
        return .message(
          HTTPResponse(
            status: status, reason: parsed.start.reason, version: parsed.start.version,
            headers: parsed.headers,
            body: parsed.body,
            trailers: parsed.trailers))
      case .needMore: return .needMore
      case .end: return .end
      case .failed(let error): return .failed(error)
      }
    }
  }
}
