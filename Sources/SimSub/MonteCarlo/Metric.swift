/// An estimate a Monte Carlo run reports: a ratio of two sums of subscriber counters.
///
/// A **proportion** counts successes among trials (`recovered-30d` among `episodes`) and gets a
/// Wilson score interval. A **mean** is per subscriber (money, days of lockout) and gets a
/// normal interval from the subscribers' variance. A paired difference between two policies
/// (common random numbers) gets a delta-method interval over subscribers, which accounts for
/// both the pairing and the episodes of one subscriber being related.
public enum Metric: Int, CaseIterable, Hashable, Sendable {
  case failedRenewalShare
  case episodesPerSubscriber
  case recoveryRate
  case recoveredInGrace
  case recoveredInHold
  case recoveredByRetry
  case recoveredByFix
  case recoveredEventually
  case involuntaryChurn
  case departures
  case involuntaryShareOfCancellations
  case totalChurn
  case voluntaryChurn
  case involuntaryChurnOfSubscribers
  case priceIncreaseChurn
  case retainedShare
  case collectedPerSubscriber
  case recoveredRevenuePerSubscriber
  case lostRevenuePerSubscriber
  case lostRevenueToHorizonPerSubscriber
  case unpaidAccessDaysPerSubscriber
  case unpaidAccessValuePerSubscriber
  case lockoutDaysPerSubscriber
  case lockedOutShare
  case lostToLockoutShare
  case freeAccessDaysPerSubscriber
  case freeAccessShare

  public enum Kind: Hashable, Sendable {
    /// Successes among trials, in [0, 1].
    case proportion
    /// An average per subscriber.
    case mean
  }

  /// How the estimate is shown.
  public enum Unit: Hashable, Sendable {
    case share
    case count
    case money
    case days
  }

  public var numerator: Counter {
    switch self {
    case .failedRenewalShare: .failedRenewals
    case .episodesPerSubscriber: .episodes
    case .recoveryRate: .recovered30
    case .recoveredInGrace: .recoveredInGrace30
    case .recoveredInHold: .recoveredInHold30
    case .recoveredByRetry: .recoveredByRetry30
    case .recoveredByFix: .recoveredByFix30
    case .recoveredEventually: .recovered
    case .involuntaryChurn, .involuntaryShareOfCancellations: .involuntary
    case .departures: .departures
    case .totalChurn: .cancellations
    case .voluntaryChurn: .voluntaryCancels
    case .involuntaryChurnOfSubscribers: .involuntary
    case .priceIncreaseChurn: .priceIncreaseExpiries
    case .retainedShare: .retained
    case .lostRevenueToHorizonPerSubscriber: .lostRevenueToHorizon
    case .unpaidAccessDaysPerSubscriber: .unpaidAccessSeconds
    case .unpaidAccessValuePerSubscriber: .unpaidAccessValue
    case .collectedPerSubscriber: .collected
    case .recoveredRevenuePerSubscriber: .recoveredRevenue
    case .lostRevenuePerSubscriber: .lostRevenue
    case .lockoutDaysPerSubscriber: .lockoutSeconds
    case .lockedOutShare: .lockedOut
    case .lostToLockoutShare: .leftAfterLockout
    case .freeAccessDaysPerSubscriber: .freeAccessSeconds
    case .freeAccessShare: .hadFreeAccess
    }
  }

  public var denominator: Counter {
    switch self {
    case .failedRenewalShare: .renewals
    case .recoveryRate, .recoveredInGrace, .recoveredInHold, .recoveredByRetry, .recoveredByFix,
      .recoveredEventually, .involuntaryChurn, .departures:
      .episodes
    case .involuntaryShareOfCancellations: .cancellations
    default: .subscribers
    }
  }

  public var kind: Kind {
    switch self {
    case .episodesPerSubscriber, .collectedPerSubscriber, .recoveredRevenuePerSubscriber,
      .lostRevenuePerSubscriber, .lockoutDaysPerSubscriber, .freeAccessDaysPerSubscriber,
      .lostRevenueToHorizonPerSubscriber, .unpaidAccessDaysPerSubscriber, .unpaidAccessValuePerSubscriber:
      .mean
    default: .proportion
    }
  }

  public var unit: Unit {
    switch self {
    case .episodesPerSubscriber: .count
    case .collectedPerSubscriber, .recoveredRevenuePerSubscriber, .lostRevenuePerSubscriber,
      .lostRevenueToHorizonPerSubscriber, .unpaidAccessValuePerSubscriber:
      .money
    case .lockoutDaysPerSubscriber, .freeAccessDaysPerSubscriber, .unpaidAccessDaysPerSubscriber: .days
    default: .share
    }
  }

  /// What one unit of the numerator is worth in the shown unit: milliunits to currency,
  /// seconds to days.
  public var scale: Double {
    switch unit {
    case .money: 0.001
    case .days: 1.0 / 86_400
    case .share, .count: 1
    }
  }

  /// The key of the metric's total over a group in JSON results (`revenue-collected`): the
  /// per-subscriber mean times the subscribers, for the money and day figures a total means
  /// something for; `nil` for shares and rates.
  public var total: String? {
    switch self {
    case .collectedPerSubscriber: "revenue-collected"
    case .recoveredRevenuePerSubscriber: "revenue-recovered"
    case .lostRevenuePerSubscriber: "revenue-lost"
    case .lostRevenueToHorizonPerSubscriber: "revenue-lost-to-horizon"
    case .unpaidAccessDaysPerSubscriber: "unpaid-access-days"
    case .unpaidAccessValuePerSubscriber: "unpaid-access-value"
    case .lockoutDaysPerSubscriber: "wrongful-lockout-days"
    case .freeAccessDaysPerSubscriber: "free-access-days"
    default: nil
    }
  }

  /// The key in JSON results.
  public var key: String {
    switch self {
    case .failedRenewalShare: "failed-renewal-share"
    case .episodesPerSubscriber: "episodes-per-subscriber"
    case .recoveryRate: "recovery-rate-30d"
    case .recoveredInGrace: "recovered-in-grace-30d"
    case .recoveredInHold: "recovered-in-hold-30d"
    case .recoveredByRetry: "recovered-by-retry-30d"
    case .recoveredByFix: "recovered-by-fix-30d"
    case .recoveredEventually: "recovered-eventually"
    case .involuntaryChurn: "involuntary-churn"
    case .departures: "departures-without-access"
    case .involuntaryShareOfCancellations: "involuntary-share-of-cancellations"
    case .totalChurn: "total-churn"
    case .voluntaryChurn: "voluntary-churn"
    case .involuntaryChurnOfSubscribers: "involuntary-churn-of-subscribers"
    case .priceIncreaseChurn: "price-increase-churn"
    case .retainedShare: "retained-at-horizon"
    case .lostRevenueToHorizonPerSubscriber: "revenue-lost-to-horizon-per-subscriber"
    case .unpaidAccessDaysPerSubscriber: "unpaid-access-days-per-subscriber"
    case .unpaidAccessValuePerSubscriber: "unpaid-access-value-per-subscriber"
    case .collectedPerSubscriber: "revenue-collected-per-subscriber"
    case .recoveredRevenuePerSubscriber: "revenue-recovered-per-subscriber"
    case .lostRevenuePerSubscriber: "revenue-lost-per-subscriber"
    case .lockoutDaysPerSubscriber: "wrongful-lockout-days-per-subscriber"
    case .lockedOutShare: "wrongfully-locked-out-subscribers"
    case .lostToLockoutShare: "subscribers-lost-to-lockout"
    case .freeAccessDaysPerSubscriber: "free-access-days-per-subscriber"
    case .freeAccessShare: "subscribers-with-free-access"
    }
  }

  /// The label in text and Markdown reports.
  public var label: String {
    switch self {
    case .failedRenewalShare: "renewals that failed"
    case .episodesPerSubscriber: "billing-issue episodes per subscriber"
    case .recoveryRate: "recovery rate (within 30 days)"
    case .recoveredInGrace: "  recovered in grace"
    case .recoveredInHold: "  recovered in hold"
    case .recoveredByRetry: "  recovered by a store retry"
    case .recoveredByFix: "  recovered by a card fix"
    case .recoveredEventually: "recovered at all (by the window's end)"
    case .involuntaryChurn: "involuntary churn (episodes that expired)"
    case .departures: "departures without access (episodes given up)"
    case .involuntaryShareOfCancellations: "involuntary share of cancellations"
    case .totalChurn: "total churn (subscriptions ended or set to end)"
    case .voluntaryChurn: "  by a voluntary cancel"
    case .involuntaryChurnOfSubscribers: "  by a failed renewal that expired"
    case .priceIncreaseChurn: "  by a price increase not consented to"
    case .retainedShare: "subscribers retained at the horizon"
    case .lostRevenueToHorizonPerSubscriber: "  counted to the horizon"
    case .unpaidAccessDaysPerSubscriber: "access never paid for, days per subscriber"
    case .unpaidAccessValuePerSubscriber: "  its value per subscriber"
    case .collectedPerSubscriber: "revenue collected per subscriber"
    case .recoveredRevenuePerSubscriber: "revenue recovered per subscriber"
    case .lostRevenuePerSubscriber: "revenue lost to involuntary churn per subscriber"
    case .lockoutDaysPerSubscriber: "wrongful lockout, days per subscriber"
    case .lockedOutShare: "subscribers wrongfully locked out"
    case .lostToLockoutShare: "subscribers lost to a wrongful lockout"
    case .freeAccessDaysPerSubscriber: "free access, days per subscriber"
    case .freeAccessShare: "subscribers with free access"
    }
  }
}

/// The products of counters a tally sums, each once however many metrics need it.
///
/// For one policy, a metric y/x needs Σy², Σxy and Σx²; for a paired comparison also
/// Σy_A·y_B, Σy_A·x_B, Σx_A·y_B and Σx_A·x_B. A factor that is `subscribers` (always 1) turns
/// a product into a plain sum the tally already has, so it is not stored.
public struct ProductPlan: Sendable {
  public struct Pair: Hashable, Sendable {
    public var a: Counter
    public var b: Counter
    /// `failed-renewals*renewals`: the key in JSON results.
    public var key: String { "\(a.key)*\(b.key)" }
  }

  /// Products of one policy's counters.
  public let single: [Pair]
  /// Products of policy A's counter (`a`) and policy B's (`b`).
  public let cross: [Pair]
  /// The pairs' counters as positions, for the tallies' inner loop.
  let singleA: [Int]
  let singleB: [Int]
  let crossA: [Int]
  let crossB: [Int]
  /// For each counter (by position), the pairs of `single` it is the first factor of, and the
  /// second, as bits (`single` has at most 64 pairs): a subscriber's products are the pairs in
  /// both the first-factor and the second-factor bits of its nonzero counters.
  let singleWithA: [UInt64]
  let singleWithB: [UInt64]
  /// The same for `cross`: the pairs policy A's counter is the first factor of, and policy B's
  /// the second (`cross` has at most 64 pairs).
  let crossWithA: [UInt64]
  let crossWithB: [UInt64]

  public static let shared = ProductPlan()

  init() {
    var single: [Pair] = []
    var cross: [Pair] = []
    func add(_ list: inout [Pair], _ a: Counter, _ b: Counter, symmetric: Bool) {
      guard a != .subscribers, b != .subscribers else { return }
      let pair = symmetric && b.rawValue < a.rawValue ? Pair(a: b, b: a) : Pair(a: a, b: b)
      if !list.contains(pair) { list.append(pair) }
    }
    for metric in Metric.allCases {
      let (y, x) = (metric.numerator, metric.denominator)
      add(&single, y, y, symmetric: true)
      add(&single, y, x, symmetric: true)
      add(&single, x, x, symmetric: true)
      add(&cross, y, y, symmetric: false)
      add(&cross, y, x, symmetric: false)
      add(&cross, x, y, symmetric: false)
      add(&cross, x, x, symmetric: false)
    }
    self.single = single
    self.cross = cross
    singleA = single.map(\.a.rawValue)
    singleB = single.map(\.b.rawValue)
    crossA = cross.map(\.a.rawValue)
    crossB = cross.map(\.b.rawValue)
    precondition(single.count <= 64, "a tally's products are chosen with one 64-bit mask")
    var withA = [UInt64](repeating: 0, count: Counter.allCases.count)
    var withB = withA
    for (i, pair) in single.enumerated() {
      withA[pair.a.rawValue] |= 1 << UInt64(i)
      withB[pair.b.rawValue] |= 1 << UInt64(i)
    }
    singleWithA = withA
    singleWithB = withB
    precondition(cross.count <= 64, "a tally's cross products are chosen with one 64-bit mask")
    var crossA = [UInt64](repeating: 0, count: Counter.allCases.count)
    var crossB = crossA
    for (i, pair) in cross.enumerated() {
      crossA[pair.a.rawValue] |= 1 << UInt64(i)
      crossB[pair.b.rawValue] |= 1 << UInt64(i)
    }
    crossWithA = crossA
    crossWithB = crossB
  }

  /// Where Σa·b is in `single`, or `nil` when it is a plain sum (a factor is `subscribers`).
  public func singleIndex(_ a: Counter, _ b: Counter) -> Int? {
    let (p, q) = b.rawValue < a.rawValue ? (b, a) : (a, b)
    return single.firstIndex(of: Pair(a: p, b: q))
  }

  public func crossIndex(_ a: Counter, _ b: Counter) -> Int? {
    cross.firstIndex(of: Pair(a: a, b: b))
  }
}
