import Foundation

/// A store identifier (`productId`, `originalTransactionId`, `purchaseToken`, …) held in
/// 64 bits, so notifications stay plain values the engine copies without reference counting.
///
/// A canonical decimal number (`2000000123456789`, the shape of Apple's transaction ids and of
/// the tokens simsub makes) is stored as the number itself. Any other text is interned once in
/// a process-wide table and stored as its index: product ids, bundle ids and the identifiers of
/// a replayed production log. The table only grows with *distinct texts decoded from JSON*; a
/// simulation that makes numeric ids never touches it, so Monte Carlo memory stays flat, and a
/// replay holds the ids made anew per notification as digests (`DigestedSymbol.swift`).
public struct Symbol: Hashable, Sendable {
  @usableFromInline let bits: UInt64

  @usableFromInline static let internedFlag: UInt64 = 1 << 63

  @inlinable init(bits: UInt64) { self.bits = bits }

  /// A numeric identifier; `number` must be below 2^63.
  @inlinable public init(number: UInt64) {
    precondition(number < Symbol.internedFlag, "numeric identifiers are below 2^63")
    bits = number
  }

  /// The identifier with this text, interning it if it is not a canonical decimal number.
  public init(_ text: String) {
    if let n = Symbol.canonicalNumber(text) {
      bits = n
    } else {
      bits = Symbol.internedFlag | UInt64(SymbolTable.shared.index(of: text))
    }
  }

  /// The number this identifier holds, when it is numeric.
  @inlinable public var number: UInt64? { bits & Symbol.internedFlag == 0 ? bits : nil }

  /// The identifier's text, as the store spells it.
  public var text: String {
    if let n = number { return String(n) }
    if isDigest { return "#" + String(bits & (Symbol.digestFlag - 1), radix: 16) }
    return SymbolTable.shared.text(at: Int(bits & ~Symbol.internedFlag))
  }

  static func canonicalNumber(_ text: String) -> UInt64? {
    let utf8 = text.utf8
    guard !utf8.isEmpty, utf8.count <= 18, utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
      return nil
    }
    if utf8.count > 1 && utf8.first == 48 { return nil }  // "007" must round-trip as text
    return UInt64(text)
  }
}

extension Symbol: CustomStringConvertible {
  public var description: String { text }
}

extension Symbol: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self.init(value) }
}

extension Symbol: Codable {
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(text)
  }
}

/// The process-wide intern table behind `Symbol`. Locked, because a scenario check and a
/// Monte Carlo worker may decode on different threads; touched only at the JSON edge.
final class SymbolTable: @unchecked Sendable {
  static let shared = SymbolTable()
  private let lock = NSLock()
  // The well-known texts first, so their symbols' indices are known at compile time.
  private var texts: [String] = WellKnownText.allCases.map(\.text)
  private var indices: [String: Int] = Dictionary(
    uniqueKeysWithValues: WellKnownText.allCases.map { ($0.text, Int($0.rawValue)) })

  func index(of text: String) -> Int {
    lock.lock()
    defer { lock.unlock() }
    if let i = indices[text] { return i }
    texts.append(text)
    indices[text] = texts.count - 1
    return texts.count - 1
  }

  /// The index of the text with these UTF-8 bytes (which must be valid UTF-8), found without
  /// making a `String` when the text was looked up so recently that it still sits in `recent`.
  ///
  /// The App Store decoders intern the same few texts (the bundle and product ids, `Production`,
  /// `PURCHASED`, …) several times in every body; hashing a `String` for the dictionary was a
  /// sixth of a body's decoding. The recent texts' bytes are kept in the slots themselves, so a
  /// hit reads no `String` and touches no array of the table.
  func index(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let count = bytes.count
    guard count > 0, count <= Self.recentBytes, let source = bytes.baseAddress else {
      return index(of: String(decoding: bytes, as: UTF8.self))
    }
    let hash = JSONByteIndex.hash(source, count)
    let slot = Int(truncatingIfNeeded: hash >> 56)
    let text = recentText + slot * Self.recentBytes
    lock.lock()
    let cached = recent[slot]
    if cached.hash == hash, cached.count == count, memcmp(text, source, count) == 0 {
      lock.unlock()
      return cached.index
    }
    lock.unlock()
    let i = index(of: String(decoding: bytes, as: UTF8.self))
    lock.lock()
    recent[slot] = Recent(hash: hash, index: i, count: count)
    text.update(from: source, count: count)
    lock.unlock()
    return i
  }

  /// The last text looked up by bytes in each of 256 slots, by its hash's top byte, and its
  /// bytes in `recentText` (`recentBytes` per slot). Allocated once for the process's table.
  private struct Recent {
    var hash: UInt64
    var index: Int
    var count: Int
  }
  private static let recentBytes = 48
  private let recent: UnsafeMutablePointer<Recent> = {
    let p = UnsafeMutablePointer<Recent>.allocate(capacity: 256)
    p.initialize(repeating: Recent(hash: 0, index: -1, count: -1), count: 256)
    return p
  }()
  private let recentText: UnsafeMutablePointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 256 * recentBytes)
    p.initialize(repeating: 0, count: 256 * recentBytes)
    return p
  }()

  deinit {
    recent.deallocate()
    recentText.deallocate()
  }

  /// Whether the table holds `text`.
  func contains(_ text: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return indices[text] != nil
  }

  func text(at index: Int) -> String {
    lock.lock()
    defer { lock.unlock() }
    return texts[index]
  }
}
