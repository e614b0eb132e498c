import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// A store's step and the notices it sends at once are one instant: no lockout begins at an
/// answer given before they arrive, one that began before goes on through them, and a span of
/// no length is described as such.
@Suite("Invariants: the notices of the same instant")
struct SameInstantNoticeTests {
  static func sample(
    at offset: TimeSpan, _ decision: Decision, truth: StoreTruth = .active, dueNow: Bool = false
  ) -> EngineSample {
    EngineSample(
      instant: testStart + offset, truth: truth, decision: decision, afterEvent: true,
      undelivered: dueNow ? 1 : 0,
      awaitingGainNotice: false, deliveriesDueNow: dueNow)
  }

  static let denied = Decision(state: .expired, access: false)
  static let granted = Decision(state: .active, access: true)

  @Test func noLockoutBeginsBeforeTheNoticesOfItsInstant() {
    var checker = InvariantChecker()
    checker.observe(Self.sample(at: .hours(1), Self.granted))
    // The renewal: asked before its DID_RENEW is delivered, the server reading expiresDate says no.
    checker.observe(Self.sample(at: .days(30), Self.denied, dueNow: true))
    checker.observe(Self.sample(at: .days(30), Self.granted))
    checker.finish(at: testStart + .days(31))
    #expect(checker.violations.isEmpty)
  }

  @Test func aLockoutThatBeganBeforeGoesOnThroughThem() {
    var checker = InvariantChecker()
    checker.observe(Self.sample(at: .hours(1), Self.denied))
    checker.observe(Self.sample(at: .days(30), Self.denied, dueNow: true))
    checker.observe(Self.sample(at: .days(30), Self.denied))
    checker.observe(Self.sample(at: .days(31), Self.granted))
    #expect(checker.violations.count == 1)
    #expect(checker.violations.first?.start == testStart + .hours(1))
    #expect(checker.violations.first?.end == testStart + .days(31))
  }

  @Test func aLockoutOfNoLengthIsDescribedAsSuch() {
    var checker = InvariantChecker()
    checker.observe(Self.sample(at: .hours(1), Self.denied))
    checker.observe(Self.sample(at: .hours(1), Self.granted))
    let violation = try? #require(checker.violations.first)
    let text = violation.map { ScenarioTextReport.describe($0, start: testStart) } ?? ""
    #expect(text.contains("at the instant \(RFC3339.format(testStart + .hours(1))) (day 0) only"), "\(text)")
    #expect(!text.contains("for 0d"))
  }

  /// The violation names what last changed the policy's answer: here its own clock, not the
  /// notification that arrived before.
  @Test func theCauseIsWhatLastChangedTheAnswer() throws {
    var checker = InvariantChecker()
    checker.observe(Self.sample(at: .zero, Self.granted))
    let played = try ScenarioPlayer.play(
      try ScenarioLoader.load(
        path: TestSupport.packageRoot.appendingPathComponent("Scenarios/card-expired.scn").path),
      policy: ReferencePolicy.self)
    let notification = try #require(played.attempts.first?.notification)
    checker.delivered(notification, at: testStart + .hours(1))
    checker.observe(Self.sample(at: .hours(1), Self.granted))
    checker.observe(Self.sample(at: .days(30), Self.denied))
    let violation = checker.violations.first
    #expect(violation?.cause == nil)
    #expect(violation?.causeArrival == testStart + .days(30))
    let text = violation.map { ScenarioTextReport.describe($0, start: testStart) } ?? ""
    #expect(text.contains("on its own clock (no notification)"), "\(text)")
  }
}
