import TestSupport
import Testing

@testable import SimSub

/// Stripe stories from `.scn` text through the decoder, the model and the policies, with every
/// invariant on; and what the decoder accepts and refuses for `store: stripe`.
@Suite("Stripe scenarios")
struct StripeScenarioTests {
  func play(_ text: String, policy: String? = nil) throws -> ScenarioResult {
    try ScenarioPlayer.play(try ScenarioLoader.decode(text, path: "stripe.scn"), policy: policy)
  }

  func problems(_ result: ScenarioResult) -> [String] {
    let checks = result.expectations.flatMap { e in
      e.checks.filter { !$0.passed }.map {
        "\(e.expectation.at): \($0.key) expected \($0.expected), got \($0.actual)"
      }
    }
    return checks + result.violations.map { "\($0.invariant.rawValue) at \($0.start)" }
      + result.entryErrors.map(\.message)
  }

  /// The messages of the diagnostics `text` is refused with.
  func errors(_ text: String) -> [String] {
    do {
      _ = try ScenarioLoader.decode(text, path: "stripe.scn")
      return []
    } catch {
      return error.diagnostics?.diagnostics.map(\.message) ?? [error.rendered]
    }
  }

  static let story = """
    name: a Stripe renewal fails
    store: stripe
    product: {period: 1M, grace: 5d}
    timeline:
      - at: 20d
        do: card-fails
      - at: renewal 1 + 3d
        do: update-card
    expect:
      - at: renewal 1 + 1h
        store: grace
        entitlement: grace
        access: yes
        prompt: soft
        sent: [invoice.payment_failed, customer.subscription.updated]
      - at: renewal 1 + 3d 1h
        store: active
        access: yes
        prompt: none
        sent: invoice.paid
        charges: 2
    """

  @Test func decodesStripeWithItsDefaults() throws {
    let scenario = try ScenarioLoader.decode(
      """
      name: defaults
      store: stripe
      product: {period: 1M}
      timeline:
        - at: 1d
          do: note
          text: hello
      """)
    #expect(scenario.store == .stripe)
    let product = try #require(scenario.products.first)
    #expect(product.hold == .days(14))
    #expect(product.grace == .days(14))
    #expect(product.whenRetriesEnd == .cancel)
    #expect(scenario.channel == .direct)
    #expect(scenario.policySettings == PolicySettings(stripeGracePeriod: .days(14)))
    let set = try ScenarioLoader.decode(
      """
      name: set
      store: stripe
      product: {period: 1W, hold: 1w, grace: 2d, when-retries-end: past-due}
      timeline:
        - at: 1d
          do: cancel
      """)
    #expect(set.products.first?.hold == .days(7))
    #expect(set.products.first?.grace == .days(2))
    #expect(set.products.first?.whenRetriesEnd == .pastDue)
    #expect(set.policySettings.stripeGracePeriod == .days(2))
    // Other stores' policies keep the default settings.
    let apple = try ScenarioLoader.decode("name: a\nstore: apple\nproduct: {period: 1M}\ntimeline: []\n")
    #expect(apple.policySettings == .default)
  }

  @Test func refusesWhatStripeDoesNotOffer() {
    #expect(
      errors("name: x\nstore: stripe\nproduct: {hold: 10d}\ntimeline: []\n") == [
        "stripe retries a failed payment within 1 week, 2 weeks, 3 weeks, 1 month or 2 months (7d, 14d, 21d, 28–31d, 59–62d), not 10d (product premium.monthly)"
      ])
    #expect(
      errors("name: x\nstore: stripe\nproduct: {grace: 20d}\ntimeline: []\n") == [
        "the app's grace during stripe's past_due lasts from 0d up to the retry window (14d), not 20d (product premium.monthly)"
      ])
    #expect(
      errors("name: x\nstore: stripe\nproduct: {when-retries-end: delete}\ntimeline: []\n") == [
        "unknown value 'delete': expected 'cancel', 'unpaid' or 'past-due'"
      ])
    #expect(
      errors("name: x\nstore: apple\nproduct: {when-retries-end: unpaid}\ntimeline: []\n") == [
        "when-retries-end is a stripe setting: apple ends the subscription when its retries run out"
      ])
    #expect(errors("name: x\nstore: google\nproduct: {when-retries-end: cancel}\ntimeline: []\n") == [])
    // Apple's paid-to-paid-only grace is Apple's alone.
    #expect(
      errors("name: x\nstore: stripe\nproduct: {grace-renewals: paid-to-paid}\ntimeline: []\n") == [
        "grace-renewals is an apple setting (App Store Connect's paid-to-paid-only grace): stripe gives every failed renewal its grace period"
      ])
    #expect(
      errors("name: x\nstore: apple\nproduct: {grace-renewals: trials}\ntimeline: []\n") == [
        "unknown value 'trials': expected 'all' or 'paid-to-paid'"
      ])
    #expect(errors("name: x\nstore: google\nproduct: {grace-renewals: all}\ntimeline: []\n") == [])
    #expect(
      errors(
        """
        name: x
        store: stripe
        product:
          - {id: a, grace: 3d}
          - {id: b, grace: 5d}
        timeline: []
        """) == [
          "the app's grace during stripe's past_due is one promise for every product: a has 3d, b has 5d"
        ])
    #expect(
      errors(
        "name: x\nstore: stripe\nproduct: {period: 1M}\ntimeline:\n  - at: 1d\n    do: pause\n    for: 7d\n")
        == ["google has pause; stripe does not"])
  }

  @Test func aRenewalFailsAndIsFixedInGrace() throws {
    let result = try play(Self.story)
    #expect(problems(result).isEmpty)
    #expect(result.passed)
  }

  @Test("the known-bad past-due-is-free locks the same story out, and only that")
  func pastDueIsFreeIsCaught() throws {
    let result = try play(Self.story, policy: "past-due-is-free")
    #expect(result.violations.map(\.invariant) == [.noLockoutInGrace])
    let v = try #require(result.violations.first)
    #expect(v.start == ST.at(2026, 2, 1))
    #expect(v.duration == .days(3))
    #expect(result.expectations.flatMap(\.checks).filter { !$0.passed }.map(\.key) == ["access"])
  }

  @Test("a policy promising less than the product locks out, caught at the instant its promise ends")
  func aShorterPromiseIsCaughtByThePolicyClock() throws {
    let scenario = try ScenarioLoader.decode(
      Self.story.replacingOccurrences(of: "renewal 1 + 3d\n", with: "renewal 1 + 4d 12h\n"))
    let model = try StripeModel(products: scenario.products)
    let result = ScenarioRunner.run(scenario, store: model, policy: ShortPromise.self)
    let lockouts = result.violations.filter { $0.invariant == .noLockoutInGrace }
    #expect(lockouts.count == 1)
    let v = try #require(lockouts.first)
    // Its hard prompt in grace is wrong too; nothing gives free access.
    #expect(result.violations.contains { $0.invariant == .promptMatches && $0.start == v.start })
    #expect(!result.violations.contains { $0.invariant == .noFreeAccess })
    // 36 hours into past_due: no event of the store's falls there (its retries come on days 1
    // and 2), the policy's clock does.
    #expect(v.start == ST.at(2026, 2, 2, 12))
    #expect(v.duration == .days(3))
  }

  @Test(arguments: [
    "{delay: 6h}", "{duplicate: yes}", "{reorder: 1d}", "{outage: {for: 2d}}",
  ])
  func deliveryFaultsDoNotLockOutGrace(_ faults: String) throws {
    let text = """
      name: faults
      store: stripe
      product: {period: 1M, grace: 7d, when-retries-end: unpaid}
      delivery: \(faults)
      timeline:
        - at: 20d
          do: card-fails
        - at: renewal 1 + 20d
          do: update-card
      """
    let result = try play(text)
    #expect(problems(result).isEmpty, "\(faults)")
  }

  @Test func aTrialThatFailsToConvert() throws {
    let result = try play(
      """
      name: trial, card fails at its end, retries run out
      store: stripe
      product: {period: 1M, trial: 7d, grace: 3d}
      timeline:
        - at: 2d
          do: card-fails
      expect:
        - at: 6d
          store: active
          access: yes
        - at: renewal 1 + 1h
          store: grace
          access: yes
          prompt: soft
        - at: renewal 1 + 15d
          store: expired
          access: no
          charges: 0
      """)
    #expect(problems(result).isEmpty)
  }
}

/// A policy that promises Stripe subscribers 36 hours, whatever the product says.
private struct ShortPromise: EntitlementPolicy {
  static let name = "short-promise"
  static let summary = "reference with a 36-hour Stripe promise (tests only)"
  static let decidesOnlyOnNotifications = true
  var reference = ReferencePolicy(settings: PolicySettings(stripeGracePeriod: .hours(36)))
  init() {}
  mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    reference.receive(notification, at: arrival)
    return .accepted
  }
  func decision(at instant: Instant) -> Decision { reference.decision(at: instant) }
  func nextDecisionChange(after instant: Instant) -> Instant? { reference.nextDecisionChange(after: instant) }
  init(context: PolicyContext) { self.init() }
}
