import Testing

@testable import SimSub

extension SyntaxTests {
  /// Malformed, random and hostile input: always a tree or a diagnostic, never a crash or hang.
  @Suite struct YAMLParserRobustnessTests {
    /// Parses and checks the outcome is well-formed: a tree, or diagnostics that point inside
    /// the file and render.
    static func checkOutcome(_ bytes: [UInt8]) {
      switch SyntaxTesting.parse(bytes: bytes) {
      case .success:
        break
      case .failure(let error):
        #expect(!error.diagnostics.isEmpty)
        let lineCount = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
        for d in error.diagnostics {
          #expect(d.location.line >= 1 && d.location.line <= lineCount)
          #expect(d.location.column >= 1)
          #expect(!d.message.isEmpty)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!DiagnosticRenderer(file: "t.scn", text: text).render(error).isEmpty)
      }
    }

    @Test func randomBytesGiveAValueOrADiagnostic() {
      var rng = SplitMix64(seed: 0x5EED)
      for _ in 0..<2_000 {
        let count = Int.random(in: 0..<120, using: &rng)
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
        Self.checkOutcome(bytes)
      }
    }

    @Test func randomYAMLishTextGivesAValueOrADiagnostic() {
      // Mostly the characters the grammar cares about, so the parser goes deep.
      let alphabet = Array("  \n\n- : ,[]{}'\"#&*!|>%@`?\\\tabcxyz01-.:é😀".unicodeScalars)
      var rng = SplitMix64(seed: 42)
      var parsed = 0
      for _ in 0..<5_000 {
        let count = Int.random(in: 0..<80, using: &rng)
        var text = ""
        for _ in 0..<count {
          text.unicodeScalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
        }
        let bytes = Array(text.utf8)
        if case .success = SyntaxTesting.parse(bytes: bytes) { parsed += 1 }
        Self.checkOutcome(bytes)
      }
      // Some random text must parse, or the test is only exercising the error paths.
      #expect(parsed > 0)
    }

    @Test func everyTruncationOfAValidDocumentGivesAValueOrADiagnostic() {
      let text = YAMLParserTests.example + "notes: ['Café — ü', \"\\u00e9\", {k: v}]\n"
      let bytes = Array(text.utf8)
      #expect((try? SyntaxTesting.parse(bytes: bytes).get()) != nil)
      for end in 0...bytes.count {
        Self.checkOutcome(Array(bytes[..<end]))
      }
    }

    @Test func tenThousandNestedBracketsAreADiagnostic() {
      let deep = String(repeating: "[", count: 10_000)
      #expect(
        SyntaxTesting.errors(deep) == ["1:65: nesting too deep: at most 64 levels of lists and mappings"])
      // The mapping around the list is one of the 64 levels.
      #expect(
        SyntaxTesting.errors("x: " + deep) == [
          "1:67: nesting too deep: at most 64 levels of lists and mappings"
        ])
    }

    @Test func tenThousandNestedBracesAreADiagnostic() {
      let deep = String(repeating: "{a: ", count: 10_000)
      #expect(
        SyntaxTesting.errors(deep) == ["1:257: nesting too deep: at most 64 levels of lists and mappings"])
    }

    @Test func deepBlockNestingIsADiagnostic() {
      let dashes = String(repeating: "- ", count: 10_000) + "x"
      #expect(
        SyntaxTesting.errors(dashes) == ["1:129: nesting too deep: at most 64 levels of lists and mappings"])
      let keys = (0..<100).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n")
      #expect(
        SyntaxTesting.errors(keys) == ["65:65: nesting too deep: at most 64 levels of lists and mappings"])
    }

    @Test func sixtyFourLevelsAreAllowed() throws {
      let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
      var node = try SyntaxTesting.parse(deep).get()
      var levels = 0
      while let items = node.sequenceItems {
        levels += 1
        guard let first = items.first else { break }
        node = first
      }
      #expect(levels == 64)
    }

    @Test func largeInputsParse() {
      // Speed is measured by `simsub benchmark`, never by a timed test; this checks that large
      // inputs come through whole (a quadratic parser shows there as minutes, not here).
      let entries = (0..<20_000).map { "  - {at: \($0)d, do: note, text: 'entry \($0)'}  # c" }
      let text = "timeline:\n" + entries.joined(separator: "\n") + "\n"
      var tree = try? SyntaxTesting.parse(text).get()
      #expect(tree?["timeline"]?.sequenceItems?.count == 20_000)
      let wide = "x: [" + String(repeating: "é, ", count: 100_000) + "]"
      tree = try? SyntaxTesting.parse(wide).get()
      #expect(tree?["x"]?.sequenceItems?.count == 100_000)
    }
  }
}
