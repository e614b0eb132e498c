import Foundation
import SubscriptionPolicy

/// One thread's connection to a policy file's policy (``ExternalPolicyHost``): its own process
/// speaking JSON lines, or the host's server, shared.
///
/// A connection serves every scenario its thread plays and every subscriber in them: what the
/// policy keeps, it keeps by the subscriber's id (``WireContext/subscriberId``). Deliveries and
/// questions are answered at once, one at a time; the first failure that ends the run (a
/// process that broke the protocol or ended, a server whose entitlement answer cannot be read)
/// is kept in ``failure``, later calls answer without asking, and the command reports it with
/// exit status 1. A delivery the policy refuses (a non-2xx status, a server that did not
/// answer in time) is only a failed attempt: ``DeliveryOutcome/notAccepted``.
///
/// Used from one thread at a time.
package final class ExternalPolicyConnection: @unchecked Sendable {
  package let host: ExternalPolicyHost
  package var file: PolicyFile { host.file }
  /// Whether the policy decides only on notifications: the policy file's word, or the process's
  /// `hello` when it says so.
  package let decidesOnlyOnNotifications: Bool
  /// Whether the policy is sent the stores' notifications: `false` for a process whose file
  /// says `deliveries: no` (client code), which ``deliver(_:store:subscriber:at:)`` sends
  /// nothing and the scopes build no request for.
  package var receivesDeliveries: Bool { file.receivesDeliveries }
  private let transport: Transport
  private(set) package var failure: ExternalPolicyFailure?
  /// Whether a process's deliveries are written without waiting for their answers, which are
  /// read with the next question's (or `forget`'s): one round trip for a delivery and the
  /// question after it, as Monte Carlo asks them (``MonteCarloPolicyScope``). Each is taken as
  /// accepted when written; one the process refused after all is counted in
  /// ``refusedUnawaited`` and ends this: every later delivery is waited for, so that the store
  /// redelivers a refused one on its schedule, as in a scenario. A server's deliveries are
  /// always waited for.
  package var pipelinesDeliveries = false
  /// Deliveries refused by the process after they were taken as accepted
  /// (``pipelinesDeliveries``).
  private(set) package var refusedUnawaited = 0
  private var unawaited: [PolicyTicket] = []
  /// Each delivery the policy refused, in the order refused: the subscriber, the instant and
  /// the answer (`status 400: {"error":"bad signature"}`), for the reports to name
  /// (``takeRefusals()``).
  private(set) package var refusals: [(subscriber: String, instant: Instant, answer: String)] = []

  /// The refusals kept so far, handed over and forgotten.
  package func takeRefusals() -> [(subscriber: String, instant: Instant, answer: String)] {
    defer { refusals.removeAll() }
    return refusals
  }

  private enum Transport {
    case process(PolicyProcess, PolicyChannel, snapshots: [PolicyFile.Snapshot])
    case server(PolicyServerConnection)
  }

  /// A connection over the host's server.
  init(host: ExternalPolicyHost, server: PolicyServerConnection) {
    self.host = host
    decidesOnlyOnNotifications = host.file.decidesOnlyOnNotifications
    transport = .server(server)
  }

  /// A connection over `process`, greeted with `hello`, the host's settings and store APIs.
  init(host: ExternalPolicyHost, process: PolicyProcess, snapshots: [PolicyFile.Snapshot])
    throws(ExternalPolicyFailure)
  {
    self.host = host
    let channel = PolicyChannel(process: process, timeout: host.file.timeout.inSeconds)
    let answer: PolicyAnswer
    do {
      answer = try channel.call(.hello(settings: Self.json(host.settings), apis: host.api.apis))
    } catch {
      process.stop()
      throw .channel(error)
    }
    guard case .hello(_, let only) = answer else {
      process.stop()
      throw .hello("\(answer)")
    }
    decidesOnlyOnNotifications = host.file.decidesOnlyOnNotifications || only
    transport = .process(process, channel, snapshots: snapshots)
  }

  deinit { stop() }

  /// The settings as `hello` carries them: `{"stripe-grace-seconds": 1209600}`, the app's
  /// Stripe grace in seconds.
  static func json(_ settings: PolicySettings) -> JSONValue {
    ["stripe-grace-seconds": .int(settings.stripeGracePeriod.seconds)]
  }

  /// Delivers `request` (a store's notification as it travels) for `subscriber` at `now`;
  /// accepted without a word to a policy that receives no deliveries (``receivesDeliveries``).
  package func deliver(_ request: WireRequest, store: String, subscriber: String, at now: Instant)
    -> DeliveryOutcome
  {
    guard failure == nil, receivesDeliveries else { return .accepted }
    host.set(now, for: subscriber)
    switch transport {
    case .process(_, let channel, _):
      let http = PolicyHTTPRequest(
        method: request.method, path: request.path, headers: request.headers.map { ($0.name, $0.value) },
        body: request.body)
      if pipelinesDeliveries {
        do {
          unawaited.append(
            try channel.send(.deliver(subscriber: subscriber, now: now, store: store, request: http)))
        } catch {
          failure = .channel(error)
        }
        return .accepted
      }
      do {
        let answer = try channel.call(.deliver(subscriber: subscriber, now: now, store: store, request: http))
        guard case .deliver(let status) = answer else {
          refusals.append((subscriber, now, "answered \(answer)"))
          return .notAccepted
        }
        if (200..<300).contains(status) { return .accepted }
        refusals.append((subscriber, now, "status \(status)"))
        return .notAccepted
      } catch {
        failure = .channel(error)
        return .accepted
      }
    case .server(let connection):
      let attempt = connection.deliver(request, at: now)
      if attempt.isAccepted { return .accepted }
      refusals.append((subscriber, now, attempt.description))
      return .notAccepted
    }
  }

  /// The policy's answer for `subscriber` at `now`; `snapshot` builds the client-side
  /// snapshots a process asks for (``PolicyFile/Snapshot``), only when it asks. ``Decision/never``
  /// once the run has failed.
  package func decide(
    subscriber: String, at now: Instant, snapshot: (PolicyFile.Snapshot) -> JSONValue?
  ) -> Decision {
    decide(subscriber: subscriber, at: now) { kind, out in
      JSONWriter.write(snapshot(kind) ?? .null, .compact, indent: 0, into: &out)
    }
  }

  /// ``decide(subscriber:at:snapshot:)`` with each snapshot's JSON text written straight into
  /// the request by `writeSnapshot` (`null` for none), only when the process asks for it.
  package func decide(
    subscriber: String, at now: Instant, writeSnapshot: (PolicyFile.Snapshot, inout [UInt8]) -> Void
  ) -> Decision {
    guard failure == nil else { return .never }
    host.set(now, for: subscriber)
    switch transport {
    case .process(_, let channel, let snapshots):
      do {
        let sent = withoutActuallyEscaping(writeSnapshot) { writeSnapshot in
          // `{"revenuecat":…,"storekit":…}`, in the file's order.
          let object: (inout [UInt8]) -> Void = { out in
            out.append(UInt8(ascii: "{"))
            for (i, kind) in snapshots.enumerated() {
              if i > 0 { out.append(UInt8(ascii: ",")) }
              JSONWriter.writeString(kind.name, into: &out)
              out.append(UInt8(ascii: ":"))
              writeSnapshot(kind, &out)
            }
            out.append(UInt8(ascii: "}"))
          }
          return Result { () throws(PolicyChannelError) in
            try channel.send(op: "decide", subscriber: subscriber) { id, out in
              PolicyRequest.writeDecide(
                id: id, subscriber: subscriber, now: now, into: &out,
                snapshot: snapshots.isEmpty ? nil : object)
            }
          }
        }
        let ticket = try sent.get()
        let answer = try channel.receive(ticket)
        try readUnawaited(channel)
        guard case .decide(let decision) = answer else { return .never }
        return Self.decision(decision)
      } catch {
        failure = .channel(error)
        return .never
      }
    case .server(let connection):
      switch connection.decide(subscriber: subscriber, at: now) {
      case .success(let decision): return Self.decision(decision)
      case .failure(let fault):
        failure = .server(fault)
        return .never
      }
    }
  }

  /// Tells a process that `subscriber`'s story is over (`forget`); a server is told nothing.
  package func forget(subscriber: String) {
    guard failure == nil, case .process(_, let channel, _) = transport else { return }
    do {
      _ = try channel.call(.forget(subscriber: subscriber))
      try readUnawaited(channel)
    } catch {
      failure = .channel(error)
    }
  }

  /// Takes the answers of the deliveries not waited for, all read by now (answers come in
  /// order), and counts those that refused.
  private func readUnawaited(_ channel: PolicyChannel) throws(PolicyChannelError) {
    guard !unawaited.isEmpty else { return }
    for ticket in unawaited {
      if case .deliver(let status) = try channel.receive(ticket), !(200..<300).contains(status) {
        refusedUnawaited += 1
        pipelinesDeliveries = false
      }
    }
    unawaited.removeAll(keepingCapacity: true)
  }

  /// The decision the engine checks: the answer's access, and its state and prompt when it gave
  /// them. What it left out is not checked (``Decision/saysState``, ``Decision/saysPrompt``);
  /// the timeline shows a state left out as the access reads (`active` with access, `expired`
  /// without) and a prompt left out as none.
  static func decision(_ answer: PolicyDecision) -> Decision {
    var decision = Decision(
      state: answer.state ?? (answer.access ? .active : .expired), access: answer.access,
      prompt: answer.prompt ?? RecoveryPrompt.none, gracePeriodExpiresDate: answer.graceEnds)
    decision.saysState = answer.state != nil
    decision.saysPrompt = answer.prompt != nil
    return decision
  }

  /// Stops this connection's process (standard input closed, then SIGTERM and SIGKILL to its
  /// group); the host's server is the host's to stop. Calling it again does nothing.
  package func stop() {
    if case .process(let process, _, _) = transport { process.stop() }
  }
}
