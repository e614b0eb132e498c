import Foundation
import SubscriptionPolicy

/// What the connections to one policy file's policy share, for one setting of the app's
/// promises: the store APIs served on loopback and, in the server mode, the server (started by
/// simsub when the file says how, or by hand).
///
/// The store APIs answer from the subscriptions of every scenario being played
/// (``add(_:for:)``), each subscriber at the simulated instant of the call being made for them
/// (``set(_:for:)``), so that several scenarios can be played at once against one server
/// (`--concurrency`). Safe to use from several threads.
package final class ExternalPolicyHost: @unchecked Sendable {
  package let file: PolicyFile
  /// The app's promises the policy was started with (``environment``).
  package let settings: PolicySettings
  package let api: StoreAPIServer
  /// What a process or server started for the file finds in its environment besides the
  /// file's own variables: the store APIs' base URLs (`SIMSUB_GOOGLE_API` and the others) and
  /// the app's promise, `SIMSUB_STRIPE_GRACE_DAYS` (in days, a decimal when not whole).
  package let environment: [String: String]
  private let console: any Console
  private let server: (started: StartedPolicyServer, connection: PolicyServerConnection)?
  private let lock = NSLock()
  private var instants: [String: Instant] = [:]
  private var subscriptions: [String: [SimulatedSubscription]] = [:]
  /// Monte Carlo's subscribers being played, by id (``setLive(_:for:)``).
  private var live: [String: SimulatedSubscription] = [:]
  private var answersLive = false

  /// Serves the store APIs, then, in the server mode, starts the server (polled on `ready`).
  /// A file with `{port}` has it filled in with a free port first (``PolicyFile/withPort(_:)``):
  /// ``file`` is the file as filled in, whose URLs the connections use.
  package init(file given: PolicyFile, settings: PolicySettings = .default, console: any Console)
    throws(ExternalPolicyFailure)
  {
    let file: PolicyFile
    do { file = try given.withChosenPort() } catch { throw .serverStart(.noFreePort(error)) }
    self.file = file
    self.settings = settings
    self.console = console
    let clock = Clock()
    let api: StoreAPIServer
    do { api = try StoreAPIServer(subscriptions: [], clock: clock.reading) } catch {
      throw .storeAPI(error)
    }
    self.api = api
    var environment = api.environment
    environment["SIMSUB_STRIPE_GRACE_DAYS"] = Self.days(settings.stripeGracePeriod.seconds)
    self.environment = environment
    if case .server(let server) = file.mode {
      do {
        let started = try StartedPolicyServer(
          file: file, server: server, environment: environment, directory: file.directory, console: console)
        self.server = (started, PolicyServerConnection(server: server, timeout: file.timeout))
      } catch {
        api.stop()
        throw .serverStart(error)
      }
    } else {
      server = nil
    }
    clock.host = self
  }

  deinit { stop() }

  /// Whether simsub starts the policy itself, so that it can start it again for other
  /// settings: a process always, a server when the file has `start`.
  package var restartable: Bool { server.map { $0.started.process != nil } ?? true }

  /// A connection for one thread: a process of its own (greeted with `hello`), or the server's
  /// connection pool, shared.
  package func connection() throws(ExternalPolicyFailure) -> ExternalPolicyConnection {
    if let server { return ExternalPolicyConnection(host: self, server: server.connection) }
    guard case .process(let process) = file.mode else {
      preconditionFailure("a server without its connection")
    }
    var environment = environment
    for variable in file.environment { environment[variable.name] = variable.value }
    let started: PolicyProcess
    do {
      started = try PolicyProcess(
        name: file.name, arguments: process.command.argv, environment: environment, directory: file.directory,
        console: console)
    } catch {
      throw .processStart(error)
    }
    return try ExternalPolicyConnection(host: self, process: started, snapshots: process.snapshots)
  }

  /// The simulated instant of the next call made for `subscriber`: what the store APIs answer
  /// at when the call does not carry `X-Simsub-Now`.
  package func set(_ instant: Instant, for subscriber: String) {
    lock.withLock { instants[subscriber] = instant }
  }

  /// The store APIs answer from `subscriptions` too, kept under `key` (a scenario's path) until
  /// ``remove(_:)``.
  package func add(_ subscriptions: [SimulatedSubscription], for key: String) {
    let all = lock.withLock {
      self.subscriptions[key] = subscriptions
      return self.subscriptions.keys.sorted().flatMap { self.subscriptions[$0] ?? [] }
    }
    api.replaceSubscriptions(all)
  }

  /// The store APIs stop answering from the subscriptions kept under `key`.
  package func remove(_ key: String) {
    let all = lock.withLock {
      self.subscriptions[key] = nil
      return self.subscriptions.keys.sorted().flatMap { self.subscriptions[$0] ?? [] }
    }
    api.replaceSubscriptions(all)
  }

  /// The store APIs answer for `subscriber` from `subscription`, the store's record of a Monte
  /// Carlo subscriber as played so far, until it is set to `nil` (the subscriber's story is
  /// over). From the first call on, the APIs answer from these alone, looked up when a request
  /// arrives.
  package func setLive(_ subscription: SimulatedSubscription?, for subscriber: String) {
    let first = lock.withLock {
      live[subscriber] = subscription
      defer { answersLive = true }
      return !answersLive
    }
    if first {
      api.answerLive { [weak self] in
        guard let self else { return [] }
        return self.lock.withLock { self.live.keys.sorted().compactMap { self.live[$0] } }
      }
    }
  }

  /// Stops the server simsub started (SIGTERM, then SIGKILL, to its group) and the store APIs.
  package func stop() {
    if let server {
      server.connection.close()
      server.started.stop()
    }
    api.stop()
  }

  /// `seconds` in days: `14`, `0.5`.
  static func days(_ seconds: Int64) -> String {
    seconds % 86_400 == 0 ? "\(seconds / 86_400)" : "\(Double(seconds) / 86_400)"
  }

  /// The store APIs' clock: each subscriber's instant as last set.
  ///
  /// The host is set once it is built, after the store APIs already serve (a started server
  /// may call them while simsub waits for it to be ready), so it is read and set behind a lock.
  private final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private weak var hostReference: ExternalPolicyHost?

    var host: ExternalPolicyHost? {
      get { lock.withLock { hostReference } }
      set { lock.withLock { hostReference = newValue } }
    }

    var reading: StoreAPIServer.Clock {
      { [self] subscriber in
        guard let host else { return Instant(secondsSinceEpoch: 0) }
        return host.lock.withLock { host.instants[subscriber] } ?? Instant(secondsSinceEpoch: 0)
      }
    }
  }
}
