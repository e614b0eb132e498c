/// Reads the keys of one mapping for a decoder, collecting every problem instead of stopping.
///
/// A decoder names the keys it knows; the reader reports each other key as unknown, naming the
/// nearest known one when it is close (`unknown key 'grase' — did you mean 'grace'?`), and each
/// missing required key. Values are decoded by closures that throw `DiagnosticError`; their
/// diagnostics are collected too, so one run reports all of a file's mistakes:
///
/// ```swift
/// var product = MappingReader(node, knownKeys: ["id", "period", "grace"])
/// let period = product.optional("period") { try Period(node: $0) }
/// let grace = product.optional("grace") { try $0.decodeDuration() }
/// try product.finish()
/// ```
///
/// A node that is not a mapping is reported once (`expected a mapping, found a list`); then
/// every lookup finds nothing and reports nothing more, so one mistake gives one message.
public struct MappingReader: Sendable {
  public let node: YAMLNode
  public let knownKeys: [String]
  /// The mapping's entries in file order; empty when the node is not a mapping.
  public let entries: [(key: YAMLKey, value: YAMLNode)]
  /// Whether the node is a mapping at all.
  public let isMapping: Bool
  /// Everything found so far: unknown keys (at creation), then missing keys and bad values in
  /// the order they were read.
  public var diagnostics: [Diagnostic] { collector.diagnostics }
  private var collector = DiagnosticCollector()

  /// Starts reading `node`, reporting at once any key not in `knownKeys`.
  ///
  /// - Parameter expected: what the node should be, for the message when it is not a mapping
  ///   ("expected a product (a mapping such as {period: 1M}), found 'x'").
  public init(_ node: YAMLNode, knownKeys: [String], expected: String = "a mapping") {
    self.node = node
    self.knownKeys = knownKeys
    if let entries = node.mappingEntries {
      self.entries = entries
      isMapping = true
    } else {
      entries = []
      isMapping = false
      collector.append(
        .error("expected \(expected), found \(node.shapeDescription)", at: node.location))
    }
    let known = Set(knownKeys)
    for entry in entries where !known.contains(entry.key.text) {
      collector.append(Self.unknownKey(entry.key, knownKeys: knownKeys))
    }
  }

  /// The diagnostic for a key that is not one of `knownKeys`.
  public static func unknownKey(_ key: YAMLKey, knownKeys: [String]) -> Diagnostic {
    let name = YAMLNode.clipped(key.text)
    if let suggestion = Spelling.suggestion(for: key.text, among: knownKeys) {
      return .error("unknown key '\(name)' — did you mean '\(suggestion)'?", at: key.location)
    }
    return .error(
      "unknown key '\(name)': expected \(Spelling.list(knownKeys))", at: key.location)
  }

  /// Whether the mapping has `key`.
  public func contains(_ key: String) -> Bool { entry(key) != nil }

  /// The entry for `key`, if present.
  public func entry(_ key: String) -> (key: YAMLKey, value: YAMLNode)? {
    entries.first { $0.key.text == key }
  }

  /// The value of `key`, if present, undecoded.
  public subscript(key: String) -> YAMLNode? { entry(key)?.value }

  /// Decodes the value of a key that must be present; reports it missing (at the mapping)
  /// otherwise. `nil` when missing or when decoding failed (its diagnostics are collected).
  public mutating func required<T>(
    _ key: String, _ decode: (YAMLNode) throws -> T
  ) -> T? {
    guard let value = self[key] else {
      if isMapping {
        collector.error("missing required key '\(key)'", at: node.location)
      }
      return nil
    }
    return collect(at: value.location) { try decode(value) }
  }

  /// Decodes the value of a key that may be absent; `nil` when absent or when decoding failed.
  public mutating func optional<T>(
    _ key: String, _ decode: (YAMLNode) throws -> T
  ) -> T? {
    guard let value = self[key] else { return nil }
    return collect(at: value.location) { try decode(value) }
  }

  /// Decodes the value of a key, or gives `defaultValue` when it is absent. When decoding
  /// fails, the default stands in (so later checks can run) and the error is collected.
  public mutating func optional<T>(
    _ key: String, default defaultValue: T, _ decode: (YAMLNode) throws -> T
  ) -> T {
    optional(key, decode) ?? defaultValue
  }

  /// Runs a decoding step, collecting its diagnostics; `nil` when it threw.
  ///
  /// The closure's type is untyped `throws` because Swift does not yet infer typed throws for
  /// closures; an error other than `DiagnosticError` (a decoder's own mistake) is recorded at
  /// `location` with its description rather than lost.
  public mutating func collect<T>(at location: SourceLocation, _ step: () throws -> T) -> T? {
    collector.collect(at: location, step)
  }

  /// Records a problem found by the decoder itself (two keys that exclude each other, say).
  public mutating func report(_ diagnostic: Diagnostic) { collector.append(diagnostic) }

  /// Throws everything collected if any of it is an error.
  public func finish() throws(DiagnosticError) { try collector.check() }
}
