import SubscriptionPolicy

extension PolicyFile.Entitlement {
  /// Reads a server's answer about one subscriber, `body`, as the policy file says: the access
  /// at `access` (a JSON boolean), the state and the prompt at their pointers when the file
  /// gives them (each a string, the server's word mapped by `values` or simsub's own word; a
  /// `null` or absent value is not checked). Strict about what the file points at, tolerant of
  /// everything else in the answer.
  package func decision(fromBody body: [UInt8], request: String) -> Result<PolicyDecision, PolicyServerFault>
  {
    func fault(_ problem: PolicyServerFault.Problem) -> Result<PolicyDecision, PolicyServerFault> {
      .failure(PolicyServerFault(request: request, problem: problem))
    }
    let document: JSONValue
    do { document = try JSONValue(parsing: body) } catch { return fault(.notJSON(error.description)) }
    guard let accessValue = access.evaluate(document), !accessValue.isNull else {
      return fault(.missing(member: "access", pointer: access.text))
    }
    guard case .bool(let granted) = accessValue else {
      return fault(
        .illTyped(
          member: "access", pointer: access.text, found: accessValue.kindDescription,
          expected: "true or false"))
    }
    var decision = PolicyDecision(access: granted)
    if let pointer = state, let value = pointer.evaluate(document), !value.isNull {
      let allowed = EntitlementState.allCases.map(\.name)
      guard case .string(let word) = value, let mapped = state(forWord: word) else {
        return fault(
          .illTyped(
            member: "state", pointer: pointer.text, found: Self.found(value),
            expected: Self.expectedWords(allowed, mapped: stateWords.keys)))
      }
      decision.state = mapped
    }
    if let pointer = prompt, let value = pointer.evaluate(document), !value.isNull {
      let allowed = RecoveryPrompt.allCases.map(\.name)
      guard case .string(let word) = value, let mapped = prompt(forWord: word) else {
        return fault(
          .illTyped(
            member: "prompt", pointer: pointer.text, found: Self.found(value),
            expected: Self.expectedWords(allowed, mapped: promptWords.keys)))
      }
      decision.prompt = mapped
    }
    return .success(decision)
  }

  private static func found(_ value: JSONValue) -> String {
    if case .string(let text) = value { return "'\(text)'" }
    return value.kindDescription
  }

  private static func expectedWords(_ own: [String], mapped: Dictionary<String, some Any>.Keys) -> String {
    let words = mapped.sorted() + own
    return "one of " + words.joined(separator: ", ") + " (map the server's own words with 'values')"
  }
}
