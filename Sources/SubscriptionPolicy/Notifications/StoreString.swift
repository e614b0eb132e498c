/// A string-valued field of a store payload whose set of values the store may extend
/// (`notificationType`, `subtype`, `subscriptionState`, …).
///
/// Like Apple's own server library, simsub keeps the raw value, so a type the store adds
/// tomorrow still decodes, compares and re-encodes; the known values are static constants, so
/// `switch n.notificationType { case .didRenew: … }` reads as an enum would. Backed by a
/// `Symbol`, the value is 64 bits with no references.
public protocol StoreString: RawRepresentable, Hashable, Sendable, Codable,
  ExpressibleByStringLiteral, CustomStringConvertible
where RawValue == String {
  var symbol: Symbol { get }
  init(symbol: Symbol)
}

extension StoreString {
  public init(rawValue: String) { self.init(symbol: Symbol(rawValue)) }
  public init(stringLiteral value: String) { self.init(symbol: Symbol(value)) }
  public var rawValue: String { symbol.text }
  public var description: String { rawValue }

  // Equality and hashing by symbol. Without these, the standard library's `RawRepresentable`
  // defaults compare and hash `rawValue`, so every `switch n.notificationType` looked the text
  // up in the locked symbol table: slow, and contended across threads. Interning is canonical
  // (one text, one symbol), so comparing symbols is comparing texts.
  public static func == (a: Self, b: Self) -> Bool { a.symbol == b.symbol }
  public func hash(into hasher: inout Hasher) { hasher.combine(symbol) }

  public init(from decoder: any Decoder) throws {
    self.init(symbol: Symbol(try decoder.singleValueContainer().decode(String.self)))
  }
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(rawValue)
  }
}
