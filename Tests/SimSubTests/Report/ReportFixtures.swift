import Foundation
import Testing

@testable import SimSub

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Golden files for the pictures and the HTML report.
///
/// Each rendering is compared byte for byte with a file under `Golden/` beside this file. To
/// regenerate them after an intended change, run
///
///     SIMSUB_UPDATE_GOLDEN=1 swift test --filter SimSubTests.Report
///
/// (the run fails, one issue per file written, so it cannot pass by accident), then look at
/// the diff (and at the pictures in a browser: `Tests/Pictures/render-goldens` renders them to
/// PNG with headless Chromium) before committing. The version of simsub is
/// written into the files as `VERSION`, so a release does not change them.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Golden")

  static var updating: Bool { ProcessInfo.processInfo.environment["SIMSUB_UPDATE_GOLDEN"] == "1" }

  /// Checks `actual` against `Golden/<name>`, or writes it there when updating. Updating
  /// records an issue for every file written, so a run with `SIMSUB_UPDATE_GOLDEN=1` left set
  /// fails instead of passing by comparing the output with itself.
  static func check(
    _ actual: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let normalised = actual.replacingAll(simsubVersion, with: "VERSION")
    let url = directory.appendingPathComponent(name)
    if updating {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(normalised.utf8).write(to: url)
      Issue.record(
        "golden updated: \(name); rerun without SIMSUB_UPDATE_GOLDEN", sourceLocation: sourceLocation)
      return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record(
        "missing golden file \(name); run with SIMSUB_UPDATE_GOLDEN=1 to write it",
        sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if normalised != expected {
      let a = normalised.split(separator: "\n", omittingEmptySubsequences: false)
      let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
      Issue.record(
        """
        \(name) differs from its golden file at line \(line + 1):
          expected: \(line < e.count ? String(e[line]) : "<end of file>")
          actual:   \(line < a.count ? String(a[line]) : "<end of file>")
        """, sourceLocation: sourceLocation)
    }
  }
}

/// Parses text as XML and reports the first error, or counts the elements by name.
final class XMLCheck: NSObject, XMLParserDelegate {
  private(set) var elements: [String: Int] = [:]
  private(set) var texts: [String] = []
  private var current = ""

  /// `nil` when `text` is well-formed XML; the parser's message otherwise.
  static func error(in text: String) -> String? {
    let parser = XMLParser(data: Data(text.utf8))
    let check = XMLCheck()
    parser.delegate = check
    if parser.parse() { return nil }
    return
      "\(parser.parserError.map { "\($0)" } ?? "unknown error") at line \(parser.lineNumber), column \(parser.columnNumber)"
  }

  /// The element counts and text contents of a well-formed document.
  static func parse(_ text: String) -> XMLCheck? {
    let parser = XMLParser(data: Data(text.utf8))
    let check = XMLCheck()
    parser.delegate = check
    return parser.parse() ? check : nil
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    elements[elementName, default: 0] += 1
    current = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    if !current.isEmpty { texts.append(current) }
    current = ""
  }
}

/// Scenarios for the pictures, written out so the golden files do not move when the shipped
/// library changes.
enum ReportScenarios {
  /// The known-bad `active-only` policy locks a subscriber out in grace: a violation, expected.
  static let lockout = """
    name: A policy that grants access only in active locks out a subscriber in grace
    store: apple
    product: {period: 1M, grace: 16d}
    policy: active-only
    timeline:
      - at: 10d
        do: card-fails
        reason: insufficient-funds
      - at: renewal 1 + 3d
        do: update-card
    expect:
      - at: renewal 1 + 1h
        store: grace
        access: no
    expect-violations: [no-lockout-in-grace]
    """

  /// One day: a purchase an hour in, an outage, a cancel and uncancel, a refund that the
  /// fail-open policy ignores (an unexpected violation), and a note that needs escaping.
  static let oneDay = """
    name: "One busy day: an outage, a refund & <a note>"
    store: apple
    product: {period: 1M, grace: 16d}
    policy: unknown-is-active
    horizon: 1d
    timeline:
      - at: 1h
        do: subscribe
      - at: 3h
        do: delivery
        outage: {for: 2h}
      - at: 4h
        do: cancel
      - at: 6h
        do: uncancel
      - at: 12h
        do: refund
      - at: 18h
        do: note
        text: "support ticket <#42> & \\"follow-up\\""
    expect:
      - at: 12h 1min
        store: revoked
        access: no
    """

  /// Google Play, notifications six hours late, grace running into hold, recovery in hold.
  static let googleLate = """
    name: Google grace runs into hold; notifications arrive six hours late
    store: google
    product: {period: 1M, grace: 7d}
    delivery: {delay: 6h}
    timeline:
      - at: 5d
        do: card-fails
      - at: renewal 1 + 10d
        do: update-card
    expect:
      - at: renewal 1 + 2d
        store: grace
        access: yes
        prompt: soft
      - at: renewal 1 + 9d
        store: hold
        access: no
        prompt: hard
    """

  /// Stripe with a two-hour grace and the known-bad `active-only` policy: the grace is a lockout
  /// (a violation, expected) two hours long, and the recovery's notifications, three hours late,
  /// are short too. Each is a sliver on a two-month timeline: the chart zooms into them.
  static let shortStretches = """
    name: "Stripe's two-hour grace, a brief lockout and notifications three hours late"
    store: stripe
    product: {id: premium.monthly, period: 1M, grace: 2h}
    policy: active-only
    timeline:
      - at: 20d
        do: card-fails
      - at: renewal 1 + 3d
        do: delivery
        delay: 3h
      - at: renewal 1 + 3d 1h
        do: update-card
      - at: renewal 1 + 4d
        do: delivery
        delay: 0h
    expect:
      - at: renewal 1 + 1h
        store: grace
        access: no
    expect-violations: [no-lockout-in-grace]
    """

  /// Five years on Google Play: a pause, duplicated deliveries, card failures that recover and
  /// one that ends in expiry.
  static let fiveYears = """
    name: Five years on Google Play with a pause, duplicates and yearly card failures
    store: google
    product: {period: 1M, grace: 7d}
    horizon: 1826d
    delivery: {duplicate: true}
    timeline:
      - at: 100d
        do: card-fails
      - at: 122d
        do: update-card
      - at: 400d
        do: pause
        for: 2M
      - at: 700d
        do: card-fails
        reason: expired
      - at: 735d
        do: update-card
      - at: 1100d
        do: cancel
      - at: 1110d
        do: uncancel
      - at: 1500d
        do: card-fails
    """

  static func play(_ text: String, path: String) throws -> ScenarioResult {
    try ScenarioPlayer.play(try ScenarioLoader.decode(text, path: path))
  }
}

/// Synthetic Monte Carlo figures for the population charts: smooth curves with Wilson-like
/// bands, computed (not random) so the golden files are stable.
enum SyntheticPopulation {
  /// A recovery curve rising towards `plateau` with rate `rate` a day, over `days` days, its
  /// band as wide as `n` episodes would make it.
  static func series(_ name: String, plateau: Double, rate: Double, days: Int, n: Int64)
    -> RecoveryCurveData.Series
  {
    var share: [Double] = []
    var lower: [Double] = []
    var upper: [Double] = []
    for day in 0...days {
      let p = plateau * (1 - exp(-rate * Double(day)))
      let half = 1.96 * (p * (1 - p) / Double(n)).squareRoot()
      share.append(p)
      lower.append(max(p - half, 0))
      upper.append(min(p + half, 1))
    }
    return RecoveryCurveData.Series(name: name, episodes: n, share: share, lower: lower, upper: upper)
  }

  static let perStore = RecoveryCurveData(
    title: "Recovery after a failed renewal, by store",
    subtitle: ["synthetic figures for the chart's tests", "100,000 subscribers", "seed 1"],
    series: [
      series("apple", plateau: 0.62, rate: 0.11, days: 60, n: 4_210),
      series("google", plateau: 0.55, rate: 0.16, days: 60, n: 2_806),
    ],
    markers: [
      RecoveryCurveData.Marker(day: 7, label: "google grace ends (7d)"),
      RecoveryCurveData.Marker(day: 16, label: "apple grace ends (16d)"),
      RecoveryCurveData.Marker(day: 30, label: "30-day recovery rate"),
    ])

  static let comparePolicies = RecoveryCurveData(
    title: "Recovery: reference against active-only, same random draws",
    subtitle: ["synthetic figures for the chart's tests"],
    series: [
      series("reference", plateau: 0.6, rate: 0.12, days: 45, n: 7_016),
      series("active-only", plateau: 0.41, rate: 0.09, days: 45, n: 7_016),
      series("unknown-is-active", plateau: 0.58, rate: 0.1, days: 45, n: 7_016),
    ],
    markers: [RecoveryCurveData.Marker(day: 30, label: "30 days")])

  static let outcomes = EpisodeOutcomeData(
    title: "Where billing-issue episodes ended",
    subtitle: ["synthetic figures for the chart's tests"],
    groups: [
      EpisodeOutcomeData.Group(name: "reference", counts: [3_012, 1_290, 2_714, 0]),
      EpisodeOutcomeData.Group(name: "active-only", counts: [1_388, 1_497, 2_874, 1_257]),
      EpisodeOutcomeData.Group(name: "no episodes", counts: [0, 0, 0, 0]),
    ])

  /// A sweep's chart as a grid with `--compare` draws it: the first key along the axis, a line
  /// per value of the second key and policy, each value with its interval; one value without
  /// an estimate has no mark, and its line runs on to the next value that has one.
  static let sweepGrid: SweepChartData = {
    func points(_ base: [Double?], width: Double) -> [SweepChartData.Point?] {
      base.map { v in v.map { SweepChartData.Point(value: $0, low: $0 - width, high: $0 + width) } }
    }
    return SweepChartData(
      title: "recovery rate (within 30 days) by apple.grace × apple.hold: Typical monthly app",
      subtitle: [
        "each value played on the same random draws; with its 95% interval; everyone (per store in the tables)",
        "20,000 subscribers, seed 1, policies reference and active-only",
      ],
      xLabel: "apple.grace", values: ["0d", "3d", "16d", "28d"], yLabel: "recovery rate (within 30 days)",
      percent: true,
      series: [
        .init(name: "apple.hold=0d, reference", points: points([0.36, 0.40, 0.52, 0.56], width: 0.012)),
        .init(name: "apple.hold=0d, active-only", points: points([0.25, 0.29, 0.38, 0.41], width: 0.012)),
        .init(name: "apple.hold=30d, reference", points: points([0.62, 0.61, 0.60, 0.58], width: 0.011)),
        .init(name: "apple.hold=30d, active-only", points: points([0.53, nil, 0.43, 0.42], width: 0.013)),
      ])
  }()
}
