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
    do throws(PolicyServerFault.Problem) {
      decision.state = try Self.word(
        "state", at: state, in: document, own: EntitlementState.allCases.map(\.name), mapped: stateWords.keys,
        meaning: state(forWord:))
      decision.prompt = try Self.word(
        "prompt", at: prompt, in: document, own: RecoveryPrompt.allCases.map(\.name),
        mapped: promptWords.keys,
        meaning: prompt(forWord:))
    } catch {
      return fault(error)
    }
    return .success(decision)
  }

  /// The word at `pointer` in `document`, as `meaning` reads it; `nil` with no pointer, or
  /// with `null` or nothing there.
  private static func word<T>(
    _ member: String, at pointer: JSONPointer?, in document: JSONValue, own: [String],
    mapped: Dictionary<String, some Any>.Keys, meaning: (String) -> T?
  ) throws(PolicyServerFault.Problem) -> T? {
    guard let pointer, let value = pointer.evaluate(document), !value.isNull else { return nil }
    guard case .string(let word) = value, let meant = meaning(word) else {
      throw .illTyped(
        member: member, pointer: pointer.text, found: found(value),
        expected: expectedWords(own, mapped: mapped))
    }
    return meant
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
