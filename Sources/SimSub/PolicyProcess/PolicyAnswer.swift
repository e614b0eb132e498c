import SubscriptionPolicy

/// A policy process's answer to one request, decoded from its JSON line.
package enum PolicyAnswer: Hashable, Sendable {
  /// To `hello`: the policy's name and whether it decides only on notifications (then it is
  /// asked only after deliveries); the latter is `false` when the member is absent.
  case hello(name: String, decidesOnlyOnNotifications: Bool)
  /// To `deliver`: the webhook's status; anything but 2xx is a failed delivery.
  case deliver(status: Int)
  /// To `decide`.
  case decide(PolicyDecision)
  /// To `forget`.
  case forget
}

/// A decision as a policy process gives it: access always; state, prompt and the end of grace
/// when it says them (what is absent is not checked).
package struct PolicyDecision: Hashable, Sendable {
  package var access: Bool
  package var state: EntitlementState?
  package var prompt: RecoveryPrompt?
  package var graceEnds: Instant?

  package init(
    access: Bool, state: EntitlementState? = nil, prompt: RecoveryPrompt? = nil, graceEnds: Instant? = nil
  ) {
    self.access = access
    self.state = state
    self.prompt = prompt
    self.graceEnds = graceEnds
  }
}

extension PolicyAnswer {
  /// Decodes `value`, the answer to a request of kind `op`, whose `id` was already checked.
  ///
  /// Strict about the members the protocol gives (their types, and the words of `state` and
  /// `prompt`: the scenario format's, ``EntitlementState/name`` and ``RecoveryPrompt/name``),
  /// tolerant of the rest: other members are ignored, and an optional member given as `null`
  /// counts as absent.
  static func decode(_ object: JSONObject, op: String) -> Result<PolicyAnswer, PolicyFault> {
    func member(_ key: String) -> JSONValue? {
      guard let value = object[key], !value.isNull else { return nil }
      return value
    }
    switch op {
    case "hello":
      guard let value = member("name") else { return .failure(.missingMember("name")) }
      guard case .string(let name) = value else {
        return .failure(.illTyped(member: "name", found: value.kindDescription, expected: "a string"))
      }
      var only = false
      if let value = member("decides-only-on-notifications") {
        guard case .bool(let flag) = value else {
          return .failure(
            .illTyped(
              member: "decides-only-on-notifications", found: value.kindDescription, expected: "true or false"
            ))
        }
        only = flag
      }
      return .success(.hello(name: name, decidesOnlyOnNotifications: only))
    case "deliver":
      guard let value = member("status") else { return .failure(.missingMember("status")) }
      guard let status = value.int64Value, (100...599).contains(status) else {
        return .failure(
          .illTyped(member: "status", found: value.kindDescription, expected: "an HTTP status, 100 to 599"))
      }
      return .success(.deliver(status: Int(status)))
    case "decide":
      guard let value = member("access") else { return .failure(.missingMember("access")) }
      guard case .bool(let access) = value else {
        return .failure(.illTyped(member: "access", found: value.kindDescription, expected: "true or false"))
      }
      var decision = PolicyDecision(access: access)
      if let value = member("state") {
        switch word(value, member: "state", what: "entitlement", name: { (s: EntitlementState) in s.name }) {
        case .success(let state): decision.state = state
        case .failure(let fault): return .failure(fault)
        }
      }
      if let value = member("prompt") {
        switch word(value, member: "prompt", what: "prompt", name: { (p: RecoveryPrompt) in p.name }) {
        case .success(let prompt): decision.prompt = prompt
        case .failure(let fault): return .failure(fault)
        }
      }
      if let value = member("grace-ends") {
        guard case .string(let text) = value, let instant = RFC3339.parse(text) else {
          return .failure(
            .illTyped(member: "grace-ends", found: value.kindDescription, expected: "an RFC 3339 timestamp"))
        }
        decision.graceEnds = instant
      }
      return .success(.decide(decision))
    default:
      return .success(.forget)
    }
  }

  /// The `Word` whose `name` the value is, with the scenario format's "did you mean" for
  /// another spelling; the message is put together only for a value that is not one.
  private static func word<Word: CaseIterable>(
    _ value: JSONValue, member: String, what: String, name: (Word) -> String
  ) -> Result<Word, PolicyFault> {
    if case .string(let text) = value, let word = Word.allCases.first(where: { name($0) == text }) {
      return .success(word)
    }
    let allowed = Word.allCases.map(name)
    let expected = "one of " + allowed.joined(separator: ", ")
    guard case .string(let text) = value else {
      return .failure(.illTyped(member: member, found: value.kindDescription, expected: expected))
    }
    var hint = expected
    if let alias = Vocabulary.hint(for: text, what: what, among: allowed) {
      hint += "; did you mean '\(alias.value)'?" + (alias.why.map { " (\($0))" } ?? "")
    }
    return .failure(.illTyped(member: member, found: "'\(text)'", expected: hint))
  }
}
