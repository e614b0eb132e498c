import Foundation

/// `simsub benchmark`'s store API figures: `GET`s per second from ``HTTPClient`` to a
/// ``StoreAPIServer`` serving every subscription of the scenarios given at once, one request at
/// a time over one keep-alive connection, per API, cycling through every path each subscription
/// is found at, at the end of its run (the clock's instant for its subscriber).
///
/// A handler calls a store back once per delivery it handles, one at a time for one
/// subscriber, so this is what a call back costs: the round trip and the answer built from the
/// simulated store (Apple's signed with ES256, as the notifications are).
package enum StoreAPIBenchmark {
  package struct Figures: Sendable {
    package var scenarios: Int
    package var subscriptions: Int
    /// Per API: the paths cycled through, the requests sent and the best time of a repetition.
    package var apis: [(api: StoreAPIKind, paths: Int, requests: Int, seconds: Double)]
  }

  package static func measure(libraryPaths: [String], requests: Int = 1_000, repetitions: Int = 5) throws
    -> Figures
  {
    let settings = WireSettings(salt: "benchmark")
    var subscriptions: [SimulatedSubscription] = []
    for path in libraryPaths {
      let result = try ScenarioPlayer.play(try ScenarioLoader.load(path: path))
      subscriptions += SimulatedSubscription.all(in: result, settings: settings)
    }
    var ends: [String: Instant] = [:]
    for s in subscriptions {
      guard let end = s.history.entries.last?.instant else { continue }
      ends[s.context.subscriberId] = max(end, ends[s.context.subscriberId] ?? end)
    }
    let clockEnds = ends
    let server: StoreAPIServer
    do {
      server = try StoreAPIServer(
        subscriptions: subscriptions, clock: { clockEnds[$0] ?? Instant(secondsSinceEpoch: 0) })
    } catch { throw HTTPBenchmark.Failure(description: "the store API server did not start: \(error)") }
    defer { server.stop() }
    let client = HTTPClient(timeout: .seconds(10))
    defer { client.closeIdleConnections() }
    var figures: [(api: StoreAPIKind, paths: Int, requests: Int, seconds: Double)] = []
    for api in StoreAPIKind.allCases {
      var seen: Set<String> = []
      let paths = subscriptions.flatMap { s in
        s.apiPaths(at: ends[s.context.subscriberId] ?? Instant(secondsSinceEpoch: 0))
          .filter { $0.api == api && seen.insert($0.path).inserted }.map(\.path)
      }
      guard !paths.isEmpty else { continue }
      let urls = paths.map { HTTPURL(host: .ipv4Loopback, port: server.port(api), target: $0) }
      var best = Double.infinity
      for _ in 0..<max(1, repetitions) {
        let start = DispatchTime.now().uptimeNanoseconds
        for n in 0..<requests {
          switch client.send("GET", urls[n % urls.count]) {
          case .success(let response) where response.status == 200: break
          case .success(let response):
            throw HTTPBenchmark.Failure(
              description: "the store API answered \(response.status) to \(urls[n % urls.count].target)")
          case .failure(let error):
            throw HTTPBenchmark.Failure(description: "a store API request failed: \(error)")
          }
        }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
      figures.append((api, paths.count, requests, best))
    }
    return Figures(scenarios: libraryPaths.count, subscriptions: subscriptions.count, apis: figures)
  }
}
