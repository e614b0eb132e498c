/// Parses the strict YAML subset of `.scn` and `.pop` files (SCENARIO-FORMAT.md, "Syntax").
///
/// Accepted: block mappings and sequences nested by space indentation (a sequence may sit at
/// its key's indentation, and `- key: value` items start a mapping), one-line flow sequences and
/// mappings that may nest, plain and single- or double-quoted one-line scalars, `#` comments, and
/// a leading `---`. Everything it accepts is valid YAML 1.2 with the same meaning; everything
/// else that YAML allows (anchors, aliases, tags, block scalars, multi-line scalars or flow
/// collections, explicit keys, directives, more documents) is an error that says what to write
/// instead, with the file, line and column.
///
/// The parser works on UTF-8 bytes in one pass over each line, so a few hundred lines take
/// microseconds and time grows linearly with the input. It never traps on input: invalid UTF-8
/// and control characters are diagnostics, and nesting deeper than `maximumDepth` levels is an
/// error rather than a stack overflow.
public enum YAMLParser {
  /// How deeply lists and mappings may nest, block and flow together. Scenarios need five or
  /// six levels; the limit exists so `[[[[…` cannot exhaust the stack.
  public static let maximumDepth = 64

  /// Parses a document.
  ///
  /// - Parameters:
  ///   - text: the file's contents.
  ///   - file: the path printed in diagnostics.
  ///   - expectedKeys: the top-level keys a document of this kind must have, named in the error
  ///     for an empty file (`['name', 'store', 'product', 'timeline']` for a scenario).
  /// - Throws: `DiagnosticError` with the first syntax error, or with every duplicate key.
  public static func parse(
    _ text: String, file: String, expectedKeys: [String] = []
  ) throws(DiagnosticError) -> YAMLNode {
    try parse(bytes: Array(text.utf8), file: file, expectedKeys: expectedKeys)
  }

  /// Parses a document from raw bytes, which need not be valid UTF-8 (invalid bytes are a
  /// diagnostic).
  public static func parse(
    bytes: [UInt8], file: String, expectedKeys: [String] = []
  ) throws(DiagnosticError) -> YAMLNode {
    var parser = YAMLSubsetParser(source: try SourceLines(bytes: bytes, file: file))
    let root: YAMLNode
    do {
      root = try parser.parseDocument(expectedKeys: expectedKeys)
    } catch {
      throw DiagnosticError(parser.diagnostics + [error.diagnostic])
    }
    if !parser.diagnostics.isEmpty { throw DiagnosticError(parser.diagnostics) }
    return root
  }
}

/// The state of one parse. Block structure is read line by line (`lineIndex` is the next line
/// not yet consumed); flow collections and scalars are read within one line by byte offset.
struct YAMLSubsetParser {
  /// A syntax error that stops the parse.
  struct Failure: Error {
    var diagnostic: Diagnostic
  }

  /// A mapping key found at the start of a line, and where its `:` is.
  struct KeyScan {
    var key: YAMLKey
    var colon: Int
  }

  var source: SourceLines
  let bytes: [UInt8]
  /// The next line the block parser has not consumed.
  var lineIndex = 0
  /// Current nesting of sequences and mappings, block and flow.
  var depth = 0
  /// Errors that do not stop the parse (duplicate keys).
  var diagnostics: [Diagnostic] = []

  init(source: SourceLines) {
    self.source = source
    self.bytes = source.bytes
  }

  // MARK: Bytes

  static let space: UInt8 = 0x20
  static let tab: UInt8 = 0x09

  @inline(__always)
  func lineEnd(_ line: Int) -> Int { source.lines[line].end }

  @inline(__always)
  func isBlank(_ b: UInt8) -> Bool { b == Self.space || b == Self.tab }

  /// Whether `offset` is the end of the line or a space or tab.
  @inline(__always)
  func isSeparator(_ offset: Int, line: Int) -> Bool {
    offset >= lineEnd(line) || isBlank(bytes[offset])
  }

  @inline(__always)
  func isFlowIndicator(_ b: UInt8) -> Bool {
    b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]")
      || b == UInt8(ascii: "{") || b == UInt8(ascii: "}")
  }

  @inline(__always)
  func skipBlanks(_ offset: Int, line: Int) -> Int {
    var i = offset
    let end = lineEnd(line)
    while i < end && isBlank(bytes[i]) { i += 1 }
    return i
  }

  /// Whether the line ends at `offset`: nothing, or a comment, follows. A `#` starts a comment
  /// only after a space or tab (or at the start of the line).
  @inline(__always)
  func isLineEnd(_ offset: Int, line: Int) -> Bool {
    if offset >= lineEnd(line) { return true }
    return bytes[offset] == UInt8(ascii: "#")
      && (offset == source.lines[line].start || isBlank(bytes[offset - 1]))
  }

  func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  /// The text from `offset` up to a space, a flow indicator or the end of the line, clipped:
  /// the anchor or tag an error message names.
  func token(at offset: Int, line: Int) -> String {
    var i = offset
    let end = lineEnd(line)
    while i < end && !isBlank(bytes[i]) && !isFlowIndicator(bytes[i]) { i += 1 }
    return YAMLNode.clipped(text(offset..<i), limit: 24)
  }

  mutating func location(_ line: Int, _ offset: Int) -> SourceLocation {
    source.location(line: line, offset: offset)
  }

  mutating func failure(_ message: String, _ line: Int, _ offset: Int) -> Failure {
    Failure(diagnostic: .error(message, at: location(line, offset)))
  }

  // MARK: Lines

  /// The next line from `lineIndex` that holds content (not blank, not only a comment), which
  /// becomes `lineIndex`; `nil` at the end of the file. Rejects tabs in its indentation and
  /// document markers (`---`, `...`), which may only start the document.
  mutating func nextContentLine() throws(Failure) -> Int? {
    while lineIndex < source.lines.count {
      let line = lineIndex
      let l = source.lines[line]
      let first = skipBlanks(l.start, line: line)
      if isLineEnd(first, line: line) {
        lineIndex += 1
        continue
      }
      if let tab = bytes[l.start..<first].firstIndex(of: Self.tab) {
        throw failure("tab in indentation: indent with spaces", line, tab)
      }
      if first == l.start, let marker = documentMarker(line) {
        if marker == "---" {
          throw failure(
            "a second document ('---') is not allowed: a file holds one document", line, first)
        }
        throw failure(
          "a document end marker ('...') is not allowed: a file holds one document", line, first)
      }
      return line
    }
    return nil
  }

  /// `---` or `...` when the line starts with one followed by a space or the end of the line.
  func documentMarker(_ line: Int) -> String? {
    let l = source.lines[line]
    guard l.end - l.start >= 3 else { return nil }
    let b = bytes[l.start]
    guard b == UInt8(ascii: "-") || b == UInt8(ascii: ".") else { return nil }
    guard bytes[l.start + 1] == b, bytes[l.start + 2] == b, isSeparator(l.start + 3, line: line)
    else { return nil }
    return b == UInt8(ascii: "-") ? "---" : "..."
  }

  /// Whether `offset` holds a block sequence indicator: `-` followed by a space or line end.
  @inline(__always)
  func isSequenceIndicator(_ offset: Int, line: Int) -> Bool {
    offset < lineEnd(line) && bytes[offset] == UInt8(ascii: "-")
      && isSeparator(offset + 1, line: line)
  }

  // MARK: Document

  mutating func parseDocument(expectedKeys: [String]) throws(Failure) -> YAMLNode {
    // Skip comments, then an optional `---`.
    while lineIndex < source.lines.count {
      let l = source.lines[lineIndex]
      if isLineEnd(skipBlanks(l.start, line: lineIndex), line: lineIndex) {
        lineIndex += 1
        continue
      }
      if documentMarker(lineIndex) == "---" {
        let rest = skipBlanks(l.start + 3, line: lineIndex)
        guard isLineEnd(rest, line: lineIndex) else {
          throw failure(
            "content after '---' is not supported: start the document on the next line",
            lineIndex, rest)
        }
        lineIndex += 1
      }
      break
    }
    guard let first = try nextContentLine() else {
      throw emptyDocument(expectedKeys: expectedKeys)
    }
    let offset = source.lines[first].start + source.indent(of: first)
    let root = try parseBlockNode(line: first, at: offset)
    if let next = try nextContentLine() {
      if root.mappingEntries == nil && root.sequenceItems == nil
        || bytes[offset] == UInt8(ascii: "[") || bytes[offset] == UInt8(ascii: "{")
      {
        // A single value, then more: most likely the first line lacks its `:`.
        throw failure(noKeyMessage(line: first, at: offset), first, offset)
      }
      throw badIndentation(expected: source.indent(of: first), like: first, found: next)
    }
    return root
  }

  /// The error for a file with nothing in it: what a document of this kind must hold.
  mutating func emptyDocument(expectedKeys: [String]) -> Failure {
    let expected =
      expectedKeys.isEmpty
      ? "a mapping of keys to values"
      : "a mapping with \(Spelling.list(expectedKeys, conjunction: "and"))"
    let onlyWhitespace = bytes.dropFirst(source.hasByteOrderMark ? 3 : 0).allSatisfy {
      $0 == Self.space || $0 == Self.tab || $0 == 0x0A || $0 == 0x0D
    }
    let start = SourceLocation(file: source.file, line: 1, column: 1)
    if onlyWhitespace {
      return Failure(diagnostic: .error("empty file: expected \(expected)", at: start))
    }
    return Failure(
      diagnostic: .error("no content: the file holds only comments; expected \(expected)", at: start))
  }
}
