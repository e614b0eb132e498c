import Testing

@testable import SimSub

extension SyntaxTests {
  /// Every syntax error: its exact message and position.
  @Suite struct YAMLParserErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
      var text: String
      var expected: String
      init(_ text: String, _ expected: String) {
        self.text = text
        self.expected = expected
      }
      var testDescription: String { text.debugDescription }
    }

    static let cases: [Case] = [
      // Tabs in indentation.
      Case("name: x\n\tstore: apple\n", "2:1: tab in indentation: indent with spaces"),
      Case("a:\n  \tb: 1", "2:3: tab in indentation: indent with spaces"),
      Case("- \tx", "1:3: tab in indentation: indent with spaces"),
      // Anchors, aliases, tags.
      Case("base: &b 1", "1:7: anchors ('&b') are not supported: write the value out in full"),
      Case("&a x: 1", "1:1: anchors ('&a') are not supported: write the value out in full"),
      Case("- &item x", "1:3: anchors ('&item') are not supported: write the value out in full"),
      Case("x: [&a 1]", "1:5: anchors ('&a') are not supported: write the value out in full"),
      Case("x: *b", "1:4: aliases ('*b') are not supported: write the value out in full"),
      Case("x: {k: *b}", "1:8: aliases ('*b') are not supported: write the value out in full"),
      Case("x: !!str 1", "1:4: tags ('!!str') are not supported: write the value without a tag"),
      Case("- !x y", "1:3: tags ('!x') are not supported: write the value without a tag"),
      // Block scalars.
      Case(
        "x: |\n  text",
        "1:4: block scalars ('|') are not supported: write the value on one line, quoted if needed"),
      Case(
        "x: >-\n  text",
        "1:4: block scalars ('>') are not supported: write the value on one line, quoted if needed"),
      // Documents.
      Case("a: 1\n---\nb: 2", "2:1: a second document ('---') is not allowed: a file holds one document"),
      Case(
        "---\na: 1\n--- # again", "3:1: a second document ('---') is not allowed: a file holds one document"),
      Case("a: 1\n...", "2:1: a document end marker ('...') is not allowed: a file holds one document"),
      Case("--- a: 1", "1:5: content after '---' is not supported: start the document on the next line"),
      Case("%YAML 1.2\n---\na: 1", "1:1: directives ('%YAML') are not supported: remove the line"),
      // Quotes.
      Case(
        #"x: "abc"#, #"1:4: unterminated double-quoted string: add the closing quote (") on the same line"#),
      Case(
        #"x: "a\""#, #"1:4: unterminated double-quoted string: add the closing quote (") on the same line"#),
      Case(
        "x: \"a\n  b\"",
        #"1:4: unterminated double-quoted string: add the closing quote (") on the same line"#),
      Case("x: 'abc", "1:4: unterminated single-quoted string: add the closing quote (') on the same line"),
      Case("x: 'it''", "1:4: unterminated single-quoted string: add the closing quote (') on the same line"),
      Case("'k: 1", "1:1: unterminated single-quoted string: add the closing quote (') on the same line"),
      Case(
        #"x: "a\qb""#,
        #"1:6: unknown escape '\q' in a double-quoted string: use \", \\, \n, \t or \uXXXX"#),
      Case(#"x: "\u12""#, #"1:5: '\u' must be followed by four hexadecimal digits"#),
      Case(#"x: "\uD800""#, #"1:5: '\uD800' is half of a surrogate pair, not a character"#),
      // Flow collections.
      Case("x: [a, b", "1:4: unterminated flow sequence: add the closing ']' on the same line"),
      Case("x: [a,\n  b]", "1:4: unterminated flow sequence: add the closing ']' on the same line"),
      Case("x: [a # b]", "1:4: unterminated flow sequence: add the closing ']' on the same line"),
      Case("x: [a, [b]", "1:4: unterminated flow sequence: add the closing ']' on the same line"),
      Case("x: {a: 1", "1:4: unterminated flow mapping: add the closing '}' on the same line"),
      Case("x: {a: [1, 2}", "1:13: expected ',' or ']' after an item of a flow sequence"),
      Case("x: [a, {b: 1]", "1:13: expected ',' or '}' after an entry of a flow mapping"),
      Case("x: [a, , b]", "1:8: empty item in a flow sequence: remove the extra ','"),
      Case("x: {a: 1,, b: 2}", "1:10: empty entry in a flow mapping: remove the extra ','"),
      Case(
        "x: [a: 1]", "1:6: a 'key: value' pair inside brackets must be written in braces, as [{key: value}]"),
      Case("x: {a}", "1:6: expected ':' after the key 'a' in a flow mapping"),
      Case("x: {a:1}", "1:8: expected ':' after the key 'a:1' in a flow mapping (put a space after ':')"),
      Case("x: {[a]: 1}", "1:5: keys must be plain or quoted strings, not lists or mappings"),
      Case("[a]: 1", "1:4: keys must be plain or quoted strings, not lists or mappings"),
      Case("x: [- a]", "1:5: a '- ' item cannot appear inside brackets: separate items with ','"),
      Case("x: [a,#b]", "1:7: a comment needs a space before '#'"),
      Case("x: [a] b", "1:8: unexpected text after the value"),
      Case("x: 'a'#c", "1:7: a comment needs a space before '#'"),
      // Indentation and structure.
      Case("a:\n  b: 1\n   c: 2", "3:4: bad indentation: expected column 3 (like line 2), found column 4"),
      Case("a: 1\n  b: 2", "2:3: bad indentation: expected column 1 (like line 1), found column 3"),
      Case("- a\n - b", "2:2: bad indentation: expected column 1 (like line 1), found column 2"),
      Case(
        "timeline:\n  - at: 20d\n     do: x",
        "3:6: bad indentation: expected column 5 (like line 2), found column 6"),
      Case("  a: 1\nb: 2", "2:1: bad indentation: expected column 3 (like line 1), found column 1"),
      Case("a:\n    b: 1\n  c: 2", "3:3: bad indentation: expected column 1 (like line 1), found column 3"),
      Case(
        "a: 1\n- b",
        "2:1: expected a key at column 1, like line 1, not a '- ' item: a block is either a mapping or a list"
      ),
      Case(
        "x:\n  - a\n  b: 1",
        "3:3: expected a '- ' item at column 3, like line 2: a block is either a list or a mapping"),
      Case("name Card expires\nstore: apple", "1:1: expected a key followed by ':'"),
      Case("a: 1\nb:2\n", "2:1: expected a key followed by ':' (put a space after ':')"),
      Case("a: 1\nstore apple # c: d", "2:1: expected a key followed by ':'"),
      Case(
        "x: a: b",
        "1:5: unexpected ':' in a value: quote the value if ': ' is part of it, or start the nested mapping on the next line, indented"
      ),
      Case(
        "x: - a",
        "1:4: a list cannot start on the same line as its key: put each '- ' item on its own line, indented"),
      Case(": x", "1:1: missing key before ':'"),
      Case("? a", "1:1: explicit keys ('? ') are not supported: write 'key: value'"),
      Case("x: @a", "1:4: a plain value cannot start with '@': quote the value"),
      Case("x: `a`", "1:4: a plain value cannot start with '`': quote the value"),
      Case("x: ]", "1:4: a plain value cannot start with ']': quote the value"),
      // Empty documents.
      Case("", "1:1: empty file: expected a mapping with 'name', 'store', 'product' and 'timeline'"),
      Case(" \n\n\t\n", "1:1: empty file: expected a mapping with 'name', 'store', 'product' and 'timeline'"),
      Case(
        "# only\n  # comments\n",
        "1:1: no content: the file holds only comments; expected a mapping with 'name', 'store', 'product' and 'timeline'"
      ),
      Case(
        "---\n",
        "1:1: no content: the file holds only comments; expected a mapping with 'name', 'store', 'product' and 'timeline'"
      ),
      // Text that is not text.
      Case("a: b\u{7}", "1:5: control character U+0007 is not allowed: only tabs and line breaks may appear"),
      Case(
        "a: 1\nb: \u{0}", "2:4: control character U+0000 is not allowed: only tabs and line breaks may appear"
      ),
      Case(
        "a: 1\rb: 2",
        "1:5: carriage return (U+000D) without a line feed: save the file with LF or CRLF line breaks"),
      Case("é: \u{85}", "1:4: control character U+0085 is not allowed: only tabs and line breaks may appear"),
      Case(
        "a: \u{FEFF}",
        "1:4: byte order mark (U+FEFF) inside the file: only the file's first bytes may hold one"),
    ]

    @Test(arguments: cases) func syntaxErrorsHaveExactMessagesAndPositions(_ c: Case) {
      #expect(SyntaxTesting.errors(c.text) == [c.expected])
    }

    @Test func theFileOfEveryDiagnosticIsTheOneParsed() throws {
      let error = try #require(SyntaxTesting.parse("x: [").failure)
      #expect(error.diagnostics.map(\.location.file) == ["t.scn"])
      #expect(error.diagnostics.map(\.severity) == [.error])
    }

    @Test func withoutExpectedKeysTheEmptyFileMessageIsGeneric() {
      let result = SyntaxTesting.parse("", expectedKeys: [])
      #expect(
        result.failure.map(SyntaxTesting.summary) == ["1:1: empty file: expected a mapping of keys to values"]
      )
      let one = SyntaxTesting.parse("", expectedKeys: ["name"])
      #expect(one.failure.map(SyntaxTesting.summary) == ["1:1: empty file: expected a mapping with 'name'"])
    }

    struct ByteCase: CustomTestStringConvertible, Sendable {
      var bytes: [UInt8]
      var expected: String
      var testDescription: String { bytes.map { String($0, radix: 16) }.joined(separator: " ") }
    }

    static let byteCases: [ByteCase] = [
      ByteCase(
        bytes: Array("a: ".utf8) + [0xFF],
        expected: "1:4: invalid UTF-8 (byte 0xFF): the file must be UTF-8 text"),
      ByteCase(
        bytes: Array("a: ".utf8) + [0xC3],
        expected: "1:4: invalid UTF-8 (byte 0xC3): the file must be UTF-8 text"),
      ByteCase(
        bytes: Array("a: 1\nb: ".utf8) + [0xC0, 0x80],
        expected: "2:4: invalid UTF-8 (byte 0xC0): the file must be UTF-8 text"),
      ByteCase(
        bytes: Array("é: ".utf8) + [0xED, 0xA0, 0x80],
        expected: "1:4: invalid UTF-8 (byte 0xED): the file must be UTF-8 text"),
      ByteCase(
        bytes: [0xF4, 0x90, 0x80, 0x80],
        expected: "1:1: invalid UTF-8 (byte 0xF4): the file must be UTF-8 text"),
      ByteCase(bytes: [0x80], expected: "1:1: invalid UTF-8 (byte 0x80): the file must be UTF-8 text"),
      ByteCase(
        bytes: [0xEF, 0xBB, 0xBF],
        expected: "1:1: empty file: expected a mapping with 'name', 'store', 'product' and 'timeline'"),
    ]

    @Test(arguments: byteCases) func invalidBytesAreDiagnosed(_ c: ByteCase) {
      #expect(SyntaxTesting.parse(bytes: c.bytes).failure.map(SyntaxTesting.summary) == [c.expected])
    }

    @Test func duplicateKeysNameTheEarlierLineAndAreAllReported() throws {
      let error = try #require(
        SyntaxTesting.parse("name: a\nstore: apple\nname: b\np: {x: 1, x: 2}\nstore: google").failure)
      #expect(
        SyntaxTesting.summary(error) == [
          "3:1: duplicate key 'name': already defined on line 1",
          "4:11: duplicate key 'x': already defined on line 4",
          "5:1: duplicate key 'store': already defined on line 2",
        ])
      #expect(
        error.diagnostics[0].notes == [
          .init("first defined here", at: SourceLocation(file: "t.scn", line: 1, column: 1))
        ])
    }

    @Test func duplicateKeysAreFoundInLargeMappings() throws {
      let lines = (0..<100).map { "k\($0): v" } + ["k42: again"]
      #expect(
        SyntaxTesting.errors(lines.joined(separator: "\n")) == [
          "101:1: duplicate key 'k42': already defined on line 43"
        ])
    }

    @Test func aSyntaxErrorAfterADuplicateReportsBoth() {
      #expect(
        SyntaxTesting.errors("a: 1\na: 2\nb: [") == [
          "2:1: duplicate key 'a': already defined on line 1",
          "3:4: unterminated flow sequence: add the closing ']' on the same line",
        ])
    }

    @Test func renderedLikeACompiler() throws {
      let text = "name: x\nstore: apple\nproduct: {period: 1M, grace: 16d\n"
      let error = try #require(SyntaxTesting.parse(text).failure)
      #expect(
        DiagnosticRenderer(file: "t.scn", text: text).render(error) == """
          t.scn:3:10: error: unterminated flow mapping: add the closing '}' on the same line
            product: {period: 1M, grace: 16d
                     ^

          """)
    }
  }
}

extension Result {
  /// The error, or `nil` on success.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
