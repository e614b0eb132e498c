import SubscriptionPolicy
import Testing

@testable import SimSub

extension PolicyFileTests {
  /// RFC 6901 JSON pointers: parsing, escapes, and evaluation.
  @Suite struct JSONPointerTests {
    /// The document of RFC 6901 section 5.
    static let document = try! JSONValue(
      parsing: #"""
        {
          "foo": ["bar", "baz"],
          "": 0,
          "a/b": 1,
          "c%d": 2,
          "e^f": 3,
          "g|h": 4,
          "i\\j": 5,
          "k\"l": 6,
          " ": 7,
          "m~n": 8
        }
        """#)

    static func pointer(_ text: String) throws -> JSONPointer {
      try JSONPointer.parse(text).get()
    }

    /// Every example of RFC 6901 section 5, in its JSON string form.
    @Test(
      arguments: [
        ("/foo", #"["bar","baz"]"#),
        ("/foo/0", #""bar""#),
        ("/", "0"),
        ("/a~1b", "1"),
        ("/c%d", "2"),
        ("/e^f", "3"),
        ("/g|h", "4"),
        (#"/i\j"#, "5"),
        (#"/k"l"#, "6"),
        ("/ ", "7"),
        ("/m~0n", "8"),
      ])
    func evaluatesTheRFCExamples(pointer text: String, expected: String) throws {
      let value = try Self.pointer(text).evaluate(Self.document)
      #expect(value == (try JSONValue(parsing: expected)))
    }

    @Test func theEmptyPointerIsTheWholeDocument() throws {
      #expect(try Self.pointer("").evaluate(Self.document) == Self.document)
      #expect(try Self.pointer("").tokens == [])
    }

    @Test func tokensAreUnescapedOnceInOrder() throws {
      // `~01` is `~1` (a tilde, then a one), not `/`: `~0` is read first, left to right.
      #expect(try Self.pointer("/~01").tokens == ["~1"])
      #expect(try Self.pointer("/a~1b~0c/").tokens == ["a/b~c", ""])
      #expect(try Self.pointer("//").tokens == ["", ""])
    }

    @Test(arguments: [
      "/foo/2", "/foo/-", "/foo/01", "/foo/+1", "/foo/bar", "/foo/0/x", "/missing", "/a~1b/c",
    ])
    func picksNothingWhereThereIsNothing(_ text: String) throws {
      #expect(try Self.pointer(text).evaluate(Self.document) == nil)
    }

    @Test func readsAnEntitlementAnswer() throws {
      let answer = try JSONValue(
        parsing:
          #"{"subscriber":{"entitlements":{"pro":{"active":true,"state":"in_grace"}}},"list":[{"x":1}]}"#)
      #expect(try Self.pointer("/subscriber/entitlements/pro/active").evaluate(answer) == .bool(true))
      #expect(try Self.pointer("/subscriber/entitlements/pro/state").evaluate(answer) == .string("in_grace"))
      #expect(try Self.pointer("/list/0/x").evaluate(answer) == .number(JSONNumber(1)))
    }

    @Test(
      arguments: [
        ("premium", "a JSON pointer starts with '/' (RFC 6901) — did you mean '/premium'?", 0),
        ("#/premium", "a JSON pointer starts with '/' (RFC 6901)", 0),
        ("/a~", "'~' in a JSON pointer is '~0' (for '~') or '~1' (for '/'), not '~'", 2),
        ("/a/b~x", "'~' in a JSON pointer is '~0' (for '~') or '~1' (for '/'), not '~x'", 4),
      ])
    func refusesWhatIsNotAPointer(_ text: String, message: String, offset: Int) {
      guard case .failure(let failure) = JSONPointer.parse(text) else {
        Issue.record("'\(text)' parsed")
        return
      }
      #expect(failure.message == message)
      #expect(failure.offset == offset)
    }
  }
}
