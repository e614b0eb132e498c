import SubscriptionPolicy

/// What a policy file's policy needs to hear one scenario: the connection, and for each of the
/// scenario's subscribers (the purchaser, each family member) the wire identity their requests
/// carry and the subscriptions the store APIs and snapshots answer from.
///
/// The subscriptions come from a play of the same scenario with the reference policy: a
/// scenario's store truth follows its timeline, never the policy's answers, so it is the same
/// whichever policy plays it.
package final class ExternalPolicyScope: PolicyFileScope, @unchecked Sendable {
  package let connection: ExternalPolicyConnection
  package let scenario: Scenario
  package let settings: WireSettings
  /// Every subscription of the scenario's reference play.
  package let subscriptions: [SimulatedSubscription]
  /// Whether the store APIs answer from what each delivery carried (Google's
  /// `subscriptionsv2` resource, by its path) rather than from `subscriptions`: for stories no
  /// simulated store plays through (the policy table's).
  let servesDeliveredResources: Bool

  package init(
    connection: ExternalPolicyConnection, scenario: Scenario, settings: WireSettings,
    subscriptions: [SimulatedSubscription], servesDeliveredResources: Bool = false
  ) {
    self.connection = connection
    self.scenario = scenario
    self.settings = settings
    self.subscriptions = subscriptions
    self.servesDeliveredResources = servesDeliveredResources
  }

  /// The wire context of `notification` for subscriber `number` (1 the purchaser, `N + 1`
  /// family member N): with several sources, that of the first source the notification can
  /// come from (its store, and RevenueCat's channel for a RevenueCat event).
  func context(of notification: StoreNotification, subscriber number: UInt64) -> WireContext {
    var source: String?
    if scenario.hasSources {
      let match = scenario.subscriptions.first { s in
        switch notification {
        case .appStore: s.store == .apple && s.channel == .direct
        case .googlePlay: s.store == .google && s.channel == .direct
        case .stripe: s.store == .stripe
        case .revenueCat: s.channel != .direct
        }
      }
      source = (match ?? scenario.subscriptions[0]).name
    }
    return WireContext(
      settings: settings, scenario: scenario, source: source, member: Int(number &- 1))
  }

  /// The id subscriber `number`'s requests carry.
  func subscriberId(_ number: UInt64) -> String {
    WireContext(settings: settings, scenario: scenario, member: Int(number &- 1)).subscriberId
  }

  /// Delivers `notification` to the policy for subscriber `number` at `arrival`, as the exact
  /// request its store sends (sent at its arrival: the engine's delays are not told apart);
  /// nothing is built or sent for a policy that receives no deliveries.
  package func deliver(_ notification: StoreNotification, at arrival: Instant, subscriber number: UInt64)
    -> DeliveryOutcome
  {
    let context = context(of: notification, subscriber: number)
    if servesDeliveredResources,
      let (path, body) = WireRequestBuilder.subscriptionsV2(notification, context: context)
    {
      connection.host.api.answer(.google, path: path, with: body)
    }
    guard connection.receivesDeliveries else { return .accepted }
    let request = WireRequestBuilder.request(notification, sentAt: arrival, context: context)
    return connection.deliver(
      request, store: WireRequestBuilder.storeTag(notification), subscriber: context.subscriberId,
      at: arrival)
  }

  /// One `CustomerInfo` for a subscriber with several subscriptions (`sources:`): RevenueCat
  /// shows one entitlement for all the purchases that unlock it, taken here from the best
  /// purchase: an active one before an inactive one, one with no billing issue before one with,
  /// then the one that expires last. Simplified: the other purchases' product lists are not
  /// merged in.
  static func customerInfo(_ infos: [JSONValue]) -> JSONValue? {
    func rank(_ info: JSONValue) -> (active: Int, healthy: Int, expires: String) {
      let premium = info["entitlements"]?["all"]?.objectValue?.first?.value
      let active = info["entitlements"]?["active"]?.objectValue?.isEmpty == false
      let issue = premium?["billingIssueDetectedAt"].map { !$0.isNull } ?? false
      return (active ? 1 : 0, issue ? 0 : 1, premium?["expirationDate"]?.stringValue ?? "")
    }
    return infos.max { a, b in
      let (x, y) = (rank(a), rank(b))
      return (x.active, x.healthy) != (y.active, y.healthy)
        ? (x.active, x.healthy) < (y.active, y.healthy) : x.expires < y.expires
    }
  }

  /// The policy's answer for subscriber `number` at `instant`.
  package func decide(at instant: Instant, subscriber number: UInt64) -> Decision {
    let id = subscriberId(number)
    return connection.decide(subscriber: id, at: instant) { kind in
      let own = self.subscriptions.filter { $0.context.subscriberId == id }
      switch kind {
      case .revenuecat:
        return Self.customerInfo(own.map { $0.customerInfo(at: instant) })
      case .storekit:
        return own.lazy.compactMap { $0.storeKitStatus(at: instant) }.first
      }
    }
  }
}
