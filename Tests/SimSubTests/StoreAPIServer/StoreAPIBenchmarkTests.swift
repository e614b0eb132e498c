import Testing

@testable import SimSub

/// The store API figures are of real answers: every path of every subscription served, each
/// answered 200, per API.
@Suite struct StoreAPIBenchmarkTests {
  @Test func measuresEveryAPIOfTheScenarios() throws {
    let files = [
      "card-expired.scn", "app-store-and-stripe-one-fails-one-pays.scn",
      "google-cancel-in-hold-ends-at-once.scn",
    ]
    .map { WireTesting.root.appendingPathComponent("Scenarios/\($0)").path }
    let figures = try StoreAPIBenchmark.measure(libraryPaths: files, requests: 30, repetitions: 1)
    #expect(figures.scenarios == 3)
    #expect(figures.apis.map(\.api) == StoreAPIKind.allCases)
    let paths = Dictionary(uniqueKeysWithValues: figures.apis.map { ($0.api, $0.paths) })
    // Apple: three paths for each of two Apple subscriptions; Google two; Stripe three; RevenueCat
    // one per subscriber (the two sources of one share it).
    #expect(paths == [.apple: 6, .google: 2, .stripe: 3, .revenuecat: 3])
    #expect(figures.apis.allSatisfy { $0.requests == 30 && $0.seconds > 0 })
  }
}
