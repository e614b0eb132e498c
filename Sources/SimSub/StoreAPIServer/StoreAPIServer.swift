import Foundation
import SubscriptionPolicy

/// The store APIs a policy server or process calls back (WIRE.md section 2), served on
/// loopback: one ``LoopbackHTTPServer`` per API (``StoreAPIKind``), each API at the root of its
/// own port, answering from the subscriptions given at the simulated instant of each request
/// (``StoreAPIRouter``).
///
/// ```swift
/// let clock = StoreAPIClock(start)
/// let server = try StoreAPIServer(subscriptions: SimulatedSubscription.all(in: result, settings: s),
///   clock: clock.reading)
/// process.environment = server.environment   // SIMSUB_GOOGLE_API=http://127.0.0.1:…/ and the rest
/// clock.set(deliveryInstant)                 // before each delivery or question
/// server.stop()                              // the ports are closed when it returns
/// ```
package final class StoreAPIServer: @unchecked Sendable {
  /// The simulated instant of a request that does not carry `X-Simsub-Now`, asked with the
  /// subscriber (``WireContext/subscriberId``) whose subscription is looked at; for a RevenueCat
  /// user simsub did not make, with that user's id.
  package typealias Clock = @Sendable (_ subscriber: String) -> Instant

  private let servers: [(api: StoreAPIKind, server: LoopbackHTTPServer)]
  private let state: State

  /// Starts the four servers: on ports the system picks (`port` 0), or on `port` and the three
  /// after it, in ``StoreAPIKind`` order. A port that cannot be listened on stops the ones
  /// started and throws.
  package init(subscriptions: [SimulatedSubscription], port: Int = 0, clock: @escaping Clock)
    throws(SocketError)
  {
    let state = State(StoreAPISubscribers(subscriptions))
    self.state = state
    var started: [(StoreAPIKind, LoopbackHTTPServer)] = []
    for (n, api) in StoreAPIKind.allCases.enumerated() {
      do {
        let server = try LoopbackHTTPServer(port: port == 0 ? 0 : port + n) { request in
          if request.method == "GET", let body = state.fixed(api, path: request.path) {
            return HTTPResponse(status: 200, contentType: "application/json", body: body.serialized())
          }
          return StoreAPIRouter.respond(to: request, api: api, subscribers: state.current, clock: clock)
        }
        started.append((api, server))
      } catch {
        for (_, server) in started { server.stop() }
        throw error
      }
    }
    servers = started
  }

  deinit { stop() }

  /// The port `api` is served on.
  package func port(_ api: StoreAPIKind) -> Int {
    servers.first { $0.api == api }?.server.port ?? 0
  }

  /// `http://127.0.0.1:PORT/`, with the slash: the root URL Google's clients take; the paths
  /// after it may start with one more slash.
  package func baseURL(_ api: StoreAPIKind) -> String { "http://127.0.0.1:\(port(api))/" }

  /// The environment to hand a started server or process: `SIMSUB_GOOGLE_API`,
  /// `SIMSUB_APPLE_API`, `SIMSUB_STRIPE_API` and `SIMSUB_REVENUECAT_API`.
  package var environment: [String: String] {
    Dictionary(uniqueKeysWithValues: StoreAPIKind.allCases.map { ($0.environmentName, baseURL($0)) })
  }

  /// The same, one `NAME=URL` line each, in ``StoreAPIKind`` order: what a shell can `export`.
  package var environmentLines: String {
    StoreAPIKind.allCases.map { "\($0.environmentName)=\(baseURL($0))\n" }.joined()
  }

  /// The base URLs as the process protocol's `hello` carries them: `{"google": "http://…/",
  /// "apple": …, "stripe": …, "revenuecat": …}`.
  package var apis: JSONObject {
    var o = JSONObject()
    for api in StoreAPIKind.allCases { o.append(api.rawValue, .string(baseURL(api))) }
    return o
  }

  /// Answers `GET path` (its query left out) on `api` with `body` from the next request on,
  /// before looking at any subscription: a resource as a notification delivered it, for
  /// questions about subscriptions no simulated store holds (the policy table's).
  package func answer(_ api: StoreAPIKind, path: String, with body: JSONValue) {
    state.setFixed(api, path: path, body)
  }

  /// Answers from `subscriptions` from the next request on.
  package func replaceSubscriptions(_ subscriptions: [SimulatedSubscription]) {
    state.current = StoreAPISubscribers(subscriptions)
  }

  /// Answers each request from what `subscriptions` gives when the request arrives: for
  /// subscriptions that change while they are played (Monte Carlo's), whose index would be
  /// rebuilt at every change but is needed only when the API is called.
  package func answerLive(from subscriptions: @escaping @Sendable () -> [SimulatedSubscription]) {
    state.live = subscriptions
  }

  /// Stops the four servers; when it returns, their ports are closed. Calling it again does
  /// nothing.
  package func stop() {
    for (_, server) in servers { server.stop() }
  }

  /// The subscriptions answered from, behind a lock: the handlers read them on the
  /// connections' threads.
  private final class State: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: StoreAPISubscribers

    init(_ subscribers: StoreAPISubscribers) { self.subscribers = subscribers }

    var current: StoreAPISubscribers {
      get {
        if let live = lock.withLock({ liveSource }) { return StoreAPISubscribers(live()) }
        return lock.withLock { subscribers }
      }
      set { lock.withLock { subscribers = newValue } }
    }

    /// Where ``current`` comes from when set: asked at each request.
    var live: (@Sendable () -> [SimulatedSubscription])? {
      get { lock.withLock { liveSource } }
      set { lock.withLock { liveSource = newValue } }
    }
    private var liveSource: (@Sendable () -> [SimulatedSubscription])?

    private var fixedAnswers: [StoreAPIKind: [String: JSONValue]] = [:]

    func fixed(_ api: StoreAPIKind, path: String) -> JSONValue? {
      let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(
        String.init)
      return lock.withLock { fixedAnswers[api]?[bare ?? path] }
    }

    func setFixed(_ api: StoreAPIKind, path: String, _ body: JSONValue) {
      lock.withLock { fixedAnswers[api, default: [:]][path] = body }
    }
  }
}
