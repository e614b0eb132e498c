import Testing

@testable import SimSub

extension SyntaxTests {
  @Suite struct MappingReaderTests {
    static let productKeys = ["id", "period", "price", "grace", "hold", "trial", "group"]

    static func node(_ text: String) throws -> YAMLNode {
      try SyntaxTesting.parse(text).get()
    }

    @Test func unknownKeysNameTheNearestKnownKey() throws {
      let text = "name: x\nstore: apple\nproduct: {period: 1M, grase: 16d}\n"
      let tree = try Self.node(text)
      let product = try #require(tree["product"])
      let reader = MappingReader(product, knownKeys: Self.productKeys)
      #expect(
        SyntaxTesting.summary(DiagnosticError(reader.diagnostics)) == [
          "3:23: unknown key 'grase' — did you mean 'grace'?"
        ])
      let error = try #require(Result { () throws(DiagnosticError) in try reader.finish() }.failure)
      #expect(
        DiagnosticRenderer(file: "t.scn", text: text).render(error) == """
          t.scn:3:23: error: unknown key 'grase' — did you mean 'grace'?
            product: {period: 1M, grase: 16d}
                                  ^

          """)
    }

    @Test func unknownKeysFarFromAnyKnownKeyListTheKnownKeys() throws {
      let reader = MappingReader(try Self.node("colour: red"), knownKeys: ["id", "period"])
      #expect(reader.diagnostics.map(\.message) == ["unknown key 'colour': expected 'id' or 'period'"])
    }

    @Test func everyProblemIsCollectedInOrder() throws {
      let tree = try Self.node("nmae: x\nstore: aple\nhorizon: 3m\nextra: 1\n")
      var reader = MappingReader(tree, knownKeys: ["name", "store", "horizon", "timeline"])
      let store = reader.required("store") {
        try $0.decodeChoice(from: ["apple", "google", "stripe"], what: "store")
      }
      let horizon = reader.optional("horizon") { try $0.decodeDuration() }
      let name = reader.required("name") { try $0.decodeText() }
      let timeline = reader.required("timeline") { try $0.decodeList() }
      #expect(store == nil && horizon == nil && name == nil && timeline == nil)
      let error = try #require(Result { () throws(DiagnosticError) in try reader.finish() }.failure)
      #expect(
        SyntaxTesting.summary(error) == [
          "1:1: unknown key 'nmae' — did you mean 'name'?",
          "4:1: unknown key 'extra': expected 'name', 'store', 'horizon' or 'timeline'",
          "2:8: unknown store 'aple' — did you mean 'apple'?",
          "3:10: '3m' is ambiguous: did you mean '3min' or months ('3M', a product period)?",
          "1:1: missing required key 'name'",
          "1:1: missing required key 'timeline'",
        ])
    }

    @Test func valuesAndDefaults() throws {
      let tree = try Self.node("period: 1M\ngrace: 16d\ncharges: 2\nsent: [A, B]\n")
      var reader = MappingReader(tree, knownKeys: ["period", "grace", "hold", "charges", "sent"])
      #expect(reader.required("period") { try $0.decodeText() } == "1M")
      #expect(reader.optional("grace") { try $0.decodeDuration() } == .days(16))
      #expect(reader.optional("hold", default: .days(60)) { try $0.decodeDuration() } == .days(60))
      #expect(reader.optional("charges") { try $0.decodeInteger(in: 0...100) } == 2)
      #expect(reader.optional("sent") { try $0.decodeList() }?.map(\.scalarText) == ["A", "B"])
      #expect(reader.contains("grace") && !reader.contains("hold"))
      #expect(reader.entry("grace")?.key.location.line == 2)
      #expect(reader.diagnostics.isEmpty)
      #expect(throws: Never.self) { try reader.finish() }
    }

    @Test func aNodeThatIsNotAMappingIsReportedOnce() throws {
      let tree = try Self.node("product: [1M]")
      var reader = MappingReader(
        try #require(tree["product"]), knownKeys: ["period"],
        expected: "a product (a mapping such as {period: 1M})")
      #expect(reader.required("period") { try $0.decodeText() } == nil)
      #expect(
        SyntaxTesting.summary(DiagnosticError(reader.diagnostics)) == [
          "1:10: expected a product (a mapping such as {period: 1M}), found a list"
        ])
    }

    @Test func decodersExplainWhatTheyFound() throws {
      let tree = try Self.node("a: x\nb:\nc: {k: v}\nd: 1.5\ne: 500\nf: sotre\ng: zzz\n")
      func message(_ step: () throws(DiagnosticError) -> Any) -> String? {
        do {
          _ = try step()
          return nil
        } catch {
          return SyntaxTesting.summary(error).first
        }
      }
      let a = try #require(tree["a"]), b = try #require(tree["b"]), c = try #require(tree["c"])
      let d = try #require(tree["d"]), e = try #require(tree["e"]), f = try #require(tree["f"])
      let g = try #require(tree["g"])
      #expect(
        message { () throws(DiagnosticError) in try a.decodeList() } == "1:4: expected a list, found 'x'")
      #expect(
        message { () throws(DiagnosticError) in try b.decodeText() } == "2:3: expected a value, found nothing"
      )
      #expect(
        message { () throws(DiagnosticError) in try c.decodeText() }
          == "3:4: expected a value, found a mapping")
      #expect(
        message { () throws(DiagnosticError) in try d.decodeInteger() }
          == "4:4: expected an integer, found '1.5'")
      #expect(
        message { () throws(DiagnosticError) in try e.decodeInteger(in: 0...100) }
          == "5:4: 500 is out of range: expected 0 to 100")
      #expect(
        message { () throws(DiagnosticError) in
          try f.decodeChoice(from: ["store", "entitlement"], what: "key")
        } == "6:4: unknown key 'sotre' — did you mean 'store'?")
      #expect(
        message { () throws(DiagnosticError) in try g.decodeChoice(from: ["yes", "no"], what: "access") }
          == "7:4: unknown access 'zzz': expected 'yes' or 'no'")
      #expect(
        message { () throws(DiagnosticError) in try b.decodeChoice(from: ["yes", "no"], what: "access") }
          == "2:3: expected 'yes' or 'no', found nothing")
    }
  }

  @Suite struct SpellingTests {
    @Test(arguments: [
      ("grase", "grace", 1), ("sotre", "store", 1), ("", "abc", 3), ("abc", "", 3),
      ("kitten", "sitting", 3), ("same", "same", 0), ("ca", "abc", 3), ("é", "e", 1),
    ])
    func distances(_ a: String, _ b: String, _ expected: Int) {
      #expect(Spelling.distance(a, b) == expected)
    }

    @Test func suggestionsOnlyWhenClose() {
      let keys = [
        "name", "store", "product", "start", "horizon", "step", "timeline", "expect", "expect-violations",
      ]
      #expect(Spelling.suggestion(for: "timline", among: keys) == "timeline")
      #expect(Spelling.suggestion(for: "Store", among: keys) == "store")
      #expect(Spelling.suggestion(for: "expect_violations", among: keys) == "expect-violations")
      #expect(Spelling.suggestion(for: "stpe", among: keys) == "step")
      #expect(Spelling.suggestion(for: "colour", among: keys) == nil)
      #expect(Spelling.suggestion(for: "x", among: ["id"]) == nil)
      #expect(Spelling.suggestion(for: "stat", among: ["start", "state"]) == "start")
      #expect(Spelling.suggestion(for: String(repeating: "a", count: 100_000), among: keys) == nil)
    }

    @Test func lists() {
      #expect(Spelling.list([]) == "")
      #expect(Spelling.list(["a"]) == "'a'")
      #expect(Spelling.list(["a", "b", "c"]) == "'a', 'b' or 'c'")
      #expect(Spelling.list(["a", "b"], conjunction: "and") == "'a' and 'b'")
    }
  }
}
