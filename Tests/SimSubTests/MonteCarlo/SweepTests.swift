import Foundation
import Testing

@testable import SimSub

/// `--sweep KEY=V1,V2,...`: one population at several values of a setting, on the same draws.
@Suite struct SweepTests {
  /// The shipped typical population's text.
  static func typicalText() throws -> String {
    try String(contentsOfFile: MonteCarloTestSupport.typicalPath, encoding: .utf8)
  }

  /// The sweep's populations at each value, from `text` as a file would hold it.
  static func populations(_ text: String, sweep: String, users: Int) throws -> (PopulationSweep, [Population])
  {
    let sweep = try PopulationSweep(parsing: sweep)
    let root = try YAMLParser.parse(text, file: "sweep.pop", expectedKeys: PopulationDecoder.requiredKeys)
    var populations = try sweep.populations(root, path: "sweep.pop")
    for i in populations.indices { populations[i].users = users }
    return (sweep, populations)
  }

  static func sweep(_ populations: [Population], policy: String = "reference", threads: Int = 2) throws
    -> [MonteCarloResult]
  {
    let type = try #require(PolicyRegistry.entry(named: policy)).type
    let runs = MonteCarloSweepRunner.run(
      try populations.map { try PopulationPlan($0) }, policy: type, options: .init(threads: threads))
    return try #require(runs)
  }

  @Test func aSweepOfOneValueIsThePlainRun() throws {
    let (_, populations) = try Self.populations(try Self.typicalText(), sweep: "apple.grace=16d", users: 1200)
    let swept = try Self.sweep(populations)
    let plain = try MonteCarloTestSupport.run(populations[0], policies: ["reference"])
    #expect(swept.count == 1)
    #expect(swept[0] == plain)
    // And the value 16d is what the file already says: the plain run of the file as shipped.
    let shipped = try MonteCarloTestSupport.typical(users: 1200)
    let asShipped = try MonteCarloTestSupport.run(shipped, policies: ["reference"])
    #expect(swept[0].apple == asShipped.apple && swept[0].google == asShipped.google)
  }

  struct Edit: CustomTestStringConvertible, Sendable {
    var sweep: String
    var policy: String
    /// The shipped file's text, and what it says at the sweep's last value.
    var find: String
    var replace: String
    var testDescription: String { sweep }
  }

  static let edits = [
    Edit(
      sweep: "apple.grace=16d,28d", policy: "reference",
      find: "product: {period: 1M, price: 9.99, grace: 16d}",
      replace: "product: {period: 1M, price: 9.99, grace: 28d}"),
    Edit(
      sweep: "google.hold=53d,30d", policy: "reference",
      find: "product: {period: 1M, price: 9.99, grace: 7d}",
      replace: "product: {period: 1M, price: 9.99, grace: 7d, hold: 30d}"),
    Edit(
      sweep: "google.retry-success.declined=0.002,0.2", policy: "reference",
      find: "retry-success: {insufficient-funds: 0.003, declined: 0.002}",
      replace: "retry-success: {insufficient-funds: 0.003, declined: 0.2}"),
    Edit(
      sweep: "fixes-card-per-day.soft=0.4,0.1", policy: "reference",
      find: "fixes-card-per-day: {none: 0.0015, soft: 0.4, hard: 0.7}",
      replace: "fixes-card-per-day: {none: 0.0015, soft: 0.1, hard: 0.7}"),
    Edit(
      sweep: "leaves-when-locked-out=0.3,0.9", policy: "active-only", find: "leaves-when-locked-out: 0.3",
      replace: "leaves-when-locked-out: 0.9"),
    Edit(
      sweep: "leaves-per-day-without-access=0.05,0", policy: "reference",
      find: "leaves-per-day-without-access: 0.05", replace: "leaves-per-day-without-access: 0"),
    Edit(
      sweep: "opens-app-per-day-without-access=0.4,0.1", policy: "reference",
      find: "opens-app-per-day-without-access: 0.4", replace: "opens-app-per-day-without-access: 0.1"),
    Edit(
      sweep: "prompt-wears-off-per-day=0.45,0", policy: "reference",
      find: "prompt-wears-off-per-day: 0.45", replace: "prompt-wears-off-per-day: 0"),
  ]

  @Test(arguments: edits) func eachValueIsExactlyItsSoloRun(_ edit: Edit) throws {
    // Common random numbers: each value's side of the sweep is the plain run of the file edited
    // to say that value, to the last counter, product and recovery.
    let text = try Self.typicalText()
    #expect(text.contains(edit.find))
    let (_, populations) = try Self.populations(text, sweep: edit.sweep, users: 1000)
    let runs = try Self.sweep(populations, policy: edit.policy)
    let result = MonteCarloSweepResult(
      sweep: try PopulationSweep(parsing: edit.sweep), metric: .recoveryRate, runs: runs)
    var edited = try MonteCarloTestSupport.population(
      text.replacingOccurrences(of: edit.find, with: edit.replace))
    edited.users = 1000
    let solos = [
      try MonteCarloTestSupport.run(MonteCarloTestSupport.typical(users: 1000), policies: [edit.policy]),
      try MonteCarloTestSupport.run(edited, policies: [edit.policy]),
    ]
    for v in 0..<2 {
      let swept = result.solo(v)
      #expect(swept.apple == solos[v].apple, "\(edit.sweep) value \(v): apple")
      #expect(swept.google == solos[v].google, "\(edit.sweep) value \(v): google")
      #expect(swept.firstViolations == solos[v].firstViolations)
      #expect(swept.setup.parameters == solos[v].setup.parameters)
    }
    // The two values differ somewhere: the edit was played, not ignored.
    #expect(solos[0].all != solos[1].all)
  }

  @Test func differencesArePairedOnTheSameDraws() throws {
    let (sweep, populations) = try Self.populations(
      try Self.typicalText(), sweep: "apple.grace=16d,28d", users: 3000)
    let result = MonteCarloSweepResult(sweep: sweep, metric: .recoveryRate, runs: try Self.sweep(populations))
    for metric in [Metric.recoveryRate, .recoveredInGrace, .collectedPerSubscriber] {
      let a = result.estimate(metric, .apple, value: 0)
      let b = result.estimate(metric, .apple, value: 1)
      let d = try #require(result.difference(metric, .apple, value: 1))
      // The point estimate is the difference of the two values' estimates…
      #expect(abs(d.value - (b.value - a.value)) < 1e-12, "\(metric)")
      // …and its interval is the paired one: far narrower than two independent runs' would be.
      let unpaired = ((a.high - a.low) * (a.high - a.low) + (b.high - b.low) * (b.high - b.low)).squareRoot()
      #expect(d.high - d.low < 0.75 * unpaired, "\(metric): paired \(d), unpaired width \(unpaired)")
      #expect(d.low < d.value && d.value < d.high)
    }
    // The grace is Apple's: the Google subscribers play the very same stories at both values, so
    // their differences are exactly zero, which only pairing subscriber by subscriber can show.
    for metric in Metric.allCases {
      guard let d = result.difference(metric, .google, value: 1), d.isDefined else { continue }
      #expect(d.value == 0 && d.low == 0 && d.high == 0, "\(metric): \(d)")
    }
    #expect(result.difference(.recoveryRate, .all, value: 0) == nil)
  }

  struct BadSweep: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let bad = [
    BadSweep(
      arguments: ["--sweep", "aple.grace=16d"],
      message: "Error: unknown --sweep key 'aple.grace'. Did you mean 'apple.grace'?"),
    BadSweep(
      arguments: ["--sweep", "apple.grace=16d,5d"],
      message:
        "Error: --sweep apple.grace=5d: apple offers a billing grace period of 3, 16 or 28 days for monthly products"
    ),
    BadSweep(
      arguments: ["--sweep", "leaves-when-locked-out=0.3,1.5"],
      message:
        "Error: --sweep leaves-when-locked-out=1.5: expected a probability between 0 and 1, such as 0.07, found '1.5'"
    ),
    BadSweep(arguments: ["--sweep", "apple.grace"], message: "Error: --sweep expects KEY=V1,V2,..."),
    BadSweep(
      arguments: ["--sweep", "apple.grace=16d,,28d"], message: "Error: --sweep apple.grace: a value is empty"),
    BadSweep(
      arguments: ["--sweep", "apple.grace=16d,16d"],
      message: "Error: --sweep apple.grace: the value '16d' is given twice"),
    BadSweep(
      arguments: ["--sweep", "stripe.window=14d"],
      message: "Error: --sweep stripe.window: the population has no stripe group"),
    BadSweep(
      arguments: ["--sweep", "apple.grace=16d", "--compare", "reference"],
      message: "Error: --compare names the policy already played ('reference')"),
    BadSweep(
      arguments: ["--sweep", "apple.grace=16d", "--sweep", "google.grace=7d", "--sweep", "google.hold=30d"],
      message: "Error: --sweep is given 3 times; a sweep plays one key, or two for a grid"),
    BadSweep(
      arguments: ["--sweep", "apple.grace=16d", "--sweep", "apple.grace=28d"],
      message: "Error: --sweep apple.grace is given twice; a grid sweeps two different keys"),
    BadSweep(
      arguments: ["--sweep", "stripe.hold=14d", "--sweep", "stripe.window=21d"],
      message: "Error: --sweep stripe.hold and --sweep stripe.window are the same setting of the file"),
    BadSweep(
      arguments: [
        "--sweep", "cancels-per-period=0.01,0.02,0.03,0.04,0.05,0.06,0.07",
        "--sweep", "opens-app-per-day=0.1,0.2,0.3,0.4,0.5,0.6",
      ],
      message:
        "Error: --sweep cancels-per-period × opens-app-per-day: 7 × 6 = 42 points; a grid plays at most 36"),
    BadSweep(
      // A bad value in a grid is named once, with its own key.
      arguments: ["--sweep", "apple.grace=16d,5d", "--sweep", "google.grace=7d,0d"],
      message:
        "Error: --sweep apple.grace=5d: apple offers a billing grace period of 3, 16 or 28 days for monthly products (at most 6 days for weekly ones), or 0d for none, not 5d (product premium.monthly)\nUsage"
    ),
    BadSweep(
      // Two values each fine alone, not together: the point is named.
      arguments: ["--sweep", "apple.grace=16d,28d", "--sweep", "apple.hold=30d,44d"],
      message:
        "Error: --sweep apple.grace=28d, apple.hold=44d: apple retries a failed renewal for at most 60 days"),
    BadSweep(
      arguments: ["--sweep", "apple.grace=16d", "--shard", "1/2"],
      message: "Error: --shard and --sweep together"),
    BadSweep(
      arguments: ["--sweep", "apple.grace=16d", "--sweep-metric", "recovery-rate-3d"],
      message: "Error: unknown --sweep-metric 'recovery-rate-3d'. Did you mean 'recovery-rate-30d'?"),
    BadSweep(
      arguments: ["--sweep-metric", "recovery-rate-30d"], message: "Error: --sweep-metric is for a sweep"),
  ]

  @Test(arguments: bad) func badSweepsAreUsageErrors(_ bad: BadSweep) {
    let run = MonteCarloTestSupport.simsub(
      ["montecarlo", MonteCarloTestSupport.typicalPath, "--users", "50"] + bad.arguments)
    #expect(run.status == .badInput)
    #expect(run.error.hasPrefix(bad.message), "\(run.error)")
    #expect(run.output.isEmpty)
  }

  @Test func theJSONHasEveryValueWithItsEstimatesAndDifference() throws {
    let args = ["montecarlo", MonteCarloTestSupport.typicalPath, "--users", "400", "--format", "json"]
    let swept = MonteCarloTestSupport.simsub(args + ["--sweep", "apple.grace=16d,0d,28d"])
    #expect(swept.status == .success)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(swept.output.utf8)) as? [String: Any])
    let sweep = try #require(root["sweep"] as? [String: Any])
    #expect(sweep["key"] as? String == "apple.grace")
    #expect(sweep["values"] as? [String] == ["16d", "0d", "28d"])
    #expect(sweep["baseline"] as? String == "16d")
    #expect(sweep["metric"] as? String == "recovery-rate-30d")
    #expect(root["passed"] as? Bool == true)
    let values = try #require(root["values"] as? [[String: Any]])
    #expect(values.map { $0["value"] as? String } == ["16d", "0d", "28d"])
    #expect(values[0]["difference"] is NSNull)
    for value in values {
      let estimates = try #require(value["estimates"] as? [String: [String: Any]])
      #expect(Set(estimates.keys) == ["all", "apple", "google"])
      for metric in Metric.allCases {
        let e = try #require(estimates["all"]?[metric.key] as? [String: Any], "\(metric.key)")
        #expect(e["value"] != nil && e["low"] != nil && e["high"] != nil)
      }
    }
    let difference = try #require(values[1]["difference"] as? [String: [String: Any]])
    #expect(difference["all"]?["of"] as? String == "0d - 16d")
    #expect(difference["apple"]?["recovery-rate-30d"] is [String: Any])
    // The first value's estimates are the plain run's, number for number.
    let plain = MonteCarloTestSupport.simsub(args)
    let plainRoot = try #require(
      try JSONSerialization.jsonObject(with: Data(plain.output.utf8)) as? [String: Any])
    let plainEstimates = try #require(plainRoot["estimates"] as? [String: [String: Any]])
    for group in ["all", "apple", "google"] {
      let plainGroup = try #require(
        (plainEstimates[group]?["policies"] as? [String: Any])?["reference"] as? [String: Any])
      let sweptGroup = try #require((values[0]["estimates"] as? [String: [String: Any]])?[group])
      for (key, value) in sweptGroup {
        #expect(
          (value as? NSObject) == (plainGroup[key] as? NSObject), "\(group) \(key)")
      }
    }
  }

  @Test func onlyTheFirstValueDecidesTheExitStatus() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let pop = dir.at("apple.pop")
    try "name: apple only\ncohort:\n  - {store: apple, product: {period: 1M, price: 9.99, grace: 0d}}\n"
      .write(toFile: pop, atomically: true, encoding: .utf8)
    let args = [
      "montecarlo", pop, "--users", "300", "--policy", "active-only", "--counterexamples", dir.at("cx"),
    ]
    // Without grace active-only locks nobody out wrongly; with 16 days it does.
    let passes = MonteCarloTestSupport.simsub(args + ["--sweep", "apple.grace=0d,16d"])
    #expect(passes.status == .success, "\(passes.error)")
    #expect(passes.output.contains("! no-lockout-in-grace (active-only, apple.grace=16d, swept)"))
    #expect(passes.output.contains("a finding, not the verdict, which is apple.grace=0d's"))
    let fails = MonteCarloTestSupport.simsub(args + ["--sweep", "apple.grace=16d,0d"])
    #expect(fails.status == .checkFailed)
    #expect(fails.output.contains("✗ no-lockout-in-grace (active-only, apple.grace=16d)"))
    #expect(fails.output.contains("counterexample \(dir.at("cx"))/"))
  }

  @Test func everyFormatShowsTheSweep() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let args = [
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "300", "--sweep", "apple.grace=16d,28d",
    ]
    let text = MonteCarloTestSupport.simsub(args)
    #expect(text.output.contains("Sweep of apple.grace: estimates and paired differences from 16d"))
    #expect(text.output.contains("    28d − 16d  "))
    let markdown = MonteCarloTestSupport.simsub(
      args + ["--format", "markdown", "--output", dir.at("sweep.md")])
    #expect(markdown.status == .success)
    let md = try String(contentsOfFile: dir.at("sweep.md"), encoding: .utf8)
    #expect(md.contains("![recovery rate (within 30 days) by apple.grace](sweep.svg)"))
    #expect(md.contains("| &nbsp;&nbsp;28d − 16d | "))
    let svg = try String(contentsOfFile: dir.at("sweep.svg"), encoding: .utf8)
    #expect(svg.hasPrefix("<svg") && svg.contains("apple.grace"))
    let html = MonteCarloTestSupport.simsub(
      args + ["--format", "html", "--sweep-metric", "involuntary-churn"])
    #expect(html.output.contains("<svg"))
    #expect(html.output.contains("involuntary churn (episodes that expired) by apple.grace"))
  }

  @Test func aPointReusesOnlyTheStoriesItsSettingsDoNotReach() throws {
    let text = try Self.typicalText()
    func reuse(_ sweep: String) throws -> SweepReuse {
      SweepReuse(try Self.populations(text, sweep: sweep, users: 10).1.map { try PopulationPlan($0) })
    }
    let apple = MonteCarloRunner.tallyIndex(.apple)
    let google = MonteCarloRunner.tallyIndex(.google)
    // The App Store's grace reaches App Store subscribers only.
    let grace = try reuse("apple.grace=16d,28d")
    #expect(grace.sameProfiles == [true, true])
    #expect(grace.sameStories[1][google] && !grace.sameStories[1][apple])
    #expect(!grace.sameStories[0].contains(true))
    // A behaviour setting reaches everyone.
    let cancels = try reuse("cancels-per-period=0.03,0.05")
    #expect(!cancels.sameStories[1].contains(true))
    // Stripe's grace is told to the policy, which every subscriber's policy hears; Stripe's
    // retry window is not.
    let web = try String(
      contentsOfFile: MonteCarloTestSupport.packageRoot + "/Scenarios/populations/web-and-app-store.pop",
      encoding: .utf8)
    func webReuse(_ sweep: String) throws -> SweepReuse {
      SweepReuse(try Self.populations(web, sweep: sweep, users: 10).1.map { try PopulationPlan($0) })
    }
    #expect(!(try webReuse("stripe.grace=14d,7d")).sameStories[1].contains(true))
    let window = try webReuse("stripe.window=14d,21d")
    #expect(window.sameStories[1][apple] && !window.sameStories[1][MonteCarloRunner.tallyIndex(.stripe)])
  }

  // MARK: Grids

  @Test func eachPointOfAGridIsExactlyItsSoloRun() throws {
    let text = try Self.typicalText()
    let apple = (
      find: "product: {period: 1M, price: 9.99, grace: 16d}",
      replace: "product: {period: 1M, price: 9.99, grace: 28d}"
    )
    let google = (
      find: "product: {period: 1M, price: 9.99, grace: 7d}",
      replace: "product: {period: 1M, price: 9.99, grace: 0d}"
    )
    #expect(text.contains(apple.find) && text.contains(google.find))
    let grid = try SweepGrid([
      try PopulationSweep(parsing: "apple.grace=16d,28d"), try PopulationSweep(parsing: "google.grace=7d,0d"),
    ])
    #expect(grid.points == [[0, 0], [0, 1], [1, 0], [1, 1]])
    #expect(grid.values == ["16d, 7d", "16d, 0d", "28d, 7d", "28d, 0d"])
    #expect(grid.label(3) == "apple.grace=28d, google.grace=0d")
    let root = try YAMLParser.parse(text, file: "sweep.pop", expectedKeys: PopulationDecoder.requiredKeys)
    var populations = try grid.populations(root, path: "sweep.pop")
    for i in populations.indices { populations[i].users = 800 }
    let result = MonteCarloSweepResult(sweep: grid, metric: .recoveryRate, runs: try Self.sweep(populations))
    var solos: [MonteCarloResult] = []
    for (p, point) in grid.points.enumerated() {
      var edited = text
      if point[0] == 1 { edited = edited.replacingOccurrences(of: apple.find, with: apple.replace) }
      if point[1] == 1 { edited = edited.replacingOccurrences(of: google.find, with: google.replace) }
      var population = try MonteCarloTestSupport.population(edited)
      population.users = 800
      let solo = try MonteCarloTestSupport.run(population, policies: ["reference"])
      let swept = result.solo(p)
      #expect(swept.apple == solo.apple && swept.google == solo.google, "point \(grid.label(p))")
      #expect(swept.setup.parameters == solo.setup.parameters)
      solos.append(solo)
    }
    // Each key moves only its own store: the points differ where, and only where, they should.
    #expect(solos[0].apple != solos[2].apple && solos[0].google == solos[2].google)
    #expect(solos[0].google != solos[1].google && solos[0].apple == solos[1].apple)
  }

  @Test func aGridChartsTheFirstKeyWithALinePerValueOfTheSecond() throws {
    let args = [
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "300", "--sweep", "apple.grace=16d,0d,28d",
      "--sweep", "google.grace=7d,0d",
    ]
    let json = MonteCarloTestSupport.simsub(args + ["--format", "json"])
    #expect(json.status == .success, "\(json.error)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let sweep = try #require(root["sweep"] as? [String: Any])
    #expect(sweep["key"] as? String == "apple.grace × google.grace")
    #expect(
      (sweep["axes"] as? [[String: Any]])?.map { $0["key"] as? String } == ["apple.grace", "google.grace"])
    let values = try #require(root["values"] as? [[String: Any]])
    #expect(values.count == 6)
    #expect(values[5]["settings"] as? [String: String] == ["apple.grace": "28d", "google.grace": "0d"])
    #expect(values[5]["compared"] is NSNull)
    let grid = try SweepGrid([
      try PopulationSweep(parsing: "apple.grace=16d,0d,28d"),
      try PopulationSweep(parsing: "google.grace=7d,0d"),
    ])
    let root2 = try YAMLParser.parse(
      try Self.typicalText(), file: "sweep.pop", expectedKeys: PopulationDecoder.requiredKeys)
    var pops = try grid.populations(root2, path: "sweep.pop")
    for i in pops.indices { pops[i].users = 300 }
    let result = MonteCarloSweepResult(sweep: grid, metric: .recoveryRate, runs: try Self.sweep(pops))
    let chart = MonteCarloSweepCharts.chart(result)
    #expect(chart.values == ["16d", "0d", "28d"])
    #expect(chart.xLabel == "apple.grace")
    #expect(chart.series.map(\.name) == ["google.grace=7d", "google.grace=0d"])
    // The line for google.grace=0d at apple.grace=28d is point 5's estimate for everyone.
    let e = result.estimate(.recoveryRate, .all, value: 5)
    #expect(chart.series[1].points[2] == SweepChartData.Point(value: e.value, low: e.low, high: e.high))
  }

  // MARK: --compare with --sweep

  @Test func eachValueUnderCompareIsExactlyThatValuesComparedRun() throws {
    let text = try Self.typicalText()
    let (sweep, populations) = try Self.populations(text, sweep: "apple.grace=16d,0d", users: 900)
    let plans = try populations.map { try PopulationPlan($0) }
    let played = try #require(
      MonteCarloSweepRunner.run(
        plans, policy: ReferencePolicy.self, compared: ActiveOnlyPolicy.self, options: .init(threads: 2)))
    let compared = try #require(played.compared)
    // The primary's runs are what the sweep gives without --compare.
    #expect(played.runs == (try Self.sweep(populations)))
    for v in 0..<2 {
      let plain = try MonteCarloTestSupport.run(populations[v], policies: ["reference", "active-only"])
      #expect(compared[v].apple == plain.apple && compared[v].google == plain.google, "value \(v)")
      #expect(compared[v].firstViolations == plain.firstViolations)
      #expect(compared[v].setup.policies == ["reference", "active-only"])
    }
    let result = MonteCarloSweepResult(
      sweep: SweepGrid(sweep), metric: .recoveryRate, runs: played.runs, compared: compared)
    let d = try #require(result.policyDifference(.recoveryRate, .all, value: 1))
    let a = result.estimate(.recoveryRate, .all, value: 1)
    let b = try #require(result.comparedEstimate(.recoveryRate, .all, value: 1))
    #expect(abs(d.value - (a.value - b.value)) < 1e-12)
  }

  @Test func underCompareOnlyThePrimaryAtTheFirstValueDecides() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let args = [
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "300", "--counterexamples", dir.at("cx"),
      "--sweep", "apple.grace=16d,0d",
    ]
    // active-only locks subscribers in grace out: as the compared policy that is a finding…
    let passes = MonteCarloTestSupport.simsub(args + ["--compare", "active-only"])
    #expect(passes.status == .success, "\(passes.error)")
    #expect(passes.output.contains("! no-lockout-in-grace (active-only, apple.grace=16d): "))
    #expect(passes.output.contains("a finding, not the verdict, which is reference's at apple.grace=16d"))
    #expect(passes.output.contains("  16d, active-only  "))
    #expect(passes.output.contains("    reference − active-only  "))
    // …and as the primary it is the verdict.
    let fails = MonteCarloTestSupport.simsub(args + ["--policy", "active-only", "--compare", "reference"])
    #expect(fails.status == .checkFailed)
    #expect(fails.output.contains("✗ no-lockout-in-grace (active-only, apple.grace=16d)"))
    let json = MonteCarloTestSupport.simsub(args + ["--compare", "active-only", "--format", "json"])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(root["passed"] as? Bool == true)
    #expect((root["sweep"] as? [String: Any])?["compared"] as? String == "active-only")
    let values = try #require(root["values"] as? [[String: Any]])
    let compared = try #require(values[0]["compared"] as? [String: Any])
    #expect(compared["policy"] as? String == "active-only")
    #expect(compared["passed"] as? Bool == false)
    let difference = try #require(compared["difference"] as? [String: [String: Any]])
    #expect(difference["all"]?["of"] as? String == "reference - active-only")
    let html = MonteCarloTestSupport.simsub(args + ["--compare", "active-only", "--format", "html"])
    #expect(html.status == .success)
    #expect(html.output.contains("active-only"))
  }
}

/// The paired tally a sweep builds in two halves (each value's side and the cross products per
/// subscriber, the shared first value's side once) is the paired tally built whole.
@Suite struct SweepTallyTests {
  @Test func aPairBuiltAgainstASharedSideIsThePairBuiltWhole() {
    var rng = SplitMix64(seed: 7)
    func outcome() -> SubscriberOutcome {
      var o = SubscriberOutcome()
      for counter in Counter.allCases where rng.next() % 3 == 0 {
        o[counter] = Int64(rng.next() % 5_000)
      }
      o[.subscribers] = 1
      return o
    }
    var whole = StoreTally(policies: 2)
    var half = StoreTally(policies: 2)
    var shared = StoreTally(policies: 1)
    for _ in 0..<500 {
      let (a, b) = (outcome(), outcome())
      whole.add(a, b)
      var side = StoreTally.SharedSide()
      side.set(b)
      half.add(a, against: side)
      shared.add(b, policy: 0)
    }
    #expect(half != whole)
    half.setSide(1, from: shared)
    #expect(half == whole)
  }
}
