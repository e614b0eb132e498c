import Foundation
import SimSub
import TestSupport
import Testing

/// The built `simsub` executable: exit statuses, which stream gets what, files written, and bad
/// input of every kind answered with status 2, never a crash or a hang.
@Suite struct SimSubBinaryTests {
  static let cardExpired = "Scenarios/card-expired.scn"

  /// What `simsub run` prints for `path`, computed in-process.
  static func report(_ path: String, policy: String? = nil) throws -> String {
    let scenario = try ScenarioLoader.load(path: SimSubBinary.packageRoot.appendingPathComponent(path).path)
    var result = try ScenarioPlayer.play(scenario, policy: policy)
    result.scenario.path = path
    return ScenarioTextReport(colour: false).render(result)
  }

  // MARK: Exit statuses and streams

  @Test func decodeReadsAStoreBodyAndRefusesABadOne() throws {
    let fixture = "Tests/SubscriptionPolicyTests/Fixtures/AppStore/did-fail-to-renew-grace-period.json"
    let run = try SimSubBinary.run(["decode", fixture])
    #expect(run.status == 0, "\(run)")
    #expect(run.standardOutput.contains("\n  type       DID_FAIL_TO_RENEW / GRACE_PERIOD\n"))
    #expect(run.standardError == "")
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bad = try scratch.file("bad.json", "{\"signedPayload\": \"e30.!!!.\"}")
    let refused = try SimSubBinary.run(["decode", bad])
    #expect(refused.status == 2, "\(refused)")
    #expect(refused.standardError == "\(bad):1:19: error: signedPayload: the JWS payload is not base64url\n")
  }

  @Test func aPassingScenarioExitsZero() throws {
    let run = try SimSubBinary.run(["run", Self.cardExpired])
    #expect(run.status == 0, "\(run)")
    #expect(run.standardOutput.hasSuffix("\nPASS\n"))
    #expect(run.standardOutput == (try Self.report(Self.cardExpired)))
    #expect(run.standardError == "")
  }

  @Test func aFailingScenarioExitsOne() throws {
    let run = try SimSubBinary.run(["run", Self.cardExpired, "--policy", "active-only"])
    #expect(run.status == 1, "\(run)")
    #expect(run.standardOutput.hasSuffix("\nFAIL\n"))
    #expect(run.standardOutput == (try Self.report(Self.cardExpired, policy: "active-only")))
    #expect(run.standardError == "")
  }

  @Test func aMalformedFileExitsTwoWithTheDiagnosticsOnStandardError() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try scratch.file("bad.scn", "name: t\nstore: aple\nproduct: {grase: 16d}\ntimeline: []\n")
    let run = try SimSubBinary.run(["run", path])
    #expect(run.status == 2, "\(run)")
    #expect(run.standardOutput == "")
    #expect(
      run.standardError == """
        \(path):2:8: error: unknown store 'aple' — did you mean 'apple'?
          store: aple
                 ^
        \(path):3:11: error: unknown key 'grase' — did you mean 'grace'?
          product: {grase: 16d}
                    ^

        """)
  }

  @Test func diagnosticsOfSeveralFilesFollowEachOtherWithoutBlankLines() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let a = try scratch.file("a.scn", "name: t\nstore: aple\nproduct: {}\ntimeline: []\n")
    let b = try scratch.file("b.scn", "name: t\n\tstore: apple\n")
    let run = try SimSubBinary.run(["run", a, "nope.scn", b])
    #expect(run.status == 2, "\(run)")
    #expect(run.standardOutput == "")
    let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Error: No such file or directory: 'nope.scn'")
    #expect(lines.contains { $0.hasPrefix("\(a):2:8: error: ") })
    #expect(lines.contains { $0.hasPrefix("\(b):2:1: error: ") })
    #expect(lines.last == "")
    #expect(!lines.dropLast().contains(""))
  }

  @Test func anUnknownOptionExitsTwoWithUsage() throws {
    let run = try SimSubBinary.run(["run", Self.cardExpired, "--sed", "1"])
    #expect(run.status == 2, "\(run)")
    #expect(run.standardOutput == "")
    #expect(
      run.standardError == """
        Error: Unknown option '--sed'. Did you mean '--step'?
        Usage: simsub run <file> ... [--policy <name|file>] [--format <format>] [--output <path>] [--step <duration>] [--svg <path>] [--concurrency <n>]
          See 'simsub run --help' for more information.

        """)
  }

  @Test(arguments: [["--help"], ["-h"], ["help"], ["run", "--help"], ["help", "check"]])
  func helpGoesToStandardOutput(arguments: [String]) throws {
    let run = try SimSubBinary.run(arguments)
    #expect(run.status == 0, "\(run)")
    #expect(run.standardError == "")
    #expect(run.standardOutput.contains("USAGE: simsub"))
    #expect(run.standardOutput.contains("-h, --help"))
  }

  /// `--version`: the version, then the commit when built from a git checkout (Package.swift
  /// reads it from SwiftPM's git information), marked when the checkout had changes.
  @Test func theVersion() throws {
    let run = try SimSubBinary.run(["--version"])
    #expect(run.status == 0)
    let line = try #require(
      run.standardOutput.wholeMatch(of: /([0-9]+\.[0-9]+\.[0-9]+)( \(commit [0-9a-f]{12}(, modified)?\))?\n/),
      "\(run)")
    #expect(line.1 == simsubVersion)
    if FileManager.default.fileExists(atPath: SimSubBinary.packageRoot.appendingPathComponent(".git").path) {
      #expect(line.2 != nil, "built from a git checkout, so the commit is named")
    }
    #expect(run.standardError == "")
  }

  @Test(arguments: [
    ("0h", "a step must be longer than 0"),
    ("1m", "'1m' is ambiguous: did you mean '1min' or a month ('1M', a product period)?"),
    ("soon", "'soon' needs a number before its unit, as in '30d'"),
  ])
  func aBadStepExitsTwo(value: String, reason: String) throws {
    let run = try SimSubBinary.run(["run", Self.cardExpired, "--step", value])
    #expect(run.signal == nil && run.status == 2, "\(run)")
    #expect(run.standardOutput == "")
    #expect(
      run.standardError.hasPrefix(
        "Error: The value '\(value)' is invalid for '--step <duration>': \(reason)\n"))
  }

  @Test func aGoodStepIsUsed() throws {
    let run = try SimSubBinary.run(["run", Self.cardExpired, "--step", "30min"])
    #expect(run.status == 0, "\(run)")
    #expect(run.standardOutput.contains("step 30min"))
  }

  @Test func anUnknownPolicyExitsTwo() throws {
    let run = try SimSubBinary.run(["run", Self.cardExpired, "--policy", "refrence"])
    #expect(run.status == 2, "\(run)")
    #expect(run.standardOutput == "")
    // Worded as montecarlo words it: a usage error of the option.
    #expect(
      run.standardError.hasPrefix(
        "Error: The value 'refrence' is invalid for '--policy <name|file>': unknown policy 'refrence' — did you mean 'reference'?\n"
      ))
  }

  @Test func optionsAreCheckedBeforeFiles() throws {
    // A bad option is the one error reported, whatever the files: nothing is looked up first.
    let step = try SimSubBinary.run(["check", "Scenarios/nope.scn", "--step", "0h"])
    #expect(step.status == 2, "\(step)")
    #expect(step.standardError.hasPrefix("Error: The value '0h' is invalid for '--step <duration>'"))
    #expect(!step.standardError.contains("nope.scn"))
    let policy = try SimSubBinary.run(["check", "Scenarios/nope.scn", "--policy", "refrence"])
    #expect(policy.status == 2, "\(policy)")
    #expect(
      policy.standardError.hasPrefix("Error: The value 'refrence' is invalid for '--policy <name|file>'"))
    #expect(!policy.standardError.contains("nope.scn"))
  }

  @Test func aMissingFileOrADirectoryExitsTwo() throws {
    let missing = try SimSubBinary.run(["run", "Scenarios/nope.scn"])
    #expect(missing.status == 2)
    #expect(missing.standardError == "Error: No such file or directory: 'Scenarios/nope.scn'\n")
    let directory = try SimSubBinary.run(["run", "Scenarios"])
    #expect(directory.status == 2)
    #expect(
      directory.standardError
        == "Error: 'Scenarios' is a directory: 'simsub check Scenarios' plays every scenario under it\n")
    #expect(missing.standardOutput == "" && directory.standardOutput == "")
  }

  // MARK: Paths and files

  @Test(arguments: ["scenarios/card-expired.scn", "SCENARIOS/Card-Expired.SCN"])
  func aPathIsMatchedWithoutRegardToCase(path: String) throws {
    let run = try SimSubBinary.run(["run", path])
    #expect(run.status == 0, "\(run)")
    #expect(run.standardOutput.hasSuffix("\nPASS\n"))
    #expect(run.standardError == "")
  }

  @Test func outputWritesTheReportAndNothingElse() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.file("report.txt", "an older report\n")
    let run = try SimSubBinary.run(["run", Self.cardExpired, "--output", scratch.url("report.txt").path])
    #expect(run.status == 0, "\(run)")
    #expect(run.standardOutput == "" && run.standardError == "")
    #expect(try scratch.read("report.txt") == (try Self.report(Self.cardExpired)))
    // Replaced in one rename: no temporary file is left beside it.
    #expect(try scratch.entries() == ["report.txt"])
  }

  @Test func outputIsWrittenForAFailingCheckToo() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = scratch.url("report.json").path
    let run = try SimSubBinary.run([
      "run", Self.cardExpired, "--policy", "active-only", "--format", "json", "--output", path,
    ])
    #expect(run.status == 1, "\(run)")
    #expect(run.standardOutput == "" && run.standardError == "")
    let json = try JSONValue(parsing: try scratch.read("report.json"))
    #expect(json["passed"] == false)
    #expect(try scratch.entries() == ["report.json"])
  }

  @Test func badInputLeavesAnExistingOutputAlone() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.file("report.txt", "an older report\n")
    let bad = try scratch.file("bad.scn", "name: t\n")
    let run = try SimSubBinary.run(["run", bad, "--output", scratch.url("report.txt").path])
    #expect(run.status == 2, "\(run)")
    #expect(run.standardOutput == "")
    #expect(try scratch.read("report.txt") == "an older report\n")
    #expect(try scratch.entries() == ["bad.scn", "report.txt"])
  }

  @Test func anOutputThatCannotBeWrittenExitsTwo() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = scratch.url("missing/report.txt").path
    let run = try SimSubBinary.run(["run", Self.cardExpired, "--output", path])
    #expect(run.status == 2, "\(run)")
    #expect(run.standardOutput == "")
    #expect(
      run.standardError
        == "Error: --output '\(path)' cannot be written: there is no folder '\(scratch.url("missing").path)'\n"
    )
    #expect(try scratch.entries() == [])
  }

  @Test func checkPlaysADirectoryAndExitsOneWhenAScenarioFails() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let card = String(
      decoding: try Data(contentsOf: SimSubBinary.packageRoot.appendingPathComponent(Self.cardExpired)),
      as: UTF8.self)
    try FileManager.default.createDirectory(at: scratch.url("nested"), withIntermediateDirectories: true)
    try scratch.file("nested/a.scn", card)
    try scratch.file("b.scn", card.replacingOccurrences(of: "prompt: none", with: "prompt: soft"))
    try scratch.file("notes.txt", "not a scenario")
    let run = try SimSubBinary.run(["check", "."], in: scratch.directory)
    #expect(run.status == 1, "\(run)")
    #expect(run.standardError == "")
    #expect(
      run.standardOutput == """
        ✗ ./b.scn         reference
            line 23: at renewal 1 + 5d 1h (2026-03-05T10:00:00Z) prompt: expected soft, got none
        ✓ ./nested/a.scn  reference

        1 passed, 1 failed

        """)
    let passing = try SimSubBinary.run(["check", "nested"], in: scratch.directory)
    #expect(passing.status == 0, "\(passing)")
    #expect(passing.standardOutput.hasSuffix("1 passed, 0 failed\n"))
  }

  // MARK: Colour

  @Test(arguments: [
    [:], ["TERM": "xterm-256color"], ["NO_COLOR": "1", "TERM": "xterm-256color"], ["TERM": "dumb"],
  ])
  func noEscapeCodesWhenTheOutputIsNotATerminal(environment: [String: String]) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bad = try scratch.file("bad.scn", "name: t\nstore: aple\n")
    for arguments in [
      ["run", Self.cardExpired], ["run", Self.cardExpired, "--policy", "active-only"], ["check"],
      ["run", bad], ["--help"],
    ] {
      let run = try SimSubBinary.run(arguments, environment: environment)
      #expect(!run.standardOutput.contains("\u{1B}") && !run.standardError.contains("\u{1B}"), "\(arguments)")
      #expect(!run.standardOutput.isEmpty || !run.standardError.isEmpty)
    }
  }

  #if os(Linux) || os(macOS)
    @Test func atATerminalColourUnlessNoColorOrADumbTerminal() throws {
      let coloured = try Terminal.run(["run", Self.cardExpired], environment: ["TERM": "xterm-256color"])
      #expect(coloured.contains("\u{1B}[1;32mPASS\u{1B}[0m"), "\(coloured)")
      let noColor = try Terminal.run(
        ["run", Self.cardExpired], environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
      #expect(noColor.contains("PASS") && !noColor.contains("\u{1B}"), "\(noColor)")
      let dumb = try Terminal.run(["run", Self.cardExpired], environment: ["TERM": "dumb"])
      #expect(dumb.contains("PASS") && !dumb.contains("\u{1B}"), "\(dumb)")
      // An empty NO_COLOR does not count (no-color.org).
      let empty = try Terminal.run(
        ["run", Self.cardExpired], environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
      #expect(empty.contains("\u{1B}[1;32mPASS"))
    }
  #endif

  // MARK: Bad input never crashes

  /// Each input must be answered with status 2, nothing on standard output, and on standard
  /// error exactly what the library renders for it: a crash, a hang or a half-written report
  /// fails the test.
  static func expectRejected(
    _ bytes: [UInt8], name: String, in scratch: Scratch,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let path = try scratch.file(name, bytes)
    let run = try SimSubBinary.run(["run", path])
    #expect(run.signal == nil, "crashed on \(name)", sourceLocation: sourceLocation)
    #expect(run.status == 2, "\(name): \(run)", sourceLocation: sourceLocation)
    #expect(run.standardOutput == "", sourceLocation: sourceLocation)
    let expected = Result { () throws(ScenarioLoader.Failure) in try ScenarioLoader.load(path: path) }
    if case .failure(let failure) = expected {
      let rendered = failure.rendered.hasSuffix("\n") ? failure.rendered : failure.rendered + "\n"
      #expect(run.standardError == rendered, "\(name)", sourceLocation: sourceLocation)
    } else {
      Issue.record("\(name) loads in-process but not in the binary", sourceLocation: sourceLocation)
    }
  }

  @Test func randomBytesAreRejected() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    var generator = SeededGenerator(seed: 0x5ca1ab1e)
    for i in 0..<16 {
      let count = Int(generator.next() % 3000)
      let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      try Self.expectRejected(bytes, name: "random-\(i).scn", in: scratch)
    }
    // Text-like noise: printable ASCII, newlines, colons and dashes.
    let alphabet = Array("ab:- \n\t#[]{},'\"1d".utf8)
    for i in 0..<8 {
      let count = 1 + Int(generator.next() % 400)
      let bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      try Self.expectRejected(bytes, name: "noise-\(i).scn", in: scratch)
    }
  }

  @Test func pathologicalFilesAreRejected() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let cases: [(String, [UInt8])] = [
      ("empty.scn", []),
      ("nul.scn", [0, 0, 0, 10]),
      ("invalid-utf8.scn", Array("name: \u{FF}".utf8) + [0xFF, 0xFE, 10]),
      ("bom.scn", [0xEF, 0xBB, 0xBF] + Array("name: t\n".utf8)),
      ("long-line.scn", Array(("name: " + String(repeating: "a", count: 200_000) + "\n").utf8)),
      ("deep.scn", Array((String(repeating: "[", count: 5_000) + "\n").utf8)),
      ("indent.scn", Array((0..<500).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined().utf8)),
      (
        "many-entries.scn",
        Array(
          ("name: t\nstore: apple\nproduct: {}\ntimeline:\n"
            + String(repeating: "  - {at: 1d, do: dance}\n", count: 5_000)).utf8)
      ),
      (
        "huge-duration.scn",
        Array("name: t\nstore: apple\nproduct: {}\nhorizon: 99999999999999999999d\ntimeline: []\n".utf8)
      ),
      (
        "huge-renewal.scn",
        Array(
          "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: renewal 99999999999, do: cancel}\n".utf8)
      ),
    ]
    for (name, bytes) in cases {
      try Self.expectRejected(bytes, name: name, in: scratch)
    }
  }

  @Test func truncatedScenariosAreRejectedOrPlayed() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let whole = [UInt8](
      try Data(contentsOf: SimSubBinary.packageRoot.appendingPathComponent(Self.cardExpired)))
    var rejected = 0
    for cut in stride(from: 0, to: whole.count, by: 23) {
      let bytes = Array(whole[..<cut])
      let path = try scratch.file("cut-\(cut).scn", bytes)
      let loads = (try? ScenarioLoader.load(path: path)) != nil
      if loads {
        // A prefix that happens to be a whole scenario is played like any other.
        let run = try SimSubBinary.run(["run", path])
        #expect(run.signal == nil && (run.status == 0 || run.status == 1), "cut at \(cut): \(run)")
        #expect(run.standardError == "")
      } else {
        rejected += 1
        try Self.expectRejected(bytes, name: "cut-\(cut).scn", in: scratch)
      }
    }
    #expect(rejected > 20)
  }
}
