/// Why simsub could not read a policy server's answer about a subscriber's entitlement: each
/// a clear error naming the request (POLICY-PROTOCOL.md: "a garbage answer is a clear error
/// naming the request"), and the end of the run, since the code under test failed.
package struct PolicyServerFault: Error, Equatable, Sendable, CustomStringConvertible {
  /// The question: `GET <url>`.
  package var request: String
  package var problem: Problem

  package enum Problem: Error, Equatable, Sendable {
    /// No answer (refused, timed out, closed early, malformed).
    case noAnswer(HTTPClientError)
    /// An answer with a status other than 2xx.
    case status(Int, body: String)
    /// The body is not JSON (the parser's message).
    case notJSON(String)
    /// Nothing at the pointer the file gives for `member`.
    case missing(member: String, pointer: String)
    /// The value at the pointer has the wrong type, or a word the file does not map.
    case illTyped(member: String, pointer: String, found: String, expected: String)
  }

  package init(request: String, problem: Problem) {
    self.request = request
    self.problem = problem
  }

  package var description: String {
    let what: String
    switch problem {
    case .noAnswer(let error): what = "no answer: \(error)"
    case .status(let status, let body):
      what = "status \(status)" + (body.isEmpty ? "" : ": \(PolicyServerFault.excerpt(body))")
    case .notJSON(let message): what = "the answer is not JSON: \(message)"
    case .missing(let member, let pointer): what = "the answer has no '\(member)' at \(pointer)"
    case .illTyped(let member, let pointer, let found, let expected):
      what = "the answer's '\(member)' at \(pointer) is \(found), expected \(expected)"
    }
    return "\(request): \(what)"
  }

  /// The start of a body, on one line, for a message.
  static func excerpt(_ body: String, limit: Int = 200) -> String {
    let line = body.replacingOccurrences(of: "\n", with: " ")
    return line.count <= limit ? line : String(line.prefix(limit)) + "…"
  }
}
