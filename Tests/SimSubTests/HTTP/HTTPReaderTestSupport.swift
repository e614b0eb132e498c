@testable import SimSub

/// Reads every message of `bytes` given at once, then (when `close`) the end of the stream:
/// the steps up to the first that is not a message.
func readRequests(_ bytes: [UInt8], close: Bool = false, limits: HTTPLimits = .standard) -> [HTTPReadStep<
  HTTPRequest
>] {
  var reader = HTTPRequestReader(limits: limits)
  reader.give(bytes)
  if close { reader.close() }
  return drain { reader.next() }
}

func readResponses(_ bytes: [UInt8], close: Bool = false, head: Bool = false, limits: HTTPLimits = .standard)
  -> [HTTPReadStep<HTTPResponse>]
{
  var reader = HTTPResponseReader(limits: limits)
  if head { reader.expectResponseToHead() }
  reader.give(bytes)
  if close { reader.close() }
  return drain { reader.next() }
}

func readRequests(_ text: String, close: Bool = false, limits: HTTPLimits = .standard) -> [HTTPReadStep<
  HTTPRequest
>] {
  readRequests(Array(text.utf8), close: close, limits: limits)
}

func readResponses(_ text: String, close: Bool = false, head: Bool = false) -> [HTTPReadStep<HTTPResponse>] {
  readResponses(Array(text.utf8), close: close, head: head)
}

/// The steps up to and including the first that is not a message.
func drain<M>(_ next: () -> HTTPReadStep<M>) -> [HTTPReadStep<M>] {
  var steps: [HTTPReadStep<M>] = []
  while true {
    let step = next()
    steps.append(step)
    if case .message = step { continue }
    return steps
  }
}

/// The one error of `steps`, if their last is one.
func failure<M>(_ steps: [HTTPReadStep<M>]) -> HTTPParseError? {
  if case .failed(let error) = steps.last { return error }
  return nil
}

func messages<M>(_ steps: [HTTPReadStep<M>]) -> [M] {
  steps.compactMap { if case .message(let m) = $0 { m } else { nil } }
}

/// `text` with every LF made CRLF.
func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }
