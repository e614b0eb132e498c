import Testing

@testable import SimSub

extension SyntaxTests {
  @Suite struct DiagnosticRendererTests {
    let source = "name: x\nstore: apple\n  product: {period: 1M, grase: 16d}\n"

    @Test func rendersHeaderQuotedLineAndCaret() {
      let d = Diagnostic.error(
        "unknown key 'grase' — did you mean 'grace'?",
        at: SourceLocation(file: "path/to/file.scn", line: 3, column: 25))
      let out = DiagnosticRenderer(file: "path/to/file.scn", text: source).render(d)
      #expect(
        out == """
          path/to/file.scn:3:25: error: unknown key 'grase' — did you mean 'grace'?
              product: {period: 1M, grase: 16d}
                                    ^

          """)
    }

    @Test func caretAtColumnOne() {
      let d = Diagnostic.error("x", at: SourceLocation(file: "f", line: 1, column: 1))
      #expect(DiagnosticRenderer(file: "f", text: "abc").render(d) == "f:1:1: error: x\n  abc\n  ^\n")
    }

    @Test func tabsInTheQuotedLineAreShownAsOneSpace() {
      let d = Diagnostic.error(
        "tab in indentation: indent with spaces", at: SourceLocation(file: "f", line: 2, column: 2))
      let out = DiagnosticRenderer(file: "f", text: "a:\n \tb: 1\n").render(d)
      #expect(out == "f:2:2: error: tab in indentation: indent with spaces\n    b: 1\n   ^\n")
    }

    @Test func columnsCountCharactersNotBytes() {
      let d = Diagnostic.error("here", at: SourceLocation(file: "f", line: 1, column: 8))
      let out = DiagnosticRenderer(file: "f", text: "café: [é, x]").render(d)
      #expect(out == "f:1:8: error: here\n  café: [é, x]\n         ^\n")
    }

    @Test func crlfLineBreaksAreNotQuoted() {
      let d = Diagnostic.error("m", at: SourceLocation(file: "f", line: 2, column: 3))
      let out = DiagnosticRenderer(file: "f", text: "a: 1\r\nb: 2\r\nc: 3").render(d)
      #expect(out == "f:2:3: error: m\n  b: 2\n    ^\n")
    }

    @Test func warningsAndNotes() {
      let d = Diagnostic.warning(
        "duplicate key 'a': already defined on line 1",
        at: SourceLocation(file: "f", line: 2, column: 1),
        notes: [
          .init("first defined here", at: SourceLocation(file: "f", line: 1, column: 1)),
          .init("keys must be unique"),
        ])
      let out = DiagnosticRenderer(file: "f", text: "a: 1\na: 2\n").render(d)
      #expect(
        out == """
          f:2:1: warning: duplicate key 'a': already defined on line 1
            a: 2
            ^
          f:1:1: note: first defined here
            a: 1
            ^
          note: keys must be unique

          """)
    }

    @Test func withoutTheSourceOnlyTheHeaderIsPrinted() {
      let d = Diagnostic.error("m", at: SourceLocation(file: "other.scn", line: 1, column: 1))
      #expect(DiagnosticRenderer(file: "f", text: "a").render(d) == "other.scn:1:1: error: m\n")
      #expect(DiagnosticRenderer().render(d) == "other.scn:1:1: error: m\n")
    }

    @Test func aLinePastTheEndOrBlankIsNotQuoted() {
      let past = Diagnostic.error("m", at: SourceLocation(file: "f", line: 9, column: 1))
      #expect(DiagnosticRenderer(file: "f", text: "a: 1\n").render(past) == "f:9:1: error: m\n")
      let empty = Diagnostic.error("empty file", at: SourceLocation(file: "f", line: 1, column: 1))
      #expect(DiagnosticRenderer(file: "f", text: "").render(empty) == "f:1:1: error: empty file\n")
    }

    @Test func controlCharactersAreBlankedInTheQuote() {
      let d = Diagnostic.error("m", at: SourceLocation(file: "f", line: 1, column: 3))
      #expect(DiagnosticRenderer(file: "f", text: "a\u{7}b").render(d) == "f:1:3: error: m\n  a b\n    ^\n")
    }

    @Test func listsRenderEachDiagnosticInOrder() {
      let a = Diagnostic.error("first", at: SourceLocation(file: "f", line: 2, column: 1))
      let b = Diagnostic.error("second", at: SourceLocation(file: "f", line: 1, column: 1))
      let renderer = DiagnosticRenderer(file: "f", text: "x\ny\n")
      let expected = "f:2:1: error: first\n  y\n  ^\nf:1:1: error: second\n  x\n  ^\n"
      #expect(renderer.render([a, b]) == expected)
      #expect(renderer.render(DiagnosticError([a, b])) == expected)
      #expect(DiagnosticError([a, b]).sortedByLocation == [b, a])
      #expect(DiagnosticError([a, b]).description == "f:2:1: error: first\nf:1:1: error: second")
    }

    @Test func collectorGathersAndThrowsOnlyForErrors() {
      var collector = DiagnosticCollector()
      collector.append(.warning("w", at: SourceLocation(file: "f", line: 1, column: 1)))
      #expect(throws: Never.self) { try collector.check() }
      let here = SourceLocation(file: "f", line: 3, column: 1)
      let value: Int? = collector.collect(at: here) { () throws -> Int in
        throw DiagnosticError(.error("e", at: SourceLocation(file: "f", line: 2, column: 1)))
      }
      #expect(value == nil)
      struct Other: Error, CustomStringConvertible { var description: String { "other" } }
      #expect(collector.collect(at: here) { () throws -> Int in throw Other() } == nil)
      #expect(collector.collect(at: here) { 7 } == 7)
      #expect(
        collector.diagnostics.map(\.description) == [
          "f:1:1: warning: w", "f:2:1: error: e", "f:3:1: error: other",
        ])
      #expect(throws: DiagnosticError.self) { try collector.check() }
    }
  }
}
