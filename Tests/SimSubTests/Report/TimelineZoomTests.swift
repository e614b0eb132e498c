import Foundation
import Testing

@testable import SimSub

/// A stretch shorter than 1% of a run where something happened gets a zoomed panel under the
/// timeline, outlined on the chart.
@Suite("Reports: timeline zoom")
struct TimelineZoomTests {
  static let start = Instant(secondsSinceEpoch: 1_767_225_600)  // 2026-01-01T00:00:00Z

  /// Thirty days active, with the given notifications and violations.
  static func month(
    notifications: [TimelineChartData.Notification] = [], violations: [TimelineChartData.Violation] = []
  ) -> TimelineChartData {
    let end = start + .days(30)
    return TimelineChartData(
      title: "a month", start: start, end: end,
      truth: [.init(start: start, end: end, value: .active)],
      policy: [.init(start: start, end: end, value: Decision(state: .active, access: true, prompt: .none))],
      notifications: notifications, violations: violations)
  }

  static func late(_ day: Int64, by hours: Int64, name: String = "DID_RENEW")
    -> TimelineChartData.Notification
  {
    let sent = start + .days(day)
    return .init(name: name, sent: sent, deliveries: [sent + .hours(hours)])
  }

  static func violation(_ day: Int64, minutes: Int64) -> TimelineChartData.Violation {
    let from = start + .days(day)
    return .init(
      invariant: "no-lockout-in-grace", start: from, end: from + .minutes(minutes), expected: false,
      detail: "")
  }

  // MARK: Which stretches

  @Test func aTwoHourGraceIsZoomedWithContextEitherSide() throws {
    let result = try ReportScenarios.play(ReportScenarios.shortStretches, path: "golden/short-stretches.scn")
    let data = TimelineChartData(result)
    let grace = try #require(data.truth.first { $0.value == .grace })
    #expect(grace.end - grace.start == .hours(2))
    let windows = TimelineZoom.windows(data)
    let around = try #require(windows.first { $0.start <= grace.start && grace.end <= $0.end })
    #expect(around.stretches.map(\.label).contains("store grace for 2h"))
    // Twice the stretch either side: the grace takes a fifth of its panel.
    #expect(around.start == grace.start - .hours(4) && around.end == grace.end + .hours(4))
    #expect(TimelineZoom.heading(around, from: data.origin) == "day 30 20:00 – day 31 06:00")
  }

  @Test func aLateDeliveryIsZoomedSoItsTickStandsApart() throws {
    let result = try ReportScenarios.play(ReportScenarios.googleLate, path: "golden/google-late.scn")
    let data = TimelineChartData(result)
    let run = Double((data.end - data.start).seconds)
    let windows = TimelineZoom.windows(data)
    #expect(!windows.isEmpty && windows.count <= TimelineZoom.maxPanels)
    for w in windows {
      #expect(w.start < w.end && w.start >= data.start && w.end <= data.end)
      #expect(w.stretches.contains { $0.label.hasSuffix("delivered 6h late") })
      let zoomed = TimelineZoom.zoomed(data, to: w)
      #expect(zoomed.start == w.start && zoomed.end == w.end && zoomed.origin == data.start)
      // The bands still cover the window without gaps.
      #expect(zoomed.truth.first?.start == w.start && zoomed.truth.last?.end == w.end)
      for (a, b) in zip(zoomed.truth, zoomed.truth.dropFirst()) { #expect(a.end == b.start) }
      // On the chart six hours are under 1% of the width; in the panel, a tenth or more.
      let n = try #require(
        zoomed.notifications.first { n in
          n.sent >= w.start && n.deliveries.contains { $0 > n.sent && $0 <= w.end }
        })
      let delay = Double(((n.deliveries.first ?? n.sent) - n.sent).seconds)
      #expect(delay / run < TimelineZoom.threshold)
      #expect(delay / Double((w.end - w.start).seconds) >= 0.1)
    }
  }

  @Test func aBriefViolationIsZoomedAndALongOneIsNot() {
    let brief = Self.month(violations: [Self.violation(10, minutes: 30)])
    let windows = TimelineZoom.windows(brief)
    #expect(windows.count == 1)
    #expect(windows.first?.stretches.map(\.violation) == [true])
    #expect(windows.first?.stretches.first?.label == "no-lockout-in-grace for 30min")
    // Thirty minutes with twice as long either side.
    #expect(windows.first.map { $0.end - $0.start } == .minutes(150))

    let long = Self.month(violations: [Self.violation(10, minutes: 8 * 60)])
    #expect(TimelineZoom.windows(long).isEmpty)
  }

  @Test func nothingShortNoZoom() throws {
    // On time, or late by more than 1% of the run (seven hours is 1% of thirty days).
    let data = Self.month(notifications: [Self.late(3, by: 0), Self.late(9, by: 8)])
    #expect(TimelineZoom.stretches(data).isEmpty)
    #expect(TimelineZoom.windows(data).isEmpty)
    let svg = TimelineChart.draw(data).svg()
    #expect(!svg.contains("Zoom 1") && !svg.contains("zoom-marks"))

    // The lockout fixture's stretches are all days long.
    let lockout = TimelineChartData(
      try ReportScenarios.play(ReportScenarios.lockout, path: "golden/lockout.scn"))
    #expect(TimelineZoom.candidates(lockout).isEmpty)
  }

  @Test func atMostThreePanelsViolationsFirst() {
    // Five late deliveries days apart, and a brief violation beside the last one.
    let data = Self.month(
      notifications: [1, 6, 11, 16, 21].map { Self.late($0, by: 1) },
      violations: [Self.violation(26, minutes: 90)])
    let candidates = TimelineZoom.candidates(data)
    #expect(candidates.count == 6)
    let windows = TimelineZoom.windows(data)
    #expect(windows.count == TimelineZoom.maxPanels)
    #expect(windows.contains { $0.stretches.contains(where: \.violation) })
    #expect(windows.map(\.start) == windows.map(\.start).sorted())
    // The ones left out are listed under the chart.
    let svg = TimelineChart.draw(data).svg()
    #expect(svg.contains("Also shorter than 1% of the run, not zoomed:"))
    #expect(svg.contains("Zoom 3:") && !svg.contains("Zoom 4:"))
  }

  @Test func manyShortStretchesAreCountedNotAllNamed() {
    // A delivery an hour late every day.
    let data = Self.month(notifications: (1...29).map { Self.late(Int64($0), by: 1) })
    #expect(TimelineZoom.candidates(data).count == 29)
    let svg = TimelineChart.draw(data).svg()
    #expect(svg.contains("… (26 in all)"))
    #expect(svg.components(separatedBy: "delivered 1h late").count - 1 < 29)
  }

  @Test func overlappingOrNearStretchesShareOnePanel() {
    // Sent an hour apart, each two hours late: the stretches overlap.
    let overlapping = Self.month(notifications: [
      Self.late(5, by: 2, name: "A"), Self.late(5, by: 2, name: "B"),
    ])
    let shifted = Self.month(notifications: [
      Self.late(5, by: 2, name: "A"),
      .init(
        name: "B", sent: Self.start + .days(5) + .hours(1), deliveries: [Self.start + .days(5) + .hours(3)]),
    ])
    for data in [overlapping, shifted] {
      let windows = TimelineZoom.windows(data)
      #expect(windows.count == 1)
      #expect(windows.first?.stretches.count == 2)
    }
    // Five days apart: two panels.
    let apart = Self.month(notifications: [Self.late(5, by: 2), Self.late(10, by: 2)])
    #expect(TimelineZoom.windows(apart).count == 2)
  }

  @Test func windowsRoundOutToWholeHoursOrMinutes() {
    let sent = Self.start + .days(4) + .minutes(7 * 60 + 13)
    let data = Self.month(notifications: [.init(name: "X", sent: sent, deliveries: [sent + .minutes(130)])])
    let w = TimelineZoom.windows(data)
    #expect(w.count == 1)
    for edge in w.map(\.start) + w.map(\.end) { #expect((edge - Self.start).seconds % 3_600 == 0) }
    #expect(w.first.map { $0.start <= sent - .minutes(260) && $0.end >= sent + .minutes(390) } == true)
  }

  // MARK: What is drawn

  @Test func thePanelIsDrawnUnderTheChartAndOutlinedOnIt() throws {
    let result = try ReportScenarios.play(ReportScenarios.shortStretches, path: "golden/short-stretches.scn")
    let data = TimelineChartData(result)
    let windows = TimelineZoom.windows(data)
    #expect(windows.count == 2)
    let svg = ScenarioSVGReport.render([result])
    #expect(XMLCheck.error(in: svg) == nil)
    for (i, w) in windows.enumerated() {
      let heading = "Zoom \(i + 1): \(TimelineZoom.heading(w, from: data.origin))"
      #expect(svg.contains(">\(heading)</text>"), "\(heading)")
      #expect(svg.contains("<title>zoom \(i + 1): \(TimelineZoom.heading(w, from: data.origin))"))
    }
    // After the chart: its axis comes before the first panel's heading.
    let firstAxis = try #require(svg.range(of: "<g class=\"ticks\">"))
    let firstPanel = try #require(svg.range(of: ">Zoom 1: "))
    #expect(firstAxis.upperBound < firstPanel.lowerBound)
    // The panel's axis counts days from the run's start and ticks in hours.
    #expect(svg.contains(">day 31 +2h</text>"))
    // The late delivery's label, readable in the panel.
    #expect(svg.contains("invoice.paid +3h"))
  }

  @Test func aZoomedAxisCountsFromTheRunsStart() {
    let from = Self.start + .days(30) + .hours(20)
    let ticks = ChartAxes.timeTicks(start: from, end: from + .hours(10), maxTicks: 12, origin: Self.start)
    #expect(ticks.first?.day == "day 30 +20h")
    #expect(ticks.last?.day == "day 31 +6h")
    #expect(ticks.count == 11)
    let minutes = ChartAxes.timeTicks(start: from, end: from + .minutes(90), maxTicks: 12, origin: Self.start)
    #expect(minutes.map(\.day).contains("day 30 +20h30m"))
    #expect(minutes.allSatisfy { ($0.instant - from).seconds % 600 == 0 })
  }
}
