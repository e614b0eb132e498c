import Foundation

/// The part of reading HTTP/1.1 that requests and responses share: bytes arriving in pieces,
/// the head found and split into lines, the body framed by `Content-Length`, chunked coding
/// (RFC 9112 §7.1) or the end of the connection, and the limits of ``HTTPLimits``.
///
/// Tolerant where RFC 9112 allows a recipient to be: a line may end in LF alone (§2.2), empty
/// lines before a message are skipped (§2.2), field names in any case, optional whitespace
/// around field values, several identical `Content-Length` values (RFC 9110 §8.6). Strict
/// where it requires one to be, and wherever guessing would let two readers disagree about
/// where a message ends: conflicting framing, a bare CR, whitespace before a colon are errors.
///
/// Every offset is absolute: the count of bytes given before the one at fault. Once an error
/// is reported, every later step reports it again.
struct HTTPMessageParser {
  enum Role {
    case request
    case response
  }

  /// A message's parts as read, before the role's start line is interpreted.
  struct Parsed: Sendable, Equatable {
    var start: StartLine
    var headers: HTTPHeaders
    var body: [UInt8]
    var trailers: HTTPHeaders
  }

  /// The start line as the role reads it: a request's method and target, or a response's
  /// status and reason, and the version.
  struct StartLine: Sendable, Equatable {
    var version: HTTPVersion
    var method = ""
    var target = ""
    var status: Int?
    var reason = ""
  }

  private enum Phase {
    /// Looking for the end of the head; `scan` is where the search for the next LF resumes.
    case head(scan: Int, lineStart: Int, lines: [Range<Int>])
    case fixed(remaining: Int)
    case chunkSize(scan: Int)
    case chunkData(remaining: Int)
    case chunkDataEnd
    case trailers(scan: Int, lineStart: Int, start: Int, lines: [Range<Int>])
    case untilClose
  }

  let role: Role
  let limits: HTTPLimits
  /// Whether the next response answers a HEAD request, so it has no body (RFC 9112 §6.3).
  var respondingToHead = false

  private var buffer: [UInt8] = []
  /// The absolute offset of `buffer[0]`.
  private var base = 0
  /// The absolute offset of the first byte not yet consumed.
  private var position = 0
  private var phase: Phase = .head(scan: 0, lineStart: 0, lines: [])
  private var failure: HTTPParseError?
  private var closed = false
  private var current: Parsed?

  init(role: Role, limits: HTTPLimits) {
    self.role = role
    self.limits = limits
  }

  /// Whether bytes were given that no finished message consumed.
  var hasUnconsumedBytes: Bool { position < end }

  /// Whether a byte other than CR and LF is buffered and unconsumed.
  private var hasNonEmptyBytes: Bool {
    var i = position
    while i < end {
      let byte = buffer[i - base]
      if byte != 0x0D && byte != 0x0A { return true }
      i += 1
    }
    return false
  }

  mutating func give<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
    guard !bytes.isEmpty, !closed else { return }
    let consumed = position - base
    if consumed == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      base = position
    } else if consumed >= 64 * 1024 && consumed * 2 >= buffer.count {
      buffer.removeFirst(consumed)
      base = position
    }
    buffer.append(contentsOf: bytes)
  }

  /// The peer closed its side: what is buffered is all there will be.
  mutating func close() { closed = true }

  /// The next message, or why there is none yet.
  mutating func next(checkStartLine: (ArraySlice<UInt8>, Int) -> Result<StartLine, HTTPParseError>)
    -> HTTPReadStep<Parsed>
  {
    if let failure { return .failed(failure) }
    let step = advance(checkStartLine)
    if case .failed(let error) = step { failure = error }
    return step
  }

  private var end: Int { base + buffer.count }

  private func byte(_ offset: Int) -> UInt8 { buffer[offset - base] }

  private func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
    buffer[(range.lowerBound - base)..<(range.upperBound - base)]
  }

  /// The offset of the next LF at or after `from`, if one has arrived.
  private func lineFeed(from: Int) -> Int? {
    guard from < end else { return nil }
    return buffer[(from - base)...].firstIndex(of: 0x0A).map { $0 + base }
  }

  /// The line `start..<lf` without a CR before the LF.
  private func lineRange(_ start: Int, _ lf: Int) -> Range<Int> {
    lf > start && byte(lf - 1) == 0x0D ? start..<(lf - 1) : start..<lf
  }

  private mutating func advance(
    _ checkStartLine: (ArraySlice<UInt8>, Int) -> Result<StartLine, HTTPParseError>
  )
    -> HTTPReadStep<Parsed>
  {
    while true {
      switch phase {
      case .head(var scan, var lineStart, var lines):
        guard let lf = lineFeed(from: scan) else {
          if end - position > limits.headBytes {
            return .failed(
              HTTPParseError(.headTooLarge(limit: limits.headBytes), at: position + limits.headBytes))
          }
          if closed {
            if lines.isEmpty && !hasNonEmptyBytes { return .end }
            return .failed(HTTPParseError(.truncated, at: end))
          }
          phase = .head(scan: end, lineStart: lineStart, lines: lines)
          return .needMore
        }
        if lf + 1 - position > limits.headBytes {
          return .failed(
            HTTPParseError(.headTooLarge(limit: limits.headBytes), at: position + limits.headBytes))
        }
        let line = lineRange(lineStart, lf)
        scan = lf + 1
        lineStart = lf + 1
        if line.isEmpty {
          if lines.isEmpty {
            // An empty line before the start line (RFC 9112 §2.2).
            phase = .head(scan: scan, lineStart: lineStart, lines: lines)
            continue
          }
          switch beginBody(lines: lines, checkStartLine) {
          case .failure(let error): return .failed(error)
          case .success(let next):
            position = lf + 1
            if case .chunkSize = next { phase = .chunkSize(scan: position) } else { phase = next }
          }
          continue
        }
        if lines.count > limits.headerFields {
          return .failed(HTTPParseError(.tooManyFields(limit: limits.headerFields), at: line.lowerBound))
        }
        lines.append(line)
        phase = .head(scan: scan, lineStart: lineStart, lines: lines)

      case .fixed(let remaining):
        let take = min(remaining, end - position)
        current!.body.append(contentsOf: slice(position..<(position + take)))
        position += take
        if take == remaining { return finish() }
        phase = .fixed(remaining: remaining - take)
        if closed { return .failed(HTTPParseError(.truncated, at: end)) }
        return .needMore

      case .chunkSize(let scan):
        guard let lf = lineFeed(from: scan) else {
          if end - position > limits.chunkLineBytes {
            return .failed(HTTPParseError(.invalidChunkSize, at: position + limits.chunkLineBytes))
          }
          if closed { return .failed(HTTPParseError(.truncated, at: end)) }
          phase = .chunkSize(scan: end)
          return .needMore
        }
        if lf - position > limits.chunkLineBytes {
          return .failed(HTTPParseError(.invalidChunkSize, at: position + limits.chunkLineBytes))
        }
        let line = lineRange(position, lf)
        let size: Int
        switch chunkSize(line) {
        case .failure(let error): return .failed(error)
        case .success(let value): size = value
        }
        if size > limits.bodyBytes - current!.body.count {
          return .failed(HTTPParseError(.bodyTooLarge(limit: limits.bodyBytes), at: position))
        }
        position = lf + 1
        phase =
          size == 0
          ? .trailers(scan: position, lineStart: position, start: position, lines: [])
          : .chunkData(remaining: size)

      case .chunkData(let remaining):
        let take = min(remaining, end - position)
        current!.body.append(contentsOf: slice(position..<(position + take)))
        position += take
        if take == remaining {
          phase = .chunkDataEnd
          continue
        }
        phase = .chunkData(remaining: remaining - take)
        if closed { return .failed(HTTPParseError(.truncated, at: end)) }
        return .needMore

      case .chunkDataEnd:
        guard position < end else {
          if closed { return .failed(HTTPParseError(.truncated, at: end)) }
          return .needMore
        }
        if byte(position) == 0x0A {
          position += 1
        } else if byte(position) == 0x0D {
          guard position + 1 < end else {
            if closed { return .failed(HTTPParseError(.truncated, at: end)) }
            return .needMore
          }
          guard byte(position + 1) == 0x0A else {
            return .failed(HTTPParseError(.bareCarriageReturn, at: position))
          }
          position += 2
        } else {
          return .failed(HTTPParseError(.invalidChunkEnd, at: position))
        }
        phase = .chunkSize(scan: position)

      case .trailers(var scan, var lineStart, let start, var lines):
        guard let lf = lineFeed(from: scan) else {
          if end - start > limits.headBytes {
            return .failed(
              HTTPParseError(.headTooLarge(limit: limits.headBytes), at: start + limits.headBytes))
          }
          if closed { return .failed(HTTPParseError(.truncated, at: end)) }
          phase = .trailers(scan: end, lineStart: lineStart, start: start, lines: lines)
          return .needMore
        }
        if lf + 1 - start > limits.headBytes {
          return .failed(HTTPParseError(.headTooLarge(limit: limits.headBytes), at: start + limits.headBytes))
        }
        let line = lineRange(lineStart, lf)
        scan = lf + 1
        lineStart = lf + 1
        if line.isEmpty {
          switch fields(lines[...]) {
          case .failure(let error): return .failed(error)
          case .success(let trailers): current!.trailers = trailers
          }
          position = lf + 1
          return finish()
        }
        if lines.count >= limits.headerFields {
          return .failed(HTTPParseError(.tooManyFields(limit: limits.headerFields), at: line.lowerBound))
        }
        lines.append(line)
        phase = .trailers(scan: scan, lineStart: lineStart, start: start, lines: lines)

      case .untilClose:
        let available = end - position
        if available > limits.bodyBytes - current!.body.count {
          return .failed(
            HTTPParseError(
              .bodyTooLarge(limit: limits.bodyBytes), at: position + limits.bodyBytes - current!.body.count))
        }
        current!.body.append(contentsOf: slice(position..<end))
        position = end
        if closed { return finish() }
        return .needMore
      }
    }
  }

  private mutating func finish() -> HTTPReadStep<Parsed> {
    let message = current!
    current = nil
    phase = .head(scan: position, lineStart: position, lines: [])
    return .message(message)
  }

  /// Interprets the head and chooses how the body is framed (RFC 9112 §6.3).
  private mutating func beginBody(
    lines: [Range<Int>], _ checkStartLine: (ArraySlice<UInt8>, Int) -> Result<StartLine, HTTPParseError>
  ) -> Result<Phase, HTTPParseError> {
    let startRange = lines[0]
    let start: StartLine
    switch checkStartLine(slice(startRange), startRange.lowerBound) {
    case .failure(let error): return .failure(error)
    case .success(let value): start = value
    }
    let headers: HTTPHeaders
    switch fields(lines.dropFirst()) {
    case .failure(let error): return .failure(error)
    case .success(let value): headers = value
    }
    current = Parsed(start: start, headers: headers, body: [], trailers: [:])
    let fieldsOffset =
      lines.count > 1 ? lines[1].lowerBound : (lineFeed(from: startRange.upperBound) ?? end) + 1
    if role == .request && start.version == .http11 {
      let hosts = headers.values("Host").count
      if hosts == 0 { return .failure(HTTPParseError(.missingHost, at: fieldsOffset)) }
      if hosts > 1 { return .failure(HTTPParseError(.multipleHost, at: offset(of: "Host", in: lines))) }
    }
    if let status = start.status {
      let interim = (100..<200).contains(status)
      if respondingToHead || interim || HTTPResponse.hasNoBody(status: status) {
        if !interim { respondingToHead = false }
        return .success(.fixed(remaining: 0))
      }
    }
    let codings = headers.tokens("Transfer-Encoding")
    let lengths = headers.values("Content-Length")
    if headers.contains("Transfer-Encoding") {
      if !lengths.isEmpty {
        return .failure(
          HTTPParseError(.contentLengthWithChunked, at: offset(of: "Content-Length", in: lines)))
      }
      guard codings == ["chunked"] else {
        return .failure(
          HTTPParseError(
            .unsupportedTransferCoding(headers.values("Transfer-Encoding").joined(separator: ", ")),
            at: offset(of: "Transfer-Encoding", in: lines)))
      }
      return .success(.chunkSize(scan: 0))
    }
    if !lengths.isEmpty {
      let at = offset(of: "Content-Length", in: lines)
      var length: Int?
      for element in lengths.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
        let text = element.trimmingOWS()
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
          return .failure(HTTPParseError(.invalidContentLength, at: at))
        }
        let digits = text.drop { $0 == "0" }
        guard digits.count <= 18, let value = digits.isEmpty ? 0 : Int(digits), value <= limits.bodyBytes
        else {
          return .failure(HTTPParseError(.bodyTooLarge(limit: limits.bodyBytes), at: at))
        }
        if let length, length != value { return .failure(HTTPParseError(.conflictingContentLength, at: at)) }
        length = value
      }
      current!.body.reserveCapacity(length!)
      return .success(.fixed(remaining: length!))
    }
    return .success(role == .response ? .untilClose : .fixed(remaining: 0))
  }

  /// The offset of the first field line named `name`.
  private func offset(of name: String, in lines: [Range<Int>]) -> Int {
    let lowered = Array(name.lowercased().utf8)
    for line in lines.dropFirst() {
      let bytes = slice(line)
      if bytes.count > lowered.count && bytes[bytes.startIndex + lowered.count] == 0x3A
        && zip(bytes, lowered).allSatisfy({ HTTPMessageParser.lower($0) == $1 })
      {
        return line.lowerBound
      }
    }
    return lines[0].lowerBound
  }

  static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

  /// The field lines (RFC 9112 §5): `name ":" OWS value OWS`.
  private func fields(_ lines: ArraySlice<Range<Int>>) -> Result<HTTPHeaders, HTTPParseError> {
    var headers = HTTPHeaders()
    for line in lines {
      let bytes = slice(line)
      let first = bytes[bytes.startIndex]
      if first == 0x20 || first == 0x09 {
        // obs-fold: a server must reject it in a request; a user agent replaces it with SP
        // (RFC 9112 §5.2). Before the first field, a response's such line is ignored (§2.2).
        guard role == .response else {
          return .failure(HTTPParseError(.obsoleteLineFolding, at: line.lowerBound))
        }
        if let crAt = bytes.firstIndex(of: 0x0D) {
          return .failure(HTTPParseError(.bareCarriageReturn, at: crAt - bytes.startIndex + line.lowerBound))
        }
        guard let last = headers.fields.last else { continue }
        let value = HTTPMessageParser.text(bytes).trimmingOWS()
        headers.replaceLast(value: last.value.isEmpty ? value : last.value + " " + value)
        continue
      }
      guard let colon = bytes.firstIndex(of: 0x3A) else {
        if let crAt = bytes.firstIndex(of: 0x0D) {
          return .failure(HTTPParseError(.bareCarriageReturn, at: crAt - bytes.startIndex + line.lowerBound))
        }
        return .failure(HTTPParseError(.invalidFieldValue, at: line.lowerBound))
      }
      let name = bytes[..<colon]
      if let lastByte = name.last, lastByte == 0x20 || lastByte == 0x09 {
        return .failure(
          HTTPParseError(.whitespaceBeforeColon, at: colon - 1 - bytes.startIndex + line.lowerBound))
      }
      if let bad = name.firstIndex(where: { !HTTPMessageParser.isTokenByte($0) }) {
        return .failure(HTTPParseError(.invalidFieldName, at: bad - bytes.startIndex + line.lowerBound))
      }
      if name.isEmpty { return .failure(HTTPParseError(.invalidFieldName, at: line.lowerBound)) }
      let value = bytes[(colon + 1)...]
      for index in value.indices {
        let byte = value[index]
        if byte == 0x0D {
          return .failure(HTTPParseError(.bareCarriageReturn, at: index - bytes.startIndex + line.lowerBound))
        }
        if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
          return .failure(HTTPParseError(.invalidFieldValue, at: index - bytes.startIndex + line.lowerBound))
        }
      }
      headers.append(HTTPMessageParser.text(name), HTTPMessageParser.text(value).trimmingOWS())
    }
    return .success(headers)
  }

  /// A chunk-size line (RFC 9112 §7.1): hexadecimal digits, then optional `BWS ";" ext`.
  private func chunkSize(_ line: Range<Int>) -> Result<Int, HTTPParseError> {
    let bytes = slice(line)
    if let crAt = bytes.firstIndex(of: 0x0D) {
      return .failure(HTTPParseError(.bareCarriageReturn, at: crAt - bytes.startIndex + line.lowerBound))
    }
    var size = 0
    var digits = 0
    var index = bytes.startIndex
    while index < bytes.endIndex, let digit = HTTPMessageParser.hexValue(bytes[index]) {
      if size > (Int.max >> 4) - 16 {
        return .failure(HTTPParseError(.bodyTooLarge(limit: limits.bodyBytes), at: line.lowerBound))
      }
      size = size << 4 | digit
      digits += 1
      index += 1
    }
    guard digits > 0 else { return .failure(HTTPParseError(.invalidChunkSize, at: line.lowerBound)) }
    while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    guard index == bytes.endIndex || bytes[index] == 0x3B else {
      return .failure(HTTPParseError(.invalidChunkSize, at: index - bytes.startIndex + line.lowerBound))
    }
    // Extensions are read past, as RFC 9112 §7.1.1 lets a recipient ignore them; no control
    // characters within.
    if let bad = bytes[index...].firstIndex(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
      return .failure(HTTPParseError(.invalidChunkSize, at: bad - bytes.startIndex + line.lowerBound))
    }
    return .success(size)
  }

  static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: Int(byte - 0x30)
    case 0x41...0x46: Int(byte - 0x41 + 10)
    case 0x61...0x66: Int(byte - 0x61 + 10)
    default: nil
    }
  }

  /// `tchar` of RFC 9110 §5.6.2.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// Field text: UTF-8 when it is, otherwise each byte as ISO-8859-1 (obs-text, RFC 9110 §5.5).
  static func text<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    if let text = String(bytes: bytes, encoding: .utf8) { return text }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  /// The `HTTP-version` of RFC 9112 §2.3, case-sensitive: HTTP/1.0, and HTTP/1.1 for any
  /// higher minor version (RFC 9110 §6.2).
  static func version(_ bytes: ArraySlice<UInt8>, at offset: Int, kind: HTTPParseError.Kind)
    -> Result<HTTPVersion, HTTPParseError>
  {
    let b = Array(bytes)
    guard b.count == 8, Array(b[0...4]) == Array("HTTP/".utf8), b[6] == UInt8(ascii: "."),
      (0x30...0x39).contains(b[5]), (0x30...0x39).contains(b[7])
    else { return .failure(HTTPParseError(kind, at: offset)) }
    guard b[5] == UInt8(ascii: "1") else {
      return .failure(HTTPParseError(.unsupportedVersion(text(b)), at: offset))
    }
    return .success(b[7] == UInt8(ascii: "0") ? .http10 : .http11)
  }

  /// The start line's words, split at runs of SP or HTAB (RFC 9112 §3 lets a recipient parse
  /// on whitespace boundaries), with their offsets; at most `limit` words, the last taking
  /// the rest of the line.
  static func words(_ line: ArraySlice<UInt8>, at offset: Int, limit: Int) -> [(ArraySlice<UInt8>, Int)] {
    var words: [(ArraySlice<UInt8>, Int)] = []
    var index = line.startIndex
    while index < line.endIndex {
      while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
      guard index < line.endIndex else { break }
      if words.count == limit - 1 {
        var last = line.endIndex
        while last > index, line[last - 1] == 0x20 || line[last - 1] == 0x09 { last -= 1 }
        words.append((line[index..<last], index - line.startIndex + offset))
        break
      }
      let start = index
      while index < line.endIndex, line[index] != 0x20 && line[index] != 0x09 { index += 1 }
      words.append((line[start..<index], start - line.startIndex + offset))
    }
    return words
  }
}
