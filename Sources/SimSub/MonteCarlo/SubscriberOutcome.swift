/// What happened to one subscriber in a Monte Carlo run, as whole numbers.
///
/// Every estimate is a ratio of sums of these counters over subscribers (and of their
/// products, for the intervals), so runs split across threads or machines add up to exactly
/// the numbers of one run: integer sums do not depend on the order they are taken in.
public struct SubscriberOutcome: Hashable, Sendable {
  public var values = Counters()

  public init() {}

  public subscript(counter: Counter) -> Int64 {
    get { values[counter] }
    set { values[counter] = newValue }
  }

  /// Writes every counter at its position (`Counter.rawValue`).
  func write(to buffer: UnsafeMutableBufferPointer<Int64>) {
    let v = values
    buffer[Counter.subscribers.rawValue] = v.subscribers
    buffer[Counter.renewals.rawValue] = v.renewals
    buffer[Counter.failedRenewals.rawValue] = v.failedRenewals
    buffer[Counter.episodes.rawValue] = v.episodes
    buffer[Counter.recovered.rawValue] = v.recovered
    buffer[Counter.recovered30.rawValue] = v.recovered30
    buffer[Counter.recoveredInGrace30.rawValue] = v.recoveredInGrace30
    buffer[Counter.recoveredInHold30.rawValue] = v.recoveredInHold30
    buffer[Counter.recoveredByRetry30.rawValue] = v.recoveredByRetry30
    buffer[Counter.recoveredByFix30.rawValue] = v.recoveredByFix30
    buffer[Counter.involuntary.rawValue] = v.involuntary
    buffer[Counter.leftInEpisode.rawValue] = v.leftInEpisode
    buffer[Counter.voluntaryCancels.rawValue] = v.voluntaryCancels
    buffer[Counter.cancellations.rawValue] = v.cancellations
    buffer[Counter.lockouts.rawValue] = v.lockouts
    buffer[Counter.lockoutSeconds.rawValue] = v.lockoutSeconds
    buffer[Counter.lockedOut.rawValue] = v.lockedOut
    buffer[Counter.leftAfterLockout.rawValue] = v.leftAfterLockout
    buffer[Counter.freeAccessSpans.rawValue] = v.freeAccessSpans
    buffer[Counter.freeAccessSeconds.rawValue] = v.freeAccessSeconds
    buffer[Counter.hadFreeAccess.rawValue] = v.hadFreeAccess
    buffer[Counter.collected.rawValue] = v.collected
    buffer[Counter.recoveredRevenue.rawValue] = v.recoveredRevenue
    buffer[Counter.lostRevenue.rawValue] = v.lostRevenue
    buffer[Counter.departures.rawValue] = v.departures
    buffer[Counter.priceIncreaseExpiries.rawValue] = v.priceIncreaseExpiries
    buffer[Counter.unpaidAccessSeconds.rawValue] = v.unpaidAccessSeconds
    buffer[Counter.unpaidAccessValue.rawValue] = v.unpaidAccessValue
    buffer[Counter.lostRevenueToHorizon.rawValue] = v.lostRevenueToHorizon
    buffer[Counter.retained.rawValue] = v.retained
  }

  /// The counters, one field each so an outcome is a plain value of fixed size.
  public struct Counters: Hashable, Sendable {
    var subscribers: Int64 = 1
    var renewals: Int64 = 0
    var failedRenewals: Int64 = 0
    var episodes: Int64 = 0
    var recovered: Int64 = 0
    var recovered30: Int64 = 0
    var recoveredInGrace30: Int64 = 0
    var recoveredInHold30: Int64 = 0
    var recoveredByRetry30: Int64 = 0
    var recoveredByFix30: Int64 = 0
    var involuntary: Int64 = 0
    var leftInEpisode: Int64 = 0
    var voluntaryCancels: Int64 = 0
    var cancellations: Int64 = 0
    var lockouts: Int64 = 0
    var lockoutSeconds: Int64 = 0
    var lockedOut: Int64 = 0
    var leftAfterLockout: Int64 = 0
    var freeAccessSpans: Int64 = 0
    var freeAccessSeconds: Int64 = 0
    var hadFreeAccess: Int64 = 0
    var collected: Int64 = 0
    var recoveredRevenue: Int64 = 0
    var lostRevenue: Int64 = 0
    var departures: Int64 = 0
    var priceIncreaseExpiries: Int64 = 0
    var unpaidAccessSeconds: Int64 = 0
    var unpaidAccessValue: Int64 = 0
    var lostRevenueToHorizon: Int64 = 0
    var retained: Int64 = 0

    subscript(counter: Counter) -> Int64 {
      get {
        switch counter {
        case .subscribers: subscribers
        case .renewals: renewals
        case .failedRenewals: failedRenewals
        case .episodes: episodes
        case .recovered: recovered
        case .recovered30: recovered30
        case .recoveredInGrace30: recoveredInGrace30
        case .recoveredInHold30: recoveredInHold30
        case .recoveredByRetry30: recoveredByRetry30
        case .recoveredByFix30: recoveredByFix30
        case .involuntary: involuntary
        case .leftInEpisode: leftInEpisode
        case .voluntaryCancels: voluntaryCancels
        case .cancellations: cancellations
        case .lockouts: lockouts
        case .lockoutSeconds: lockoutSeconds
        case .lockedOut: lockedOut
        case .leftAfterLockout: leftAfterLockout
        case .freeAccessSpans: freeAccessSpans
        case .freeAccessSeconds: freeAccessSeconds
        case .hadFreeAccess: hadFreeAccess
        case .collected: collected
        case .recoveredRevenue: recoveredRevenue
        case .lostRevenue: lostRevenue
        case .departures: departures
        case .priceIncreaseExpiries: priceIncreaseExpiries
        case .unpaidAccessSeconds: unpaidAccessSeconds
        case .unpaidAccessValue: unpaidAccessValue
        case .lostRevenueToHorizon: lostRevenueToHorizon
        case .retained: retained
        }
      }
      set {
        switch counter {
        case .subscribers: subscribers = newValue
        case .renewals: renewals = newValue
        case .failedRenewals: failedRenewals = newValue
        case .episodes: episodes = newValue
        case .recovered: recovered = newValue
        case .recovered30: recovered30 = newValue
        case .recoveredInGrace30: recoveredInGrace30 = newValue
        case .recoveredInHold30: recoveredInHold30 = newValue
        case .recoveredByRetry30: recoveredByRetry30 = newValue
        case .recoveredByFix30: recoveredByFix30 = newValue
        case .involuntary: involuntary = newValue
        case .leftInEpisode: leftInEpisode = newValue
        case .voluntaryCancels: voluntaryCancels = newValue
        case .cancellations: cancellations = newValue
        case .lockouts: lockouts = newValue
        case .lockoutSeconds: lockoutSeconds = newValue
        case .lockedOut: lockedOut = newValue
        case .leftAfterLockout: leftAfterLockout = newValue
        case .freeAccessSpans: freeAccessSpans = newValue
        case .freeAccessSeconds: freeAccessSeconds = newValue
        case .hadFreeAccess: hadFreeAccess = newValue
        case .collected: collected = newValue
        case .recoveredRevenue: recoveredRevenue = newValue
        case .lostRevenue: lostRevenue = newValue
        case .departures: departures = newValue
        case .priceIncreaseExpiries: priceIncreaseExpiries = newValue
        case .unpaidAccessSeconds: unpaidAccessSeconds = newValue
        case .unpaidAccessValue: unpaidAccessValue = newValue
        case .lostRevenueToHorizon: lostRevenueToHorizon = newValue
        case .retained: retained = newValue
        }
      }
    }
  }
}

/// One counter of ``SubscriberOutcome``; the raw value is its position in a tally, and the
/// name is its key in the JSON results (so never renumber or rename one without a new
/// results version).
public enum Counter: Int, CaseIterable, Hashable, Sendable {
  /// Always 1: sums to the number of subscribers.
  case subscribers
  /// Renewal charges attempted (episodes' retries not counted).
  case renewals
  /// Renewal charges declined: each opens a billing-issue episode.
  case failedRenewals
  /// Billing-issue episodes entered.
  case episodes
  /// Episodes that returned to active, however late.
  case recovered
  /// Episodes that returned to active within 30 days of the failure.
  case recovered30
  /// … and did so while the store still entitled the subscriber (billing grace).
  case recoveredInGrace30
  /// … and did so after grace, in Apple's billing retry or Google's account hold.
  case recoveredInHold30
  /// … through one of the store's retries.
  case recoveredByRetry30
  /// … because the subscriber fixed the card.
  case recoveredByFix30
  /// Episodes that ended expired when the store gave up: involuntary churn.
  case involuntary
  /// Episodes that ended because the subscriber cancelled during them.
  case leftInEpisode
  /// Times the subscriber turned auto-renew off of their own accord.
  case voluntaryCancels
  /// Subscriptions that ended or were set to end: involuntary churn, voluntary cancels and
  /// departures after a lockout.
  case cancellations
  /// Spans in which the store entitled the subscriber and the policy denied access.
  case lockouts
  /// Seconds in those spans.
  case lockoutSeconds
  /// 1 when the subscriber was wrongly locked out at least once.
  case lockedOut
  /// 1 when the subscriber cancelled for good after a wrongful lockout.
  case leftAfterLockout
  /// Spans in which the store did not entitle the subscriber and the policy granted access.
  case freeAccessSpans
  /// Seconds in those spans.
  case freeAccessSeconds
  /// 1 when the subscriber had free access at least once.
  case hadFreeAccess
  /// Money collected, in milliunits.
  case collected
  /// Money collected by recovering a failed renewal, in milliunits.
  case recoveredRevenue
  /// The price of each failed renewal never recovered (episodes ended by involuntary churn).
  case lostRevenue
  /// Episodes the subscriber gave up on, for good, on a day the policy gave them no access
  /// (`leaves-per-day-without-access`): no card fix after it.
  case departures
  /// Subscriptions that expired at a renewal because the subscriber did not consent to a price
  /// increase (a cancellation, neither voluntary nor involuntary).
  case priceIncreaseExpiries
  /// Seconds of access in episodes that ended unpaid (expired, or ended by a cancel): access no payment covered.
  case unpaidAccessSeconds
  /// What that access is worth at the product's price per second, in milliunits.
  case unpaidAccessValue
  /// For each episode that expired, what the subscriber would have paid from the failed renewal to the horizon at the product's price per second (at least one renewal's price), in milliunits.
  case lostRevenueToHorizon
  /// 1 when the subscription neither ended nor was set to end during the run.
  case retained

  /// The key in JSON results.
  public var key: String {
    switch self {
    case .subscribers: "subscribers"
    case .renewals: "renewals"
    case .failedRenewals: "failed-renewals"
    case .episodes: "episodes"
    case .recovered: "recovered"
    case .recovered30: "recovered-30d"
    case .recoveredInGrace30: "recovered-in-grace-30d"
    case .recoveredInHold30: "recovered-in-hold-30d"
    case .recoveredByRetry30: "recovered-by-retry-30d"
    case .recoveredByFix30: "recovered-by-fix-30d"
    case .involuntary: "involuntary-churn"
    case .leftInEpisode: "left-in-episode"
    case .voluntaryCancels: "voluntary-cancels"
    case .cancellations: "cancellations"
    case .lockouts: "lockouts"
    case .lockoutSeconds: "lockout-seconds"
    case .lockedOut: "locked-out-subscribers"
    case .leftAfterLockout: "lost-to-lockout"
    case .freeAccessSpans: "free-access-spans"
    case .freeAccessSeconds: "free-access-seconds"
    case .hadFreeAccess: "free-access-subscribers"
    case .collected: "collected"
    case .recoveredRevenue: "recovered-revenue"
    case .lostRevenue: "lost-revenue"
    case .departures: "departures"
    case .priceIncreaseExpiries: "price-increase-expiries"
    case .unpaidAccessSeconds: "unpaid-access-seconds"
    case .unpaidAccessValue: "unpaid-access-value"
    case .lostRevenueToHorizon: "lost-revenue-to-horizon"
    case .retained: "retained"
    }
  }
}
