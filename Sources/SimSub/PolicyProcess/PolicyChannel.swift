import Foundation
import SubscriptionPolicy

/// A request sent and not yet received: its id.
package struct PolicyTicket: Hashable, Sendable {
  package var id: Int
}

/// The process protocol over a ``PolicyProcess``'s standard input and output: one JSON object
/// per line each way, requests with increasing ids, answers in the same order echoing them
/// (docs/POLICY-PROCESS.md).
///
/// Pipelined: ``send(_:)`` queues a request and returns its ticket; ``receive(_:)`` writes what
/// is queued and reads the answers in order up to the ticket's, keeping the earlier ones for
/// their own tickets. Many requests can be in flight, so that one process serves many
/// subscribers without a round trip each. Writing and reading share one loop on poll(2): were
/// simsub to block writing while the process blocks writing answers nobody reads, both would
/// wait for ever.
///
/// Every failure is a ``PolicyChannelError`` naming the request; after one the channel is
/// broken and every later call throws it again. One thread uses a channel at a time.
package final class PolicyChannel {
  /// The longest answer line accepted, in bytes, its newline not counted.
  package static let longestAnswer = 1 << 20
  /// Requests are written once this many bytes are queued, or when an answer is awaited.
  static let writeThreshold = 32 * 1024

  package let process: PolicyProcess
  /// Seconds an answer may take, from when it is awaited (or the request's bytes could not be
  /// written for this long).
  package let timeout: Double

  private var nextID = 1
  private var outgoing: [UInt8] = []
  /// The requests in `outgoing`, each with the offset just past its line.
  private var unwritten: [(label: PolicyRequestLabel, end: Int)] = []
  private var written = 0
  /// The requests written and not yet answered, oldest first, from `awaitingStart`.
  private var awaiting: [PolicyRequestLabel] = []
  private var awaitingStart = 0
  private var answered: [Int: PolicyAnswer] = [:]
  private var input: [UInt8] = []
  private var scratch = [UInt8](repeating: 0, count: 64 * 1024)
  private var inputStart = 0
  private var scanned = 0
  private var failure: PolicyChannelError?

  package init(process: PolicyProcess, timeout: Double = 10) {
    self.process = process
    self.timeout = timeout
  }

  /// Queues `request` with the next id; returns its ticket.
  package func send(_ request: PolicyRequest) throws(PolicyChannelError) -> PolicyTicket {
    try send(op: request.op, subscriber: request.subscriber) { id, out in request.write(id: id, into: &out) }
  }

  /// Queues the request that `write` appends to the bytes it is given for the next id (its line
  /// without the newline), an `op` request about `subscriber`; returns its ticket.
  package func send(op: String, subscriber: String?, write: (Int, inout [UInt8]) -> Void)
    throws(PolicyChannelError) -> PolicyTicket
  {
    if let failure { throw failure }
    let id = nextID
    nextID += 1
    write(id, &outgoing)
    outgoing.append(UInt8(ascii: "\n"))
    unwritten.append((PolicyRequestLabel(op: op, id: id, subscriber: subscriber), outgoing.count))
    if outgoing.count - written >= Self.writeThreshold { try flush() }
    return PolicyTicket(id: id)
  }

  /// The answer to `ticket`'s request, reading the answers before it (kept for their tickets).
  package func receive(_ ticket: PolicyTicket) throws(PolicyChannelError) -> PolicyAnswer {
    if let answer = answered.removeValue(forKey: ticket.id) { return answer }
    if let failure { throw failure }
    try flush()
    while awaitingStart < awaiting.count, awaiting[awaitingStart].id <= ticket.id {
      let label = awaiting[awaitingStart]
      let answer = try readAnswer(for: label)
      awaitingStart += 1
      if awaitingStart > 4096, awaitingStart * 2 > awaiting.count {
        awaiting.removeFirst(awaitingStart)
        awaitingStart = 0
      }
      if label.id == ticket.id { return answer }
      answered[label.id] = answer
    }
    preconditionFailure("ticket #\(ticket.id) was never sent on this channel, or was received before")
  }

  /// Sends `request` and returns its answer.
  package func call(_ request: PolicyRequest) throws(PolicyChannelError) -> PolicyAnswer {
    try receive(try send(request))
  }

  /// Writes every queued request, reading answers meanwhile so the process never blocks on a
  /// full output pipe.
  package func flush() throws(PolicyChannelError) {
    if let failure { throw failure }
    guard written < outgoing.count else { return }
    let fault: (PolicyFault, PolicyRequestLabel)? = PipeIO.withoutSIGPIPE {
      var deadline = Self.deadline(after: timeout)
      while written < outgoing.count {
        let descriptor = process.inputDescriptor
        let current = unwritten.first { $0.end > written }!.label
        guard descriptor >= 0 else { return (.writeFailed(code: EBADF), current) }
        switch PipeIO.write(descriptor, outgoing, from: written) {
        case .moved(let count):
          written += count
          deadline = Self.deadline(after: timeout)
          continue
        case .failed(let code): return (.writeFailed(code: code), current)
        case .wouldBlock: break
        }
        // Reads while the pipe is full, unless the process is flooding simsub with more than
        // its answers can be.
        let mayRead =
          input.count - inputStart < (awaiting.count - awaitingStart + 1) * (Self.longestAnswer + 1)
        let output = process.outputDescriptor
        let left = Self.milliseconds(until: deadline)
        guard left > 0 else { return (.timeout(seconds: timeout), current) }
        let ready = PipeIO.wait(
          readable: mayRead && output >= 0 ? output : nil, writable: descriptor, milliseconds: left)
        if ready.read, case .failed(let code) = PipeIO.read(output, into: &input, scratch: &scratch) {
          return (.writeFailed(code: code), current)
        }
      }
      return nil
    }
    for (label, end) in unwritten where end <= written { awaiting.append(label) }
    unwritten.removeAll { $0.end <= written }
    if written == outgoing.count {
      outgoing.removeAll(keepingCapacity: true)
      written = 0
    }
    if let (fault, label) = fault { throw fail(label, fault, quoted: nil) }
  }

  /// Reads the next answer line and decodes it as the answer to `label`.
  private func readAnswer(for label: PolicyRequestLabel) throws(PolicyChannelError) -> PolicyAnswer {
    let line = try readLine(for: label)
    let value: JSONValue
    do { value = try JSONValue(parsing: line) } catch {
      throw fail(label, .notJSON(error.description), quoted: line)
    }
    guard case .object(let object) = value else {
      throw fail(label, .notJSON("it is \(value.kindDescription)"), quoted: line)
    }
    guard let id = object["id"] else { throw fail(label, .missingMember("id"), quoted: line) }
    guard let number = id.numberValue else {
      throw fail(
        label, .illTyped(member: "id", found: id.kindDescription, expected: "a number"), quoted: line)
    }
    guard number.int64 == Int64(label.id) else {
      throw fail(label, .wrongID(found: number.text), quoted: line)
    }
    switch PolicyAnswer.decode(object, op: label.op) {
    case .success(let answer): return answer
    case .failure(let fault): throw fail(label, fault, quoted: line)
    }
  }

  /// The next line of the process's output, without its newline.
  private func readLine(for label: PolicyRequestLabel) throws(PolicyChannelError) -> ArraySlice<UInt8> {
    let deadline = Self.deadline(after: timeout)
    while true {
      if let newline = Self.newline(in: input, from: scanned) {
        let line = input[inputStart..<newline]
        guard line.count <= Self.longestAnswer else {
          throw fail(label, .lineTooLong(limit: Self.longestAnswer), quoted: line)
        }
        inputStart = newline + 1
        scanned = inputStart
        if inputStart >= 64 * 1024, inputStart * 2 >= input.count {
          let kept = Array(line)
          input.removeFirst(inputStart)
          inputStart = 0
          scanned = 0
          return kept[...]
        }
        return line
      }
      scanned = input.count
      if input.count - inputStart > Self.longestAnswer {
        throw fail(label, .lineTooLong(limit: Self.longestAnswer), quoted: input[inputStart...])
      }
      let output = process.outputDescriptor
      guard output >= 0 else { throw fail(label, .endOfOutput, quoted: nil) }
      switch PipeIO.read(output, into: &input, scratch: &scratch) {
      case .moved(0):
        if inputStart < input.count { throw fail(label, .halfAnswer, quoted: input[inputStart...]) }
        throw fail(label, .endOfOutput, quoted: nil)
      case .moved: continue
      case .failed(let code): throw fail(label, .writeFailed(code: code), quoted: nil)
      case .wouldBlock:
        let left = Self.milliseconds(until: deadline)
        guard left > 0, PipeIO.wait(readable: output, writable: nil, milliseconds: left).read else {
          throw fail(label, .timeout(seconds: timeout), quoted: nil)
        }
      }
    }
  }

  /// Records and returns the failure of `label`: for a process whose output or input has gone,
  /// after a moment for it to end, with how it ended and its last lines of standard error.
  private func fail(
    _ label: PolicyRequestLabel, _ fault: PolicyFault, quoted: ArraySlice<UInt8>?
  ) -> PolicyChannelError {
    let gone: Bool
    switch fault {
    case .endOfOutput, .halfAnswer, .writeFailed: gone = true
    default: gone = false
    }
    let exit = gone ? process.leader.waitForEnd(seconds: min(timeout, 1)) : process.ended()
    let lines = process.lastStandardErrorLines(waitingUpTo: exit == nil ? 0.05 : 0.5)
    let error = PolicyChannelError(
      policy: process.name, request: label, fault: fault, quoted: quoted.map(PolicyChannelError.quote),
      exit: exit, standardError: lines)
    failure = error
    return error
  }

  /// The index of the first newline of `bytes` from `start`, found with memchr(3).
  private static func newline(in bytes: [UInt8], from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let found = memchr(buffer.baseAddress! + start, 0x0A, buffer.count - start) else { return nil }
      return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  private static func deadline(after seconds: Double) -> UInt64 {
    DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
  }

  private static func milliseconds(until deadline: UInt64) -> Int32 {
    let now = DispatchTime.now().uptimeNanoseconds
    guard deadline > now else { return 0 }
    return Int32(min(Int64(Int32.max), Int64((deadline - now + 999_999) / 1_000_000)))
  }
}
