/// A node of the YAML subset that `.scn` and `.pop` files are written in.
///
/// Only three shapes exist — scalar, sequence, mapping — because the subset has no anchors,
/// tags or multi-line scalars. Every scalar stays text: deciding that `16d` is a duration or
/// `yes` means access is granted belongs to the decoder that knows the key, which can then
/// point at the node's `location` when the text is wrong.
///
/// Equality compares shapes and text only; locations are ignored, so a test can compare a
/// parsed tree with one written by hand.
public struct YAMLNode: Sendable {
  /// How a scalar was written. Kept because `'1'` and `1` may mean different things to a
  /// decoder (a quoted value is always text), and for faithful error messages.
  public enum ScalarStyle: Hashable, Sendable {
    case plain
    case singleQuoted
    case doubleQuoted
  }

  /// The shape of a node.
  public enum Kind: Sendable {
    /// Text. An empty plain scalar is what `key:` with nothing after it holds (YAML's null).
    case scalar(String, style: ScalarStyle)
    /// A block sequence (`- item` lines) or a flow sequence (`[a, b]`).
    case sequence([YAMLNode])
    /// A block or flow mapping, in file order (duplicate keys are rejected by the parser).
    case mapping([(key: YAMLKey, value: YAMLNode)])
  }

  public var kind: Kind
  /// Where the node starts: a scalar's first character (its opening quote, if quoted), a block
  /// sequence's first `-`, a block mapping's first key, a flow collection's `[` or `{`. An empty
  /// value points just past its key's `:`.
  public var location: SourceLocation

  public init(_ kind: Kind, at location: SourceLocation) {
    self.kind = kind
    self.location = location
  }

  /// Where a hand-built node is, when it is not from a file.
  public static let nowhere = SourceLocation(file: "", line: 0, column: 0)

  /// A scalar node, for building expected trees.
  public static func scalar(
    _ text: String, style: ScalarStyle = .plain, at location: SourceLocation = nowhere
  ) -> YAMLNode {
    YAMLNode(.scalar(text, style: style), at: location)
  }

  /// A sequence node, for building expected trees.
  public static func sequence(_ items: [YAMLNode], at location: SourceLocation = nowhere)
    -> YAMLNode
  {
    YAMLNode(.sequence(items), at: location)
  }

  /// A mapping node with plain keys, for building expected trees.
  public static func mapping(
    _ entries: KeyValuePairs<String, YAMLNode>, at location: SourceLocation = nowhere
  ) -> YAMLNode {
    YAMLNode(.mapping(entries.map { (key: YAMLKey($0.key), value: $0.value) }), at: location)
  }
}

/// A mapping key: its text, how it was written, and where.
///
/// A key is always a scalar in the subset. Equality ignores the location (and the style, since
/// `'grace'` and `grace` name the same key).
public struct YAMLKey: Sendable, Hashable, CustomStringConvertible {
  public var text: String
  public var style: YAMLNode.ScalarStyle
  public var location: SourceLocation

  public init(
    _ text: String, style: YAMLNode.ScalarStyle = .plain,
    at location: SourceLocation = YAMLNode.nowhere
  ) {
    self.text = text
    self.style = style
    self.location = location
  }

  public static func == (a: YAMLKey, b: YAMLKey) -> Bool { a.text == b.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
  public var description: String { text }
}

extension YAMLNode: Equatable {
  public static func == (a: YAMLNode, b: YAMLNode) -> Bool { a.kind == b.kind }
}

extension YAMLNode.Kind: Equatable {
  public static func == (a: YAMLNode.Kind, b: YAMLNode.Kind) -> Bool {
    switch (a, b) {
    case (.scalar(let x, let xs), .scalar(let y, let ys)):
      return x == y && xs == ys
    case (.sequence(let x), .sequence(let y)):
      return x == y
    case (.mapping(let x), .mapping(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default:
      return false
    }
  }
}

extension YAMLNode {
  /// The scalar's text, or `nil` for a sequence or mapping.
  public var scalarText: String? {
    if case .scalar(let text, _) = kind { return text }
    return nil
  }

  /// The items of a sequence, or `nil`.
  public var sequenceItems: [YAMLNode]? {
    if case .sequence(let items) = kind { return items }
    return nil
  }

  /// The entries of a mapping, or `nil`.
  public var mappingEntries: [(key: YAMLKey, value: YAMLNode)]? {
    if case .mapping(let entries) = kind { return entries }
    return nil
  }

  /// Whether this is `key:` with nothing after it (an empty plain scalar, YAML's null).
  public var isEmpty: Bool {
    if case .scalar(let text, .plain) = kind { return text.isEmpty }
    return false
  }

  /// The value of a key in a mapping, or `nil` (also for a node that is not a mapping).
  public subscript(key: String) -> YAMLNode? {
    mappingEntries?.first { $0.key.text == key }?.value
  }

  /// What the node is, for messages such as "expected a duration, found a list".
  public var shapeDescription: String {
    switch kind {
    case .scalar(let text, let style):
      if text.isEmpty && style == .plain { return "nothing" }
      return "'\(Self.clipped(text))'"
    case .sequence: return "a list"
    case .mapping: return "a mapping"
    }
  }

  /// Text short enough to quote in a one-line message.
  static func clipped(_ text: String, limit: Int = 40) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }
}

extension YAMLNode: CustomStringConvertible {
  /// A compact flow-style rendering (`{name: x, timeline: [{at: 1d}]}`), for test failures.
  public var description: String {
    switch kind {
    case .scalar(let text, let style):
      switch style {
      case .plain: return text
      case .singleQuoted: return "'\(text.replacingAll("'", with: "''"))'"
      case .doubleQuoted: return "\"\(text.replacingAll("\"", with: "\\\""))\""
      }
    case .sequence(let items):
      return "[" + items.map(\.description).joined(separator: ", ") + "]"
    case .mapping(let entries):
      return "{" + entries.map { "\($0.key.text): \($0.value)" }.joined(separator: ", ") + "}"
    }
  }
}

extension String {
  /// `replacingOccurrences` without Foundation, so the syntax layer builds alone.
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }
}
