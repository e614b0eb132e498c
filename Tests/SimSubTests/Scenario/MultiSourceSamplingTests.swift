import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

extension ScenarioTests {
  /// A subscriber of several sources checked by a policy sampled at every step: each source's
  /// engine plays a round on its own, and the invariants see the round's samples in time order,
  /// so no violation ends before it begins.
  @Suite struct MultiSourceSamplingTests {
    @Test func violationSpansOfAStepSampledPolicyNeverRunBackwards() throws {
      let folder = ScenarioTesting.packageRoot.appendingPathComponent("Scenarios")
      var spans = 0
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      where name.hasSuffix(".scn") {
        let scenario = try ScenarioLoader.load(path: folder.appendingPathComponent(name).path)
        guard !scenario.sources.isEmpty else { continue }
        let result = try ScenarioPlayer.play(scenario, policy: SteppedHalfDays.self)
        for invariant in result.invariants {
          for v in invariant.violations {
            spans += 1
            #expect((v.duration?.seconds ?? 0) >= 0, "\(name): \(v)")
          }
        }
      }
      #expect(spans > 0)
    }
  }
}

/// The reference policy, but on its own clock it denies access for the first twelve hours of
/// every day (its answer changes between notifications, so it is asked at every step).
private struct SteppedHalfDays: EntitlementPolicy {
  static let name = "stepped-half-days"
  static let summary = "tests only"
  static let decidesOnlyOnNotifications = false
  var inner: ReferencePolicy
  init(context: PolicyContext) { inner = ReferencePolicy(context: context) }
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    inner.receive(n, at: arrival)
  }
  func decision(at instant: Instant) -> Decision {
    var d = inner.decision(at: instant)
    if instant.secondsSinceEpoch % 86_400 < 43_200 { d.access = false }
    return d
  }
  func nextDecisionChange(after instant: Instant) -> Instant? { nil }
}
