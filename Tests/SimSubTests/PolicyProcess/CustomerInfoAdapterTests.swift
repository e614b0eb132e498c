import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

extension PolicyProcessSuites {
  /// The client-side example (docs/examples/customerinfo-adapter), a policy process that decides
  /// from the RevenueCat SDK's `CustomerInfo`, asked at every timeline row of every shipped
  /// scenario of one subscription with the `CustomerInfo` of that instant as its snapshot, its
  /// answers compared with the store's truth there: access exactly when entitled; a state and a
  /// prompt, when it claims one, the truth's (grace with a soft prompt, hold with a hard one, none
  /// for a family member).
  @Suite struct CustomerInfoAdapterTests {
    static let adapter = WireTesting.root.appendingPathComponent(
      "docs/examples/customerinfo-adapter/adapter.mjs"
    ).path

    /// The answers that disagree with the truth, and how many rows were asked.
    static func disagreements(mistake: String? = nil) throws -> (asked: Int, [String]) {
      try PolicyProcessFixtures.requireNode()
      let process = try PolicyProcess(
        name: "customerinfo-adapter", arguments: ["node", adapter],
        environment: mistake.map { ["MISTAKE": $0] } ?? [:], exitWait: 2, console: CapturingConsole())
      defer { process.stop() }
      let channel = PolicyChannel(process: process)
      guard case .hello = try channel.call(.hello(settings: .object([:]), apis: [:])) else {
        Issue.record("no hello")
        return (0, [])
      }
      var asked = 0
      var found: [String] = []
      let settings = WireTesting.settings()
      for result in WireTesting.shipped where result.scenario.subscriptions.count == 1 {
        let subscriptions = SimulatedSubscription.all(in: result, settings: settings)
        for run in result.runs {
          guard let subscription = subscriptions.first(where: { $0.member == run.member }) else { continue }
          for row in run.rows {
            let snapshot: JSONValue = ["revenuecat": subscription.customerInfo(at: row.instant)]
            let answer = try channel.call(
              .decide(subscriber: subscription.context.subscriberId, now: row.instant, snapshot: snapshot))
            guard case .decide(let decision) = answer else {
              found.append("\(result.scenario.path): not a decision: \(answer)")
              continue
            }
            asked += 1
            let truth = row.truth
            let state: EntitlementState? =
              switch truth {
              case .active, .canceled: .active
              case .grace: .grace
              case .hold: .hold
              // Nothing bought (a Google purchase pending, or canceled before payment).
              case .never: .never
              default: nil
              }
            let family = run.member > 0
            let prompt: RecoveryPrompt =
              state == .grace && !family ? .soft : state == .hold && !family ? .hard : .none
            var wrong: [String] = []
            if decision.access != truth.isEntitled { wrong.append("access \(decision.access)") }
            if let claimed = decision.state, claimed != state { wrong.append("state \(claimed.name)") }
            if let claimed = decision.prompt, claimed != prompt { wrong.append("prompt \(claimed.name)") }
            if !wrong.isEmpty {
              found.append(
                "\(result.scenario.path)\(run.runName.map { " (\($0))" } ?? "") at \(RFC3339.format(row.instant)), truth \(truth): \(wrong.joined(separator: ", "))"
              )
            }
          }
        }
      }
      return (asked, found)
    }

    @Test(.needsNode) func decidingFromCustomerInfoFollowsTheStoresTruth() throws {
      let (asked, found) = try Self.disagreements()
      #expect(asked > 500)
      #expect(found.count == 0, "\(found.count) of \(asked):\n\(found.prefix(20).joined(separator: "\n"))")
    }

    /// With the mistake, every disagreement is a subscriber the store still entitles denied
    /// access: in grace, and in Google's silent stage before it (entitled, the renewal already
    /// failed, `willRenew` false).
    @Test(.needsNode) func readingWillRenewAsAccessLocksOutSubscribersInGrace() throws {
      let (asked, found) = try Self.disagreements(mistake: "will-renew")
      #expect(asked > 500)
      #expect(found.contains { $0.contains("truth grace: access false") })
      let entitledDenied = [
        "truth grace: access false", "truth active: access false", "truth canceled: access false",
      ]
      let others = found.filter { line in !entitledDenied.contains { line.hasSuffix($0) } }
      #expect(others.count == 0, "\(others.prefix(10).joined(separator: "\n"))")
    }
  }
}
