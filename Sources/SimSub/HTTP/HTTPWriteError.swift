/// Why a message cannot be written: a part that would not read back as the same message, or
/// would let a header's value start a header of its own.
package enum HTTPWriteError: Error, Sendable, Equatable, CustomStringConvertible {
  case invalidMethod(String)
  case invalidTarget(String)
  case invalidFieldName(String)
  case invalidFieldValue(name: String)
  case invalidStatus(Int)
  case invalidReason(String)

  package var description: String {
    switch self {
    case .invalidMethod(let method): "invalid HTTP method '\(method)': expected a token such as POST"
    case .invalidTarget(let target): "invalid request target '\(target)': expected /path?query without spaces"
    case .invalidFieldName(let name): "invalid header field name '\(name)'"
    case .invalidFieldValue(let name):
      "the value of header '\(name)' contains a line break or control character"
    case .invalidStatus(let status): "invalid status code \(status): expected 100 to 999"
    case .invalidReason(let reason):
      "the reason phrase '\(reason)' contains a line break or control character"
    }
  }
}
