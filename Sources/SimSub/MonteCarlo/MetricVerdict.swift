/// Which side of a paired difference is better, for the business and for the subscriber.
///
/// Each estimate says which way is better for whom, if either: more recovery is better for
/// both; more revenue is better for the business and says nothing about the subscriber; more
/// access never paid for costs the business and is the subscriber's gain. A difference
/// `A − B` whose 95% interval excludes zero then favours `A` or `B`; one whose interval
/// includes zero, or an estimate with no better side (how recoveries split between grace and
/// hold, say, or how many renewals failed, which counts exposure: a policy that keeps more
/// subscribers sees more renewals fail), favours neither.
public enum Better: String, Hashable, Sendable {
  case higher
  case lower
}

/// The side a paired difference favours.
public enum Favoured: Hashable, Sendable {
  /// The first side of `A − B`: the policy under test, or the swept value.
  case first
  /// The second side: the compared policy, or the first value of a sweep.
  case second
}

extension Metric {
  /// Which way is better for the business (revenue, retention, no wrongful lockout), if either.
  public var betterForBusiness: Better? {
    switch self {
    case .recoveryRate, .recoveredEventually, .retainedShare, .collectedPerSubscriber,
      .recoveredRevenuePerSubscriber:
      .higher
    case .involuntaryChurn, .departures, .totalChurn,
      .voluntaryChurn, .involuntaryChurnOfSubscribers, .priceIncreaseChurn, .lostRevenuePerSubscriber,
      .lostRevenueToHorizonPerSubscriber, .unpaidAccessDaysPerSubscriber, .unpaidAccessValuePerSubscriber,
      .lockoutDaysPerSubscriber, .lockedOutShare, .lostToLockoutShare, .freeAccessDaysPerSubscriber,
      .freeAccessShare:
      .lower
    case .failedRenewalShare, .episodesPerSubscriber, .recoveredInGrace, .recoveredInHold, .recoveredByRetry,
      .recoveredByFix, .involuntaryShareOfCancellations:
      nil
    }
  }

  /// Which way is better for the subscriber (keeping the subscription they pay for, access,
  /// never locked out while entitled), if either.
  public var betterForSubscriber: Better? {
    switch self {
    case .recoveryRate, .recoveredEventually, .unpaidAccessDaysPerSubscriber, .unpaidAccessValuePerSubscriber,
      .freeAccessDaysPerSubscriber, .freeAccessShare:
      .higher
    case .involuntaryChurn, .departures, .involuntaryChurnOfSubscribers, .lockoutDaysPerSubscriber,
      .lockedOutShare, .lostToLockoutShare:
      .lower
    case .failedRenewalShare, .episodesPerSubscriber, .recoveredInGrace, .recoveredInHold, .recoveredByRetry,
      .recoveredByFix, .involuntaryShareOfCancellations, .totalChurn, .voluntaryChurn, .priceIncreaseChurn,
      .retainedShare,
      .collectedPerSubscriber,
      .recoveredRevenuePerSubscriber, .lostRevenuePerSubscriber, .lostRevenueToHorizonPerSubscriber:
      nil
    }
  }

  /// The side the paired difference `A − B` favours for an audience that finds `better`
  /// better: `nil` when the interval includes zero, or when the audience has no better side.
  public static func favoured(_ difference: Estimate, _ better: Better?) -> Favoured? {
    guard let better, difference.isDefined, difference.low > 0 || difference.high < 0 else { return nil }
    let firstIsHigher = difference.low > 0
    return (better == .higher) == firstIsHigher ? .first : .second
  }

  /// The marks a difference cell carries: `B▲` (better for the business) or `B▼` (worse) for
  /// the first side of `A − B`, then `S▲` or `S▼` for the subscriber; empty when neither side
  /// is favoured.
  public func marks(_ difference: Estimate) -> String {
    var marks: [String] = []
    for (letter, better) in [("B", betterForBusiness), ("S", betterForSubscriber)] {
      guard let side = Self.favoured(difference, better) else { continue }
      marks.append(letter + (side == .first ? "▲" : "▼"))
    }
    return marks.joined(separator: " ")
  }

  /// The legend under a table of paired differences.
  public static let marksLegend =
    "B: better (▲) or worse (▼) for the business, S: for the subscriber, for the first side of the difference; no mark when the interval includes 0 or neither side is better"
}
