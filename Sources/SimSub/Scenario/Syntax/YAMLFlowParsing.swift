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
      guard try flowItemStart(&i, .sequence, line: line, open: open) else { break }
      let (item, after) = try parseInlineNode(line: line, at: i, inFlow: true)
      items.append(item)
      i = skipBlanks(after, line: line)
      if i < end && bytes[i] == UInt8(ascii: ":") {
        throw failure(
          "a 'key: value' pair inside brackets must be written in braces, as [{key: value}]",
          line, i)
      }
      if try flowItemEnd(&i, .sequence, line: line, open: open) { break }
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
      guard try flowItemStart(&i, .mapping, line: line, open: open) else { break }
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
      if try flowItemEnd(&i, .mapping, line: line, open: open) { break }
    }
    return (YAMLNode(.mapping(entries), at: location(line, open)), i + 1)
  }

  /// What the separators of a flow collection are checked against: its name, its closing
  /// bracket and what one of its elements is called.
  struct FlowCollection {
    let name: String
    let close: UInt8
    let element: String
    /// The closing bracket, for messages.
    var closing: String { String(UnicodeScalar(close)) }

    static let sequence = FlowCollection(name: "flow sequence", close: UInt8(ascii: "]"), element: "item")
    static let mapping = FlowCollection(name: "flow mapping", close: UInt8(ascii: "}"), element: "entry")
  }

  /// Moves `i` past blanks to the next element of `collection`: `true` when one starts there,
  /// `false` at the collection's closing bracket. The end of the line (unterminated) and a `,`
  /// (an empty element) are errors.
  mutating func flowItemStart(_ i: inout Int, _ collection: FlowCollection, line: Int, open: Int)
    throws(Failure) -> Bool
  {
    i = skipBlanks(i, line: line)
    if isLineEnd(i, line: line) {
      throw unterminated(collection.name, collection.closing, line, open)
    }
    if bytes[i] == collection.close { return false }
    if bytes[i] == UInt8(ascii: ",") {
      throw failure("empty \(collection.element) in a \(collection.name): remove the extra ','", line, i)
    }
    return true
  }

  /// After an element of `collection`, at `i`: `true` at its closing bracket, `false` past the
  /// `,` before the next element (`i` moved past it). Anything else, or the end of the line, is
  /// an error.
  mutating func flowItemEnd(_ i: inout Int, _ collection: FlowCollection, line: Int, open: Int)
    throws(Failure)
    -> Bool
  {
    if isLineEnd(i, line: line) { throw unterminated(collection.name, collection.closing, line, open) }
    if bytes[i] == collection.close { return true }
    guard bytes[i] == UInt8(ascii: ",") else {
      throw failure(
        "expected ',' or '\(collection.closing)' after an \(collection.element) of a \(collection.name)",
        line, i)
    }
    i += 1
    return false
  }

  mutating func unterminated(_ what: String, _ close: String, _ line: Int, _ open: Int) -> Failure {
    failure("unterminated \(what): add the closing '\(close)' on the same line", line, open)
  }
}
