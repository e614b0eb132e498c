import Testing

@testable import SimSub

/// The text helpers behind help and suggestions.
@Suite struct CommandLineTextTests {
  @Test(arguments: [
    ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "", 3), ("same", "same", 0),
    ("--sed", "--seed", 1), ("rnu", "run", 2), ("flaw", "lawn", 2),
  ])
  func editDistance(a: String, b: String, distance: Int) {
    #expect(EditDistance.between(a, b) == distance)
    #expect(EditDistance.between(b, a) == distance)
  }

  @Test func nearestPrefersTheCloserAndThenTheEarlierCandidate() {
    #expect(EditDistance.nearest(to: "--sed", among: ["--step", "--seed"], maximum: { _ in 3 }) == "--seed")
    #expect(EditDistance.nearest(to: "ab", among: ["ax", "xb"], maximum: { _ in 3 }) == "ax")
    #expect(EditDistance.nearest(to: "--zzzzzz", among: ["--seed"], maximum: { _ in 3 }) == nil)
  }

  @Test func allowanceScalesWithTheName() {
    #expect(EditDistance.allowance(for: "--seed") == 2)
    #expect(EditDistance.allowance(for: "run") == 2)
    #expect(EditDistance.allowance(for: "--counterexamples") == 3)
    #expect(EditDistance.allowance(for: "-o") == 1)
    #expect(EditDistance.between("--sed", "--help") > EditDistance.allowance(for: "--help"))
  }

  @Test func wrappingBreaksAtTheLastSpaceInsideTheWindow() {
    #expect("aaa bbb ccc".wrapped(toWidth: 8) == "aaa bbb\nccc")
    // Only the end of the text may fill the whole window.
    #expect("aaaa bbbb".wrapped(toWidth: 9) == "aaaa bbbb")
    #expect("aaaa bbbb cc".wrapped(toWidth: 9) == "aaaa\nbbbb cc")
  }

  @Test func wrappingIndentsEveryNonEmptyLineAndKeepsParagraphs() {
    #expect("one two\n\nthree".wrapped(toWidth: 10, indent: 2) == "  one two\n\n  three")
    #expect("averyveryverylongword x".wrapped(toWidth: 10) == "averyveryverylongword\nx")
    #expect("".wrapped(toWidth: 10) == "")
  }

  @Test func absurdWidthsStillTerminate() {
    #expect("a b".wrapped(toWidth: 0, indent: 4) == "    a\n    b")
    #expect(HelpRenderer(table: .simsub, width: 1).help(for: ["run"]).contains("OPTIONS:"))
  }
}
