/// A writer that builds a JSON document straight into bytes, object by object and member by
/// member, with no tree in between (the App Store's signed payloads, RevenueCat's
/// `CustomerInfo`): the braces and the `"key":` of each member, a comma before every member but
/// an object's first. What follows each key is the writer's own.
package protocol JSONObjectBytes {
  /// The document so far.
  var out: [UInt8] { get set }
  /// Whether the next member needs a comma before it.
  var needsComma: Bool { get set }
}

extension JSONObjectBytes {
  /// `{`: an object begins.
  @inlinable package mutating func begin() {
    out.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// `}`: the object ends, a member of its parent.
  @inlinable package mutating func end() {
    out.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// `"key":`, after a comma when a member precedes; the keys are plain ASCII.
  @inlinable package mutating func key(_ k: StaticString) {
    if needsComma { out.append(UInt8(ascii: ",")) }
    needsComma = true
    out.append(UInt8(ascii: "\""))
    out.append(contentsOf: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
    out.append(UInt8(ascii: "\""))
    out.append(UInt8(ascii: ":"))
  }
}
