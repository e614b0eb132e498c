import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

extension PolicyProcessSuites {
  /// Monte Carlo through the Node example server (docs/examples/node-server/server.policy), as
  /// TEST-YOUR-SERVER.md suggests it, on several threads at once: the workers write their
  /// subscribers' requests while the store APIs, on their own threads, answer the server from
  /// the same subscribers. Repeated, since a data race shows in some runs only: it once crashed
  /// most runs with the default two threads (``IdentifierMemo``, read by the store APIs while
  /// a worker wrote it). Each run completes, plays every subscriber, and gives the same tallies.
  @Suite struct MonteCarloThroughServerTests {
    static let root = WireTesting.root.path

    @Test(.needsNode, arguments: [2, 4])
    func completesAgainAndAgainWithTheSameTallies(threads: Int) throws {
      var tallies: [JSONValue] = []
      for _ in 0..<5 {
        let run = MonteCarloTestSupport.simsub([
          "montecarlo", "\(Self.root)/Scenarios/populations/typical.pop", "--users", "40", "--threads",
          "\(threads)", "--policy", "\(Self.root)/docs/examples/node-server/server.policy", "--format",
          "json",
        ])
        #expect(run.status == .success || run.status == .checkFailed, "\(run.error)")
        #expect(!run.error.contains("Error:"), "\(run.error)")
        #expect(run.error.contains("played 40 subscribers"), "\(run.error)")
        tallies.append(try JSONValue(parsing: run.output)["tallies"] ?? .null)
      }
      #expect(tallies.allSatisfy { $0 == tallies[0] && $0 != .null })
    }
  }
}
