/// Identifiers a store makes anew for every notification or payment (a Stripe event's
/// `evt_…`, an invoice's `in_…`, a charge's `ch_…`, a RevenueCat event's `id` and a Google
/// Play `transaction_id`), held as a digest of their text rather than interned while
/// ``Symbol/digestingUniqueIdentifiers`` is bound to `true`.
///
/// Interned, every such id stays in the process-wide table for good, so a replay of a long log
/// would grow by one entry per notification however few subscribers it holds. A replay's play
/// only compares these ids with one another (a redelivered event is the same event), so it
/// decodes them as digests: 62 bits of a 64-bit hash of the text, equal exactly when the texts
/// are (two distinct ids of one subscriber share a digest with a chance near 2^-62 per pair).
/// Their text is gone: ``Symbol/text`` gives `#` and the digest in hexadecimal, and a body
/// written from such a value does not carry the store's id. Replay reads the log again,
/// interning, for anything it writes (counterexamples) and delivers the logged bytes
/// themselves to process and server policies.
extension Symbol {
  /// Whether the decoders on this task digest the per-notification ids (see above); `false`
  /// unless bound.
  @TaskLocal package static var digestingUniqueIdentifiers = false

  /// Bit 62 of an interned symbol: its low 62 bits are a digest, not a table index.
  @usableFromInline static let digestFlag: UInt64 = 1 << 62

  /// A per-notification id with this text: a number when canonical, else interned or, while
  /// ``digestingUniqueIdentifiers``, digested.
  package static func unique(_ text: String) -> Symbol {
    guard digestingUniqueIdentifiers, canonicalNumber(text) == nil else { return Symbol(text) }
    var text = text
    return text.withUTF8 { Symbol(digestOf: $0) }
  }

  /// The digest of these UTF-8 bytes, as a symbol.
  init(digestOf bytes: UnsafeBufferPointer<UInt8>) {
    // FNV-1a over every byte, then MurmurHash3's 64-bit finaliser to spread it.
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    h ^= h >> 33
    h &*= 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    h &*= 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    self.init(bits: Symbol.internedFlag | Symbol.digestFlag | (h & (Symbol.digestFlag - 1)))
  }

  /// Whether this symbol holds a digest rather than its text.
  var isDigest: Bool {
    bits & (Symbol.internedFlag | Symbol.digestFlag) == Symbol.internedFlag | Symbol.digestFlag
  }
}
