import Foundation
import Testing

@testable import SimSub

/// Labels a timeline leaves out where they would overlap are numbered at their ticks and
/// listed under the chart, so a picture without tooltips still names them.
@Suite("Reports: timeline footnotes")
struct TimelineFootnoteTests {
  /// The text between `<g class="NAME">` and its `</g>`.
  static func group(_ name: String, in svg: String) -> String? {
    guard let start = svg.range(of: "<g class=\"\(name)\">"),
      let end = svg.range(of: "</g>", range: start.upperBound..<svg.endIndex)
    else { return nil }
    return String(svg[start.upperBound..<end.lowerBound])
  }

  static func texts(_ fragment: String) -> [String] {
    fragment.components(separatedBy: "</text>").dropLast().compactMap {
      $0.split(separator: ">").last.map(String.init)
    }
  }

  @Test func everyLeftOutLabelIsNumberedAndListed() throws {
    let result = try ReportScenarios.play(ReportScenarios.fiveYears, path: "golden/five-years.scn")
    let data = TimelineChartData(result)
    let svg = TimelineChart.draw(data).svg()
    let marks = Self.texts(try #require(Self.group("footnote-marks", in: svg)))
    let notes = Self.texts(try #require(Self.group("footnotes", in: svg)))
    #expect(svg.contains("\(marks.count) labels left out where they would overlap, numbered at their ticks:"))
    // Every number at a tick has its footnote, and every footnote is used.
    #expect(Set(marks) == Set((1...notes.count).map(String.init)))
    for (i, note) in notes.enumerated() { #expect(note.hasPrefix("\(i + 1). "), "\(note)") }
    // A footnote names a notification or an action of the run.
    let names = Set(data.notifications.map(\.name) + data.actions.map(\.label))
    for note in notes {
      let label = note.drop { $0 != " " }.dropFirst().prefix { $0 != ":" }
      #expect(names.contains(String(label.split(separator: " ").first ?? "")), "\(note)")
    }
  }

  @Test func aChartWithRoomForEveryLabelHasNoFootnotes() throws {
    let result = try ReportScenarios.play(ReportScenarios.lockout, path: "golden/lockout.scn")
    let svg = TimelineChart.draw(TimelineChartData(result)).svg()
    #expect(Self.group("footnotes", in: svg) == nil)
    #expect(!svg.contains("left out"))
  }
}
