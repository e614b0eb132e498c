import Foundation
import Testing

@testable import SimSub

/// The README shows pictures the tool drew: they must still be what it draws.
@Suite("Reports: the README's pictures")
struct ReadmePictureTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func theTimelineInReportsIsWhatTheToolDraws() throws {
    let scenario = Self.root.appendingPathComponent("Scenarios/active-only-locks-out-grace.scn").path
    let picture = Self.root.appendingPathComponent("Reports/timeline-active-only-locks-out-grace.svg")
    let committed = try String(contentsOf: picture, encoding: .utf8)
    // The chart does not print the file's path, so where the test finds it does not matter.
    let drawn = ScenarioSVGReport.render([try ScenarioPlayer.play(try ScenarioLoader.load(path: scenario))])
    #expect(
      committed == drawn,
      "Reports/timeline-active-only-locks-out-grace.svg is stale; regenerate it with: swift run simsub run Scenarios/active-only-locks-out-grace.scn --svg Reports/timeline-active-only-locks-out-grace.svg"
    )
  }
}
