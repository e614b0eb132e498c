/// The start of any node within a line, and plain scalars: what the subset rejects at a node's
/// first character (anchors, tags, block scalars, …) and where an unquoted value ends.
extension YAMLSubsetParser {
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
}
