import SubscriptionPolicy

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads production logs for `simsub replay`, in any of the ``ReplayFormat``s, detected per
/// file and per line.
///
/// A file whose first line is a JSON value is JSON lines: each line a received request, a
/// store body, an App Store history page or a Stripe event list. Any other file (a page saved
/// pretty-printed, a body spread over lines) is one JSON value. A line or item that cannot be
/// read is a ``ReplayProblem`` at its `file:line`; reading goes on.
struct ReplayLogReader {
  /// The longest line kept: longer ones are reported and skipped as they stream by.
  static let maxLineBytes = WireDocument.maxBytes * 2
  /// The largest file read as one JSON value.
  static let maxDocumentBytes = 64 << 20

  var entries: [ReplayEntry] = []
  /// When set, each entry is handed to it as it is read instead of being kept in ``entries``:
  /// a log streamed in bounded memory (``ReplayStream``).
  var sink: ((ReplayEntry) -> Void)?
  var problems: [ReplayProblem] = []
  /// How many lines (or whole-file documents) were read.
  var records = 0

  /// A log file that could not be opened or read at all.
  struct FileError: Error, CustomStringConvertible {
    var file: String
    var message: String
    var description: String { "\(file): error: \(message)" }
  }

  /// Reads `file` (`-` for standard input) and adds what it holds, its entries and problems
  /// naming it `name` (the path as the user gave it) when given.
  mutating func read(file: String, named name: String? = nil) throws(FileError) {
    let label = name ?? file
    let descriptor: Int32 = file == "-" ? 0 : open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw FileError(file: label, message: "cannot open the log: \(String(cString: strerror(errno)))")
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw FileError(file: label, message: "is a folder, not a log")
    }
    let lines = LineReader(descriptor: descriptor, maxLineBytes: Self.maxLineBytes)
    do {
      try readLines(lines, file: label)
    } catch {
      throw FileError(file: label, message: "cannot read the log: \(String(cString: strerror(error.errno)))")
    }
  }

  /// Adds what `bytes` hold, as if read from a file named `file`.
  mutating func read(bytes: [UInt8], file: String) {
    // Split as a file is, for tests and fuzzing.
    var lines = MemoryLines(bytes: bytes, maxLineBytes: Self.maxLineBytes)
    readAll(&lines, file: file)
  }

  private mutating func readLines(_ reader: LineReader, file: String) throws(LineReader.ReadError) {
    var source = StreamedLines(reader: reader)
    readAll(&source, file: file)
    if let error = source.error { throw error }
  }

  private mutating func readAll<Lines: ReplayLineSource>(_ lines: inout Lines, file: String) {
    // Skip blank lines up to the first that says how the file is laid out.
    var first: (bytes: ArraySlice<UInt8>, number: Int)?
    while first == nil, let line = lines.next() {
      switch line {
      case .tooLong(let number, let count):
        records += 1
        problems.append(tooLong(file, number, count))
      case .text(let bytes, let number):
        if !bytes.allSatisfy(\.isJSONWhitespace) { first = (bytes, number) }
      }
    }
    guard let first else { return }
    let firstRead = addRequestLine(first.bytes, file: file, line: first.number)
    let firstValue = firstRead ? nil : try? JSONValue(parsing: first.bytes, maxDepth: WireDocument.maxDepth)
    if firstRead || firstValue != nil {
      records += 1
      if let firstValue { add(firstValue, bytes: first.bytes, file: file, line: first.number) }
      while let line = lines.next() {
        switch line {
        case .tooLong(let number, let count):
          records += 1
          problems.append(tooLong(file, number, count))
        case .text(let bytes, let number):
          guard !bytes.allSatisfy(\.isJSONWhitespace) else { continue }
          records += 1
          if addRequestLine(bytes, file: file, line: number) { continue }
          do {
            let value = try JSONValue(parsing: bytes, maxDepth: WireDocument.maxDepth)
            add(value, bytes: bytes, file: file, line: number)
          } catch {
            problems.append(
              ReplayProblem(file: file, line: number, column: error.column, message: error.message))
          }
        }
      }
      return
    }
    // One JSON value over many lines: gathered up to the limit, then read whole.
    records += 1
    var document = Array(repeating: UInt8(ascii: "\n"), count: first.number - 1)
    document += first.bytes
    var lineCount = first.number
    while let line = lines.next() {
      switch line {
      case .text(let bytes, let number):
        document.append(UInt8(ascii: "\n"))
        document += bytes
        lineCount = number
      case .tooLong(let number, _):
        lineCount = number
        document.removeAll()
      }
      if document.isEmpty || document.count > Self.maxDocumentBytes {
        while lines.next() != nil {}
        problems.append(
          ReplayProblem(
            file: file, line: first.number, column: nil,
            message:
              "neither JSON lines nor one JSON value of at most \(Self.maxDocumentBytes >> 20) MiB (line \(lineCount) and on)"
          ))
        return
      }
    }
    do {
      let value = try JSONValue(parsing: document, maxDepth: WireDocument.maxDepth)
      add(value, bytes: document[...], file: file, line: first.number)
    } catch {
      problems.append(
        ReplayProblem(file: file, line: error.line, column: error.column, message: error.message))
    }
  }

  private func tooLong(_ file: String, _ number: Int, _ count: Int) -> ReplayProblem {
    ReplayProblem(
      file: file, line: number, column: nil,
      message:
        "a line of \(count) bytes, over the \(Self.maxLineBytes >> 20) MiB a log line may have; skipped")
  }

  /// Adds the entries of one JSON value (a line, or a whole file) starting on `line`.
  private mutating func add(_ value: JSONValue, bytes: ArraySlice<UInt8>, file: String, line: Int) {
    func problem(_ message: String) {
      problems.append(ReplayProblem(file: file, line: line, column: nil, message: message))
    }
    func document(_ bytes: [UInt8], _ place: String) -> WireDocument? {
      do {
        return try WireDocument(bytes: bytes)
      } catch {
        problem("\(place)\(place.isEmpty ? "" : ": ")\(error.message)")
        return nil
      }
    }
    if let history = value["notificationHistory"]?.arrayValue {
      for (i, item) in history.enumerated() {
        let place = "notificationHistory[\(i)]"
        guard let jws = item["signedPayload"]?.stringValue else {
          problem("\(place): expected a signedPayload string")
          continue
        }
        let jwsBytes = Array(jws.utf8)
        guard let d = document(jwsBytes, "\(place).signedPayload") else { continue }
        let success = item["sendAttemptResults"]?.arrayValue?.first {
          $0["sendAttemptResult"]?.stringValue == "SUCCESS"
        }
        let at = success?["attemptDate"]?.int64Value.map(Instant.init(millisecondsSinceEpoch:))
        append(
          d, .appStoreHistory, file: file, line: line, received: at, inProduction: success != nil,
          headers: [],
          body: jwsBytes)
      }
      return
    }
    if value["object"]?.stringValue == "list", let events = value["data"]?.arrayValue {
      for (i, event) in events.enumerated() {
        let eventBytes = event.serializedBytes()
        guard let d = document(eventBytes, "data[\(i)]") else { continue }
        append(
          d, .stripeEventList, file: file, line: line, received: nil, inProduction: true, headers: [],
          body: eventBytes)
      }
      return
    }
    if let receivedText = value["received"]?.stringValue, let body = value["body"] {
      guard let received = RFC3339.parse(receivedText) else {
        problem("received: expected an RFC 3339 instant, found '\(receivedText)'")
        return
      }
      var headers: [(String, String)] = []
      if let o = value["headers"]?.objectValue {
        for member in o {
          headers.append((member.key, member.value.stringValue ?? member.value.serialized()))
        }
      }
      let text = body.stringValue.map { Array($0.utf8) } ?? body.serializedBytes()
      guard var d = document(text, "body") else { return }
      let resource = value["subscriptionsv2"]
      if let resource {
        guard case .googlePlay(var google) = d, google.notification != nil else {
          problem("subscriptionsv2: a resource beside a body that is not a Google Play notification")
          return
        }
        do {
          google.notification?.subscription = try SubscriptionPurchaseV2(json: resource)
        } catch {
          problem("subscriptionsv2: \(error.description)")
          return
        }
        d = .googlePlay(google)
      }
      append(
        d, .receivedRequest, file: file, line: line, received: received, inProduction: true, headers: headers,
        subscriptionsV2: resource, body: text)
      return
    }
    let raw = Array(bytes)
    guard let d = document(raw, "") else { return }
    append(d, .body, file: file, line: line, received: nil, inProduction: true, headers: [], body: raw)
  }

  /// Adds a received-request line read from its members' bytes (``ReplayRequestLine``), the
  /// body decoded from the bytes logged; false, having added nothing, for any line that is not
  /// of that plain shape or does not read cleanly, which ``add(_:bytes:file:line:)`` then reads
  /// (and reports) through the line's tree.
  private mutating func addRequestLine(_ bytes: ArraySlice<UInt8>, file: String, line: Int) -> Bool {
    // A member of the line nests one level deeper in the line than alone.
    let depth = WireDocument.maxDepth - 1
    guard let request = ReplayRequestLine(bytes),
      let received = Self.instant(bytes[request.received], maxDepth: depth)
    else { return false }
    var headers: [(String, String)] = []
    if let range = request.headers {
      guard let value = try? JSONValue(parsing: bytes[range], maxDepth: depth) else { return false }
      if let o = value.objectValue {
        for member in o {
          headers.append((member.key, member.value.stringValue ?? member.value.serialized()))
        }
      }
    }
    var resource: JSONValue?
    if let range = request.subscriptionsV2 {
      guard let value = try? JSONValue(parsing: bytes[range], maxDepth: depth) else { return false }
      resource = value
    }
    let isObject = bytes[request.body.lowerBound] == UInt8(ascii: "{")
    let text: [UInt8]
    if isObject {
      text = Array(bytes[request.body])
    } else {
      guard let value = try? JSONValue(parsing: bytes[request.body], maxDepth: depth) else { return false }
      text = value.stringValue.map { Array($0.utf8) } ?? value.serializedBytes()
    }
    guard var d = try? WireDocument(bytes: text) else { return false }
    // Apple's request body is indexed from its bytes, not read as JSON: from the line's tree,
    // which the JSON reader checked whole, as before.
    if isObject, case .appStore = d { return false }
    if let resource {
      guard case .googlePlay(var google) = d, google.notification != nil,
        let subscription = try? SubscriptionPurchaseV2(json: resource)
      else { return false }
      google.notification?.subscription = subscription
      d = .googlePlay(google)
    }
    append(
      d, .receivedRequest, file: file, line: line, received: received, inProduction: true, headers: headers,
      subscriptionsV2: resource, body: text)
    return true
  }

  /// A `received` value's instant: a JSON string of an RFC 3339 instant, read from its bytes
  /// when it is plain ASCII text without escapes (as logs write it), else through the JSON
  /// reader; nil when it is not one.
  private static func instant(_ value: ArraySlice<UInt8>, maxDepth: Int) -> Instant? {
    let plain = value.withUnsafeBufferPointer { b -> Instant?? in
      guard b.count >= 2, b[0] == UInt8(ascii: "\""), b[b.count - 1] == UInt8(ascii: "\"") else { return nil }
      let text = UnsafeBufferPointer(rebasing: b[1..<(b.count - 1)])
      guard
        text.allSatisfy({ $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
      else { return nil }
      return .some(RFC3339.parse(utf8: text))
    }
    if let plain { return plain }
    guard let text = (try? JSONValue(parsing: value, maxDepth: maxDepth))?.stringValue else { return nil }
    return RFC3339.parse(text)
  }

  private mutating func append(
    _ d: WireDocument, _ format: ReplayFormat, file: String, line: Int, received: Instant?,
    inProduction: Bool,
    headers: [(name: String, value: String)], subscriptionsV2: JSONValue? = nil, body: [UInt8]
  ) {
    let entry =
      ReplayEntry(
        file: file, line: line, format: format,
        received: received ?? d.notification?.sentDate ?? Self.sentDate(of: d),
        receivedInProduction: inProduction, headers: headers, document: d, subscriptionsV2: subscriptionsV2,
        body: body)
    if let sink { sink(entry) } else { entries.append(entry) }
  }
}

extension ReplayLogReader {
  /// When the store sent a body no policy receives (a test notification, a voided purchase, a
  /// Stripe event about another object), from its own date: Apple's `signedDate` (ms),
  /// Google's `eventTimeMillis` (ms, as a string), Stripe's `created` (s), RevenueCat's
  /// `event_timestamp_ms`; the Unix epoch when it has none.
  static func sentDate(of d: WireDocument) -> Instant {
    let json = d.expandedJSON
    let root: JSONValue
    switch d {
    case .appStore: root = json["signedPayload"] ?? json
    case .googlePlay: root = json["message"]?["data"] ?? json
    case .revenueCat: root = json["event"] ?? json
    default: root = json
    }
    let milliseconds: Int64? =
      switch d {
      case .stripe: root["created"]?.int64Value.map { $0 * 1000 }
      case .googlePlay: root["eventTimeMillis"]?.stringValue.flatMap { Int64($0) }
      case .revenueCat: root["event_timestamp_ms"]?.int64Value
      default: root["signedDate"]?.int64Value
      }
    return Instant(millisecondsSinceEpoch: milliseconds ?? 0)
  }
}

/// Lines, from a file or from memory.
protocol ReplayLineSource {
  mutating func next() -> LineReader.Line?
}

/// A file's lines; a read error ends them and is kept.
private struct StreamedLines: ReplayLineSource {
  var reader: LineReader
  var error: LineReader.ReadError?

  init(reader: LineReader) { self.reader = reader }

  mutating func next() -> LineReader.Line? {
    guard error == nil else { return nil }
    do { return try reader.next() } catch {
      self.error = error
      return nil
    }
  }
}

/// The lines of bytes in memory, split as ``LineReader`` splits a file.
private struct MemoryLines: ReplayLineSource {
  let bytes: [UInt8]
  let maxLineBytes: Int
  var start = 0
  var number = 0

  mutating func next() -> LineReader.Line? {
    guard start < bytes.count else { return nil }
    number += 1
    let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    var line = bytes[start..<end]
    start = end + 1
    if line.count > maxLineBytes { return .tooLong(number: number, bytes: line.count) }
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    return .text(line, number: number)
  }
}

extension UInt8 {
  fileprivate var isJSONWhitespace: Bool {
    self == 0x20 || self == 0x09 || self == 0x0a || self == 0x0d
  }
}
