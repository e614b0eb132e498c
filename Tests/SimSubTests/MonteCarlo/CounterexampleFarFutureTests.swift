import Foundation
import Testing

@testable import SimSub

/// A run that starts late in 9999 goes on past the year 10000; its counterexample is written
/// with expanded years and reproduces, rather than being dropped because its dates did not
/// read back.
@Suite struct CounterexampleFarFutureTests {
  @Test func aCounterexamplePastTheYear9999IsWrittenAndReproduces() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let typical = try String(contentsOfFile: MonteCarloTestSupport.typicalPath, encoding: .utf8)
    let lines = typical.split(separator: "\n", omittingEmptySubsequences: false).filter {
      !$0.hasPrefix("start:")
    }
    try dir.file("late.pop", "start: 9999-11-01T00:00:00Z\n" + lines.joined(separator: "\n"))
    let run = MonteCarloTestSupport.simsub([
      "montecarlo", dir.at("late.pop"), "--users", "2000", "--policy", "active-only",
      "--counterexamples", dir.at("examples"),
    ])
    #expect(run.status == .checkFailed, "\(run.error)")
    let files = try dir.entries("examples")
    try #require(files.count == 1, "\(run.output)")
    let path = dir.at("examples/\(files[0])")
    #expect(run.output.contains("counterexample \(path)"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("  - at: +010000-"), "\(text)")
    let replay = MonteCarloTestSupport.simsub(["run", path])
    #expect(replay.status == .checkFailed, "\(replay.output)")
    #expect(replay.output.contains("✗ no-lockout-in-grace"))
  }
}
