import Testing

@testable import SubscriptionPolicy

@Suite("JSON parser")
struct JSONParserTests {
  @Test func parsesEveryKindOfValue() throws {
    let v = try JSONValue(
      parsing: #" { "a" : [ 1 , -2.5e3 , true , false , null , "s" ] , "b" : { } , "c" : [ ] } "#)
    #expect(v["a"]?[0]?.int64Value == 1)
    #expect(v["a"]?[1]?.doubleValue == -2500)
    #expect(v["a"]?[2]?.boolValue == true)
    #expect(v["a"]?[3]?.boolValue == false)
    #expect(v["a"]?[4]?.isNull == true)
    #expect(v["a"]?[5]?.stringValue == "s")
    #expect(v["a"]?[6] == nil)
    #expect(v["b"] == .object([:]))
    #expect(v["c"] == .array([]))
    #expect(v["missing"] == nil)
  }

  @Test func keepsKeysInDocumentOrder() throws {
    let v = try JSONValue(parsing: #"{"zeta":1,"alpha":2,"mid":3}"#)
    #expect(v.objectValue?.keys == ["zeta", "alpha", "mid"])
    #expect(v.serialized() == #"{"zeta":1,"alpha":2,"mid":3}"#)
  }

  @Test func decodesEscapes() throws {
    let v = try JSONValue(parsing: #""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\u0000""#)
    #expect(v == .string("\"\\/\u{08}\u{0C}\n\r\t\u{41}é€\u{0}"))
  }

  @Test func joinsSurrogatePairs() throws {
    #expect(try JSONValue(parsing: #""\uD83D\uDE00""#) == .string("😀"))
    #expect(try JSONValue(parsing: #""\ud83d\ude00x""#) == .string("😀x"))
  }

  @Test func acceptsWellFormedUTF8() throws {
    let bytes: [UInt8] = [0x22] + Array("é€😀\u{10FFFF}".utf8) + [0x22]
    #expect(try JSONValue(parsing: bytes) == .string("é€😀\u{10FFFF}"))
  }

  @Test func skipsALeadingByteOrderMark() throws {
    #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
  }

  @Test func allowsAllFourWhitespaceCharacters() throws {
    #expect(try JSONValue(parsing: " \t\r\n[ \t\r\n1 \t\r\n] \t\r\n") == [1])
  }

  /// Every error, with its line and column and message, asserted exactly.
  @Test(arguments: [
    ("", "1:1: unexpected end of input; expected a value"),
    ("   ", "1:4: unexpected end of input; expected a value"),
    ("{", "1:2: unexpected end of input; expected a string key"),
    ("[1,", "1:4: unexpected end of input; expected a value"),
    ("[1", "1:3: unexpected end of input; expected ',' or ']' after an array element"),
    (#"{"a":1"#, "1:7: unexpected end of input; expected ',' or '}' after an object member"),
    ("[1 2]", "1:4: unexpected character '2'; expected ',' or ']' after an array element"),
    (#"{"a" 1}"#, "1:6: expected ':' after an object key"),
    ("{a:1}", "1:2: unexpected character 'a'; expected a string key"),
    (#"{"a":1,}"#, "1:8: unexpected character '}'; expected a string key"),
    ("[1,]", "1:4: unexpected character ']'; expected a value"),
    ("[1]]", "1:4: unexpected character ']' after the JSON value"),
    ("{} x", "1:4: unexpected character 'x' after the JSON value"),
    ("1 2", "1:3: unexpected character '2' after the JSON value"),
    ("tru", "1:1: unexpected character 't'; expected a value"),
    ("nul", "1:1: unexpected character 'n'; expected a value"),
    ("True", "1:1: unexpected character 'T'; expected a value"),
    ("'a'", "1:1: unexpected character '''; expected a value"),
    ("“a”", "1:1: unexpected character '“'; expected a value"),
    ("01", "1:1: invalid number: leading zeros are not allowed"),
    ("-", "1:2: invalid number: expected a digit after '-'"),
    ("-a", "1:2: invalid number: expected a digit after '-'"),
    ("1.", "1:3: invalid number: expected a digit after '.'"),
    ("1.e5", "1:3: invalid number: expected a digit after '.'"),
    ("1e", "1:3: invalid number: expected a digit in the exponent"),
    ("1e+", "1:4: invalid number: expected a digit in the exponent"),
    (#""abc"#, "1:1: unterminated string (no closing '\"')"),
    (#""a\"#, "1:3: unterminated string (no closing '\"')"),
    (#""\x""#, "1:2: invalid escape '\\x'"),
    ("\"\\é\"", "1:2: invalid escape: '\\' followed by character 'é'"),
    ("\"\\ \"", "1:2: invalid escape: '\\' followed by character ' '"),
    (#""\u12G4""#, "1:2: invalid \\u escape: expected four hex digits"),
    (#""\u12""#, "1:2: invalid \\u escape: expected four hex digits"),
    (#""\uD800""#, "1:2: lone surrogate \\uD800: a high surrogate must be followed by a low one"),
    (#""\uD800\u0041""#, "1:2: lone surrogate \\uD800: a high surrogate must be followed by a low one"),
    (#""\uD800\uD800""#, "1:2: lone surrogate \\uD800: a high surrogate must be followed by a low one"),
    (#""\uDC00""#, "1:2: lone surrogate \\uDC00: a low surrogate without a high one"),
    ("\"a\tb\"", "1:3: control character U+0009 must be escaped in a string"),
    ("\"a\nb\"", "1:3: control character U+000A must be escaped in a string"),
    (#"{"a":1,"a":2}"#, #"1:8: duplicate key "a""#),
    ("{\n  \"a\": 1,\n  \"b\": tru\n}", "3:8: unexpected character 't'; expected a value"),
    ("[\r\n1,\r\n x]", "3:2: unexpected character 'x'; expected a value"),
    ("[\"é\", x]", "1:7: unexpected character 'x'; expected a value"),
  ])
  func reportsErrorsWithLineAndColumn(input: String, expected: String) {
    #expect(throws: (any Error).self) { try JSONValue(parsing: input) }
    do {
      _ = try JSONValue(parsing: input)
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test func errorsCarryTheByteOffset() {
    do {
      _ = try JSONValue(parsing: "[\"é\", x]")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 1)
      #expect(error.column == 7)
      #expect(error.offset == 7)
    }
  }

  @Test(
    arguments: [
      ("invalid continuation", [0x22, 0xC3, 0x28, 0x22], "1:2: invalid UTF-8 (byte 0xC3)"),
      ("overlong NUL", [0x22, 0xC0, 0x80, 0x22], "1:2: invalid UTF-8 (byte 0xC0)"),
      ("overlong three bytes", [0x22, 0xE0, 0x80, 0xAF, 0x22], "1:2: invalid UTF-8 (byte 0xE0)"),
      ("encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], "1:2: invalid UTF-8 (byte 0xED)"),
      ("above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "1:2: invalid UTF-8 (byte 0xF4)"),
      ("F5 lead", [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], "1:2: invalid UTF-8 (byte 0xF5)"),
      ("lone continuation", [0x22, 0x80, 0x22], "1:2: invalid UTF-8 (byte 0x80)"),
      ("cut off at the end", [0x22, 0xE2, 0x82], "1:2: invalid UTF-8 (byte 0xE2)"),
      (
        "outside a string", [0x5B, 0xFF, 0x5D], "1:2: unexpected byte 0xFF (invalid UTF-8); expected a value"
      ),
    ] as [(String, [UInt8], String)])
  func rejectsInvalidUTF8(_ name: String, bytes: [UInt8], expected: String) {
    do {
      _ = try JSONValue(parsing: bytes)
      Issue.record("\(name): expected an error")
    } catch {
      #expect(error.description == expected, "\(name)")
    }
  }

  @Test func refusesTenThousandOpenBrackets() {
    let input = String(repeating: "[", count: 10_000)
    do {
      _ = try JSONValue(parsing: input)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "1:513: arrays and objects nest more than 512 levels deep")
    }
  }

  @Test func refusesDeepObjectsToo() {
    let input = String(repeating: #"{"a":"#, count: 10_000)
    #expect(throws: JSONError.self) { try JSONValue(parsing: input) }
  }

  @Test func acceptsNestingUpToTheLimit() throws {
    let depth = JSONValue.defaultMaxDepth
    let input = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var v = try JSONValue(parsing: input)
    var levels = 0
    while case .array(let a) = v, let first = a.first {
      v = first
      levels += 1
    }
    #expect(levels == depth - 1)  // the innermost array is empty
    #expect(throws: JSONError.self) { try JSONValue(parsing: "[" + input + "]") }
  }

  @Test func theLimitCanBeLowered() throws {
    #expect(try JSONValue(parsing: "[[1]]", maxDepth: 2) == [[1]])
    #expect(throws: JSONError.self) { try JSONValue(parsing: "[[[1]]]", maxDepth: 2) }
  }

  @Test func duplicateKeysAreFoundInLargeObjects() {
    let members = (0..<40).map { #""k\#($0)":\#($0)"# } + [#""k7":0"#]
    let input = "{" + members.joined(separator: ",") + "}"
    do {
      _ = try JSONValue(parsing: input)
      Issue.record("expected an error")
    } catch {
      #expect(error.message == #"duplicate key "k7""#)
    }
  }

  @Test func largeArraysAndObjectsParse() throws {
    let n = 20_000
    let array = "[" + (0..<n).map(String.init).joined(separator: ",") + "]"
    #expect(try JSONValue(parsing: array).arrayValue?.count == n)
    let object = "{" + (0..<n).map { #""\#($0)":\#($0)"# }.joined(separator: ",") + "}"
    #expect(try JSONValue(parsing: object).objectValue?.count == n)
  }
}
