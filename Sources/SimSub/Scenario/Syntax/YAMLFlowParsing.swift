/// Flow collections: `[a, b]` and `{k: v}`, which must close on the line they open and may
/// nest (each level counts towards `YAMLParser.maximumDepth`).
extension YAMLSubsetParser {
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
}
