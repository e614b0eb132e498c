import SubscriptionPolicy

/// One Monte Carlo worker thread's scope for a policy file's policy: the thread's connection
/// (a process of its own, or the one server), and the subscriber the thread is playing.
///
/// The driver (``SubscriberDriver``) calls ``begin(_:)`` before each subscriber and ``end()``
/// after: each subscriber is a new one to the policy, with an id of their own
/// (``WireContext/subscriberId``, from the subscriber's index), and is forgotten (`forget`)
/// when their story is over, so no two subscribers share the policy's state.
///
/// The store APIs and the snapshots (``PolicyFile/Snapshot``) answer from the subscriber as
/// the engine plays them: the store's record after each of their actions and the store's
/// timers (``LiveRecordHistory``), at the instant of the request. Unlike a scenario's, these
/// follow the policy's answers (a lockout may make the subscriber leave; a prompt may make them
/// fix their card).
///
/// A process's deliveries are not waited for: their answers are read with the question that
/// follows (``ExternalPolicyConnection/pipelinesDeliveries``).
///
/// The first failure of the policy is handed to `failed` once, which stops the run.
package final class MonteCarloPolicyScope: PolicyFileScope, @unchecked Sendable {
  package let connection: ExternalPolicyConnection
  /// Where the engine keeps the store's record of the subscriber being played.
  package let records = LiveRecordHistory()
  private let plan: PopulationPlan
  private let settings: WireSettings
  private let failed: @Sendable (ExternalPolicyFailure) -> Void
  /// Each store's products in its model's order (the groups' products, in cohort order).
  private let catalogs: [StoreKind: [Product]]
  private var reported = false

  // The subscriber being played.
  private var number: UInt64 = 0
  private var store = StoreKind.apple
  private var context: WireContext?
  /// The id the subscriber's requests carry (a UUID).
  package private(set) var subscriberId = ""

  package init(
    connection: ExternalPolicyConnection, plan: PopulationPlan, settings: WireSettings,
    failed: @escaping @Sendable (ExternalPolicyFailure) -> Void
  ) {
    self.connection = connection
    connection.pipelinesDeliveries = true
    self.plan = plan
    self.settings = settings
    self.failed = failed
    var catalogs: [StoreKind: [Product]] = [:]
    for group in plan.population.cohort { catalogs[group.store, default: []].append(group.product) }
    self.catalogs = catalogs
  }

  /// The scope of the identifiers of a population's subscribers.
  static func identifierScope(of population: Population) -> String { "montecarlo\n\(population.path)" }

  /// Starts playing `profile`'s subscriber.
  package func begin(_ profile: SubscriberProfile) {
    number = profile.index + 1
    store = plan.population.cohort[profile.group].store
    var context = WireContext(
      settings: settings, app: AppIdentity(), scope: Self.identifierScope(of: plan.population),
      products: catalogs[store] ?? [], subscriberNumber: number)
    // The subscriber's ids are derived once each, not at every request that carries them.
    let memo = IdentifierMemo()
    context.ids.memo = memo
    context.subscriber.memo = memo
    self.context = context
    subscriberId = context.subscriberId
    records.reset()
  }

  /// The subscriber's story is over: the policy forgets them, and so do the store APIs.
  package func end() {
    connection.forget(subscriber: subscriberId)
    connection.host.setLive(nil, for: subscriberId)
    checkFailure()
  }

  /// The subscriber's subscription as played so far.
  private var subscription: SimulatedSubscription? {
    guard let context else { return nil }
    return SimulatedSubscription(
      store: store, products: context.products, history: records.history, context: context)
  }

  package func deliver(_ notification: StoreNotification, at arrival: Instant, subscriber number: UInt64)
    -> DeliveryOutcome
  {
    guard let context, connection.failure == nil, connection.receivesDeliveries else { return .accepted }
    connection.host.setLive(subscription, for: subscriberId)
    let request = WireRequestBuilder.request(notification, sentAt: arrival, context: context)
    let outcome = connection.deliver(
      request, store: WireRequestBuilder.storeTag(notification), subscriber: subscriberId, at: arrival)
    checkFailure()
    return outcome
  }

  package func decide(at instant: Instant, subscriber number: UInt64) -> Decision {
    guard connection.failure == nil, let subscription else { return .never }
    connection.host.setLive(subscription, for: subscriberId)
    let decision = connection.decide(subscriber: subscriberId, at: instant) { kind, out in
      switch kind {
      case .revenuecat: subscription.writeCustomerInfo(at: instant, into: &out)
      case .storekit:
        JSONWriter.write(subscription.storeKitStatus(at: instant) ?? .null, .compact, indent: 0, into: &out)
      }
    }
    checkFailure()
    return decision
  }

  private func checkFailure() {
    guard !reported, let failure = connection.failure else { return }
    reported = true
    failed(failure)
  }
}
