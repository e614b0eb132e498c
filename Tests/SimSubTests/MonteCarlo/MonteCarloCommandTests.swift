import Foundation
import Testing

@testable import SimSub

/// `simsub montecarlo` as a user meets it: options checked before anything runs, reports in
/// three formats, files written whole or not at all, Ctrl-C.
@Suite struct MonteCarloCommandTests {
  struct BadOption: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let badOptions: [BadOption] = [
    BadOption(
      arguments: ["--shard", "0/2"],
      message:
        "Error: The value '0/2' is invalid for '--shard <k/n>': expected k/n with 1 ≤ k ≤ n, such as 1/4 (shards count from 1)"
    ),
    BadOption(
      arguments: ["--threads", "0"],
      message: "Error: The value '0' is invalid for '--threads <n>': expected a whole number from 1 to 1024"),
    BadOption(
      arguments: ["--users", "0"],
      message:
        "Error: The value '0' is invalid for '--users <n>': expected a whole number from 1 to 10000000000"),
    BadOption(
      arguments: ["--horizon", "1m"],
      message:
        "Error: The value '1m' is invalid for '--horizon <duration>': expected a duration such as '365d', at most 36500d"
    ),
    BadOption(
      arguments: ["--seed", "1.5"],
      message:
        "Error: The value '1.5' is invalid for '--seed <n>': expected a whole number from 0 to 18446744073709551615"
    ),
    BadOption(
      arguments: ["--policy", "refrence"],
      message:
        "Error: The value 'refrence' is invalid for '--policy <name>': unknown policy 'refrence' — did you mean 'reference'?"
    ),
    BadOption(
      arguments: ["--compare", "reference"],
      message: "Error: --compare names the policy already played ('reference'); name another one"),
  ]

  @Test(arguments: badOptions)
  func badOptionsAreUsageErrors(_ bad: BadOption) throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let run = MonteCarloTestSupport.simsub(
      ["montecarlo", MonteCarloTestSupport.typicalPath] + bad.arguments + ["--output", dir.at("out.txt")])
    #expect(run.status == .badInput)
    #expect(run.output.isEmpty)
    #expect(run.error.hasPrefix(bad.message + "\n"), "\(run.error)")
    #expect(run.error.contains("\nUsage: simsub montecarlo [<options>] <file>\n"))
    #expect(try dir.entries().isEmpty)
  }

  @Test func aMissingFileIsBadInput() {
    let run = MonteCarloTestSupport.simsub(["montecarlo", "/nonexistent/typical.pop"])
    #expect(run.status == .badInput)
    #expect(run.error == "Error: No such file or directory: '/nonexistent/typical.pop'\n")
  }

  @Test func optionsOverrideTheFile() throws {
    let run = MonteCarloTestSupport.simsub([
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "700", "--seed", "12", "--horizon", "90d",
      "--format", "json",
    ])
    #expect(run.status == .success)
    let result = try MonteCarloResultJSON.parse(run.output)
    #expect(result.setup.users == 700 && result.setup.seed == 12 && result.setup.horizon == .days(90))
    #expect(result.all.sum(.subscribers, policy: 0) == 700)
    // 90 days hold about three monthly renewals per subscriber, not twelve.
    let renewals = Double(result.all.sum(.renewals, policy: 0)) / 700
    #expect(renewals > 2 && renewals < 3.5)
  }

  @Test func outputIsWrittenWholeAndTheReportsAgree() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let args = ["montecarlo", MonteCarloTestSupport.typicalPath, "--users", "800"]
    let text = MonteCarloTestSupport.simsub(args)
    let toFile = MonteCarloTestSupport.simsub(args + ["--output", dir.at("report.txt")])
    #expect(toFile.output.isEmpty)
    #expect(try dir.read("report.txt") == text.output)
    #expect(text.output.contains("recovery rate (within 30 days)"))
    #expect(
      text.output.contains("Recovery curve: share of episodes recovered by day since the failure (reference)")
    )
    let markdown = MonteCarloTestSupport.simsub(args + ["--format", "markdown"])
    #expect(markdown.output.hasPrefix("## Typical monthly app on both stores\n"))
    #expect(markdown.output.contains("| recovery rate (within 30 days) | "))
    let json = MonteCarloTestSupport.simsub(args + ["--format", "json"])
    let result = try MonteCarloResultJSON.parse(json.output)
    // The JSON carries what the text shows: rendering the parsed result gives the same text.
    #expect(MonteCarloTextReport().render(result) == text.output)
    // Writing into a directory that does not exist fails cleanly.
    let failed = MonteCarloTestSupport.simsub(args + ["--output", dir.at("missing/report.txt")])
    #expect(failed.status == .badInput)
    #expect(failed.error.contains("cannot be written: there is no folder"))
    #expect(!FileManager.default.fileExists(atPath: dir.at("missing")))
  }

  @Test func aMarkdownReportWrittenToAFileGetsTheRecoveryCurveBesideIt() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let args = ["montecarlo", MonteCarloTestSupport.typicalPath, "--users", "600", "--format", "markdown"]
    let run = MonteCarloTestSupport.simsub(args + ["--output", dir.at("report.md")])
    #expect(run.status == .success)
    #expect(try dir.entries() == ["report.md", "report.svg"])
    let markdown = try dir.read("report.md")
    #expect(markdown.contains("![Recovery curve](report.svg)"))
    let svg = try dir.read("report.svg")
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.hasSuffix("</svg>\n"))
    // A line and a band for everyone and for each store.
    #expect(svg.components(separatedBy: "<polyline").count - 1 == 3)
    #expect(svg.components(separatedBy: "<polygon").count - 1 == 3)
    // The same run draws the same picture; on standard output there is no picture.
    let again = MonteCarloTestSupport.simsub(args + ["--output", dir.at("again.md")])
    #expect(again.status == .success)
    #expect(try dir.read("again.svg") == svg)
    #expect(!MonteCarloTestSupport.simsub(args).output.contains("!["))
  }

  @Test func throughputGoesToStandardError() {
    let run = MonteCarloTestSupport.simsub([
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "300",
    ])
    #expect(run.error.hasPrefix("simsub: played 300 subscribers × 365d in "))
    #expect(run.error.hasSuffix(" subscriber-years/s\n"))
    #expect(!run.output.contains("subscriber-years/s"))
  }

  /// The built `simsub` next to the test bundle's build products.
  static var executable: String { MonteCarloTestSupport.packageRoot + "/.build/debug/simsub" }

  @Test func ctrlCStopsTheRunAndLeavesNothingWritten() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try #require(FileManager.default.isExecutableFile(atPath: Self.executable), "build simsub first")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.executable)
    process.arguments = [
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "50000000", "--policy", "active-only",
      "--output", dir.at("out.json"), "--format", "json", "--counterexamples", dir.at("examples"),
    ]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    Thread.sleep(forTimeInterval: 1.5)
    #expect(process.isRunning)
    process.interrupt()
    process.waitUntilExit()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGINT)
    #expect(stdout.isEmpty)
    #expect(stderr == "simsub: interrupted; nothing written\n")
    #expect(try dir.entries().isEmpty)
  }
}
