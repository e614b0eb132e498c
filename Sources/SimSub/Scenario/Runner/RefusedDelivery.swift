import SubscriptionPolicy

/// A notification the policy refused at least once (its server answered something other than
/// 2xx, did not answer in time, or could not be reached), as the store went on to deliver it.
///
/// The scenario's own delivery faults (`delivery: outage`) are not refusals: the store could
/// not reach the server, and the notification excuses what the policy answers until it does.
/// A refusal is the server's own answer, and it excuses nothing (``EngineSample``).
///
/// A refused notification that a later attempt delivered (a server that answered 500 once,
/// during a deploy, say) is reported as a note: the store's redelivery is there for exactly
/// that, and whatever the policy answered meanwhile is judged by the invariants. One never
/// accepted (the store gave up, or the run ended first) fails the run (``isFailure``): the
/// server never took it, so nothing it answered after it can be trusted to have heard it. A
/// server that rejects every delivery (a wrong signing secret) fails every scenario it plays.
public struct RefusedDelivery: Hashable, Sendable {
  /// The notification's name (`DID_FAIL_TO_RENEW/GRACE_PERIOD`).
  public var name: String
  /// Whose webhook refused it: `apple`, `google`, `stripe` or `revenuecat`.
  public var store: String
  /// With several sources, the source's name.
  public var source: String?
  /// When the store sent it.
  public var sentAt: Instant
  /// The first refused attempt's instant.
  public var firstRefusedAt: Instant
  /// How many attempts were refused.
  public var refusals: Int
  /// When an attempt was accepted after the refusals; `nil` when none was.
  public var acceptedAt: Instant?
  /// The last refusal's answer (`status 400: {"error":"no signature"}`, `refused` in process).
  public var answer: String

  /// Whether it fails the run: never accepted.
  public var isFailure: Bool { acceptedAt == nil }

  /// One line for a report: `DID_RENEW (apple), sent 2026-03-31T09:00:00Z: refused 6 times,
  /// never accepted; the server answered status 400: …`.
  public var summary: String {
    let times = refusals == 1 ? "refused at \(RFC3339.format(firstRefusedAt))" : "refused \(refusals) times"
    let outcome = acceptedAt.map { "accepted at \(RFC3339.format($0))" } ?? "never accepted"
    let from = source.map { "\(store), \($0)" } ?? store
    return
      "\(name) (\(from)), sent \(RFC3339.format(sentAt)): \(times), \(outcome); the policy answered \(answer)"
  }
}

extension ScenarioResult {
  /// Every notification of this run the policy refused at least once, in the order first
  /// refused (the family members' are in their own runs).
  public var refusedDeliveries: [RefusedDelivery] {
    var found: [RefusedDelivery] = []
    var index: [StoreNotification: Int] = [:]
    for attempt in attempts {
      let key = attempt.notification.asSent
      if let refusal = attempt.refusal {
        if let i = index[key], found[i].acceptedAt == nil, found[i].source == attempt.source {
          found[i].refusals += 1
          found[i].answer = refusal
        } else {
          index[key] = found.count
          found.append(
            RefusedDelivery(
              name: attempt.notification.name, store: attempt.notification.storeName, source: attempt.source,
              sentAt: attempt.sentAt, firstRefusedAt: attempt.instant, refusals: 1, acceptedAt: nil,
              answer: refusal))
        }
      } else if attempt.delivered, let i = index[key], found[i].acceptedAt == nil {
        found[i].acceptedAt = attempt.instant
      }
    }
    return found
  }
}

extension StoreNotification {
  /// The store whose webhook receives it: `apple`, `google`, `stripe` or `revenuecat`.
  var storeName: String {
    switch self {
    case .appStore: "apple"
    case .googlePlay: "google"
    case .stripe: "stripe"
    case .revenueCat: "revenuecat"
    }
  }
}
