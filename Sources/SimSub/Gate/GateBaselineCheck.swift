/// The values a baseline may hold: checked when the gate reads one and again before
/// `--update` writes one, so a baseline no run could have written is refused where it stands
/// (`Reports/baseline.json:40:14: error: …`) instead of being compared with.
extension GateBaseline {
  /// How many subscribers the gate's Monte Carlo run may play. Fewer than the minimum leave
  /// the watched rates with too few billing-issue episodes to estimate (one subscriber gives
  /// 0 ÷ 0); more than the maximum take minutes of a CI job.
  public static let playableUsers = 1_000...10_000_000

  /// Every value out of range, each at its field; empty for a baseline the gate can use.
  /// `policyUnderGate` is the policy the gate plays: a team's own gate records its own
  /// policy's name, which is no built-in's.
  public func problems(policyUnderGate: String) -> [JSONDecodingError] {
    var found: [JSONDecodingError] = []
    func problem(_ path: [JSONPath.Component], _ message: String) {
      found.append(JSONDecodingError(path: JSONPath(path), message: message))
    }
    if policy != policyUnderGate, PolicyRegistry.entry(named: policy) == nil {
      problem(
        [.key("policy")],
        PolicyRegistry.entry(named: policyUnderGate) == nil
          ? "unknown policy '\(policy)': expected '\(policyUnderGate)', the policy this gate plays, or a built-in one ("
            + PolicyRegistry.names.joined(separator: ", ") + ")"
          : UnknownPolicyError(name: policy).description)
    }
    if scenarios.isEmpty {
      problem([.key("scenarios")], "expected the scenario folder, found an empty string")
    }
    if policyTable.isEmpty {
      problem([.key("policy-table")], "expected the policy table's path, found an empty string")
    }
    if let digest = policyTableDigest, !Self.isDigest(digest) {
      problem([.key("policy-table-sha256")], "expected a SHA-256 digest in 64 lowercase hex digits")
    }
    guard let montecarlo else { return found }
    let at: [JSONPath.Component] = [.key("montecarlo")]
    if !Self.playableUsers.contains(montecarlo.users) {
      problem(
        at + [.key("users")],
        "expected from \(Self.playableUsers.lowerBound) to \(Self.playableUsers.upperBound) subscribers, found \(montecarlo.users): fewer give too few billing issues to estimate a rate, more cannot be played in a CI job"
      )
    }
    for w in montecarlo.watched {
      let metric = at + [.key("metrics"), .key(w.metric.key)]
      let range = w.metric.unit == .share ? "from 0 to 1" : "of 0 or more"
      if !w.value.isFinite || w.value < 0 || (w.metric.unit == .share && w.value > 1) {
        problem(
          metric + [.key("value")],
          "expected a \(w.metric.unit == .share ? "share" : "value") \(range), found \(w.value)")
      }
      if !w.tolerance.isFinite || w.tolerance < 0 || (w.metric.unit == .share && w.tolerance > 1) {
        problem(metric + [.key("tolerance")], "expected a tolerance \(range), found \(w.tolerance)")
      }
    }
    return found
  }

  static func isDigest(_ text: String) -> Bool {
    text.utf8.count == 2 * SHA256.byteCount
      && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}
