import Foundation
import Testing

@testable import SimSub

@Suite("Reports: population charts and the page skeleton")
struct PopulationChartTests {
  @Test func aSeriesFromArraysIsCutToTheShortest() {
    let s = RecoveryCurveData.Series(
      name: "x", share: [0, 0.1, 0.2], lower: [0, 0.05], upper: [0, 0.15, 0.25])
    #expect(
      s.points == [
        .init(day: 0, share: 0, lower: 0, upper: 0), .init(day: 1, share: 0.1, lower: 0.05, upper: 0.15),
      ])
  }

  @Test func everySeriesGetsItsOwnColourAndDash() throws {
    let svg = RecoveryCurveChart.draw(SyntheticPopulation.comparePolicies).svg()
    let lines = svg.split(separator: "\n").filter { $0.contains("<polyline") }
    #expect(lines.count == 3)
    for (i, line) in lines.enumerated() {
      #expect(line.contains("stroke=\"\(ChartStyle.seriesColours[i].rawValue)\""))
      if let dash = ChartStyle.seriesDashes[i] {
        #expect(line.contains("stroke-dasharray=\"\(dash)\""))
      } else {
        #expect(!line.contains("stroke-dasharray"), "series \(i) is solid")
      }
    }
    #expect(Set(ChartStyle.seriesDashes.prefix(3).map { $0 ?? "" }).count == 3)
  }

  @Test func theShareAxisStopsAtARoundFigureAboveTheHighestBand() throws {
    let parsed = try #require(XMLCheck.parse(RecoveryCurveChart.draw(SyntheticPopulation.perStore).svg()))
    // The highest upper bound is about 63.5%: the axis runs to 70% in steps of 10%.
    #expect(parsed.texts.contains("70%"))
    #expect(!parsed.texts.contains("80%"))
    #expect(parsed.texts.contains("0%"))
  }

  @Test func nonsenseFiguresStillDrawAWellFormedChart() throws {
    let data = RecoveryCurveData(
      title: "bad <figures> & worse",
      series: [
        RecoveryCurveData.Series(
          name: "odd",
          points: [
            .init(day: -3, share: .nan, lower: -1, upper: 2),
            .init(day: 10, share: .infinity, lower: 0.2, upper: 0.1),
          ]),
        RecoveryCurveData.Series(name: "empty", points: []),
      ],
      markers: [RecoveryCurveData.Marker(day: 400, label: "far away")])
    let svg = RecoveryCurveChart.draw(data).svg()
    #expect(XMLCheck.error(in: svg) == nil)
    #expect(!svg.contains("nan") && !svg.contains("inf"))
    let empty = RecoveryCurveChart.draw(RecoveryCurveData(title: "none", series: [])).svg()
    #expect(empty.contains("no episodes to draw"))
  }

  @Test func outcomeSharesAreWrittenInTheBarsAndCountsBesideThem() throws {
    let parsed = try #require(XMLCheck.parse(EpisodeOutcomeChart.draw(SyntheticPopulation.outcomes).svg()))
    // reference: 3,012 of 7,016 recovered in grace.
    #expect(parsed.texts.contains("42.9%"))
    #expect(parsed.texts.contains("n = 7,016"))
    #expect(parsed.texts.contains("no episodes"))
    for outcome in EpisodeOutcomeData.Outcome.episodeEnds { #expect(parsed.texts.contains(outcome.name)) }
  }

  @Test func thePageSkeletonEscapesEverythingAndNeedsNoScript() throws {
    var table = HTMLTable(columns: ["name", "<n>"], columnClasses: [nil, "num"])
    table.append([.init("a & b"), .init("1")])
    table.append([.init("<script>alert(1)</script>"), .init("2")], cls: "fail")
    let page = HTMLPage(
      title: "Monte Carlo <typical.pop>", subtitle: ["seed 1", "100,000 users"], passed: nil,
      figures: [.init("62.1%", "recovered in 30 days", passed: true)],
      sections: [
        HTMLPage.Section(id: "figures", heading: "Figures", body: table.fragment),
        HTMLPage.Section(
          id: "curve", heading: "Recovery",
          body: .chart(RecoveryCurveChart.draw(SyntheticPopulation.perStore)),
          foldable: true, open: false),
      ]
    ).render()
    #expect(XMLCheck.error(in: page) == nil)
    let parsed = try #require(XMLCheck.parse(page))
    #expect(parsed.elements["script"] == nil)
    #expect(parsed.elements["style"] == 1)
    #expect(parsed.elements["details"] == 1)
    #expect(parsed.texts.contains("<script>alert(1)</script>"))
    #expect(page.contains("<title>Monte Carlo &lt;typical.pop&gt;</title>"))
    #expect(page.contains("<details>\n<summary>"))
  }
}
