import Foundation

/// `simsub gate`: the CI regression gate. Plays every scenario, builds the policy table and
/// compares both with the committed baseline; every failure is one readable line plus detail.
///
/// Scenarios that play the project's recommended policy (no `policy:` or `policy: reference`)
/// are played with the policy under the gate; scenarios written for a known-bad policy are
/// played as written, since they test simsub's checks rather than the policy.
public enum Gate {
  /// One reason the gate fails.
  public struct Failure: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
      case scenario
      case missingScenario = "missing-scenario"
      case policyTable = "policy-table"
      case lockout
      case freeAccess = "free-access"
      case metric
      case baseline
      case replayLockout = "replay-lockout"
      /// A policy file's process or server could not start, or stopped answering.
      case policyFailed = "policy-failed"
      case replayFreeAccess = "replay-free-access"
    }
    public var kind: Kind
    /// One line a reviewer reads first.
    public var summary: String
    /// Further lines: which check, when, which rows.
    public var detail: [String]
    /// Where to point a CI annotation.
    public var file: String?
    public var line: Int?
  }

  public struct Result: Sendable {
    public var policy: String
    public var scenarios: [ScenarioResult]
    public var scenarioFiles: [String]
    public var table: PolicyTable
    public var tableDiff: PolicyTableDiff
    /// The fixed-seed Monte Carlo run, when the baseline has one.
    public var montecarlo: GateMonteCarlo.Outcome?
    /// Each watched figure: the baseline's value and the run's.
    public var figures: [(watched: GateMonteCarlo.Watched, now: Estimate)] { montecarlo?.figures ?? [] }
    /// The replay of production logs, with `--replay`.
    public var replay: GateReplay.Outcome?
    public var failures: [Failure]
    /// The checks not played for this policy, one line each (a policy file's: the policy table
    /// and Monte Carlo).
    public var notPlayed: [String] = []
    /// The scenarios not played (a policy file's: those of a store it takes no notifications
    /// of), each with why.
    public var skipped: [SkippedScenario] = []
    public var passed: Bool { failures.isEmpty }

    /// `84 of 84 passed (58 through node-server, 26 known-bad as written), 26 skipped: …`: the
    /// scenarios line of every format, played, failed and skipped counted apart.
    public var scenariosLine: String {
      let passedCount = scenarios.filter(\.passed).count
      var line = "\(passedCount) of \(scenarios.count) passed"
      let through = scenarios.filter { $0.policy == policy }.count
      if through != scenarios.count {
        line +=
          " (\(through) through \(policy), \(scenarios.count - through) as written for their own policies)"
      }
      if !skipped.isEmpty { line += ", " + SkippedScenario.summary(skipped) }
      return line
    }
  }

  /// Where the gate reads and writes, relative to the repository root.
  public struct Paths: Sendable {
    public var root: String
    public var baseline: String

    public init(root: String, baseline: String = GateBaseline.defaultPath) {
      self.root = root
      self.baseline = baseline
    }

    func absolute(_ relative: String) -> String {
      relative.hasPrefix("/") ? relative : (root.hasSuffix("/") ? root : root + "/") + relative
    }
  }

  /// Runs the gate for a policy type against the baseline at `paths`.
  public static func run<P: EntitlementPolicy>(_ policy: P.Type, paths: Paths) throws(GateError) -> Result {
    try run(policy, paths: paths, replay: nil)
  }

  /// Runs the gate, and with `replay` the production logs it names, compared under the
  /// baseline's policy and `policy`.
  static func run<P: EntitlementPolicy>(_ policy: P.Type, paths: Paths, replay: GateReplay?) throws(GateError)
    -> Result
  {
    guard let (baseline, text) = try readBaseline(paths, policy: P.name) else {
      throw GateError("cannot read the baseline '\(paths.baseline)': run 'simsub gate --update' to create it")
    }
    try checkPolicyTableDigest(baseline, text: text, paths: paths)
    var result = try evaluate(policy, baseline: baseline, paths: paths)
    if let replay {
      let outcome = try replay.play(policy, baseline: baseline.policy)
      result.replay = outcome
      result.failures += replay.failures(outcome)
    }
    return result
  }

  /// The baseline at `paths` and its text, its values checked; `nil` when there is no file.
  /// Every problem is reported at once, each at its place in the file.
  static func readBaseline(_ paths: Paths, policy: String) throws(GateError) -> (GateBaseline, String)? {
    let path = paths.absolute(paths.baseline)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw GateError("cannot read the baseline '\(paths.baseline)'")
    }
    let text = String(decoding: data, as: UTF8.self)
    let value: JSONValue
    do { value = try JSONValue(parsing: text) } catch {
      let at = SourceLocation(file: paths.baseline, line: error.line, column: error.column)
      throw GateError(
        located: DiagnosticRenderer(file: paths.baseline, text: text).render(.error(error.message, at: at)))
    }
    let baseline: GateBaseline
    do { baseline = try GateBaseline(json: value) } catch {
      throw located([error], in: text, file: paths.baseline)
    }
    let problems = baseline.problems(policyUnderGate: policy) + folderProblems(baseline, paths: paths)
    guard problems.isEmpty else { throw located(problems, in: text, file: paths.baseline) }
    return (baseline, text)
  }

  /// The baseline's paths that cannot be what they name: a scenario folder that is missing or
  /// a file, a policy table that is a folder.
  static func folderProblems(_ baseline: GateBaseline, paths: Paths) -> [JSONDecodingError] {
    var problems: [JSONDecodingError] = []
    var isFolder: ObjCBool = false
    if !FileManager.default.fileExists(atPath: paths.absolute(baseline.scenarios), isDirectory: &isFolder) {
      problems.append(
        JSONDecodingError(
          path: JSONPath([.key("scenarios")]),
          message: "the scenario folder '\(baseline.scenarios)' does not exist"))
    } else if !isFolder.boolValue {
      problems.append(
        JSONDecodingError(
          path: JSONPath([.key("scenarios")]),
          message: "'\(baseline.scenarios)' is a file, not a scenario folder"))
    }
    if FileManager.default.fileExists(atPath: paths.absolute(baseline.policyTable), isDirectory: &isFolder),
      isFolder.boolValue
    {
      problems.append(
        JSONDecodingError(
          path: JSONPath([.key("policy-table")]),
          message: "'\(baseline.policyTable)' is a folder, not the policy table"))
    }
    return problems
  }

  static func located(_ problems: [JSONDecodingError], in text: String, file: String) -> GateError {
    let diagnostics = problems.map { JSONLocator.diagnostic($0.message, at: $0.path, in: text, file: file) }
    return GateError(located: DiagnosticRenderer(file: file, text: text).render(diagnostics))
  }

  /// The committed table with LF line endings, so a checkout that turned them into CRLF
  /// compares (and digests) the same; `nil` when there is none.
  static func readPolicyTable(_ baseline: GateBaseline, paths: Paths) -> String? {
    FileManager.default.contents(atPath: paths.absolute(baseline.policyTable)).map {
      String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }
  }

  /// Refuses a policy table that is not the one the baseline was written with: the two are
  /// one record, written together by `--update`, and a mismatch means they were not (an update
  /// stopped between its renames, or a hand edit), so neither can be trusted alone.
  static func checkPolicyTableDigest(_ baseline: GateBaseline, text: String, paths: Paths) throws(GateError) {
    let mend = "run 'simsub gate --update' to record both again"
    let at = JSONPath([.key(baseline.policyTableDigest == nil ? "policy-table" : "policy-table-sha256")])
    guard let recorded = baseline.policyTableDigest else {
      throw located(
        [JSONDecodingError(path: at, message: "the baseline records no digest of its policy table: \(mend)")],
        in: text, file: paths.baseline)
    }
    guard let table = readPolicyTable(baseline, paths: paths) else {
      throw located(
        [
          JSONDecodingError(
            path: at, message: "the policy table '\(baseline.policyTable)' is missing: \(mend)")
        ], in: text, file: paths.baseline)
    }
    let digest = SHA256.hexDigest(of: table)
    guard digest == recorded else {
      throw located(
        [
          JSONDecodingError(
            path: at,
            message:
              "'\(baseline.policyTable)' is not the policy table this baseline was written with (its SHA-256 is \(digest)): the two were not updated together, or one was edited by hand; review the table's changes, then \(mend)"
          )
        ], in: text, file: paths.baseline)
    }
  }

  static func evaluate<P: EntitlementPolicy>(_ policy: P.Type, baseline: GateBaseline, paths: Paths)
    throws(GateError)
    -> Result
  {
    var failures: [Failure] = []
    let problems = folderProblems(baseline, paths: paths)
    guard problems.isEmpty else {
      throw GateError(problems.map { "\(paths.baseline): \($0.description)" }.joined(separator: "\n"))
    }
    // Scenarios.
    let folder = paths.absolute(baseline.scenarios)
    let files = ScenarioFiles.scenarios(under: folder)
    let relative = files.map { relativePath($0, root: paths.root) }
    var results: [ScenarioResult] = []
    for (file, shown) in zip(files, relative) {
      do {
        var scenario = try ScenarioLoader.load(path: file)
        scenario.path = shown
        let result =
          scenario.policy == ReferencePolicy.name
          ? try ScenarioPlayer.play(scenario, policy: policy) : try ScenarioPlayer.play(scenario)
        results.append(result)
        if !result.passed { failures.append(scenarioFailure(result)) }
      } catch let error as ScenarioLoader.Failure {
        throw GateError(error.rendered)
      } catch let error as ScenarioPlayer.Failure {
        throw GateError(error.rendered)
      } catch {
        throw GateError("\(shown): \(error)")
      }
    }
    for missing in Set(baseline.scenarioFiles).subtracting(relative).sorted() {
      failures.append(
        Failure(
          kind: .missingScenario, summary: "scenario \(missing) is in the baseline but no longer exists",
          detail: ["remove it from the baseline deliberately with 'simsub gate --update'"], file: nil,
          line: nil))
    }
    // Policy table.
    let table = PolicyTable.build(policy)
    let committed = readPolicyTable(baseline, paths: paths) ?? ""
    let diff = PolicyTableDiff(committed: committed, current: table.markdown())
    if !diff.isEmpty {
      failures.append(
        Failure(
          kind: .policyTable,
          summary:
            "policy table: \(Plural.count(diff.changes.count, "decision")) changed since \(baseline.policyTable)",
          detail: diff.changes.map(\.description), file: baseline.policyTable, line: nil))
    }
    // Monte Carlo.
    var outcome: GateMonteCarlo.Outcome?
    if let montecarlo = baseline.montecarlo {
      let run = try montecarlo.play(policy, paths: paths)
      outcome = run
      failures += monteCarloFailures(run, montecarlo)
    }
    return Result(
      policy: P.name, scenarios: results, scenarioFiles: relative, table: table, tableDiff: diff,
      montecarlo: outcome, replay: nil, failures: failures)
  }

  /// What the gate does not yet play through a policy file, as the reports say it.
  static let notPlayedThroughFiles = [
    "policy table: not compared for a policy file (a server cannot place a notification that names no subscriber it has seen, such as a refund from 'never'); 'simsub policy-table --policy FILE' prints it",
    "Monte Carlo: not played through a policy file (the baseline's population would take minutes through a process or server); 'simsub montecarlo POP --policy FILE' plays one through it",
  ]

  /// Runs the gate for a policy file: every scenario of the baseline's folder, those written for
  /// the reference policy played through the file's process or server (``ScenarioBatch``), the
  /// others as written, and the folder compared with the baseline's list. The policy table is not
  /// compared (`simsub policy-table --policy FILE` prints it) and Monte Carlo is not played
  /// through it (``Result/notPlayed``): the baseline's population is 100,000 subscribers or more,
  /// minutes through a process or server; `simsub montecarlo --policy FILE` plays one. With
  /// `replay`, the logs are played through the file after its scenarios. A policy that fails is a
  /// failure of the gate.
  static func run(
    file: PolicyFile, paths: Paths, replay: GateReplay? = nil, concurrency: Int = 1, console: any Console
  ) throws(GateError) -> Result {
    guard let (baseline, text) = try readBaseline(paths, policy: file.name) else {
      throw GateError("cannot read the baseline '\(paths.baseline)': run 'simsub gate --update' to create it")
    }
    try checkPolicyTableDigest(baseline, text: text, paths: paths)
    let folder = paths.absolute(baseline.scenarios)
    let files = ScenarioFiles.scenarios(under: folder)
    let relative = files.map { relativePath($0, root: paths.root) }
    var scenarios: [Scenario] = []
    for (path, shown) in zip(files, relative) {
      do {
        var scenario = try ScenarioLoader.load(path: path)
        scenario.path = shown
        if scenario.policy == ReferencePolicy.name { scenario.policy = file.path }
        scenarios.append(scenario)
      } catch {
        throw GateError(error.rendered)
      }
    }
    let batch = ScenarioBatch.play(
      scenarios, override: nil, step: nil, concurrency: concurrency, console: console)
    if let refused = batch.refused.first { throw GateError(refused.rendered) }
    var failures: [Failure] = []
    let results = batch.played.map(\.result)
    for result in results where !result.passed { failures.append(scenarioFailure(result)) }
    if let failed = batch.failure { failures.append(policyFailure(file, failed)) }
    var replayed: GateReplay.Outcome?
    if let replay, batch.failure == nil {
      switch try Self.replay(replay, file: file, baseline: baseline.policy, console: console) {
      case .success(let outcome):
        replayed = outcome
        failures += replay.failures(outcome)
      case .failure(let failed): failures.append(policyFailure(file, failed))
      }
    }
    for missing in Set(baseline.scenarioFiles).subtracting(relative).sorted() {
      failures.append(
        Failure(
          kind: .missingScenario, summary: "scenario \(missing) is in the baseline but no longer exists",
          detail: ["remove it from the baseline deliberately with 'simsub gate --update'"], file: nil,
          line: nil))
    }
    return Result(
      policy: file.name, scenarios: results, scenarioFiles: relative,
      table: PolicyTable(policy: file.name, rows: []),
      tableDiff: PolicyTableDiff(committed: "", current: ""),
      montecarlo: nil, replay: replayed, failures: failures, notPlayed: notPlayedThroughFiles,
      skipped: batch.skipped)
  }

  /// The logs of `replay` compared under the baseline's policy and the file's process or
  /// server, started for the replay and stopped after it; the policy's failure, if it failed.
  private static func replay(_ replay: GateReplay, file: PolicyFile, baseline: String, console: any Console)
    throws(GateError) -> Swift.Result<GateReplay.Outcome, ExternalPolicyFailure>
  {
    let opened: (choice: ReplayPolicyChoice, close: () -> Void)
    do throws(ExternalPolicyFailure) {
      opened = try ReplayPolicyChoice.opening(.file(file), settings: replay.player.settings, console: console)
    } catch {
      return .failure(error)
    }
    defer { opened.close() }
    let outcome = try replay.play(opened.choice, file: file, baseline: baseline)
    if let failed = opened.choice.failure { return .failure(failed) }
    return .success(outcome)
  }

  /// The gate's failure for a policy file's policy that could not start or stopped answering:
  /// the message's first line, and the rest (its last lines of standard error) as detail.
  static func policyFailure(_ file: PolicyFile, _ failed: ExternalPolicyFailure) -> Failure {
    let lines = "\(failed)".components(separatedBy: "\n")
    return Failure(
      kind: .policyFailed, summary: "the policy '\(file.name)' failed: \(lines[0])",
      detail: Array(lines.dropFirst()),
      file: file.path, line: nil)
  }

  static func monteCarloFailures(_ run: GateMonteCarlo.Outcome, _ baseline: GateMonteCarlo) -> [Failure] {
    var failures: [Failure] = []
    let reproduce =
      "reproduce: simsub montecarlo \(baseline.population) --users \(baseline.users) --seed \(baseline.seed)"
    if run.lockedOut > 0 {
      let first = run.result.firstViolations.first?.lockout.map { " (first: subscriber \($0))" } ?? ""
      failures.append(
        Failure(
          kind: .lockout,
          summary:
            "Monte Carlo: \(run.lockedOut) of \(Plural.count(baseline.users, "subscriber")) wrongfully locked out\(first)",
          detail: [
            "the store entitled them (active, canceled or grace) while the policy denied access", reproduce,
          ],
          file: baseline.population, line: nil))
    }
    if run.freeAccess > 0 {
      let first = run.result.firstViolations.first?.freeAccess.map { " (first: subscriber \($0))" } ?? ""
      failures.append(
        Failure(
          kind: .freeAccess,
          summary:
            "Monte Carlo: \(run.freeAccess) of \(Plural.count(baseline.users, "subscriber")) given access the store did not\(first)",
          detail: [reproduce], file: baseline.population, line: nil))
    }
    // A baseline that records no figures yet has nothing to compare: the run's figures are then
    // the defaults, measured for `--update`.
    guard !baseline.watched.isEmpty else { return failures }
    for (watched, now) in run.figures {
      let difference = now.value - watched.value
      let worse = watched.higherIsBetter ? -difference : difference
      guard worse > watched.tolerance else { continue }
      failures.append(
        Failure(
          kind: .metric,
          summary:
            "Monte Carlo: \(watched.metric.label) \(watched.higherIsBetter ? "fell" : "rose") from \(watched.format(watched.value)) to \(watched.format(now.value)) (\(watched.formatDifference(difference)), tolerance \(watched.formatDifference(watched.tolerance).dropFirst()))",
          detail: [
            "now \(watched.format(now.value)), 95% interval \(watched.format(now.low))–\(watched.format(now.high)); the baseline's run used the same subscribers and draws",
            reproduce,
          ], file: baseline.population, line: nil))
    }
    return failures
  }

  static func scenarioFailure(_ r: ScenarioResult) -> Failure {
    let lines = ScenarioFailures.lines(r)
    // A family member's failure points at its own entry or expectation when the purchaser has none.
    let runs = r.runs
    let firstLine =
      runs.lazy.compactMap { $0.entryErrors.first?.line }.first
      ?? runs.lazy.compactMap { $0.expectations.first(where: { !$0.passed })?.expectation.line }.first
    return Failure(
      kind: .scenario,
      summary: "scenario \(r.scenario.path) failed with policy \(r.policy): \(r.scenario.name)",
      detail: lines, file: r.scenario.path, line: firstLine)
  }

  static func relativePath(_ path: String, root: String) -> String {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// Writes the current results as the new baseline and policy table, both or neither: each is
  /// written to a temporary file first, and the renames happen only once both are complete.
  /// Returns what changed, in lines a person reads.
  public static func update<P: EntitlementPolicy>(_ policy: P.Type, paths: Paths) throws(GateError)
    -> [String]
  {
    // A baseline that is there but wrong is refused, not replaced: its settings are the
    // reviewers', and only a missing one is made afresh.
    let old = try readBaseline(paths, policy: P.name)?.0
    var baseline = old ?? GateBaseline()
    if old == nil, !FileManager.default.fileExists(atPath: paths.absolute(GateMonteCarlo.standard.population))
    {
      // A new baseline plays the standard population only where the repository has it.
      baseline.montecarlo = nil
    }
    baseline.policy = P.name
    let result = try evaluate(policy, baseline: baseline, paths: paths)
    // Scenarios and invariants are absolute: a baseline never records a failure of either.
    let absolute = result.failures.filter { [.scenario, .lockout, .freeAccess].contains($0.kind) }
    guard absolute.isEmpty else {
      throw GateError(
        "cannot update the baseline while scenarios fail or subscribers are wrongly locked out or let in:\n"
          + absolute.map { "  " + $0.summary }.joined(separator: "\n"))
    }
    var changes: [String] = []
    if old == nil {
      changes.append(
        "baseline created: \(Plural.count(result.scenarioFiles.count, "scenario")), \(Plural.count(result.table.rows.count, "policy-table row"))"
      )
    } else {
      let added = Set(result.scenarioFiles).subtracting(baseline.scenarioFiles).sorted()
      let removed = Set(baseline.scenarioFiles).subtracting(result.scenarioFiles).sorted()
      changes += added.map { "scenario added: \($0)" } + removed.map { "scenario removed: \($0)" }
      changes += result.tableDiff.changes.map { "policy table: \($0.description)" }
    }
    baseline.scenarioFiles = result.scenarioFiles
    if var montecarlo = baseline.montecarlo, let run = result.montecarlo {
      let before = montecarlo.watched
      montecarlo.watched = run.figures.map { watched, now in
        var w = watched
        w.value = now.value
        return w
      }
      if old != nil, before.isEmpty {
        changes.append("Monte Carlo: \(Plural.count(montecarlo.watched.count, "figure")) recorded")
      } else if old != nil {
        for (w, now) in zip(montecarlo.watched, before) where w.value != now.value {
          changes.append("Monte Carlo: \(w.metric.label): \(now.format(now.value)) → \(w.format(w.value))")
        }
      }
      baseline.montecarlo = montecarlo
    }
    let table = result.table.markdown()
    let digest = SHA256.hexDigest(of: table)
    if old != nil, baseline.policyTableDigest != digest {
      changes.append("policy table: SHA-256 \(digest) recorded")
    }
    baseline.policyTableDigest = digest
    // The writer refuses what the reader would: a figure the run could not estimate (0 ÷ 0)
    // is never recorded.
    let problems = baseline.problems(policyUnderGate: P.name)
    guard problems.isEmpty else {
      throw GateError(
        "refusing to write \(paths.baseline):\n"
          + problems.map { "  \($0.description)" }.joined(separator: "\n"))
    }
    // The table first, the baseline last. An update stopped before the first rename leaves the
    // old pair, after the second the new pair, and between them a new table the old baseline's
    // digest does not describe, which the gate refuses until `--update` is run again.
    let files = [
      (path: paths.absolute(baseline.policyTable), text: table),
      (path: paths.absolute(paths.baseline), text: baseline.json.serialized(.pretty) + "\n"),
    ]
    do {
      try AtomicFile.writeAll(files)
    } catch {
      throw GateError(error.description)
    }
    return changes
  }
}

/// Why the gate could not run at all (bad input: exit status 2).
public struct GateError: Error, Hashable, Sendable, CustomStringConvertible {
  public var description: String
  /// Whether `description` is already rendered diagnostics (`file:line:col: error: …` lines
  /// with their quoted source), printed as they are rather than after `Error: `.
  public var isLocated: Bool

  public init(_ description: String) {
    self.description = description
    isLocated = false
  }

  init(located diagnostics: String) {
    description = diagnostics
    isLocated = true
  }
}
