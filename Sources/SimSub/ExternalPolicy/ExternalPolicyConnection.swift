import Foundation
import SubscriptionPolicy

/// A policy file's policy, started for a run: its process speaking JSON lines, or its server
/// (started by simsub or by hand), with the store APIs it calls back served on loopback.
///
/// One connection serves every scenario of a run and every subscriber in it: what the policy
/// keeps, it keeps by the subscriber's id (``WireContext/subscriberId``). Deliveries and
/// questions are answered at once, one at a time; the first failure that ends the run (a
/// process that broke the protocol or ended, a server whose entitlement answer cannot be read)
/// is kept in ``failure``, later calls answer without asking, and the command reports it with
/// exit status 1. A delivery the policy refuses (a non-2xx status, a server that did not
/// answer in time) is only a failed attempt: ``DeliveryOutcome/notAccepted``.
///
/// Used from one thread at a time.
package final class ExternalPolicyConnection: @unchecked Sendable {
  package let file: PolicyFile
  /// The app's promises the policy was started with (``environment(api:settings:)``).
  package let settings: PolicySettings
  /// Whether the policy decides only on notifications: the policy file's word, or the process's
  /// `hello` when it says so.
  package let decidesOnlyOnNotifications: Bool
  /// The store APIs, answering from ``replaceSubscriptions(_:)`` at the instant of the call
  /// being made (``StoreAPIClock``).
  package let api: StoreAPIServer
  private let clock: StoreAPIClock
  private let transport: Transport
  private(set) package var failure: ExternalPolicyFailure?

  private enum Transport {
    case process(PolicyProcess, PolicyChannel, snapshots: [PolicyFile.Snapshot])
    case server(StartedPolicyServer, PolicyServerConnection)
  }

  /// Starts `file`'s policy: the store APIs first, so their base URLs reach the process
  /// (`hello`'s `apis`) or the started server (`SIMSUB_GOOGLE_API` and the others), then the
  /// process (greeted with `hello` and `settings`) or the server (polled on `ready`). Both find
  /// `settings` in their environment too (``environment(api:settings:)``).
  package init(file: PolicyFile, settings: PolicySettings = .default, console: any Console)
    throws(ExternalPolicyFailure)
  {
    self.file = file
    let clock = StoreAPIClock(Instant(secondsSinceEpoch: 0))
    let api: StoreAPIServer
    do { api = try StoreAPIServer(subscriptions: [], clock: clock.reading) } catch {
      throw .storeAPI(error)
    }
    self.clock = clock
    self.api = api
    let environment = Self.environment(api: api, settings: settings)
    self.settings = settings
    switch file.mode {
    case .process(let process):
      var environment = environment
      for variable in file.environment { environment[variable.name] = variable.value }
      let started: PolicyProcess
      do {
        started = try PolicyProcess(
          name: file.name, arguments: process.command.argv, environment: environment,
          directory: file.directory, console: console)
      } catch {
        api.stop()
        throw .processStart(error)
      }
      let channel = PolicyChannel(process: started, timeout: file.timeout.inSeconds)
      let answer: PolicyAnswer
      do {
        answer = try channel.call(.hello(settings: Self.json(settings), apis: api.apis))
      } catch {
        started.stop()
        api.stop()
        throw .channel(error)
      }
      guard case .hello(_, let only) = answer else {
        started.stop()
        api.stop()
        throw .hello("\(answer)")
      }
      decidesOnlyOnNotifications = file.decidesOnlyOnNotifications || only
      transport = .process(started, channel, snapshots: process.snapshots)
    case .server(let server):
      let started: StartedPolicyServer
      do {
        started = try StartedPolicyServer(
          file: file, server: server, environment: environment, directory: file.directory,
          console: console)
      } catch {
        api.stop()
        throw .serverStart(error)
      }
      decidesOnlyOnNotifications = file.decidesOnlyOnNotifications
      transport = .server(started, PolicyServerConnection(server: server, timeout: file.timeout))
    }
  }

  deinit { stop() }

  /// What a started process or server finds in its environment besides the policy file's own
  /// variables: the store APIs' base URLs (`SIMSUB_GOOGLE_API` and the others) and the app's
  /// promises the scenarios make, `SIMSUB_STRIPE_GRACE_DAYS` (the Stripe grace, in days, a
  /// decimal when it is not whole).
  static func environment(api: StoreAPIServer, settings: PolicySettings) -> [String: String] {
    var environment = api.environment
    environment["SIMSUB_STRIPE_GRACE_DAYS"] = days(settings.stripeGracePeriod.seconds)
    return environment
  }

  /// `seconds` in days: `14`, `0.5`.
  static func days(_ seconds: Int64) -> String {
    seconds % 86_400 == 0 ? "\(seconds / 86_400)" : "\(Double(seconds) / 86_400)"
  }

  /// The settings as `hello` carries them: `{"stripe-grace-seconds": 1209600}`, the app's
  /// Stripe grace in seconds.
  static func json(_ settings: PolicySettings) -> JSONValue {
    ["stripe-grace-seconds": .int(settings.stripeGracePeriod.seconds)]
  }

  /// The store APIs answer from `subscriptions` from now on.
  package func replaceSubscriptions(_ subscriptions: [SimulatedSubscription]) {
    api.replaceSubscriptions(subscriptions)
  }

  /// Delivers `request` (a store's notification as it travels) for `subscriber` at `now`.
  package func deliver(_ request: WireRequest, store: String, subscriber: String, at now: Instant)
    -> DeliveryOutcome
  {
    guard failure == nil else { return .accepted }
    clock.set(now)
    switch transport {
    case .process(_, let channel, _):
      let http = PolicyHTTPRequest(
        method: request.method, path: request.path, headers: request.headers.map { ($0.name, $0.value) },
        body: request.body)
      do {
        let answer = try channel.call(.deliver(subscriber: subscriber, now: now, store: store, request: http))
        guard case .deliver(let status) = answer else { return .notAccepted }
        return (200..<300).contains(status) ? .accepted : .notAccepted
      } catch {
        failure = .channel(error)
        return .accepted
      }
    case .server(_, let connection):
      return connection.deliver(request, at: now).isAccepted ? .accepted : .notAccepted
    }
  }

  /// The policy's answer for `subscriber` at `now`; `snapshot` builds the client-side
  /// snapshots a process asks for (``PolicyFile/Snapshot``), only when it asks. ``Decision/never``
  /// once the run has failed.
  package func decide(
    subscriber: String, at now: Instant, snapshot: (PolicyFile.Snapshot) -> JSONValue?
  ) -> Decision {
    guard failure == nil else { return .never }
    clock.set(now)
    switch transport {
    case .process(_, let channel, let snapshots):
      var shot: JSONValue?
      if !snapshots.isEmpty {
        var o = JSONObject()
        for kind in snapshots { o.append(kind.name, snapshot(kind) ?? .null) }
        shot = .object(o)
      }
      do {
        let answer = try channel.call(.decide(subscriber: subscriber, now: now, snapshot: shot))
        guard case .decide(let decision) = answer else { return .never }
        return Self.decision(decision)
      } catch {
        failure = .channel(error)
        return .never
      }
    case .server(_, let connection):
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
    do { _ = try channel.call(.forget(subscriber: subscriber)) } catch { failure = .channel(error) }
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

  /// Stops the process or the server simsub started (SIGTERM, then SIGKILL, to its group) and
  /// the store APIs. Calling it again does nothing.
  package func stop() {
    switch transport {
    case .process(let process, _, _): process.stop()
    case .server(let server, let connection):
      connection.close()
      server.stop()
    }
    api.stop()
  }
}
