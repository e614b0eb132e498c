/// A message's header fields in the order they were read or written, looked up by name without
/// regard to case (RFC 9110 §5.1: field names are case-insensitive).
///
/// The same name may appear more than once (RFC 9110 §5.3); ``values(_:)`` gives every value in
/// order and ``subscript(_:)`` the first. Names and values are kept as they were given, so a
/// message read and written again keeps its spelling.
package struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  package struct Field: Sendable, Equatable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  package private(set) var fields: [Field]

  package init(_ fields: [(String, String)] = []) {
    self.fields = fields.map { Field(name: $0.0, value: $0.1) }
  }

  package init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements)
  }

  package var count: Int { fields.count }
  package var isEmpty: Bool { fields.isEmpty }

  package func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

  /// The first value of the field `name`, if any.
  package subscript(_ name: String) -> String? {
    fields.first { HTTPHeaders.sameName($0.name, name) }?.value
  }

  /// Every value of the field `name`, in order.
  package func values(_ name: String) -> [String] {
    fields.filter { HTTPHeaders.sameName($0.name, name) }.map(\.value)
  }

  package func contains(_ name: String) -> Bool {
    fields.contains { HTTPHeaders.sameName($0.name, name) }
  }

  /// The comma-separated list elements of every `name` field (RFC 9110 §5.6.1), trimmed,
  /// lowercased, empty elements dropped: what `Connection` and `Transfer-Encoding` hold.
  package func tokens(_ name: String) -> [String] {
    values(name).flatMap { $0.split(separator: ",") }
      .map { $0.trimmingOWS().lowercased() }
      .filter { !$0.isEmpty }
  }

  package mutating func append(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Removes every `name` field, then appends one with `value`.
  package mutating func replace(_ name: String, with value: String) {
    remove(name)
    append(name, value)
  }

  package mutating func remove(_ name: String) {
    fields.removeAll { HTTPHeaders.sameName($0.name, name) }
  }

  /// Replaces the last field's value: a folded line joined to the field it continues.
  mutating func replaceLast(value: String) {
    guard !fields.isEmpty else { return }
    fields[fields.count - 1].value = value
  }

  static func sameName(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
  }
}

extension StringProtocol {
  /// Without the optional whitespace (SP and HTAB, RFC 9110 §5.6.3) at either end.
  func trimmingOWS() -> String {
    var scalars = Substring(self).unicodeScalars[...]
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
