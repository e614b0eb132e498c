import Foundation
import TestSupport
import Testing

@testable import SimSub

@Suite("Reports: timeline chart")
struct TimelineChartTests {
  @Test func spansCoverTheRunWithoutGapsOrRepeats() throws {
    let result = try ReportScenarios.play(ReportScenarios.googleLate, path: "g.scn")
    let data = TimelineChartData(result)
    for spans in [
      data.truth.map { ($0.start, $0.end, $0.value.name) },
      data.policy.map { ($0.start, $0.end, Describe.decision($0.value)) },
    ] {
      #expect(spans.first?.0 == result.scenario.start)
      #expect(spans.last?.1 == result.end)
      for (a, b) in zip(spans, spans.dropFirst()) {
        #expect(a.1 == b.0)
        #expect(a.2 != b.2, "neighbours should have merged: \(a) \(b)")
      }
    }
    #expect(data.truth.map(\.value) == [.active, .grace, .hold, .active])
  }

  @Test func eachNotificationIsDeliveredSixHoursAfterItWasSent() throws {
    let result = try ReportScenarios.play(ReportScenarios.googleLate, path: "g.scn")
    let data = TimelineChartData(result)
    #expect(data.notifications.count == result.rows.reduce(0) { $0 + $1.sent.count })
    #expect(!data.notifications.isEmpty)
    for n in data.notifications where n.sent < result.end - .hours(6) {
      #expect(n.deliveries == [n.sent + .hours(6)], "\(n.name)")
    }
  }

  @Test func anOutageShowsTheFailedAttemptAndTheLateDelivery() throws {
    let data = TimelineChartData(try ReportScenarios.play(ReportScenarios.oneDay, path: "d.scn"))
    let cancel = try #require(
      data.notifications.first { $0.name == "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED" })
    #expect(cancel.failedAttempts == [cancel.sent])
    #expect(cancel.deliveries == [cancel.sent + .hours(1)])
    let svg = TimelineChart.draw(data).svg()
    #expect(svg.contains("DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED +1h"))
    #expect(svg.contains("class=\"failed-delivery\""))
  }

  @Test func violationsAreRedSpansWithTheirNames() throws {
    let lockout = TimelineChartData(try ReportScenarios.play(ReportScenarios.lockout, path: "l.scn"))
    #expect(lockout.violations.map(\.invariant) == ["no-lockout-in-grace"])
    let allExpected = lockout.violations.allSatisfy(\.expected)
    #expect(allExpected)
    let svg = TimelineChart.draw(lockout).svg()
    #expect(svg.contains(">no-lockout-in-grace (expected)</text>"))
    #expect(svg.contains("class=\"violation\""))

    let oneDay = TimelineChartData(try ReportScenarios.play(ReportScenarios.oneDay, path: "d.scn"))
    #expect(oneDay.violations.map(\.invariant) == ["no-free-access"])
    #expect(!oneDay.violations[0].expected)
    #expect(TimelineChart.draw(oneDay).svg().contains(">no-free-access</text>"))
  }

  @Test func aRunWithoutViolationsSaysTheInvariantsHeld() throws {
    let svg = TimelineChart.draw(
      TimelineChartData(try ReportScenarios.play(ReportScenarios.googleLate, path: "g.scn"))
    ).svg()
    #expect(svg.contains("held throughout: no-lockout-in-grace, no-free-access, prompt-matches"))
    // The legend's swatch only; the lockout chart has its span too.
    #expect(svg.components(separatedBy: "class=\"violation\"").count - 1 == 1)
    let lockout = TimelineChart.draw(
      TimelineChartData(try ReportScenarios.play(ReportScenarios.lockout, path: "l.scn"))
    ).svg()
    #expect(lockout.components(separatedBy: "class=\"violation\"").count - 1 == 2)
  }

  @Test func theLegendNamesEveryState() throws {
    let svg = TimelineChart.draw(
      TimelineChartData(try ReportScenarios.play(ReportScenarios.lockout, path: "l.scn"))
    ).svg()
    let parsed = try #require(XMLCheck.parse(svg))
    for state in StoreTruth.allCases { #expect(parsed.texts.contains(state.name), "\(state.name)") }
  }

  @Test func textFromTheScenarioIsEscaped() throws {
    let svg = ScenarioSVGReport.render([try ReportScenarios.play(ReportScenarios.oneDay, path: "d.scn")])
    #expect(svg.contains("support ticket &lt;#42&gt; &amp; &quot;follow-up&quot;"))
    let parsed = try #require(XMLCheck.parse(svg))
    #expect(parsed.texts.contains("note: support ticket <#42> & \"follow-up\""))
  }

  @Test func severalScenariosAreStackedInOneDocument() throws {
    let results = [
      try ReportScenarios.play(ReportScenarios.lockout, path: "l.scn"),
      try ReportScenarios.play(ReportScenarios.googleLate, path: "g.scn"),
    ]
    let parsed = try #require(XMLCheck.parse(ScenarioSVGReport.render(results)))
    #expect(parsed.elements["svg"] == 3)
    #expect(parsed.elements["style"] == 1)
    #expect(parsed.texts.contains(results[0].scenario.name))
    #expect(parsed.texts.contains(results[1].scenario.name))
  }

  @Test func oneDayTicksAreHoursAndFiveYearTicksAreLongerThanAYear() {
    let maxTicks = 12
    let day = ChartAxes.timeTicks(start: testStart, end: testStart + .days(1), maxTicks: maxTicks)
    #expect(day.count <= maxTicks)
    #expect(day.first?.day == "day 0")
    #expect(day.map(\.day).contains("day 0 +3h"))
    #expect(day.last?.instant == testStart + .days(1))
    #expect(day.last?.date == "01-02 00:00")

    let years = ChartAxes.timeTicks(start: testStart, end: testStart + .days(1826), maxTicks: maxTicks)
    #expect(years.count <= maxTicks)
    #expect(years.count >= 4)
    #expect(years.first?.date == "2026-01-01")
    for (a, b) in zip(years, years.dropFirst()) { #expect(b.instant - a.instant >= .days(180)) }
  }

  @Test func aRunOfOneSecondStillDraws() throws {
    let data = TimelineChartData(
      title: "instant", start: testStart, end: testStart + .seconds(1),
      truth: [.init(start: testStart, end: testStart + .seconds(1), value: .active)],
      policy: [.init(start: testStart, end: testStart + .seconds(1), value: .never)])
    let svg = TimelineChart.draw(data).svg()
    #expect(XMLCheck.error(in: svg) == nil)
  }
}

@Suite("Reports: label lanes")
struct LabelLanesTests {
  @Test func noLabelOverlapsAnotherOrALeader() {
    var random = SeededGenerator(seed: 7)
    for round in 0..<200 {
      let count = Int(random.next() % 40) + 1
      let ticks = (0..<count).map { _ in random.uniform(100...1100).rounded() }
      let widths = (0..<count).map { _ in random.uniform(20...300) }
      let priority = (0..<count).map { _ in Int(random.next() % 3) }
      let placed = LabelLanes.place(
        ticks: ticks, widths: widths, priority: priority, maxLanes: 5, right: 1192)
      let boxes = placed.compactMap { $0 }.map { p in
        (lane: p.lane, from: p.x, to: p.x + widths[p.index], tick: ticks[p.index])
      }
      for (i, a) in boxes.enumerated() {
        #expect(a.from >= 0 && a.to <= 1192, "round \(round): label off the chart")
        for b in boxes[(i + 1)...] where a.lane == b.lane {
          #expect(a.to <= b.from || b.to <= a.from, "round \(round): labels overlap in lane \(a.lane)")
        }
        for b in boxes where b.lane < a.lane {
          #expect(!(b.from < a.tick && a.tick < b.to), "round \(round): a leader crosses a label")
        }
      }
    }
  }

  @Test func aLoneLabelSitsInTheFirstLane() {
    let placed = LabelLanes.place(ticks: [500], widths: [120], priority: [0], maxLanes: 3, right: 1000)
    #expect(placed == [LabelLanes.Placed(index: 0, lane: 0, x: 503, anchorEnd: false)])
  }

  @Test func aLabelNearTheRightEdgeSitsLeftOfItsTick() {
    let placed = LabelLanes.place(ticks: [990], widths: [100], priority: [0], maxLanes: 3, right: 1000)
    #expect(placed == [LabelLanes.Placed(index: 0, lane: 0, x: 887, anchorEnd: true)])
  }

  @Test func labelsThatFitNowhereAreLeftOut() {
    let placed = LabelLanes.place(
      ticks: [100, 101, 102], widths: [300, 300, 300], priority: [0, 0, 0], maxLanes: 2, right: 1000)
    #expect(placed.compactMap { $0 }.count == 2)
    #expect(placed.compactMap { $0?.lane }.sorted() == [0, 1])
  }

  @Test func firstOccurrencesComeBeforeRepeats() {
    #expect(TimelineChart.occurrence(["A", "B", "A", "A", "C", "B"]) == [0, 0, 1, 2, 0, 1])
  }
}

@Suite("Reports: numbers and escaping")
struct ChartTextTests {
  @Test(arguments: [
    (0.0, "0"), (-0.04, "0"), (1.25, "1.3"), (-1.25, "-1.3"), (12.0, "12"), (1199.96, "1200"), (0.06, "0.1"),
    (Double.nan, "0"), (Double.infinity, "0"), (1e20, "1000000000000"),
  ])
  func formatsNumbersWithOneDecimal(_ value: Double, _ text: String) {
    #expect(ChartNumber.format(value) == text)
  }

  @Test func formatsPercentagesAndCounts() {
    #expect(ChartNumber.percent(0.4213) == "42.1%")
    #expect(ChartNumber.percent(1) == "100.0%")
    #expect(ChartNumber.percent(0.5, places: 0) == "50%")
    #expect(ChartNumber.fixed(3.5, places: 2) == "3.50")
    #expect(ChartNumber.fixed(-0.004, places: 2) == "0.00")
    #expect(ChartNumber.grouped(1_234_567) == "1,234,567")
    #expect(ChartNumber.grouped(-1000) == "-1,000")
    #expect(ChartNumber.grouped(999) == "999")
    #expect(ChartNumber.grouped(0) == "0")
    #expect(ChartNumber.decimal(2.50, places: 2) == "2.5")
  }

  @Test func escapesMarkupAndDropsWhatXMLForbids() {
    #expect(
      XMLText.escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    #expect(XMLText.escape("a\u{1}b\u{FFFF}c\td\u{85}") == "a\u{FFFD}b\u{FFFD}c\td\u{FFFD}")
    #expect(XMLText.escape("grâce → ✓") == "grâce → ✓")
    let document =
      "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>\(XMLText.escape("x\u{0}y<z>&\u{7}"))</text></svg>"
    #expect(XMLCheck.error(in: document) == nil)
  }
}

extension SeededGenerator {
  /// A double drawn evenly from `range` (53 random bits), so the label-lane property runs the
  /// same cases every time.
  fileprivate mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
  }
}
