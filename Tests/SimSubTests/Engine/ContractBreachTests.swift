import Foundation
import TestSupport
import Testing

@testable import SimSub

/// The engine's checks on a policy's side of the protocol: an answer it kept that a fresh one
/// contradicts (the sampling contract broken), and deliveries the policy did not accept.
@Suite("Policy contract")
struct ContractBreachTests {
  /// A Stripe subscriber whose card fails: the app promises seven days of access while Stripe
  /// retries for longer, so the reference policy's answer changes on its own clock at the end
  /// of the promise.
  static let text = """
    name: stripe grace runs out while Stripe retries
    store: stripe
    product: {period: 1M, grace: 7d, when-retries-end: unpaid}
    timeline:
      - at: 20d
        do: card-fails
    """

  func play<P: EntitlementPolicy>(_ policy: P.Type) throws -> ScenarioResult {
    try ScenarioPlayer.play(try ScenarioLoader.decode(Self.text, path: "breach.scn"), policy: policy)
  }

  @Test func aWrapperThatForgetsTheNextChangeIsABreach() throws {
    let result = try play(ForgetsNextChange.self)
    let breach = try #require(result.contractBreaches.first)
    #expect(breach.kept.access)
    #expect(!breach.fresh.access)
    #expect(!result.passed)
    let report = ScenarioTextReport().render(result)
    #expect(report.contains("Policy contract"))
    #expect(report.contains(RFC3339.format(breach.instant)))
  }

  @Test func aWrapperThatForwardsIsNoBreach() throws {
    let result = try play(ForwardsNextChange.self)
    #expect(result.contractBreaches.isEmpty)
    // The same answers as the reference policy's own run.
    let reference = try play(ReferencePolicy.self)
    #expect(result.rows.map(\.decision) == reference.rows.map(\.decision))
    #expect(reference.contractBreaches.isEmpty)
  }

  @Test func everyBuiltInPolicyKeepsTheContractOnTheShippedScenarios() throws {
    let folder = ScenarioTesting.packageRoot.appendingPathComponent("Scenarios")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".scn")
    }
    #expect(names.count > 20)
    for name in names.sorted() {
      let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
      let scenario = try ScenarioLoader.decode(text, path: "Scenarios/\(name)")
      for entry in PolicyRegistry.all {
        let result = try ScenarioPlayer.play(scenario, policy: entry.name)
        #expect(result.runs.allSatisfy { $0.contractBreaches.isEmpty }, "\(scenario.path) \(entry.name)")
      }
    }
  }

  /// Every report format names the breach, its instant and the answers kept and fresh.
  @Test func everyReportFormatShowsTheBreach() throws {
    let result = try play(ForgetsNextChange.self)
    let breach = try #require(result.contractBreaches.first)
    let instant = RFC3339.format(breach.instant)
    let reports = [
      ScenarioTextReport(colour: false).render(result), ScenarioCheckReport(colour: false).render([result]),
      ScenarioJSONReport.render([result]), ScenarioMarkdownReport.render([result]),
      ScenarioJUnitReport.render([result]), ScenarioHTMLReport.render([result], command: "run"),
    ]
    for report in reports {
      #expect(report.contains(instant), "\(report.prefix(300))")
      #expect(
        report.contains("nextDecisionChange(after:) did not name this instant"), "\(report.prefix(300))")
    }
    let json = try JSONValue(parsing: ScenarioJSONReport.render([result]))
    let first = json["scenarios"]?[0]?["contract-breaches"]?[0]
    #expect(first?["instant"] == .string(instant))
    #expect(first?["kept"]?["access"] == .bool(breach.kept.access))
    #expect(first?["fresh"]?["access"] == .bool(breach.fresh.access))
    let clean = try play(ForwardsNextChange.self)
    #expect(ScenarioJSONReport.render([clean]).contains("\"contract-breaches\": []"))
  }

  @Test func deliveriesThePolicyRefusesAreCounted() throws {
    let result = try play(RefusesEverything.self)
    #expect(!result.deliveries.isEmpty)
    #expect(result.deliveriesNotAccepted == result.deliveries.count)
    let accepted = try play(ReferencePolicy.self)
    #expect(accepted.deliveriesNotAccepted == 0)
  }
}

/// Says it decides only on notifications, forwards the context, but not `nextDecisionChange`:
/// the worked example's old mistake.
private struct ForgetsNextChange: EntitlementPolicy {
  static let name = "forgets-next-change"
  static let summary = "tests only"
  static let decidesOnlyOnNotifications = true
  var inner: ReferencePolicy
  init(context: PolicyContext) { inner = ReferencePolicy(context: context) }
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    inner.receive(n, at: arrival)
  }
  func decision(at instant: Instant) -> Decision { inner.decision(at: instant) }
  func nextDecisionChange(after instant: Instant) -> Instant? { nil }
}

/// The same wrapper done right.
private struct ForwardsNextChange: EntitlementPolicy {
  static let name = "forwards-next-change"
  static let summary = "tests only"
  static let decidesOnlyOnNotifications = true
  var inner: ReferencePolicy
  init(context: PolicyContext) { inner = ReferencePolicy(context: context) }
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    inner.receive(n, at: arrival)
  }
  func decision(at instant: Instant) -> Decision { inner.decision(at: instant) }
  func nextDecisionChange(after instant: Instant) -> Instant? { inner.nextDecisionChange(after: instant) }
}

/// Reads every notification but answers the store with an error.
private struct RefusesEverything: EntitlementPolicy {
  static let name = "refuses-everything"
  static let summary = "tests only"
  static let decidesOnlyOnNotifications = true
  var inner: ReferencePolicy
  init(context: PolicyContext) { inner = ReferencePolicy(context: context) }
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    inner.receive(n, at: arrival)
    return .notAccepted
  }
  func decision(at instant: Instant) -> Decision { inner.decision(at: instant) }
  func nextDecisionChange(after instant: Instant) -> Instant? { inner.nextDecisionChange(after: instant) }
}
