import SubscriptionPolicy

/// `simsub gate --replay LOG...`: the team's own traffic in the gate. The logs are played
/// under the baseline's policy and under the policy at the gate, side by side
/// (``ReplayPlayer/compare(_:_:entries:subscribers:)``), and the gate fails for every
/// subscriber the policy at the gate wrongly locks out, or lets in free, where the baseline's
/// policy did not.
public struct GateReplay: Sendable {
  /// The logs, as named and as found.
  var logs: ReplayLogs
  /// The built-in policy the change is compared with: the baseline's when it is built in,
  /// `reference` otherwise (an app's own policy, whose earlier version the gate cannot play).
  var baselinePolicy: String?
  var player = ReplayPlayer()

  /// What the replay found.
  public struct Outcome: Sendable {
    /// The comparison, as `simsub replay --policy BASE --compare POLICY` reports it.
    var report: ReplayReport
    /// How `simsub replay --compare` names the policy at the gate: its name, or its policy
    /// file's path.
    var comparedArgument: String
    var newLockouts: [ReplayPlayer.Difference] { report.differences(.newLockout) }
    var newFreeAccess: [ReplayPlayer.Difference] { report.differences(.newFreeAccess) }
    /// The problems of the logs, as warnings for standard error.
    var warnings: [String] {
      report.problems.map { $0.description.replacingOccurrences(of: ": error: ", with: ": warning: ") }
    }
  }

  /// The built-in policy the logs are compared under for a baseline taken with `baseline`.
  static func baseline(named baseline: String) -> PolicyRegistry.Entry {
    PolicyRegistry.entry(named: baseline) ?? PolicyRegistry.entry(named: ReferencePolicy.name)!
  }

  /// Reads the logs and plays them under the baseline's policy and `policy`.
  func play<P: EntitlementPolicy>(_ policy: P.Type, baseline: String) throws(GateError) -> Outcome {
    try play(compared: P.name, as: P.name, baseline: baseline) { old, stream in
      ReplayDispatch.compare(old, P.self, stream: stream)
    }
  }

  /// The same with `file`'s process or server opened for the replay (`policy`); the caller asks
  /// `policy` afterwards whether it failed.
  func play(_ policy: ReplayPolicyChoice, file: PolicyFile, baseline: String) throws(GateError) -> Outcome {
    try play(compared: file.name, as: file.path, baseline: baseline) { old, stream in
      ReplayDispatch.compare(.builtIn(old), policy, stream: stream)
    }
  }

  private func play(
    compared: String, as argument: String, baseline: String,
    _ compare: (any EntitlementPolicy.Type, ReplayStream) ->
      ReplayDispatch.Streamed<[ReplayPlayer.Difference]>
  ) throws(GateError) -> Outcome {
    let old = Self.baseline(named: baselinePolicy ?? baseline)
    var stream = ReplayStream(logs: logs)
    stream.step = player.step
    stream.settings = player.settings
    let (index, differences): (ReplayStream.Index, [ReplayPlayer.Difference])
    switch compare(old.type, stream) {
    case .success(let done): (index, differences) = done
    case .failure(let error): throw GateError("\(error.file): \(error.message)")
    }
    var report = ReplayReport(
      files: logs.logs.count, index: index, policy: old.name, outcome: ReplayPlayer.Outcome())
    report.compared = compared
    report.differences = differences
    return Outcome(report: report, comparedArgument: argument)
  }

  /// One gate failure per kind of wrong answer the change brings, listing the subscribers.
  func failures(_ outcome: Outcome) -> [Gate.Failure] {
    let r = outcome.report
    let names = logs.logs.map(\.name).joined(separator: " ")
    let reproduce =
      "reproduce: simsub replay \(names) --policy \(r.policy) --compare \(outcome.comparedArgument) --format json"
    var failures: [Gate.Failure] = []
    for (kind, found) in [
      (Gate.Failure.Kind.replayLockout, outcome.newLockouts), (.replayFreeAccess, outcome.newFreeAccess),
    ] where !found.isEmpty {
      let what =
        kind == .replayLockout
        ? "wrongly locked out, whom \(r.policy) let in"
        : "given access the store did not, whom \(r.policy) kept out"
      var detail = found.prefix(ReplayReport.listed).map { r.line(for: $0) }
      if found.count > ReplayReport.listed {
        detail.append("… and \(found.count - ReplayReport.listed) more")
      }
      detail.append(reproduce)
      failures.append(
        Gate.Failure(
          kind: kind,
          summary:
            "replay: \(Plural.count(found.count, "subscriber")) of \(Format.grouped(Int64(r.subscriberCount))) \(what)",
          detail: detail, file: logs.logs.first?.name, line: nil))
    }
    return failures
  }

  /// `replay  1,234 notifications of 56 subscribers: 0 new lockouts, 0 new free access (baseline reference)`.
  static func line(_ outcome: Outcome) -> String {
    let r = outcome.report
    return
      "\(Plural.count(r.notifications, as: Format.grouped(Int64(r.notifications)), "notification")) of \(Plural.count(r.subscriberCount, as: Format.grouped(Int64(r.subscriberCount)), "subscriber")) against \(r.policy): \(Plural.count(outcome.newLockouts.count, "new lockout")), \(outcome.newFreeAccess.count) given new free access, \(Plural.count(r.problems.count, "unreadable record"))"
  }
}
