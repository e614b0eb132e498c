import SubscriptionPolicy
import Testing

@testable import SimSub

/// One subscription of a shipped scenario's run, with what its store APIs answer from: the
/// store's records after each event and the run's wire identity.
struct PlayedSubscription {
  var scenario: Scenario
  var source: ScenarioSource
  /// `0` the purchaser, `N` family member N.
  var member: Int
  var history: RecordHistory
  var context: WireContext
  /// The attempts of this subscription's run.
  var attempts: [DeliveryAttempt]

  /// Every instant the record changed at, and the second before each next change: the record
  /// stays the same in between.
  var instants: [Instant] {
    var out: [Instant] = []
    for entry in history.entries where out.last != entry.instant {
      if let last = out.last, entry.instant.secondsSinceEpoch - last.secondsSinceEpoch > 1 {
        out.append(Instant(secondsSinceEpoch: entry.instant.secondsSinceEpoch - 1))
      }
      out.append(entry.instant)
    }
    return out
  }

  /// Each instant with the record at it.
  var states: [(instant: Instant, record: SubscriptionRecord)] {
    instants.compactMap { instant in history.record(at: instant).map { (instant, $0) } }
  }

  var appleModel: AppStoreModel? {
    guard source.store == .apple, let model = try? AppStoreModel(products: source.products) else {
      return nil
    }
    return member > 0 ? model.notifying(familyMember: UInt8(member)) : model
  }
  var googleModel: GooglePlayModel? {
    source.store == .google ? try? GooglePlayModel(products: source.products) : nil
  }
  var stripeModel: StripeModel? {
    source.store == .stripe ? try? StripeModel(products: source.products) : nil
  }

  /// The store notifications delivered in this run, with the run's identity, with when they
  /// were sent.
  var delivered: [(sentAt: Instant, at: Instant, notification: StoreNotification)] {
    attempts.filter(\.delivered).map {
      ($0.sentAt, $0.instant, WireRequestBuilder.wireValue($0.notification, context: context))
    }
  }

  /// Every subscription of every shipped scenario's runs.
  static let all: [PlayedSubscription] = WireTesting.shipped.flatMap { result in
    result.runs.flatMap { run in
      run.records.compactMap { history -> PlayedSubscription? in
        let scenario = result.scenario
        guard
          let source = history.source.map({ name in scenario.subscriptions.first { $0.name == name } })
            ?? scenario.subscriptions.first
        else { return nil }
        return PlayedSubscription(
          scenario: scenario, source: source, member: run.member, history: history,
          context: WireContext(
            settings: WireTesting.settings(), scenario: scenario, source: history.source, member: run.member),
          attempts: run.attempts.filter { $0.source == history.source || history.source == nil })
      }
    }
  }

  static func of(_ store: StoreKind) -> [PlayedSubscription] { all.filter { $0.source.store == store } }
}

/// The JSON at `path` (keys and array indexes) in `value`.
func at(_ value: JSONValue?, _ path: [Any]) -> JSONValue? {
  var v = value
  for step in path {
    if let key = step as? String { v = v?[key] } else if let index = step as? Int { v = v?[index] }
  }
  return v
}
