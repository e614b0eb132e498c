import Foundation

/// A JSON document's objects indexed in one pass over its bytes, without building a tree: for
/// every object, its members' keys and where their values lie.
///
/// The App Store decoders read their typed fields through it, so a notification with two
/// nested JWS is read without a `JSONValue`, a `String` per key or an array per path; the
/// document's trees are built from the same bytes only when they are asked for (see
/// `SignedJSON`).
///
/// It checks what `JSONParser` checks (the grammar, UTF-8, control characters, escapes,
/// duplicate keys, nesting depth, nothing after the value), and refuses — `nil`, never a
/// different verdict — whatever it leaves to the parser: a root that is not an object, a byte
/// order mark, a key with an escape, an object of more than `maxMembers` members, nesting
/// deeper than `maxScanDepth`, and any error. The caller then takes the parser's path, which
/// accepts the document or reports the error with its line and column, so the fast path never
/// decides anything the parser would decide otherwise.
struct JSONByteIndex {
  /// What a member's value is.
  enum Kind: UInt8 {
    case string
    /// A string holding a `\` escape, checked by the parser's own string reader.
    case escapedString
    /// A number without fraction or exponent.
    case integer
    /// A number with a fraction or an exponent.
    case number
    case trueLiteral
    case falseLiteral
    case null
    case object
    case array
  }

  /// One member of an object: its key, its value's bytes (`valueStart..<valueEnd`, quotes
  /// included for a string), and its next sibling.
  struct Member {
    var keyStart: Int32
    var keyCount: Int32
    var valueStart: Int32
    var valueEnd: Int32
    /// The next member of the same object, or -1.
    var next: Int32
    /// An object's first member, or -1 (empty, or not an object).
    var firstChild: Int32
    var hash: UInt64
    var kind: Kind
    /// On an object's first member: a bit for each of the object's keys (by its hash's top six
    /// bits), so that most lookups of a key it lacks end without walking its members.
    var objectKeys: UInt64 = 0
  }

  /// An object's members: the index of its first member, -1 when it has none.
  typealias Object = Int32

  /// The document's bytes.
  let bytes: [UInt8]
  private(set) var members: [Member]
  /// The root object.
  let root: Object

  /// Objects with more members than this are left to the parser (whose duplicate check stays
  /// linear however large the object).
  static let maxMembers = 64
  /// Nesting the index reads itself (it recurses; the parser does not).
  static let maxScanDepth = 32

  /// Indexes `bytes`, a JSON object nested at most `maxDepth` deep; `nil` when the parser must
  /// decide (see the type's comment).
  init?(bytes: [UInt8], maxDepth: Int) {
    guard bytes.count < Int(Int32.max) else { return nil }
    let scanned = bytes.withUnsafeBufferPointer { p -> (Object, [Member])? in
      var scanner = Scanner(array: bytes, bytes: p, maxDepth: min(maxDepth, Self.maxScanDepth))
      do {
        let root = try scanner.document()
        return (root, scanner.members)
      } catch {
        return nil
      }
    }
    guard let (root, members) = scanned else { return nil }
    self.bytes = bytes
    self.members = members
    self.root = root
  }

  // MARK: Lookup

  /// The member `key` of `object`, or `nil`.
  @inline(__always)
  func member(_ key: StaticString, in object: Object) -> Member? {
    let count = key.utf8CodeUnitCount
    let hash = Self.hash(key.utf8Start, count)
    var i = object
    return members.withUnsafeBufferPointer { m in
      guard i >= 0, m[Int(i)].objectKeys & Self.keyBit(hash) != 0 else { return nil }
      return bytes.withUnsafeBufferPointer { b in
        // Each member's fields read in place, not the member copied out.
        let first = m.baseAddress.unsafelyUnwrapped
        while i >= 0 {
          let member = first + Int(i)
          if member.pointee.hash == hash, Int(member.pointee.keyCount) == count,
            memcmp(b.baseAddress! + Int(member.pointee.keyStart), key.utf8Start, count) == 0
          {
            return member.pointee
          }
          i = member.pointee.next
        }
        return nil
      }
    }
  }

  /// The member `key`, when present and not `null` (as `JSONCursor.ifPresent` reads it).
  @inline(__always)
  func present(_ key: StaticString, in object: Object) -> Member? {
    guard let m = member(key, in: object), m.kind != .null else { return nil }
    return m
  }

  /// The bit of ``Member/objectKeys`` for a key of this hash.
  @inline(__always)
  static func keyBit(_ hash: UInt64) -> UInt64 { 1 << (hash >> 58) }

  /// A key's hash: its length and its first and last eight bytes, mixed. Equal keys hash
  /// alike; a collision only costs a comparison.
  @inline(__always)
  static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    var a: UInt64 = 0
    var b: UInt64 = 0
    if count >= 8 {
      a = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
      b = UnsafeRawPointer(p + count - 8).loadUnaligned(as: UInt64.self)
    } else {
      for k in 0..<count { a |= UInt64(p[k]) << (8 * UInt64(k)) }
    }
    return (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
  }

  // MARK: Scanning

  /// Why the index gave up; never shown: the parser's path reports the real error.
  struct Refusal: Error {}

  /// Reads through a pointer to the bytes, so that no read is bounds-checked twice: every
  /// index is compared with `bytes.count` before it is read.
  private struct Scanner {
    /// The bytes, for the parser's readers of the rare cases (escapes, non-ASCII).
    let array: [UInt8]
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var pos = 0
    var members: [Member] = []

    init(array: [UInt8], bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
      self.array = array
      self.bytes = bytes
      self.maxDepth = maxDepth
      members.reserveCapacity(64)
    }

    mutating func document() throws(Refusal) -> Object {
      skipWhitespace()
      guard pos < bytes.count, bytes[pos] == UInt8(ascii: "{") else { throw Refusal() }
      let root = try object(depth: 0)
      skipWhitespace()
      guard pos == bytes.count else { throw Refusal() }
      return root
    }

    @inline(__always)
    mutating func skipWhitespace() {
      while pos < bytes.count {
        switch bytes[pos] {
        case 0x20, 0x09, 0x0A, 0x0D: pos += 1
        default: return
        }
      }
    }

    /// The object at `pos` (its `{`), inside `depth` containers.
    mutating func object(depth: Int) throws(Refusal) -> Object {
      guard depth < maxDepth else { throw Refusal() }
      pos += 1
      skipWhitespace()
      guard pos < bytes.count else { throw Refusal() }
      if bytes[pos] == UInt8(ascii: "}") {
        pos += 1
        return -1
      }
      var first: Int32 = -1
      var last: Int32 = -1
      var count = 0
      var seen: UInt64 = 0
      while true {
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { throw Refusal() }
        let keyStart = pos + 1
        guard try string() == .string else { throw Refusal() }
        let keyCount = pos - 1 - keyStart
        let hash = JSONByteIndex.hash(bytes.baseAddress! + keyStart, keyCount)
        // Duplicate keys, as the parser refuses them: the siblings are compared only when a
        // bit of the key's hash was already seen in this object, which it rarely was.
        let bit = JSONByteIndex.keyBit(hash)
        if seen & bit != 0 {
          var sibling = first
          while sibling >= 0 {
            let m = members[Int(sibling)]
            if m.hash == hash, Int(m.keyCount) == keyCount,
              memcmp(bytes.baseAddress! + Int(m.keyStart), bytes.baseAddress! + keyStart, keyCount) == 0
            {
              throw Refusal()
            }
            sibling = m.next
          }
        }
        seen |= bit
        count += 1
        guard count <= JSONByteIndex.maxMembers else { throw Refusal() }
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw Refusal() }
        pos += 1
        skipWhitespace()
        let index = Int32(members.count)
        members.append(
          Member(
            keyStart: Int32(keyStart), keyCount: Int32(keyCount), valueStart: 0, valueEnd: 0, next: -1,
            firstChild: -1, hash: hash, kind: .null))
        if last >= 0 { members[Int(last)].next = index } else { first = index }
        last = index
        let valueStart = pos
        var child: Object = -1
        let kind = try value(depth: depth + 1, child: &child)
        members.withUnsafeMutableBufferPointer { m in
          m[Int(index)].valueStart = Int32(valueStart)
          m[Int(index)].valueEnd = Int32(pos)
          m[Int(index)].kind = kind
          m[Int(index)].firstChild = child
        }
        skipWhitespace()
        guard pos < bytes.count else { throw Refusal() }
        if bytes[pos] == UInt8(ascii: ",") {
          pos += 1
          skipWhitespace()
          continue
        }
        guard bytes[pos] == UInt8(ascii: "}") else { throw Refusal() }
        pos += 1
        members[Int(first)].objectKeys = seen
        return first
      }
    }

    /// The array at `pos` (its `[`), inside `depth` containers.
    mutating func array(depth: Int) throws(Refusal) {
      guard depth < maxDepth else { throw Refusal() }
      pos += 1
      skipWhitespace()
      guard pos < bytes.count else { throw Refusal() }
      if bytes[pos] == UInt8(ascii: "]") {
        pos += 1
        return
      }
      while true {
        var child: Object = -1
        _ = try value(depth: depth + 1, child: &child)
        skipWhitespace()
        guard pos < bytes.count else { throw Refusal() }
        if bytes[pos] == UInt8(ascii: ",") {
          pos += 1
          skipWhitespace()
          continue
        }
        guard bytes[pos] == UInt8(ascii: "]") else { throw Refusal() }
        pos += 1
        return
      }
    }

    /// The value at `pos`, a member's or an element's, inside `depth` containers.
    mutating func value(depth: Int, child: inout Object) throws(Refusal) -> Kind {
      guard pos < bytes.count else { throw Refusal() }
      switch bytes[pos] {
      case UInt8(ascii: "\""): return try string()
      case UInt8(ascii: "{"):
        child = try object(depth: depth)
        return .object
      case UInt8(ascii: "["):
        try array(depth: depth)
        return .array
      case UInt8(ascii: "-"), 0x30...0x39: return try number()
      case UInt8(ascii: "t"):
        try literal(0x74, 0x72, 0x75, 0x65)
        return .trueLiteral
      case UInt8(ascii: "f"):
        guard pos + 5 <= bytes.count, bytes[pos + 1] == 0x61, bytes[pos + 2] == 0x6C,
          bytes[pos + 3] == 0x73, bytes[pos + 4] == 0x65
        else { throw Refusal() }
        pos += 5
        return .falseLiteral
      case UInt8(ascii: "n"):
        try literal(0x6E, 0x75, 0x6C, 0x6C)
        return .null
      default: throw Refusal()
      }
    }

    @inline(__always)
    mutating func literal(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) throws(Refusal) {
      guard pos + 4 <= bytes.count, bytes[pos] == a, bytes[pos + 1] == b, bytes[pos + 2] == c,
        bytes[pos + 3] == d
      else { throw Refusal() }
      pos += 4
    }

    /// The string at `pos` (its opening quote); `pos` ends after the closing one.
    mutating func string() throws(Refusal) -> Kind {
      let open = pos
      pos += 1
      while true {
        pos = JSONParser.skipToSpecial(bytes, from: pos)
        guard pos < bytes.count else { throw Refusal() }
        let b = bytes[pos]
        if b == UInt8(ascii: "\"") {
          pos += 1
          return .string
        } else if b == UInt8(ascii: "\\") {
          // Escapes are rare in the stores' payloads: the parser's reader checks them.
          var parser = JSONParser(bytes: array, maxDepth: 1)
          parser.pos = open
          do { _ = try parser.parseString() } catch { throw Refusal() }
          pos = parser.pos
          return .escapedString
        } else if b < 0x20 {
          throw Refusal()
        } else if b < 0x80 {
          pos += 1
        } else {
          guard let length = JSONParser.utf8ScalarLength(array, at: pos) else { throw Refusal() }
          pos += length
        }
      }
    }

    /// The number at `pos`, in the parser's grammar.
    mutating func number() throws(Refusal) -> Kind {
      @inline(__always) func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] &- 0x30 < 10 }
      var kind = Kind.integer
      if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
      guard isDigit(pos) else { throw Refusal() }
      if bytes[pos] == 0x30 {
        pos += 1
        if isDigit(pos) { throw Refusal() }
      } else {
        while isDigit(pos) { pos += 1 }
      }
      if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
        kind = .number
        pos += 1
        guard isDigit(pos) else { throw Refusal() }
        while isDigit(pos) { pos += 1 }
      }
      if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
        kind = .number
        pos += 1
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        guard isDigit(pos) else { throw Refusal() }
        while isDigit(pos) { pos += 1 }
      }
      return kind
    }
  }
}

// MARK: - Typed values

extension JSONByteIndex {
  /// A string member's text, escapes undone.
  func string(_ m: Member) throws(Refusal) -> String {
    switch m.kind {
    case .string:
      return String(decoding: bytes[Int(m.valueStart + 1)..<Int(m.valueEnd - 1)], as: UTF8.self)
    case .escapedString:
      var parser = JSONParser(bytes: bytes, maxDepth: 1)
      parser.pos = Int(m.valueStart)
      do { return try parser.parseString() } catch { throw Refusal() }
    default: throw Refusal()
    }
  }

  /// A string member as a store identifier, a canonical number read from the bytes.
  /// `unique`: an id made anew per notification or payment, digested while
  /// `Symbol.digestingUniqueIdentifiers` (`DigestedSymbol.swift`).
  func symbol(_ m: Member, unique: Bool = false) throws(Refusal) -> Symbol {
    guard m.kind == .string else { return unique ? Symbol.unique(try string(m)) : Symbol(try string(m)) }
    let start = Int(m.valueStart) + 1
    let count = Int(m.valueEnd) - 1 - start
    if count > 0, count <= 18, count == 1 || bytes[start] != 0x30 {
      var n: UInt64 = 0
      var digits = true
      for k in start..<(start + count) {
        let d = bytes[k] &- 0x30
        guard d < 10 else {
          digits = false
          break
        }
        n = n &* 10 &+ UInt64(d)
      }
      if digits { return Symbol(number: n) }
    }
    if unique, Symbol.digestingUniqueIdentifiers {
      return bytes.withUnsafeBufferPointer { b in
        Symbol(digestOf: UnsafeBufferPointer(rebasing: b[start..<(start + count)]))
      }
    }
    let index = bytes.withUnsafeBufferPointer { b in
      SymbolTable.shared.index(ofUTF8: UnsafeBufferPointer(rebasing: b[start..<(start + count)]))
    }
    return Symbol(bits: Symbol.internedFlag | UInt64(index))
  }

  /// An integer member that fits in 64 bits (as `JSONNumber.int64` reads it).
  func int64(_ m: Member) throws(Refusal) -> Int64 {
    guard m.kind == .integer else { throw Refusal() }
    var i = Int(m.valueStart)
    let end = Int(m.valueEnd)
    let negative = bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    // Accumulated negatively, so that Int64.min reads too.
    var n: Int64 = 0
    while i < end {
      let (times, o1) = n.multipliedReportingOverflow(by: 10)
      let (minus, o2) = times.subtractingReportingOverflow(Int64(bytes[i] &- 0x30))
      guard !o1, !o2 else { throw Refusal() }
      n = minus
      i += 1
    }
    if negative { return n }
    guard n != .min else { throw Refusal() }
    return -n
  }

  func int32(_ m: Member) throws(Refusal) -> Int32 {
    guard let i = Int32(exactly: try int64(m)) else { throw Refusal() }
    return i
  }

  func bool(_ m: Member) throws(Refusal) -> Bool {
    switch m.kind {
    case .trueLiteral: return true
    case .falseLiteral: return false
    default: throw Refusal()
    }
  }

  /// Milliseconds since the epoch, rounded down to the second (as
  /// `JSONCursor.instantFromMilliseconds` reads them, fractions included).
  func instantFromMilliseconds(_ m: Member) throws(Refusal) -> Instant {
    switch m.kind {
    case .integer: return Instant(millisecondsSinceEpoch: try int64(m))
    case .number:
      let text = String(decoding: bytes[Int(m.valueStart)..<Int(m.valueEnd)], as: UTF8.self)
      guard let ms = JSONNumber(uncheckedText: text).floorInt64 else { throw Refusal() }
      return Instant(millisecondsSinceEpoch: ms)
    default: throw Refusal()
    }
  }

  /// An integer, or a string of its digits (as `JSONCursor.int64OrDecimalString` reads it).
  func int64OrDecimalString(_ m: Member) throws(Refusal) -> Int64 {
    if m.kind == .string || m.kind == .escapedString {
      guard let n = JSONNumber(text: try string(m))?.int64 else { throw Refusal() }
      return n
    }
    return try int64(m)
  }

  /// A UUID member in its canonical form, either case.
  func uuid(_ m: Member) throws(Refusal) -> UUID {
    guard m.kind == .string else { throw Refusal() }
    let start = Int(m.valueStart) + 1
    let end = Int(m.valueEnd) - 1
    let u = bytes.withUnsafeBufferPointer { b in
      JSONCursor.parseUUID(UnsafeBufferPointer(rebasing: b[start..<end]))
    }
    guard let u else { throw Refusal() }
    return u
  }

  /// An object member's members.
  func object(_ m: Member) throws(Refusal) -> Object {
    guard m.kind == .object else { throw Refusal() }
    return m.firstChild
  }
}

// MARK: - Members by key

extension JSONByteIndex {
  /// The member `key`, which must be there (`null` included, as `JSONCursor` has it).
  @inline(__always)
  func required(_ key: StaticString, in o: Object) throws(Refusal) -> Member {
    guard let m = member(key, in: o) else { throw Refusal() }
    return m
  }

  func optionalSymbol(_ key: StaticString, in o: Object, unique: Bool = false) throws(Refusal) -> Symbol? {
    guard let m = present(key, in: o) else { return nil }
    return try symbol(m, unique: unique)
  }

  func optionalInt32(_ key: StaticString, in o: Object) throws(Refusal) -> Int32? {
    guard let m = present(key, in: o) else { return nil }
    return try int32(m)
  }

  func optionalInt64(_ key: StaticString, in o: Object) throws(Refusal) -> Int64? {
    guard let m = present(key, in: o) else { return nil }
    return try int64(m)
  }

  func optionalBool(_ key: StaticString, in o: Object) throws(Refusal) -> Bool? {
    guard let m = present(key, in: o) else { return nil }
    return try bool(m)
  }

  func optionalInstant(_ key: StaticString, in o: Object) throws(Refusal) -> Instant? {
    guard let m = present(key, in: o) else { return nil }
    return try instantFromMilliseconds(m)
  }
}
