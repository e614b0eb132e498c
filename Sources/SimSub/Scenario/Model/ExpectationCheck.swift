/// What an expectation can check, in the order the runner judges them and the reports list
/// them: the one table the decoder takes the keys from (`store: grace`, `sent: DID_RENEW`) and
/// the runner judges by, so a new check is one case here.
enum ExpectationCheck: String, CaseIterable {
  case store, entitlement, access, prompt, sent
  case notSent = "not-sent"
  case charges

  /// The file's key.
  var key: String { rawValue }

  /// What an expectation is compared with at its instant.
  struct Observed {
    /// The store's truth (with several sources, the best standing of any).
    var truth: StoreTruth
    var decision: Decision
    /// The names of the notifications sent so far, or with `since: previous` those sent since
    /// the previous expectation's instant (``since``).
    var sent: [String]
    /// Where the window of ``sent`` begins (exclusive), with `since: previous`; `nil` for
    /// everything sent so far.
    var since: Instant? = nil
    /// Why the window cannot be known (the previous expectation has not been checked), which
    /// fails every `sent` and `not-sent` name.
    var windowProblem: String? = nil
    /// Successful charges so far.
    var charges: Int32
  }

  /// This check's verdicts on `expectation`: none when the expectation does not use this key,
  /// one per name for `sent`.
  func judge(_ expectation: Expectation, _ observed: Observed) -> [ExpectationResult.Check] {
    let decision = observed.decision
    switch self {
    case .store:
      guard let store = expectation.store else { return [] }
      return [
        .init(key: key, expected: store.name, actual: observed.truth.name, passed: store == observed.truth)
      ]
    case .entitlement:
      // What the policy did not say (a policy in another process may leave its state or prompt
      // out) is not checked.
      guard let state = expectation.entitlement, decision.saysState else { return [] }
      return [
        .init(key: key, expected: state.name, actual: decision.state.name, passed: state == decision.state)
      ]
    case .access:
      guard let access = expectation.access else { return [] }
      return [
        .init(
          key: key, expected: access ? "yes" : "no", actual: decision.access ? "yes" : "no",
          passed: access == decision.access)
      ]
    case .prompt:
      guard let prompt = expectation.prompt, decision.saysPrompt else { return [] }
      return [
        .init(
          key: key, expected: prompt.name, actual: decision.prompt.name, passed: prompt == decision.prompt)
      ]
    case .sent:
      let sentNames = observed.sent
      let since = observed.since.map { " since \(RFC3339.format($0))" } ?? ""
      return expectation.sent.map { name in
        if let problem = observed.windowProblem {
          return .init(key: key, expected: name, actual: problem, passed: false)
        }
        let found = Self.matches(name, sentNames)
        let actual =
          found
          ? "sent" + since
          : (sentNames.isEmpty
            ? "nothing sent" + since
            : "not sent\(since) (sent\(since.isEmpty ? "" : " since"): \(sentNames.joined(separator: ", ")))")
        return .init(key: key, expected: name, actual: actual, passed: found)
      }
    case .notSent:
      let since = observed.since.map { " since \(RFC3339.format($0))" } ?? ""
      return expectation.notSent.map { name in
        if let problem = observed.windowProblem {
          return .init(key: key, expected: name, actual: problem, passed: false)
        }
        let found = Self.matches(name, observed.sent)
        return .init(key: key, expected: name, actual: (found ? "sent" : "not sent") + since, passed: !found)
      }
    case .charges:
      guard let expected = expectation.charges else { return [] }
      return [
        .init(
          key: key, expected: String(expected), actual: String(observed.charges),
          passed: expected == observed.charges)
      ]
    }
  }

  /// Whether `name` is among `sent`: `TYPE/SUBTYPE` exactly, or a bare `TYPE` with any subtype.
  /// The keys that check the policy's answer rather than the store: what `reference-only`
  /// leaves unchecked for another policy.
  static let answerKeys: Set<String> = ["entitlement", "access", "prompt"]

  static func matches(_ name: String, _ sent: [String]) -> Bool {
    sent.contains { sent in sent == name || (!name.contains("/") && sent.hasPrefix(name + "/")) }
  }
}
