import Testing

@testable import SimSub

extension SyntaxTests {
  /// Valid documents and the trees they parse into.
  @Suite struct YAMLParserTests {
    typealias N = YAMLNode

    static let example = """
      # Scenarios/card-expired.scn
      name: Card expires at the first renewal; the subscriber fixes it during grace
      store: apple
      product: {id: premium.monthly, period: 1M, grace: 16d}
      start: 2026-01-31T09:00:00Z

      timeline:
        - at: 20d
          do: card-fails
          reason: expired
        - at: renewal 1 + 5d
          do: update-card

      expect:
        - at: renewal 1 + 1h
          store: grace
          access: yes
          prompt: soft
          sent: DID_FAIL_TO_RENEW/GRACE_PERIOD
        - at: renewal 1 + 5d 1h
          store: active
          access: yes
          prompt: none
          sent: DID_RENEW/BILLING_RECOVERY
          charges: 2

      """

    static func parsed(_ text: String) throws -> YAMLNode {
      try SyntaxTesting.parse(text).get()
    }

    @Test func theFormatsExampleParsesIntoTheExpectedTree() throws {
      let expected = N.mapping([
        "name": .scalar(
          "Card expires at the first renewal; the subscriber fixes it during grace"),
        "store": .scalar("apple"),
        "product": .mapping([
          "id": .scalar("premium.monthly"), "period": .scalar("1M"), "grace": .scalar("16d"),
        ]),
        "start": .scalar("2026-01-31T09:00:00Z"),
        "timeline": .sequence([
          .mapping(["at": .scalar("20d"), "do": .scalar("card-fails"), "reason": .scalar("expired")]),
          .mapping(["at": .scalar("renewal 1 + 5d"), "do": .scalar("update-card")]),
        ]),
        "expect": .sequence([
          .mapping([
            "at": .scalar("renewal 1 + 1h"), "store": .scalar("grace"), "access": .scalar("yes"),
            "prompt": .scalar("soft"), "sent": .scalar("DID_FAIL_TO_RENEW/GRACE_PERIOD"),
          ]),
          .mapping([
            "at": .scalar("renewal 1 + 5d 1h"), "store": .scalar("active"),
            "access": .scalar("yes"), "prompt": .scalar("none"),
            "sent": .scalar("DID_RENEW/BILLING_RECOVERY"), "charges": .scalar("2"),
          ]),
        ]),
      ])
      let tree = try Self.parsed(Self.example)
      #expect(tree == expected)
    }

    @Test func nodesAndKeysCarryTheirLocations() throws {
      let tree = try Self.parsed(Self.example)
      func at(_ node: YAMLNode?) -> String {
        guard let l = node?.location else { return "none" }
        return "\(l.file):\(l.line):\(l.column)"
      }
      #expect(at(tree) == "t.scn:2:1")
      #expect(at(tree["product"]) == "t.scn:4:10")
      #expect(at(tree["product"]?["grace"]) == "t.scn:4:51")
      let productKeys = tree["product"]?.mappingEntries?.map {
        "\($0.key.location.line):\($0.key.location.column)"
      }
      #expect(productKeys == ["4:11", "4:32", "4:44"])
      #expect(at(tree["timeline"]) == "t.scn:8:3")
      #expect(at(tree["timeline"]?.sequenceItems?[1]) == "t.scn:11:5")
      #expect(at(tree["timeline"]?.sequenceItems?[1]["at"]) == "t.scn:11:9")
      #expect(at(tree["expect"]?.sequenceItems?[1]["charges"]) == "t.scn:25:14")
    }

    @Test func locationsCountCharacters() throws {
      let tree = try Self.parsed("name: café\nx: [é, ü, 'ö']\n")
      let items = try #require(tree["x"]?.sequenceItems)
      #expect(items.map(\.location.column) == [5, 8, 11])
      #expect(items.map(\.location.line) == [2, 2, 2])
    }

    @Test func equalityIgnoresLocationsButNotStyles() throws {
      let a = try Self.parsed("a: 1")
      let b = try Self.parsed("\n\n   a:    1")
      #expect(a == b)
      #expect(a != (try Self.parsed("a: '1'")))
      #expect(a != (try Self.parsed("b: 1")))
      #expect(a != (try Self.parsed("- 1")))
    }

    struct Case: CustomTestStringConvertible, Sendable {
      var text: String
      var expected: YAMLNode
      var testDescription: String { text.debugDescription }
    }

    static let valid: [Case] = [
      Case(text: "a: 1", expected: .mapping(["a": .scalar("1")])),
      Case(text: "---\na: 1\n", expected: .mapping(["a": .scalar("1")])),
      Case(text: "# c\n--- # start\n\na: 1", expected: .mapping(["a": .scalar("1")])),
      Case(text: "\u{FEFF}a: 1", expected: .mapping(["a": .scalar("1")])),
      Case(text: "a: 1\r\nb: 2\r\n", expected: .mapping(["a": .scalar("1"), "b": .scalar("2")])),
      Case(text: "a: b # c", expected: .mapping(["a": .scalar("b")])),
      Case(text: "a: b\t# c", expected: .mapping(["a": .scalar("b")])),
      Case(text: "a: b#c", expected: .mapping(["a": .scalar("b#c")])),
      Case(text: "a: 'x # y' # z", expected: .mapping(["a": .scalar("x # y", style: .singleQuoted)])),
      Case(text: "a: \"x # y\"", expected: .mapping(["a": .scalar("x # y", style: .doubleQuoted)])),
      Case(text: "a: 'it''s'", expected: .mapping(["a": .scalar("it's", style: .singleQuoted)])),
      Case(text: "a: ''", expected: .mapping(["a": .scalar("", style: .singleQuoted)])),
      Case(
        text: #"a: "q\"b\\s\nn\tt\u00e9\u20AC\uD83D\uDE00""#,
        expected: .mapping(["a": .scalar("q\"b\\s\nn\tt\u{e9}€😀", style: .doubleQuoted)])),
      Case(text: "a:    spaced   out   ", expected: .mapping(["a": .scalar("spaced   out")])),
      Case(text: "a b: c d", expected: .mapping(["a b": .scalar("c d")])),
      Case(text: "a : 1", expected: .mapping(["a": .scalar("1")])),
      Case(text: "a:\tb", expected: .mapping(["a": .scalar("b")])),
      Case(text: "at: 2026-03-02T10:00:00Z", expected: .mapping(["at": .scalar("2026-03-02T10:00:00Z")])),
      Case(text: "u: http://x:80/a?b=c", expected: .mapping(["u": .scalar("http://x:80/a?b=c")])),
      Case(text: "a: x, y [z] {w}", expected: .mapping(["a": .scalar("x, y [z] {w}")])),
      Case(text: "a: ---", expected: .mapping(["a": .scalar("---")])),
      Case(text: "a: -1", expected: .mapping(["a": .scalar("-1")])),
      Case(text: "'a b': 1\n\"c\": 2", expected: .mapping(["a b": .scalar("1"), "c": .scalar("2")])),
      Case(text: "a:\nb: 1", expected: .mapping(["a": .scalar(""), "b": .scalar("1")])),
      Case(text: "a: # nothing\nb:", expected: .mapping(["a": .scalar(""), "b": .scalar("")])),
      Case(
        text: "a:\n  b:\n    c: d\n  e: f\ng: h",
        expected: .mapping([
          "a": .mapping(["b": .mapping(["c": .scalar("d")]), "e": .scalar("f")]), "g": .scalar("h"),
        ])),
      Case(
        text: "a:\n- 1\n- 2\nb: 3",
        expected: .mapping(["a": .sequence([.scalar("1"), .scalar("2")]), "b": .scalar("3")])),
      Case(
        text: "a:\n    - 1\n    # comment\n\n    - 2",
        expected: .mapping(["a": .sequence([.scalar("1"), .scalar("2")])])),
      Case(
        text: "- a: 1\n  b: 2\n- c: 3",
        expected: .sequence([
          .mapping(["a": .scalar("1"), "b": .scalar("2")]), .mapping(["c": .scalar("3")]),
        ])),
      Case(
        text: "-   a: 1\n    b: 2",
        expected: .sequence([.mapping(["a": .scalar("1"), "b": .scalar("2")])])),
      Case(
        text: "- - a\n  - b\n- c",
        expected: .sequence([.sequence([.scalar("a"), .scalar("b")]), .scalar("c")])),
      Case(
        text: "- k:\n  - x\n  j: y",
        expected: .sequence([.mapping(["k": .sequence([.scalar("x")]), "j": .scalar("y")])])),
      Case(
        text: "-\n  a: 1\n-\n- x",
        expected: .sequence([.mapping(["a": .scalar("1")]), .scalar(""), .scalar("x")])),
      Case(
        text: "- 'q'\n- \"d\"",
        expected: .sequence([.scalar("q", style: .singleQuoted), .scalar("d", style: .doubleQuoted)])),
      Case(text: "a: []\nb: {}", expected: .mapping(["a": .sequence([]), "b": .mapping([:])])),
      Case(text: "a: [x, y,]", expected: .mapping(["a": .sequence([.scalar("x"), .scalar("y")])])),
      Case(
        text: "a: [ x y , 'z' ]",
        expected: .mapping(["a": .sequence([.scalar("x y"), .scalar("z", style: .singleQuoted)])])),
      Case(
        text: "a: [10:00, a:b]", expected: .mapping(["a": .sequence([.scalar("10:00"), .scalar("a:b")])])),
      Case(
        text: "a: [{share: 0.6, p: {period: 1M}}, [b, [c]], 'q', \"r\"] # done",
        expected: .mapping([
          "a": .sequence([
            .mapping(["share": .scalar("0.6"), "p": .mapping(["period": .scalar("1M")])]),
            .sequence([.scalar("b"), .sequence([.scalar("c")])]),
            .scalar("q", style: .singleQuoted), .scalar("r", style: .doubleQuoted),
          ])
        ])),
      Case(
        text: "a: {x: , y: 1, \"z\":2, 'w': [1]}",
        expected: .mapping([
          "a": .mapping([
            "x": .scalar(""), "y": .scalar("1"), "z": .scalar("2"), "w": .sequence([.scalar("1")]),
          ])
        ])),
      Case(text: "[a, b]", expected: .sequence([.scalar("a"), .scalar("b")])),
      Case(text: "just text", expected: .scalar("just text")),
      Case(text: "  a: 1\n  b: 2", expected: .mapping(["a": .scalar("1"), "b": .scalar("2")])),
      Case(text: "a: 1\nb: ...more", expected: .mapping(["a": .scalar("1"), "b": .scalar("...more")])),
    ]

    @Test(arguments: valid) func validDocumentsParse(_ c: Case) throws {
      #expect(try Self.parsed(c.text) == c.expected)
    }

    @Test func thePopulationExampleParses() throws {
      let text = """
        name: Typical monthly app on both stores
        users: 100000          # overridable with --users
        horizon: 365d          # overridable with --horizon
        cohort:                # who subscribes; starts spread evenly over the first period
          - {share: 0.6, store: apple,  product: {period: 1M, price: 9.99, grace: 16d}}
          - {share: 0.4, store: google, product: {period: 1M, price: 9.99, grace: 7d}}
        payments:
          renewal-failure: 0.07                          # a renewal charge is declined
          reasons: {expired: 0.35, insufficient-funds: 0.45, declined: 0.20}
        behaviour:
          fixes-card-per-day: {none: 0.01, soft: 0.05, hard: 0.08}   # by the prompt seen that day
        """
      let tree = try Self.parsed(text)
      #expect(tree["users"] == .scalar("100000"))
      #expect(tree["cohort"]?.sequenceItems?[1]["product"]?["grace"] == .scalar("7d"))
      #expect(tree["cohort"]?.sequenceItems?[0]["store"] == .scalar("apple"))
      #expect(tree["payments"]?["reasons"]?["declined"] == .scalar("0.20"))
      #expect(
        tree["behaviour"]?["fixes-card-per-day"]?.mappingEntries?.map(\.key.text) == ["none", "soft", "hard"])
    }

    @Test func mappingsKeepFileOrder() throws {
      let keys = (0..<40).map { "k\(39 - $0)" }
      let tree = try Self.parsed(keys.map { "\($0): v" }.joined(separator: "\n"))
      #expect(tree.mappingEntries?.map(\.key.text) == keys)
    }

    @Test func emptyValuesPointJustPastTheColon() throws {
      let tree = try Self.parsed("abc:\nd: 1")
      #expect(tree["abc"]?.isEmpty == true)
      #expect(tree["abc"]?.location.column == 5)
      #expect(tree["d"]?.isEmpty == false)
    }
  }
}
