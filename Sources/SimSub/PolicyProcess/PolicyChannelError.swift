import Foundation

/// What went wrong between a request and its answer.
package enum PolicyFault: Error, Hashable, Sendable {
  /// The answer's line is not one JSON object (the parser's message, or what it is instead).
  case notJSON(String)
  /// The answer's `id` is not the one due: answers come in the order of the requests.
  case wrongID(found: String)
  /// A member the protocol requires is absent (or `null`).
  case missingMember(String)
  /// A member has the wrong type or an unknown word.
  case illTyped(member: String, found: String, expected: String)
  /// The line went on past the longest answer accepted without a newline.
  case lineTooLong(limit: Int)
  /// The process's output ended in the middle of a line.
  case halfAnswer
  /// The process's output ended before the answer.
  case endOfOutput
  /// No answer came in time (nor could the request be written, when the process stopped
  /// reading).
  case timeout(seconds: Double)
  /// The request could not be written (`errno`); `EPIPE` when the process closed its input.
  case writeFailed(code: Int32)
}

/// Which request a failure is about: its `op`, `id` and subscriber.
package struct PolicyRequestLabel: Hashable, Sendable, CustomStringConvertible {
  package var op: String
  package var id: Int
  package var subscriber: String?

  package var description: String {
    "\(op) #\(id)" + (subscriber.map { " (subscriber \($0))" } ?? "")
  }
}

/// A failure of a policy process's channel, naming the request, quoting what came, and, when
/// the process has ended, how, with its last lines of standard error: the run ends with this
/// message and exit status 1 (the code under test failed; simsub's input was fine).
package struct PolicyChannelError: Error, Hashable, Sendable, CustomStringConvertible {
  /// At most this many bytes of an answer are quoted.
  package static let quotedBytes = 200

  package var policy: String
  package var request: PolicyRequestLabel
  package var fault: PolicyFault
  /// The start of the line that came, at most ``quotedBytes`` bytes, if any came.
  package var quoted: String?
  /// How the process ended, if it had when the failure was seen.
  package var exit: ProcessExit?
  /// The last lines of the process's standard error.
  package var standardError: [String]

  package var description: String {
    var text = "policy '\(policy)' failed on \(request): "
    switch fault {
    case .notJSON(let message): text += "its answer is not a JSON object (\(message))"
    case .wrongID(let found):
      text += "its answer has id \(found), not \(request.id) (answers come in the order of the requests)"
    case .missingMember(let name): text += "its answer has no '\(name)'"
    case .illTyped(let member, let found, let expected):
      text += "its answer's '\(member)' is \(found), expected \(expected)"
    case .lineTooLong(let limit):
      text += "its answer goes on past \(limit) bytes without a newline"
    case .halfAnswer: text += "its output ended in the middle of an answer"
    case .endOfOutput: text += "its output ended before the answer"
    case .timeout(let seconds): text += "no answer within \(Duration.text(seconds: seconds))"
    case .writeFailed(let code): text += "cannot write the request: \(String(cString: strerror(code)))"
    }
    if let quoted { text += "\n  it wrote: \(quoted)" }
    if let exit { text += "\n  the process ended: \(exit)" }
    if !standardError.isEmpty {
      text += "\n  its last lines of standard error:"
      for line in standardError { text += "\n    \(line)" }
    }
    return text
  }

  /// The start of `bytes` for a message: at most ``quotedBytes`` bytes, cut at a character,
  /// with the full length when more came.
  static func quote(_ bytes: some Collection<UInt8>) -> String {
    guard bytes.count > quotedBytes else { return String(decoding: bytes, as: UTF8.self) }
    var prefix = Array(bytes.prefix(quotedBytes))
    // Drop a UTF-8 sequence cut in two: its lead byte says how long it is (RFC 3629, 3).
    var lead = prefix.count - 1
    while lead > 0, prefix.count - lead < 4, prefix[lead] & 0xC0 == 0x80 { lead -= 1 }
    let byte = prefix[lead]
    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    if prefix.count - lead < length { prefix.removeLast(prefix.count - lead) }
    return String(decoding: prefix, as: UTF8.self) + "… (\(bytes.count) bytes)"
  }
}
