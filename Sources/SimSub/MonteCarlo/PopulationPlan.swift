/// A population compiled for playing: the store models, each group's rates as integer
/// thresholds, and the behaviour's chances. Built once per run and shared by every worker.
///
/// Subscriber `i` (0-based) of a run is a pure function of the plan, the seed and `i`
/// (``profile(of:)``), which is what makes runs repeatable across threads, shards and machines.
public struct PopulationPlan: Sendable {
  public let population: Population
  public let apple: AppStoreModel
  public let google: GooglePlayModel
  public let stripe: StripeModel
  /// RevenueCat in front of each store, one per `billing-issue-order` (by its raw value).
  public let appleRevenueCat: [RevenueCatChannel<AppStoreModel>]
  public let googleRevenueCat: [RevenueCatChannel<GooglePlayModel>]
  /// Each store's catalog: its groups' products, in cohort order (a placeholder for a store
  /// without groups); a group's `product` indexes its store's.
  let catalogs: [StoreKind: [Product]]
  /// What the policy is told: the Stripe groups' grace (``Population/policySettings``).
  public let policySettings: PolicySettings
  public let groups: [Group]
  /// A draw below `groupCuts[g]` (and not below the earlier cuts) picks group `g`.
  let groupCuts: [UInt64]
  public let cancelChance: Chance
  public let leaveChance: Chance
  /// The chance of leaving on a day of an episode without access; `nil` when departures are
  /// off, so an episode draws nothing for them.
  public let departureChance: Chance?
  /// The chance of fixing the card on one daily check, by the prompt shown, the access and
  /// the day of the prompt.
  let fixChances: DailyFixChances

  /// One cohort group as the engine needs it.
  public struct Group: Sendable {
    public var store: StoreKind
    /// Which engine plays the group: its store, directly or behind RevenueCat.
    public var lane: Lane
    /// The group's store and channel, as the lane registry knows them.
    public var storeLane: StoreLane
    /// The product's index in its store model's catalog.
    public var product: ProductIndex
    public var details: Product
    public var rates: PopulationPayments.Rates
    /// Subscribers start spread over this span: the product's first period after the
    /// population's start.
    public var startSpreadMinutes: Int64
    /// When the developer raises the group's price, and the chance that a subscriber consents;
    /// `nil` when the price never rises.
    public var priceIncrease: (at: Instant, accepts: Chance)?
  }

  /// The store model, and channel, a group is played through.
  public enum Lane: Hashable, Sendable {
    case apple
    case google
    case stripe
    /// Behind RevenueCat, with that `billing-issue-order`.
    case appleRevenueCat(RevenueCatPairOrder)
    case googleRevenueCat(RevenueCatPairOrder)

    init(store: StoreKind, channel: ScenarioChannel) {
      switch (store, channel) {
      case (.apple, .direct): self = .apple
      case (.google, .direct): self = .google
      case (.apple, .revenueCat(let order)): self = .appleRevenueCat(order)
      case (.google, .revenueCat(let order)): self = .googleRevenueCat(order)
      case (.stripe, _): self = .stripe
      }
    }
  }

  /// The purposes of a subscriber's random streams: each has its own generator, so a policy
  /// that changes one process (when a card is fixed) leaves the others' draws unchanged.
  enum Stream: UInt64 {
    case profile = 1
    case payments = 2
    case cancels = 3
    case fixes = 4
    case leaves = 5
    /// Drawn only for a group with a `price-increase`, so no other group's draws move.
    case priceIncrease = 6
  }

  public init(_ population: Population) throws(StoreConfigurationError) {
    self.population = population
    var appleProducts: [Product] = []
    var googleProducts: [Product] = []
    var stripeProducts: [Product] = []
    var groups: [Group] = []
    for group in population.cohort {
      let index: ProductIndex
      switch group.store {
      case .apple:
        index = ProductIndex(appleProducts.count)
        appleProducts.append(group.product)
      case .google:
        index = ProductIndex(googleProducts.count)
        googleProducts.append(group.product)
      case .stripe:
        index = ProductIndex(stripeProducts.count)
        stripeProducts.append(group.product)
      }
      let firstPeriodEnd = group.product.period.advance(population.start, by: 1)
      groups.append(
        Group(
          store: group.store, lane: Lane(store: group.store, channel: group.channel),
          storeLane: StoreLane(store: group.store, channel: group.channel), product: index,
          details: group.product,
          rates: PopulationPayments.Rates(group.payments),
          startSpreadMinutes: max(1, (firstPeriodEnd - population.start).seconds / 60),
          priceIncrease: group.priceIncrease.map { (population.start + $0.at, Chance($0.accepts)) }))
    }
    // A store without groups still needs a model; it is never played.
    if appleProducts.isEmpty { appleProducts = [AppStoreModel.placeholderProduct] }
    if googleProducts.isEmpty { googleProducts = [GooglePlayModel.placeholderProduct] }
    if stripeProducts.isEmpty { stripeProducts = [StripeModel.placeholderProduct] }
    catalogs = [.apple: appleProducts, .google: googleProducts, .stripe: stripeProducts]
    apple = try AppStoreModel(products: appleProducts)
    google = try GooglePlayModel(products: googleProducts)
    stripe = try StripeModel(products: stripeProducts)
    var appleChannels: [RevenueCatChannel<AppStoreModel>] = []
    var googleChannels: [RevenueCatChannel<GooglePlayModel>] = []
    for order in RevenueCatPairOrder.allCases {
      appleChannels.append(try RevenueCatChannel(wrapping: apple, billingIssueOrder: order))
      googleChannels.append(try RevenueCatChannel(wrapping: google, billingIssueOrder: order))
    }
    appleRevenueCat = appleChannels
    googleRevenueCat = googleChannels
    policySettings = population.policySettings
    self.groups = groups
    var cuts: [UInt64] = []
    var cumulative = 0.0
    for (i, group) in population.cohort.enumerated() {
      cumulative += group.share
      cuts.append(i == population.cohort.count - 1 ? .max : Chance(min(1, cumulative)).threshold)
    }
    groupCuts = cuts
    let b = population.behaviour
    cancelChance = Chance(b.cancelsPerPeriod)
    leaveChance = Chance(b.leavesWhenLockedOut)
    departureChance = b.leavesPerDayWithoutAccess > 0 ? Chance(b.leavesPerDayWithoutAccess) : nil
    fixChances = DailyFixChances(b)
  }

  /// Who subscriber `index` is: the group, when they subscribe, when they open the app.
  public func profile(of index: UInt64) -> SubscriberProfile {
    var rng = stream(.profile, of: index)
    let draw = rng.next()
    var group = groups.count - 1
    for (g, cut) in groupCuts.enumerated() where draw < cut {
      group = g
      break
    }
    let startMinute = Int64(rng.next(below: UInt64(groups[group].startSpreadMinutes)))
    let checkMinute = Int64(rng.next(below: 1_440))
    let start = population.start + .minutes(startMinute)
    return SubscriberProfile(
      index: index, group: group, start: start, appCheckOffset: .minutes(checkMinute),
      horizonEnd: start + population.horizon)
  }

  /// The generator for one purpose of subscriber `index`.
  func stream(_ purpose: Stream, of index: UInt64) -> Xoshiro256StarStar {
    Xoshiro256StarStar.stream(seed: population.seed, subscriber: index, purpose: purpose.rawValue)
  }

  /// The `(seed, subscriber)` part of every stream seed of subscriber `index`, for
  /// ``stream(_:folded:)``.
  func streamFold(of index: UInt64) -> UInt64 { SplitMix64.fold(population.seed, index) }

  /// The generator for one purpose of the subscriber whose ``streamFold(of:)`` is `folded`: the
  /// same as ``stream(_:of:)``; the two rounds shared by a subscriber's streams are hashed once
  /// (about 30 instructions fewer per stream).
  func stream(_ purpose: Stream, folded: UInt64) -> Xoshiro256StarStar {
    Xoshiro256StarStar.stream(folded: folded, purpose: purpose.rawValue)
  }
}

/// Who one subscriber is, drawn from the run's seed and the subscriber's index.
public struct SubscriberProfile: Hashable, Sendable {
  /// 0-based position in the population.
  public var index: UInt64
  /// The cohort group.
  public var group: Int
  /// When the subscriber subscribes (day 0 of their story).
  public var start: Instant
  /// The subscriber opens the app, if at all, this long after `start` each day.
  public var appCheckOffset: TimeSpan
  /// The end of the span in which their billing-issue episodes may begin.
  public var horizonEnd: Instant
}
