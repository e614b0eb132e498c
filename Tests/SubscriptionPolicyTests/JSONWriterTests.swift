import TestSupport
import Testing

@testable import SubscriptionPolicy

@Suite("JSON writer")
struct JSONWriterTests {
  @Test func compactKeepsKeyOrderAndOmitsWhitespace() {
    let v: JSONValue = [
      "z": 1, "a": [true, false, nil], "m": ["nested": "x"], "e": [], "o": [:], "d": 2.5,
    ]
    #expect(v.serialized() == #"{"z":1,"a":[true,false,null],"m":{"nested":"x"},"e":[],"o":{},"d":2.5}"#)
  }

  @Test func prettyUsesTwoSpacesAndKeepsEmptyContainersOnOneLine() {
    let v: JSONValue = ["store": "apple", "list": [1, ["k": nil]], "empty": [], "obj": [:]]
    let expected = """
      {
        "store": "apple",
        "list": [
          1,
          {
            "k": null
          }
        ],
        "empty": [],
        "obj": {}
      }
      """
    #expect(v.serialized(.pretty) == expected)
  }

  @Test func scalarsAtTheTopLevel() {
    #expect(JSONValue.null.serialized(.pretty) == "null")
    #expect(JSONValue.bool(true).serialized() == "true")
    #expect(JSONValue.string("").serialized() == #""""#)
    #expect(JSONValue.int(-42).serialized() == "-42")
  }

  @Test func escapesOnlyWhatJSONRequires() throws {
    let s = "quote\" backslash\\ slash/ \u{08}\u{0C}\n\r\t \u{01}\u{1F}\u{7F} é 😀 \u{2028}"
    let expected = #""quote\" backslash\\ slash/ \b\f\n\r\t \u0001\u001f"# + "\u{7F} é 😀 \u{2028}\""
    #expect(JSONValue.string(s).serialized() == expected)
    #expect(try JSONValue(parsing: expected) == .string(s))
  }

  @Test func keysAreEscapedLikeStrings() {
    let v: JSONValue = ["a\"b\n": 1]
    #expect(v.serialized() == #"{"a\"b\n":1}"#)
  }

  @Test func integersAreWrittenAsTheirDigits() {
    #expect(JSONValue.int(.max).serialized() == "9223372036854775807")
    #expect(JSONValue.int(.min).serialized() == "-9223372036854775808")
    #expect(JSONValue.int(1_767_225_600_000).serialized() == "1767225600000")
  }

  /// Pins Swift's shortest round-trip `description` of doubles, which the writer uses. The
  /// runtime computes it (SwiftDtoa) without the C library, so these strings are the same on
  /// Linux and macOS; if a toolchain ever changed them, this table would say so.
  @Test(arguments: [
    (0.0, "0.0"), (-0.0, "-0.0"), (1.0, "1.0"), (0.1, "0.1"), (-2.5, "-2.5"),
    (0.30000000000000004, "0.30000000000000004"), (100.0, "100.0"), (0.001, "0.001"),
    (0.0001, "0.0001"), (1e-5, "1e-05"), (1e-7, "1e-07"), (123456.789, "123456.789"),
    (1e15, "1000000000000000.0"), (1e16, "1e+16"), (9007199254740992.0, "9007199254740992.0"),
    (123456789012345678.0, "1.2345678901234568e+17"), (1e21, "1e+21"), (1.5e300, "1.5e+300"),
    (1.7976931348623157e308, "1.7976931348623157e+308"), (Double.leastNonzeroMagnitude, "5e-324"),
    (2.2250738585072014e-308, "2.2250738585072014e-308"),
  ])
  func doublesHaveAFixedShortestText(value: Double, text: String) throws {
    let n = try #require(JSONNumber(value))
    #expect(n.text == text)
    #expect(JSONNumber(text: n.text) != nil, "valid JSON number grammar")
    #expect(n.double?.bitPattern == value.bitPattern)
  }

  @Test func doublesRoundTripThroughTheirText() throws {
    var rng = SeededGenerator(seed: 0x5EED)
    for _ in 0..<20_000 {
      let d = Double(bitPattern: rng.next())
      guard d.isFinite else { continue }
      let n = try #require(JSONNumber(d))
      #expect(JSONNumber(text: n.text) != nil, "\(n.text) is not JSON")
      #expect(Double(n.text)?.bitPattern == d.bitPattern, "\(n.text)")
    }
  }

  @Test func nonFiniteDoublesAreNotNumbers() {
    #expect(JSONNumber(Double.nan) == nil)
    #expect(JSONNumber(Double.infinity) == nil)
    #expect(JSONValue.double(-.infinity) == .null)
    #expect(JSONValue.double(0.5) == .number(JSONNumber(uncheckedText: "0.5")))
  }

  @Test func parsedNumbersKeepTheirText() throws {
    let v = try JSONValue(parsing: "[1.50, 1E+2, -0, 0.000, 12345678901234567890123]")
    #expect(v.serialized() == "[1.50,1E+2,-0,0.000,12345678901234567890123]")
  }

  @Test func integerAccessorOnlyTakesIntegerLiterals() throws {
    #expect(JSONNumber(text: "1767225600000")?.int64 == 1_767_225_600_000)
    #expect(JSONNumber(text: "-9223372036854775808")?.int64 == .min)
    #expect(JSONNumber(text: "9223372036854775808")?.int64 == nil)
    #expect(JSONNumber(text: "1.0")?.int64 == nil)
    #expect(JSONNumber(text: "1e3")?.int64 == nil)
    #expect(JSONNumber(text: "1e999")?.double == nil)
  }

  @Test(arguments: ["", "-", "01", "1.", ".5", "+1", "1e", "1e+", "0x10", "NaN", "Infinity", " 1", "1 "])
  func numberTextIsChecked(text: String) {
    #expect(JSONNumber(text: text) == nil)
  }

  @Test func objectMembersCanBeReplacedRemovedAndAppended() {
    var o: JSONObject = ["a": 1, "b": 2]
    o["a"] = 3
    o["c"] = 4
    o["b"] = nil
    o.append("d", nil)
    o.append("e", "x")
    #expect(o.keys == ["a", "c", "e"])
    #expect(JSONValue.object(o).serialized() == #"{"a":3,"c":4,"e":"x"}"#)
  }

  @Test func objectOrderIsPartOfEquality() {
    let ab: JSONValue = ["a": 1, "b": 2]
    let ba: JSONValue = ["b": 2, "a": 1]
    #expect(ab != ba)
  }

  @Test func randomValuesRoundTripThroughBothStyles() throws {
    var rng = SeededGenerator(seed: 42)
    for _ in 0..<500 {
      let v = randomValue(&rng, depth: 0)
      #expect(try JSONValue(parsing: v.serialized()) == v)
      #expect(try JSONValue(parsing: v.serialized(.pretty)) == v)
    }
  }
}

/// A random JSON value a few levels deep, with awkward strings and numbers.
func randomValue(_ rng: inout SeededGenerator, depth: Int) -> JSONValue {
  let pick = rng.next() % (depth > 4 ? 5 : 7)
  switch pick {
  case 0: return .null
  case 1: return .bool(rng.next() & 1 == 0)
  case 2: return .int(Int64(bitPattern: rng.next()))
  case 3:
    let d = Double(bitPattern: rng.next())
    return .double(d.isFinite ? d : 0.5)
  case 4: return .string(randomString(&rng))
  case 5: return .array((0..<Int(rng.next() % 5)).map { _ in randomValue(&rng, depth: depth + 1) })
  default:
    var o = JSONObject()
    for _ in 0..<Int(rng.next() % 5) { o[randomString(&rng)] = randomValue(&rng, depth: depth + 1) }
    return .object(o)
  }
}

func randomString(_ rng: inout SeededGenerator) -> String {
  let pieces = [
    "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "😀", "\u{FFFD}", "\u{2028}",
  ]
  return (0..<Int(rng.next() % 8)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
}
