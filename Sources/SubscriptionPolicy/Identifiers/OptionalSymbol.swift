/// A `Symbol?` in 8 bytes instead of 16: `nil` is the bit pattern no symbol has (an interned
/// index of 2^63 − 1).
///
/// Notifications carry many optional identifiers and are copied whole at every step of a
/// delivery; stored this way, an App Store notification is about a fifth smaller.
@usableFromInline
struct OptionalSymbol: Hashable, Sendable {
  @usableFromInline var bits: UInt64

  @inlinable init(_ symbol: Symbol?) { bits = symbol?.bits ?? .max }

  @inlinable var value: Symbol? { bits == .max ? nil : Symbol(bits: bits) }
}
