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
      case baseline
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
    public var failures: [Failure]
    public var passed: Bool { failures.isEmpty }
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
    let baseline = try readBaseline(paths)
    return try evaluate(policy, baseline: baseline, paths: paths)
  }

  static func readBaseline(_ paths: Paths) throws(GateError) -> GateBaseline {
    let path = paths.absolute(paths.baseline)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw GateError("cannot read the baseline '\(paths.baseline)': run 'simsub gate --update' to create it")
    }
    do {
      return try GateBaseline(json: String(decoding: data, as: UTF8.self))
    } catch {
      throw GateError("\(paths.baseline): \(error.description)")
    }
  }

  static func evaluate<P: EntitlementPolicy>(_ policy: P.Type, baseline: GateBaseline, paths: Paths) throws(GateError)
    -> Result
  {
    var failures: [Failure] = []
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
          detail: ["remove it from the baseline deliberately with 'simsub gate --update'"], file: nil, line: nil))
    }
    // Policy table.
    let table = PolicyTable.build(policy)
    let committedPath = paths.absolute(baseline.policyTable)
    let committed = FileManager.default.contents(atPath: committedPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let diff = PolicyTableDiff(committed: committed, current: table.markdown())
    if !diff.isEmpty {
      failures.append(
        Failure(
          kind: .policyTable,
          summary: "policy table: \(diff.changes.count) decision\(diff.changes.count == 1 ? "" : "s") changed since \(baseline.policyTable)",
          detail: diff.changes.map(\.description), file: baseline.policyTable, line: nil))
    }
    return Result(
      policy: P.name, scenarios: results, scenarioFiles: relative, table: table, tableDiff: diff, failures: failures)
  }

  static func scenarioFailure(_ r: ScenarioResult) -> Failure {
    let lines = ScenarioFailures.lines(r)
    // A family member's failure points at its own entry or expectation when the purchaser has none.
    let runs = r.runs
    let firstLine =
      runs.lazy.compactMap { $0.entryErrors.first?.line }.first
      ?? runs.lazy.compactMap { $0.expectations.first(where: { !$0.passed })?.expectation.line }.first
    return Failure(
      kind: .scenario, summary: "scenario \(r.scenario.path) failed with policy \(r.policy): \(r.scenario.name)",
      detail: lines, file: r.scenario.path, line: firstLine)
  }

  static func relativePath(_ path: String, root: String) -> String {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// Writes the current results as the new baseline and policy table, both or neither: each is
  /// written to a temporary file first, and the renames happen only once both are complete.
  /// Returns what changed, in lines a person reads.
  public static func update<P: EntitlementPolicy>(_ policy: P.Type, paths: Paths) throws(GateError) -> [String] {
    let old = try? readBaseline(paths)
    var baseline = old ?? GateBaseline()
    baseline.policy = P.name
    let result = try evaluate(policy, baseline: baseline, paths: paths)
    let scenarioFailures = result.failures.filter { $0.kind == .scenario }
    guard scenarioFailures.isEmpty else {
      throw GateError(
        "cannot update the baseline while scenarios fail:\n"
          + scenarioFailures.map { "  " + $0.summary }.joined(separator: "\n"))
    }
    var changes: [String] = []
    if old == nil {
      changes.append("baseline created: \(result.scenarioFiles.count) scenarios, \(result.table.rows.count) policy-table rows")
    } else {
      let added = Set(result.scenarioFiles).subtracting(baseline.scenarioFiles).sorted()
      let removed = Set(baseline.scenarioFiles).subtracting(result.scenarioFiles).sorted()
      changes += added.map { "scenario added: \($0)" } + removed.map { "scenario removed: \($0)" }
      changes += result.tableDiff.changes.map { "policy table: \($0.description)" }
    }
    baseline.scenarioFiles = result.scenarioFiles
    // The table first, the baseline last: an interrupted update leaves the old baseline.
    let files = [
      (path: paths.absolute(baseline.policyTable), text: result.table.markdown()),
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
  public init(_ description: String) { self.description = description }
}
