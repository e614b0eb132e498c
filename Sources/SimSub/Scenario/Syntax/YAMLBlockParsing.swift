/// Block structure: mappings and sequences laid out by indentation, read line by line.
///
/// Each block knows its column; a line indented less ends it, a line indented more than a
/// finished entry is an error naming the column expected and the line that set it.
extension YAMLSubsetParser {
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
}
