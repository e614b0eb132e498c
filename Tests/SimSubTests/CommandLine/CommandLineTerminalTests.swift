import Testing

@testable import SimSub

/// Colour, progress and help width are decided from facts, never from the test's own terminal.
@Suite struct CommandLineTerminalTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var isTerminal: Bool
    var environment: [String: String]
    var style: TerminalStyle
    var testDescription: String { "terminal: \(isTerminal), \(environment) → \(style)" }
  }

  static let cases: [Case] = [
    Case(isTerminal: true, environment: [:], style: .colour),
    Case(isTerminal: true, environment: ["TERM": "xterm-256color"], style: .colour),
    Case(isTerminal: false, environment: [:], style: .plain),
    Case(isTerminal: true, environment: ["NO_COLOR": "1"], style: .plain),
    Case(isTerminal: true, environment: ["NO_COLOR": "0"], style: .plain),
    Case(isTerminal: true, environment: ["NO_COLOR": ""], style: .colour),
    Case(isTerminal: false, environment: ["NO_COLOR": ""], style: .plain),
    Case(isTerminal: true, environment: ["TERM": "dumb"], style: .plain),
  ]

  @Test(arguments: cases)
  func colourDecision(_ c: Case) {
    #expect(
      TerminalStyle.decide(standardOutputIsTerminal: c.isTerminal, environment: c.environment) == c.style)
    let facts = TerminalFacts(
      standardOutputIsTerminal: c.isTerminal, standardErrorIsTerminal: false, environment: c.environment)
    #expect(facts.style == c.style)
  }

  @Test func progressOnlyWhenStandardErrorIsATerminal() {
    #expect(
      TerminalFacts(standardOutputIsTerminal: false, standardErrorIsTerminal: true, environment: [:])
        .showsProgress)
    #expect(
      !TerminalFacts(standardOutputIsTerminal: true, standardErrorIsTerminal: false, environment: [:])
        .showsProgress)
  }

  @Test func helpWidth() {
    func width(_ isTerminal: Bool, _ columns: String?) -> Int {
      TerminalFacts(
        standardOutputIsTerminal: isTerminal, standardErrorIsTerminal: false,
        environment: columns.map { ["COLUMNS": $0] } ?? [:]
      ).helpWidth
    }
    #expect(width(true, "120") == 120)
    #expect(width(false, "120") == 80)
    #expect(width(true, nil) == 80)
    #expect(width(true, "wide") == 80)
    #expect(width(true, "0") == 80)
  }

  @Test func capturingConsoleKeepsTheStreamsApart() {
    let console = CapturingConsole()
    console.out("result\n")
    console.error("warning\n")
    console.write("more\n", to: .standardOutput)
    #expect(console.standardOutput == "result\nmore\n")
    #expect(console.standardError == "warning\n")
  }
}
