/// One subscriber's story, resolved from a `.scn` file: every default filled in, every name
/// checked. What the runner plays and the reports print.
public struct Scenario: Hashable, Sendable {
  /// Where the scenario came from, for diagnostics and reports.
  public var path: String
  /// One line describing the story.
  public var name: String
  /// The subscriber's subscriptions, held once: the one a file describes with `store:`,
  /// `product:` and `channel:` at the top level, or each of its `sources:`.
  public var subscriptions: [ScenarioSource]
  /// Whether the file gave several subscriptions (`sources:`), named for timeline entries and
  /// expectations, rather than one at the top level.
  public var hasSources: Bool
  /// The first subscription's store (the only one's, without `sources:`).
  public var store: StoreKind {
    get { subscriptions[0].store }
    set { subscriptions[0].store = newValue }
  }
  /// The first subscription's products; the first is the one subscribed when the timeline has
  /// no `subscribe`.
  public var products: [Product] {
    get { subscriptions[0].products }
    set { subscriptions[0].products = newValue }
  }
  /// Day 0.
  public var start: Instant
  /// How long to simulate, when the file says; otherwise one period past the last timeline
  /// entry or expectation, resolved while running (anchors move).
  public var horizon: TimeSpan?
  /// The interval at which the policy is sampled between events.
  public var step: TimeSpan
  /// The built-in policy's name.
  public var policy: String
  /// How the first subscription's notifications reach the policy: the store's own, or
  /// RevenueCat's webhooks.
  public var channel: ScenarioChannel {
    get { subscriptions[0].channel }
    set { subscriptions[0].channel = newValue }
  }
  /// Delivery faults in force from the start.
  public var delivery: DeliveryFaults
  /// Apple Family Sharing: how many family members share the purchaser's subscription (0 to 5).
  /// Each is played as its own run of the timeline, with its own policy.
  public var familyMembers: Int
  public var timeline: [TimelineEntry]
  public var expectations: [Expectation]
  /// The level of each invariant; every invariant is `error` unless the file says otherwise.
  public var invariants: [Invariant: InvariantLevel]
  /// Invariants that must be violated (a negative test).
  public var expectedViolations: [Invariant]
  /// The app's identity on the wire (`app:`): bundle id, App Store id, package name.
  public var app: AppIdentity

  public init(
    path: String, name: String, store: StoreKind, products: [Product], start: Instant,
    horizon: TimeSpan? = nil, step: TimeSpan = .hours(1), policy: String = "reference",
    channel: ScenarioChannel = .direct, delivery: DeliveryFaults = DeliveryFaults(),
    familyMembers: Int = 0, sources: [ScenarioSource] = [], timeline: [TimelineEntry],
    expectations: [Expectation] = [], invariants: [Invariant: InvariantLevel] = [:],
    expectedViolations: [Invariant] = [], app: AppIdentity = AppIdentity()
  ) {
    self.path = path
    self.name = name
    self.subscriptions =
      sources.isEmpty
      ? [ScenarioSource(name: store.name, store: store, products: products, channel: channel)] : sources
    self.hasSources = !sources.isEmpty
    self.start = start
    self.horizon = horizon
    self.step = step
    self.policy = policy
    self.delivery = delivery
    self.familyMembers = familyMembers
    self.timeline = timeline
    self.expectations = expectations
    self.invariants = invariants
    self.expectedViolations = expectedViolations
    self.app = app
  }

  /// What the app promises that the policy is told: for Stripe, the products' `grace` (the
  /// app's grace during `past_due`, one length for every product).
  public var policySettings: PolicySettings {
    guard let grace = subscriptions.first(where: { $0.store == .stripe })?.products.first?.grace else {
      return .default
    }
    return PolicySettings(stripeGracePeriod: grace)
  }

  /// The stores, for headers: `apple`, or `apple + stripe` for several sources.
  public var storeNames: String { subscriptions.map(\.store.name).joined(separator: " + ") }

  /// What the engine of source `index` plays, as a scenario of one subscription: the source's
  /// store, products and channel, its timeline entries, and the expectations placed against its
  /// renewals (its own, and for the first source those about the subscriber as a whole).
  public func projected(onSource index: Int) -> Scenario {
    var own = self
    own.subscriptions = [subscriptions[index]]
    own.hasSources = false
    own.timeline = timeline.filter { $0.source == index }
    own.expectations = expectations.filter { $0.source == index || (index == 0 && $0.source == nil) }
    return own
  }

  /// The level of `invariant` in this scenario.
  public func level(of invariant: Invariant) -> InvariantLevel { invariants[invariant] ?? .error }

  /// The scenario format's default start, `2026-01-01T00:00:00Z`.
  public static let defaultStart = Instant(secondsSinceEpoch: 1_767_225_600)
}

/// One subscription of a subscriber who has several (`sources:`): an App Store subscription and
/// a Stripe one for the web, say. Timeline entries name the source they happen to.
public struct ScenarioSource: Hashable, Sendable {
  /// The name timeline entries and expectations use (`source: web`); the store's by default.
  public var name: String
  public var store: StoreKind
  /// The source's products; the first is the one subscribed when its timeline has no
  /// `subscribe`.
  public var products: [Product]
  public var channel: ScenarioChannel

  public init(name: String, store: StoreKind, products: [Product], channel: ScenarioChannel = .direct) {
    self.name = name
    self.store = store
    self.products = products
    self.channel = channel
  }

  /// The store and channel the subscription is played through.
  public var lane: StoreLane { StoreLane(store: store, channel: channel) }
}

/// How the store's notifications reach the policy (`channel`).
public enum ScenarioChannel: Hashable, Sendable {
  /// The store's own server notifications.
  case direct
  /// RevenueCat's webhook events, with the order of the failed renewal's pair.
  case revenueCat(RevenueCatPairOrder)

  /// The scenario spelling of the channel's name.
  public var name: String {
    switch self {
    case .direct: "direct"
    case .revenueCat: "revenuecat"
    }
  }
}

/// When something happens: the value of `at`.
public enum ScenarioInstant: Hashable, Sendable, CustomStringConvertible {
  /// A duration from `start` (`at: 30d`).
  case afterStart(TimeSpan)
  /// An RFC 3339 instant.
  case absolute(Instant)
  /// `renewal N ± offset`: the end of the Nth billing period of this run, resolved while the
  /// scenario runs because recoveries move renewal dates.
  case renewal(Int32, offset: TimeSpan)

  public var description: String {
    switch self {
    case .afterStart(let span): span.description
    case .absolute(let instant): RFC3339.format(instant)
    case .renewal(let n, let offset):
      offset == .zero
        ? "renewal \(n)"
        : offset.seconds < 0 ? "renewal \(n) - \((-offset).description)" : "renewal \(n) + \(offset)"
    }
  }
}

/// One `timeline` entry.
public struct TimelineEntry: Hashable, Sendable {
  public var at: ScenarioInstant
  public var action: TimelineAction
  /// The subscription it happens to: an index into the scenario's `subscriptions`.
  public var source: Int
  /// Where the entry is in the file: its `at` value, the instant an entry error is about.
  public var line: Int
  public var column: Int

  public init(at: ScenarioInstant, action: TimelineAction, source: Int = 0, line: Int = 0, column: Int = 0) {
    self.at = at
    self.action = action
    self.source = source
    self.line = line
    self.column = column
  }
}

/// What a timeline entry does.
public enum TimelineAction: Hashable, Sendable {
  /// Something the subscriber does (product ids already resolved to catalog indices).
  case subscriber(SubscriberAction)
  /// The delivery faults change from here on (`do: delivery`).
  case delivery(DeliveryFaults)
  /// Nothing happens; the text appears in the timeline.
  case note(String)
}

/// The scenario's `delivery` faults, before they are pinned to instants.
public struct DeliveryFaults: Hashable, Sendable {
  public var delay: TimeSpan = .zero
  public var duplicate = false
  public var reorder: TimeSpan = .zero
  /// `outage: {for: 2d}`: delivery attempts fail for this long from where it is set.
  public var outage: TimeSpan = .zero

  public init(
    delay: TimeSpan = .zero, duplicate: Bool = false, reorder: TimeSpan = .zero, outage: TimeSpan = .zero
  ) {
    self.delay = delay
    self.duplicate = duplicate
    self.reorder = reorder
    self.outage = outage
  }

  /// The engine's settings for faults set at `instant` in a run that began at `start`.
  public func settings(from instant: Instant, start: Instant) -> DeliverySettings {
    DeliverySettings(
      delay: delay, duplicate: duplicate, reorderWindow: reorder, reorderOrigin: start,
      outageStart: outage.seconds > 0 ? instant : .distantFuture,
      outageEnd: outage.seconds > 0 ? instant + outage : .distantFuture)
  }
}

/// One `expect` entry: each key present is checked at `at`, after everything at that instant.
public struct Expectation: Hashable, Sendable {
  public var at: ScenarioInstant
  public var store: StoreTruth?
  public var entitlement: EntitlementState?
  public var access: Bool?
  public var prompt: RecoveryPrompt?
  /// Notification names that must have been sent by `at`: `TYPE/SUBTYPE` exactly, or a bare
  /// `TYPE` with any subtype.
  public var sent: [String]
  /// Notification names that must not have been sent by `at`, matched as `sent` matches.
  public var notSent: [String]
  /// With `since: previous`, the index (in the scenario's `expectations`) of the expectation
  /// listed before this one for the same run: `sent` and `notSent` then look only at what was
  /// sent after that one's instant, up to this one's. `nil`: everything sent so far.
  public var sincePrevious: Int?
  /// Successful charges so far.
  public var charges: Int32?
  /// With several sources: the source whose `store`, `sent` and `charges` are checked and whose
  /// renewals `renewal N` counts; `nil` for the subscriber as a whole (`store` is then the best
  /// standing of any source, `sent` any source's, `charges` all of them, and `renewal N` the
  /// first source's). Always `nil` with one source.
  public var source: Int?
  /// Whose run is checked: `0` the purchaser (the subscriber of a scenario without family),
  /// `N` the N-th family member.
  public var member: Int
  /// `reference-only: yes`: what this expectation says of the policy's answer (`entitlement`,
  /// `access`, `prompt`) is the reference policy's own choice where the stores leave room (an
  /// answer kept while a notification is lost or late, say), not what every correct policy
  /// must answer. Checked for the reference policy only; its store checks apply to every one.
  public var referenceOnly = false
  public var line: Int
  public var column: Int

  public init(
    at: ScenarioInstant, store: StoreTruth? = nil, entitlement: EntitlementState? = nil,
    access: Bool? = nil, prompt: RecoveryPrompt? = nil, sent: [String] = [], notSent: [String] = [],
    sincePrevious: Int? = nil, charges: Int32? = nil, member: Int = 0, source: Int? = nil, line: Int = 0,
    column: Int = 0
  ) {
    self.at = at
    self.store = store
    self.entitlement = entitlement
    self.access = access
    self.prompt = prompt
    self.sent = sent
    self.notSent = notSent
    self.sincePrevious = sincePrevious
    self.charges = charges
    self.member = member
    self.source = source
    self.line = line
    self.column = column
  }
}

/// The three invariants checked at every event and step.
public enum Invariant: String, CaseIterable, Hashable, Sendable, Comparable {
  /// Whenever the store entitles the subscriber, the policy grants access.
  case noLockoutInGrace = "no-lockout-in-grace"
  /// Whenever the store does not entitle the subscriber, the policy denies access.
  case noFreeAccess = "no-free-access"
  /// The prompt fits the store's truth.
  case promptMatches = "prompt-matches"

  public static func < (a: Invariant, b: Invariant) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// How much an invariant's violation matters.
public enum InvariantLevel: String, CaseIterable, Hashable, Sendable {
  case error
  case warn
  case off
}
