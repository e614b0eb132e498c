// A libFuzzer target for the HTTP message readers: any bytes in, read as requests and as
// responses, whole and in pieces; never a crash or a hang, the same messages whatever the
// pieces, an error offset inside what was given, and a read request written again reading back
// the same. Built by `Tests/Fuzz/run.sh`; seeded with Tests/Fuzz/corpus/http-messages/.

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func httpMessagesFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = HTTPLimits(headBytes: 2048, bodyBytes: 4096, headerFields: 16, chunkLineBytes: 64)
  // The first byte chooses the piece size, so splits are fuzzed too.
  let piece = 1 + Int(bytes.first ?? 0) % 17

  func requests(_ pieceSize: Int) -> [HTTPReadStep<HTTPRequest>] {
    var reader = HTTPRequestReader(limits: limits)
    var steps: [HTTPReadStep<HTTPRequest>] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + pieceSize)
      reader.give(bytes[start..<end])
      start = end
      var step = reader.next()
      while case .message = step {
        steps.append(step)
        step = reader.next()
      }
      if case .failed = step {
        steps.append(step)
        return steps
      }
    }
    reader.close()
    var step = reader.next()
    while case .message = step {
      steps.append(step)
      step = reader.next()
    }
    steps.append(step)
    return steps
  }
  let whole = requests(max(1, bytes.count))
  precondition(requests(piece) == whole, "pieces changed the requests")
  precondition(whole.last != .needMore, "needs more after the end of the stream")
  for step in whole {
    switch step {
    case .failed(let error):
      precondition(error.offset >= 0 && error.offset <= bytes.count + limits.headBytes, "offset outside")
      precondition(!error.message.isEmpty, "an error without a message")
    case .message(let request):
      precondition(request.body.count <= limits.bodyBytes, "body over the limit")
      precondition(request.headers.count <= limits.headerFields, "fields over the limit")
      // Written again (when the writer accepts its parts), it reads back as the same request.
      if let again = try? HTTPMessageWriter.request(request, authority: request.headers["host"] ?? "h") {
        var reader = HTTPRequestReader(limits: HTTPLimits(headBytes: 8192, bodyBytes: 4096, headerFields: 32))
        reader.give(again)
        guard case .message(let read) = reader.next() else { preconditionFailure("written request unread") }
        precondition(read.method == request.method && read.target == request.target, "start line changed")
        precondition(read.body == request.body, "body changed")
      }
    default: break
    }
  }

  var responses = HTTPResponseReader(limits: limits)
  if piece % 5 == 0 { responses.expectResponseToHead() }
  var start = 0
  var ended = false
  while !ended {
    let end = min(bytes.count, start + piece)
    responses.give(bytes[start..<end])
    start = end
    if start >= bytes.count { responses.close() }
    loop: while true {
      switch responses.next() {
      case .message(let response):
        precondition((100...999).contains(response.status), "status outside")
        precondition(response.body.count <= limits.bodyBytes, "body over the limit")
      case .needMore:
        precondition(start < bytes.count, "needs more after the end of the stream")
        break loop
      case .end: ended = true; break loop
      case .failed(let error):
        precondition(error.offset >= 0 && error.offset <= bytes.count + limits.headBytes, "offset outside")
        ended = true
        break loop
      }
    }
  }
  return 0
}
