/// What an expectation can check, in the order the runner judges them and the reports list
/// them: the one table the decoder takes the keys from (`store: grace`, `sent: DID_RENEW`) and
/// the runner judges by, so a new check is one case here.
enum ExpectationCheck: String, CaseIterable {
  case store, entitlement, access, prompt, sent, charges

  /// The file's key.
  var key: String { rawValue }

  /// What an expectation is compared with at its instant.
  struct Observed {
    /// The store's truth (with several sources, the best standing of any).
    var truth: StoreTruth
    var decision: Decision
    /// The names of the notifications sent so far.
    var sent: [String]
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
      return expectation.sent.map { name in
        // `TYPE/SUBTYPE` exactly, or a bare `TYPE` with any subtype.
        let found = sentNames.contains { sent in
          sent == name || (!name.contains("/") && sent.hasPrefix(name + "/"))
        }
        let actual =
          found
          ? "sent"
          : (sentNames.isEmpty ? "nothing sent" : "not sent (sent: \(sentNames.joined(separator: ", ")))")
        return .init(key: key, expected: name, actual: actual, passed: found)
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
}
