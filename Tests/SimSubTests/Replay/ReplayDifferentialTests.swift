import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// Every shipped scenario's requests, written as a log and replayed under the scenario's
/// policy, give the scenario's verdicts: a policy the scenario catches locking out (or letting
/// in free) is caught by the replay too, and a policy that passes it passes the replay.
@Suite("Replay: the shipped scenarios as logs")
struct ReplayDifferentialTests {
  struct Verdict: CustomStringConvertible {
    var scenario: String
    var policy: String
    var played: Set<Invariant>
    var replayed: Set<Invariant>
    var description: String {
      "\(scenario) (\(policy)): scenario \(played.map(\.rawValue).sorted()), replay \(replayed.map(\.rawValue).sorted())"
    }
  }

  static let verdicts: [Verdict] = WireTesting.shipped.compactMap { result in
    let checked: Set<Invariant> = [.noLockoutInGrace, .noFreeAccess]
    // A log holds what the server took: the delivered attempts, with the resources fetched.
    var lines: [String] = []
    for run in result.runs {
      for attempt in run.attempts where attempt.delivered {
        let context = WireContext(
          settings: WireTesting.settings(), scenario: result.scenario, source: attempt.source,
          member: run.member)
        let request = WireRequestBuilder.request(
          attempt.notification, sentAt: attempt.sentAt, context: context)
        var line: JSONObject = [
          "received": .string(RFC3339.formatWithMilliseconds(attempt.instant)), "body": .string(request.body),
        ]
        if let resource = WireRequestBuilder.subscriptionsV2(attempt.notification, context: context) {
          line.append("subscriptionsv2", resource.body)
        }
        lines.append(JSONValue.object(line).serialized())
      }
    }
    var reader = ReplayLogReader()
    reader.read(bytes: Array(lines.joined(separator: "\n").utf8), file: "log")
    guard reader.problems.isEmpty, let entry = PolicyRegistry.entry(named: result.scenario.policy) else {
      return nil
    }
    let subscribers = ReplaySubscribers(reader.entries)
    let player = ReplayPlayer(step: result.scenario.step, settings: result.scenario.policySettings)
    let outcome = BuiltInPolicyDispatch.open(
      entry.type, with: Play(player: player, entries: reader.entries, subscribers: subscribers))
    let played = Set(result.runs.flatMap(\.violations).map(\.invariant)).intersection(checked)
    return Verdict(
      scenario: (result.scenario.path as NSString).lastPathComponent, policy: result.scenario.policy,
      played: played, replayed: Set(outcome.violations.map(\.invariant)))
  }

  struct Play: PolicyVisitor {
    let player: ReplayPlayer
    let entries: [ReplayEntry]
    let subscribers: ReplaySubscribers
    func visit<Policy: EntitlementPolicy>(_ type: Policy.Type) -> ReplayPlayer.Outcome {
      player.play(type, entries: entries, subscribers: subscribers)
    }
  }

  @Test func everyScenarioIsReplayed() {
    #expect(Self.verdicts.count == WireTesting.shipped.count)
  }

  @Test func theReplayGivesTheScenariosVerdicts() {
    let differing = Self.verdicts.filter { $0.played != $0.replayed }
    #expect(
      differing.isEmpty,
      "\(differing.count) of \(Self.verdicts.count):\n\(differing.map(\.description).joined(separator: "\n"))"
    )
    // The known-bad policies are caught: the comparison is not between empty sets.
    #expect(Self.verdicts.filter { !$0.played.isEmpty }.count >= 5)
  }
}

/// `--compare reference active-only` over the shipped scenarios' log: every subscriber
/// active-only locks out in grace is listed as a new lockout, and no one else is.
@Suite("Replay: comparing two policies")
struct ReplayCompareTests {
  @Test func theNewLockoutsAreActiveOnlysViolators() throws {
    let delivered = ReplayLogReaderTests.logged.filter(\.delivered)
    var reader = ReplayLogReader()
    reader.read(
      bytes: Array(delivered.map(ReplayLogReaderTests.receivedLine).joined(separator: "\n").utf8), file: "log"
    )
    #expect(reader.problems == [])
    let subscribers = ReplaySubscribers(reader.entries)
    let player = ReplayPlayer()
    let differences = player.compare(
      ReferencePolicy.self, ActiveOnlyPolicy.self, entries: reader.entries, subscribers: subscribers)
    let violators = Set(
      player.play(ActiveOnlyPolicy.self, entries: reader.entries, subscribers: subscribers).violations
        .filter { $0.invariant == .noLockoutInGrace }.map(\.subscriber))
    let lockouts = Set(differences.filter { $0.kind == .newLockout }.map(\.subscriber))
    #expect(!lockouts.isEmpty)
    #expect(lockouts == violators)
    #expect(differences.allSatisfy { $0.kind != .newFreeAccess })
    // The shipped scenario written to show this mistake is among them.
    let scenario = try #require(
      WireTesting.shipped.first { $0.scenario.path.hasSuffix("/active-only-locks-out-grace.scn") })
    let context = WireContext(settings: WireTesting.settings(), scenario: scenario.scenario)
    let group = try #require(
      subscribers.groups.firstIndex { $0.ids.contains("account \(context.subscriberId)") })
    #expect(lockouts.contains(group))
    // Compared with itself, a policy differs from no one.
    #expect(
      player.compare(
        ReferencePolicy.self, ReferencePolicy.self, entries: reader.entries, subscribers: subscribers
      )
      .isEmpty)
  }
}
