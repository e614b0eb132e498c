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

  func lineEnd(_ line: Int) -> Int { source.lines[line].end }

  func isBlank(_ b: UInt8) -> Bool { b == Self.space || b == Self.tab }

  /// Whether `offset` is the end of the line or a space or tab.
  func isSeparator(_ offset: Int, line: Int) -> Bool {
    offset >= lineEnd(line) || isBlank(bytes[offset])
  }

  func isFlowIndicator(_ b: UInt8) -> Bool {
    b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]")
      || b == UInt8(ascii: "{") || b == UInt8(ascii: "}")
  }

  func skipBlanks(_ offset: Int, line: Int) -> Int {
    var i = offset
    let end = lineEnd(line)
    while i < end && isBlank(bytes[i]) { i += 1 }
    return i
  }

  /// Whether the line ends at `offset`: nothing, or a comment, follows. A `#` starts a comment
  /// only after a space or tab (or at the start of the line).
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

  // MARK: Block structure

  /// Parses the node whose first character is at `offset` on `line`: the start of a line's
  /// content, or what follows `- ` in a sequence item (so `- at: 1d` starts a mapping whose
  /// keys line up with `at`).
  mutating func parseBlockNode(line: Int, at offset: Int) throws(Failure) -> YAMLNode {
    let indent = offset - source.lines[line].start
    if isSequenceIndicator(offset, line: line) {
      try enterNesting(line, offset)
      defer { depth -= 1 }
      return try parseBlockSequence(indent: indent, line: line, endsAtKey: false)
    }
    if let scan = try scanKey(line: line, at: offset) {
      try enterNesting(line, offset)
      defer { depth -= 1 }
      return try parseBlockMapping(indent: indent, line: line, first: scan)
    }
    let (node, end) = try parseInlineNode(line: line, at: offset, inFlow: false)
    try expectLineEnd(line: line, after: end)
    lineIndex = line + 1
    return node
  }

  mutating func enterNesting(_ line: Int, _ offset: Int) throws(Failure) {
    depth += 1
    if depth > YAMLParser.maximumDepth {
      throw failure(
        "nesting too deep: at most \(YAMLParser.maximumDepth) levels of lists and mappings",
        line, offset)
    }
  }

  mutating func badIndentation(expected: Int, like: Int, found line: Int) -> Failure {
    let found = source.indent(of: line)
    return failure(
      "bad indentation: expected column \(expected + 1) (like line \(like + 1)), found column \(found + 1)",
      line, source.lines[line].start + found)
  }

  /// A block mapping whose keys start at column `indent`; `first` is the key on `line`.
  mutating func parseBlockMapping(indent: Int, line: Int, first: KeyScan) throws(Failure)
    -> YAMLNode
  {
    var entries: [(key: YAMLKey, value: YAMLNode)] = []
    var keys = KeyIndex()
    var line = line
    var scan = first
    let firstLine = line
    while true {
      if let earlier = keys.insert(scan.key, entries: entries) {
        diagnostics.append(duplicateKey(scan.key, earlier: earlier))
      }
      let value = try parseMappingValue(line: line, afterColon: scan.colon + 1, indent: indent)
      entries.append((key: scan.key, value: value))
      guard let next = try nextContentLine() else { break }
      let nextIndent = source.indent(of: next)
      if nextIndent < indent { break }
      if nextIndent > indent { throw badIndentation(expected: indent, like: firstLine, found: next) }
      let offset = source.lines[next].start + nextIndent
      if isSequenceIndicator(offset, line: next) {
        throw failure(
          "expected a key at column \(indent + 1), like line \(firstLine + 1), not a '- ' item: a block is either a mapping or a list",
          next, offset)
      }
      guard let nextScan = try scanKey(line: next, at: offset) else {
        try checkNodeStart(line: next, at: offset, inFlow: false)
        throw failure(noKeyMessage(line: next, at: offset), next, offset)
      }
      line = next
      scan = nextScan
    }
    return YAMLNode(.mapping(entries), at: first.key.location)
  }

  /// The value after a block mapping key's `:`: on the same line, on the lines below (more
  /// indented, or a `- ` list at the key's own indentation), or nothing.
  mutating func parseMappingValue(line: Int, afterColon: Int, indent: Int) throws(Failure)
    -> YAMLNode
  {
    let offset = skipBlanks(afterColon, line: line)
    if isLineEnd(offset, line: line) {
      lineIndex = line + 1
      let empty = YAMLNode(.scalar("", style: .plain), at: location(line, afterColon))
      guard let next = try nextContentLine() else { return empty }
      let nextIndent = source.indent(of: next)
      let nextOffset = source.lines[next].start + nextIndent
      if nextIndent > indent { return try parseBlockNode(line: next, at: nextOffset) }
      if nextIndent == indent && isSequenceIndicator(nextOffset, line: next) {
        try enterNesting(next, nextOffset)
        defer { depth -= 1 }
        return try parseBlockSequence(indent: indent, line: next, endsAtKey: true)
      }
      return empty
    }
    if isSequenceIndicator(offset, line: line) {
      throw failure(
        "a list cannot start on the same line as its key: put each '- ' item on its own line, indented",
        line, offset)
    }
    if let scan = try scanKey(line: line, at: offset) {
      throw failure(
        "unexpected ':' in a value: quote the value if ': ' is part of it, or start the nested mapping on the next line, indented",
        line, scan.colon)
    }
    let (node, end) = try parseInlineNode(line: line, at: offset, inFlow: false)
    try expectLineEnd(line: line, after: end)
    lineIndex = line + 1
    return node
  }

  /// A block sequence whose `-` indicators are at column `indent`, starting on `line`.
  /// `endsAtKey`: the list is a mapping value at its key's indentation, so a key line at that
  /// indentation ends it instead of being an error.
  mutating func parseBlockSequence(indent: Int, line: Int, endsAtKey: Bool) throws(Failure)
    -> YAMLNode
  {
    var items: [YAMLNode] = []
    var line = line
    let firstLine = line
    let start = location(line, source.lines[line].start + indent)
    while true {
      let dash = source.lines[line].start + indent
      var offset = dash + 1
      while offset < lineEnd(line) && bytes[offset] == Self.space { offset += 1 }
      if offset < lineEnd(line) && bytes[offset] == Self.tab {
        let after = skipBlanks(offset, line: line)
        if !isLineEnd(after, line: line) {
          throw failure("tab in indentation: indent with spaces", line, offset)
        }
        offset = after
      }
      if isLineEnd(offset, line: line) {
        lineIndex = line + 1
        let next = try nextContentLine()
        if let next, source.indent(of: next) > indent {
          items.append(
            try parseBlockNode(line: next, at: source.lines[next].start + source.indent(of: next)))
        } else {
          items.append(YAMLNode(.scalar("", style: .plain), at: location(line, dash + 1)))
        }
      } else {
        items.append(try parseBlockNode(line: line, at: offset))
      }
      guard let next = try nextContentLine() else { break }
      let nextIndent = source.indent(of: next)
      if nextIndent < indent { break }
      if nextIndent > indent { throw badIndentation(expected: indent, like: firstLine, found: next) }
      let nextOffset = source.lines[next].start + nextIndent
      if !isSequenceIndicator(nextOffset, line: next) {
        if endsAtKey { break }
        throw failure(
          "expected a '- ' item at column \(indent + 1), like line \(firstLine + 1): a block is either a list or a mapping",
          next, nextOffset)
      }
      line = next
    }
    return YAMLNode(.sequence(items), at: start)
  }

  /// The mapping key that starts at `offset`, if the line is `key: …`: a plain or quoted
  /// scalar followed by `:` and a space or the end of the line. `nil` if the line is not a
  /// key (a plain key stops at a comment; a flow collection is never a key).
  mutating func scanKey(line: Int, at offset: Int) throws(Failure) -> KeyScan? {
    let end = lineEnd(line)
    let b = bytes[offset]
    if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
      let (text, style, after) = try parseQuoted(line: line, at: offset)
      let colon = skipBlanks(after, line: line)
      guard colon < end, bytes[colon] == UInt8(ascii: ":"), isSeparator(colon + 1, line: line)
      else { return nil }
      return KeyScan(key: YAMLKey(text, style: style, at: location(line, offset)), colon: colon)
    }
    if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") { return nil }
    var i = offset
    while i < end {
      let c = bytes[i]
      if c == UInt8(ascii: ":") && isSeparator(i + 1, line: line) {
        if i == offset {
          throw failure("missing key before ':'", line, offset)
        }
        try checkNodeStart(line: line, at: offset, inFlow: false)
        var last = i
        while last > offset && isBlank(bytes[last - 1]) { last -= 1 }
        let key = YAMLKey(text(offset..<last), style: .plain, at: location(line, offset))
        return KeyScan(key: key, colon: i)
      }
      if isBlank(c) && i + 1 < end && bytes[i + 1] == UInt8(ascii: "#") { return nil }
      i += 1
    }
    return nil
  }

  /// "expected a key followed by ':'", with a hint when the line has a `:` without a space.
  func noKeyMessage(line: Int, at offset: Int) -> String {
    let end = lineEnd(line)
    var i = offset
    while i < end {
      if bytes[i] == UInt8(ascii: ":") {
        return "expected a key followed by ':' (put a space after ':')"
      }
      if isBlank(bytes[i]) && i + 1 < end && bytes[i + 1] == UInt8(ascii: "#") { break }
      i += 1
    }
    return "expected a key followed by ':'"
  }

  /// Requires that nothing but blanks or a comment follow `offset` on the line.
  mutating func expectLineEnd(line: Int, after offset: Int) throws(Failure) {
    let next = skipBlanks(offset, line: line)
    if isLineEnd(next, line: line) { return }
    let b = bytes[next]
    if b == UInt8(ascii: "#") {
      throw failure("a comment needs a space before '#'", line, next)
    }
    if b == UInt8(ascii: ":") {
      throw failure("keys must be plain or quoted strings, not lists or mappings", line, next)
    }
    throw failure("unexpected text after the value", line, next)
  }

  mutating func duplicateKey(_ key: YAMLKey, earlier: YAMLKey) -> Diagnostic {
    .error(
      "duplicate key '\(YAMLNode.clipped(key.text))': already defined on line \(earlier.location.line)",
      at: key.location,
      notes: [Diagnostic.Note("first defined here", at: earlier.location)])
  }

  // MARK: Nodes within a line

  /// Rejects what YAML allows at the start of a node but the subset does not (anchors, aliases,
  /// tags, block scalars, directives, reserved indicators), naming the alternative.
  mutating func checkNodeStart(line: Int, at offset: Int, inFlow: Bool) throws(Failure) {
    let b = bytes[offset]
    switch b {
    case UInt8(ascii: "&"):
      throw failure(
        "anchors ('\(token(at: offset, line: line))') are not supported: write the value out in full",
        line, offset)
    case UInt8(ascii: "*"):
      throw failure(
        "aliases ('\(token(at: offset, line: line))') are not supported: write the value out in full",
        line, offset)
    case UInt8(ascii: "!"):
      throw failure(
        "tags ('\(token(at: offset, line: line))') are not supported: write the value without a tag",
        line, offset)
    case UInt8(ascii: "|"), UInt8(ascii: ">"):
      let indicator = b == UInt8(ascii: "|") ? "|" : ">"
      throw failure(
        "block scalars ('\(indicator)') are not supported: write the value on one line, quoted if needed",
        line, offset)
    case UInt8(ascii: "%") where offset == source.lines[line].start:
      throw failure(
        "directives ('\(token(at: offset, line: line))') are not supported: remove the line",
        line, offset)
    case UInt8(ascii: "?") where isSeparator(offset + 1, line: line):
      throw failure(
        "explicit keys ('? ') are not supported: write 'key: value'", line, offset)
    case UInt8(ascii: ":")
    where isSeparator(offset + 1, line: line)
      || inFlow && isFlowIndicator(bytes[offset + 1]):
      throw failure("missing key before ':'", line, offset)
    case UInt8(ascii: "-") where inFlow && isSeparator(offset + 1, line: line):
      throw failure(
        "a '- ' item cannot appear inside brackets: separate items with ','", line, offset)
    case UInt8(ascii: "#"):
      throw failure("a comment needs a space before '#'", line, offset)
    case UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: ","),
      UInt8(ascii: "]"), UInt8(ascii: "}"):
      if inFlow {
        throw failure("unexpected '\(Character(Unicode.Scalar(b)))'", line, offset)
      }
      throw failure(
        "a plain value cannot start with '\(Character(Unicode.Scalar(b)))': quote the value",
        line, offset)
    default:
      return
    }
  }

  /// A scalar or flow collection starting at `offset`, and the offset just past it.
  mutating func parseInlineNode(line: Int, at offset: Int, inFlow: Bool) throws(Failure)
    -> (YAMLNode, Int)
  {
    try checkNodeStart(line: line, at: offset, inFlow: inFlow)
    switch bytes[offset] {
    case UInt8(ascii: "["):
      return try parseFlowSequence(line: line, at: offset)
    case UInt8(ascii: "{"):
      return try parseFlowMapping(line: line, at: offset)
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      let (text, style, end) = try parseQuoted(line: line, at: offset)
      return (YAMLNode(.scalar(text, style: style), at: location(line, offset)), end)
    default:
      let end = inFlow ? scanFlowPlain(line: line, at: offset) : scanBlockPlain(line: line, at: offset)
      var last = end
      while last > offset && isBlank(bytes[last - 1]) { last -= 1 }
      return (
        YAMLNode(.scalar(text(offset..<last), style: .plain), at: location(line, offset)), end
      )
    }
  }

  /// The end of a plain scalar in block context: the end of the line or a comment. (Its
  /// caller has already ruled out a `: ` inside it.)
  func scanBlockPlain(line: Int, at offset: Int) -> Int {
    let end = lineEnd(line)
    var i = offset
    while i < end {
      if isBlank(bytes[i]) && i + 1 < end && bytes[i + 1] == UInt8(ascii: "#") { return i }
      i += 1
    }
    return end
  }

  /// The end of a plain scalar inside brackets or braces: a flow indicator, a `:` followed by
  /// a separator, a comment, or the end of the line.
  func scanFlowPlain(line: Int, at offset: Int) -> Int {
    let end = lineEnd(line)
    var i = offset
    while i < end {
      let c = bytes[i]
      if isFlowIndicator(c) { return i }
      if c == UInt8(ascii: ":")
        && (i + 1 >= end || isBlank(bytes[i + 1]) || isFlowIndicator(bytes[i + 1]))
      {
        return i
      }
      if isBlank(c) && i + 1 < end && bytes[i + 1] == UInt8(ascii: "#") { return i }
      i += 1
    }
    return end
  }

  /// A `[a, b]` flow sequence on one line; returns the node and the offset past `]`.
  mutating func parseFlowSequence(line: Int, at open: Int) throws(Failure) -> (YAMLNode, Int) {
    try enterNesting(line, open)
    defer { depth -= 1 }
    let end = lineEnd(line)
    var items: [YAMLNode] = []
    var i = open + 1
    while true {
      i = skipBlanks(i, line: line)
      if isLineEnd(i, line: line) { throw unterminated("flow sequence", "]", line, open) }
      if bytes[i] == UInt8(ascii: "]") { break }
      if bytes[i] == UInt8(ascii: ",") {
        throw failure("empty item in a flow sequence: remove the extra ','", line, i)
      }
      let (item, after) = try parseInlineNode(line: line, at: i, inFlow: true)
      items.append(item)
      i = skipBlanks(after, line: line)
      if i < end && bytes[i] == UInt8(ascii: ":") {
        throw failure(
          "a 'key: value' pair inside brackets must be written in braces, as [{key: value}]",
          line, i)
      }
      if isLineEnd(i, line: line) { throw unterminated("flow sequence", "]", line, open) }
      if bytes[i] == UInt8(ascii: "]") { break }
      guard bytes[i] == UInt8(ascii: ",") else {
        throw failure("expected ',' or ']' after an item of a flow sequence", line, i)
      }
      i += 1
    }
    return (YAMLNode(.sequence(items), at: location(line, open)), i + 1)
  }

  /// A `{k: v}` flow mapping on one line; returns the node and the offset past `}`.
  mutating func parseFlowMapping(line: Int, at open: Int) throws(Failure) -> (YAMLNode, Int) {
    try enterNesting(line, open)
    defer { depth -= 1 }
    let end = lineEnd(line)
    var entries: [(key: YAMLKey, value: YAMLNode)] = []
    var keys = KeyIndex()
    var i = open + 1
    while true {
      i = skipBlanks(i, line: line)
      if isLineEnd(i, line: line) { throw unterminated("flow mapping", "}", line, open) }
      if bytes[i] == UInt8(ascii: "}") { break }
      if bytes[i] == UInt8(ascii: ",") {
        throw failure("empty entry in a flow mapping: remove the extra ','", line, i)
      }
      if bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "{") {
        throw failure("keys must be plain or quoted strings, not lists or mappings", line, i)
      }
      try checkNodeStart(line: line, at: i, inFlow: true)
      let keyStart = i
      let key: YAMLKey
      let quoted = bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'")
      if quoted {
        let (text, style, after) = try parseQuoted(line: line, at: i)
        key = YAMLKey(text, style: style, at: location(line, keyStart))
        i = after
      } else {
        let after = scanFlowPlain(line: line, at: i)
        var last = after
        while last > i && isBlank(bytes[last - 1]) { last -= 1 }
        key = YAMLKey(text(i..<last), style: .plain, at: location(line, keyStart))
        i = after
      }
      i = skipBlanks(i, line: line)
      // After a quoted key YAML allows `"k":v`; after a plain one `k:v` would be one scalar.
      guard i < end, bytes[i] == UInt8(ascii: ":"),
        quoted || i + 1 >= end || isBlank(bytes[i + 1]) || isFlowIndicator(bytes[i + 1])
      else {
        if isLineEnd(i, line: line) { throw unterminated("flow mapping", "}", line, open) }
        let hint = key.text.contains(":") ? " (put a space after ':')" : ""
        throw failure(
          "expected ':' after the key '\(YAMLNode.clipped(key.text))' in a flow mapping\(hint)",
          line, i)
      }
      i = skipBlanks(i + 1, line: line)
      if isLineEnd(i, line: line) { throw unterminated("flow mapping", "}", line, open) }
      let value: YAMLNode
      if bytes[i] == UInt8(ascii: ",") || bytes[i] == UInt8(ascii: "}") {
        value = YAMLNode(.scalar("", style: .plain), at: location(line, i))
      } else {
        let (node, after) = try parseInlineNode(line: line, at: i, inFlow: true)
        value = node
        i = skipBlanks(after, line: line)
      }
      if let earlier = keys.insert(key, entries: entries) {
        diagnostics.append(duplicateKey(key, earlier: earlier))
      }
      entries.append((key: key, value: value))
      if isLineEnd(i, line: line) { throw unterminated("flow mapping", "}", line, open) }
      if bytes[i] == UInt8(ascii: "}") { break }
      guard bytes[i] == UInt8(ascii: ",") else {
        throw failure("expected ',' or '}' after an entry of a flow mapping", line, i)
      }
      i += 1
    }
    return (YAMLNode(.mapping(entries), at: location(line, open)), i + 1)
  }

  mutating func unterminated(_ what: String, _ close: String, _ line: Int, _ open: Int) -> Failure {
    failure("unterminated \(what): add the closing '\(close)' on the same line", line, open)
  }

  /// A quoted scalar starting at the quote at `offset`: its text, style, and the offset past
  /// the closing quote. It must close on the same line.
  mutating func parseQuoted(line: Int, at offset: Int) throws(Failure)
    -> (String, YAMLNode.ScalarStyle, Int)
  {
    let end = lineEnd(line)
    let quote = bytes[offset]
    var i = offset + 1
    var out: [UInt8] = []
    if quote == UInt8(ascii: "'") {
      while true {
        guard i < end else {
          throw failure(
            "unterminated single-quoted string: add the closing quote (') on the same line",
            line, offset)
        }
        let c = bytes[i]
        if c == quote {
          if i + 1 < end && bytes[i + 1] == quote {
            out.append(quote)
            i += 2
            continue
          }
          return (String(decoding: out, as: UTF8.self), .singleQuoted, i + 1)
        }
        out.append(c)
        i += 1
      }
    }
    while true {
      guard i < end else {
        throw failure(
          "unterminated double-quoted string: add the closing quote (\") on the same line",
          line, offset)
      }
      let c = bytes[i]
      if c == quote { return (String(decoding: out, as: UTF8.self), .doubleQuoted, i + 1) }
      if c != UInt8(ascii: "\\") {
        out.append(c)
        i += 1
        continue
      }
      guard i + 1 < end else {
        throw failure(
          "unterminated double-quoted string: add the closing quote (\") on the same line",
          line, offset)
      }
      switch bytes[i + 1] {
      case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        let scalar = try unicodeEscape(line: line, at: i)
        out.append(contentsOf: String(Character(scalar.value)).utf8)
        i += scalar.length
        continue
      default:
        let escaped = String(decoding: bytes[(i + 1)..<Self.scalarEnd(bytes, i + 1, end)], as: UTF8.self)
        throw failure(
          "unknown escape '\\\(escaped)' in a double-quoted string: use \\\", \\\\, \\n, \\t or \\uXXXX",
          line, i)
      }
      i += 2
    }
  }

  /// The end of the UTF-8 sequence starting at `i` (input is valid UTF-8 by now).
  static func scalarEnd(_ bytes: [UInt8], _ i: Int, _ end: Int) -> Int {
    var j = i + 1
    while j < end && bytes[j] & 0xC0 == 0x80 { j += 1 }
    return j
  }

  /// A `\uXXXX` escape at the backslash at `offset`, or a surrogate pair `\uD83D\uDE00` as
  /// JSON writes characters outside the Basic Multilingual Plane. Returns the scalar and the
  /// number of bytes consumed.
  mutating func unicodeEscape(line: Int, at offset: Int) throws(Failure)
    -> (value: Unicode.Scalar, length: Int)
  {
    func hex(_ at: Int) -> UInt32? {
      guard at + 4 <= lineEnd(line) else { return nil }
      var v: UInt32 = 0
      for b in bytes[at..<(at + 4)] {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): v = v << 4 | UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): v = v << 4 | UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): v = v << 4 | UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
      }
      return v
    }
    guard let high = hex(offset + 2) else {
      throw failure("'\\u' must be followed by four hexadecimal digits", line, offset)
    }
    if (0xD800...0xDBFF).contains(high), offset + 12 <= lineEnd(line),
      bytes[offset + 6] == UInt8(ascii: "\\"), bytes[offset + 7] == UInt8(ascii: "u"),
      let low = hex(offset + 8), (0xDC00...0xDFFF).contains(low),
      let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
    {
      return (scalar, 12)
    }
    guard let scalar = Unicode.Scalar(high) else {
      throw failure(
        "'\\u\(text((offset + 2)..<(offset + 6)))' is half of a surrogate pair, not a character",
        line, offset)
    }
    return (scalar, 6)
  }
}

/// The keys of one mapping seen so far, for finding duplicates: a linear scan while the
/// mapping is small (most are), a dictionary once it is not, so a huge mapping stays linear.
struct KeyIndex {
  private var index: [String: Int]? = nil

  /// Records `key`; returns the earlier key with the same text, if any.
  mutating func insert(_ key: YAMLKey, entries: [(key: YAMLKey, value: YAMLNode)]) -> YAMLKey? {
    if entries.count < 16 {
      return entries.first { $0.key.text == key.text }?.key
    }
    if index == nil {
      var built: [String: Int] = [:]
      for (i, entry) in entries.enumerated() where built[entry.key.text] == nil {
        built[entry.key.text] = i
      }
      index = built
    }
    if let i = index?[key.text] { return entries[i].key }
    index?[key.text] = entries.count
    return nil
  }
}
