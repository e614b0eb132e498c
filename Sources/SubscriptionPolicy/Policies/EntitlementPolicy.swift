/// An app's entitlement logic for one subscriber: the code under test.
///
/// A policy only ever sees notifications, each with the instant it reached the server, and
/// answers for any instant. It never sees the store's truth: the simulator compares the two.
/// Conform your own server's logic to this protocol to put it in front of simsub.
///
/// ```swift
/// struct MyPolicy: EntitlementPolicy {
///   static let name = "mine"
///   static let summary = "Our production rules"
///   static let decidesOnlyOnNotifications = true
///   var last = Decision.never
///   init(context: PolicyContext) { ... }
///   mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome { ... }
///   func decision(at instant: Instant) -> Decision { last }
///   func nextDecisionChange(after instant: Instant) -> Instant? { nil }
/// }
/// ```
///
/// One value is one subscriber: each subscriber's policy starts as a value built with a
/// ``PolicyContext`` (Monte Carlo copies one built once), and the engine may copy or swap it,
/// so a policy keeps its state in its stored properties, never in anything shared between
/// values (a policy backed by an outside process or server keys what it sends by
/// ``SubscriberIdentity``).
///
/// **The sampling contract.** ``decidesOnlyOnNotifications`` and ``nextDecisionChange(after:)``
/// are one promise, and neither has a default: a policy that says `true` promises that its
/// answer changes only when a notification arrives or at the instant `nextDecisionChange` names.
/// The engine then keeps the answer between those instants instead of asking again. A wrapper
/// around another policy must forward both (and the context); `simsub run` and `simsub check`
/// ask afresh beside every kept answer and report any difference as a contract breach.
///
/// The simulator is generic over the policy, so a conforming type runs specialised and
/// allocation-free in the engine's loop; keep `receive` and `decision` free of allocation too if
/// Monte Carlo speed matters to you.
///
/// This module ships ``ReferencePolicy``, the rules simsub recommends. The known-bad policies
/// that each keep one published mistake (`ActiveOnlyPolicy`, `UnknownIsActivePolicy`,
/// `ArrivalOrderPolicy`, `PastDueIsFreePolicy`, `BillingErrorIsEndPolicy`,
/// `LatestSourceWinsPolicy`) are simsub's tooling and live in SimSub, with `PolicyRegistry`,
/// which lists the built-in policies by name and runs generic code with one chosen at run time.
public protocol EntitlementPolicy: Sendable {
  /// The name `--policy` and `policy:` take, kebab-case.
  static var name: String { get }
  /// One line for `simsub policies`.
  static var summary: String { get }
  /// `true` when `decision(at:)` can change only when a notification arrives or at an instant
  /// `nextDecisionChange(after:)` names, never otherwise on the policy's own clock. The engine
  /// then samples it only at events and at those instants, which makes quiet months free; a
  /// policy that answers from `gracePeriodExpiresDate` or `expiresDate` on its own without
  /// naming the instant must say `false` and is sampled at every step. No default: see the
  /// sampling contract above.
  static var decidesOnlyOnNotifications: Bool { get }

  /// A policy for a subscriber it has heard nothing about: the app's promises
  /// (`context.settings`) and who the subscriber is (`context.subscriber`).
  init(context: PolicyContext)
  /// Takes in one notification, which reached the server at `arrival`, and says whether the
  /// server accepted it (a 2xx answer to the store) or not (the store will try again). The
  /// engine records every delivery that is not accepted.
  @discardableResult
  mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome
  /// The answer at `instant` (never earlier than the last arrival).
  func decision(at instant: Instant) -> Decision
  /// The first instant after `instant` at which `decision(at:)` changes with no notification
  /// arriving (the end of a grace period the app promised, say), or `nil` when it changes only
  /// on notifications. The engine samples the policy there. No default: a wrapper forwards its
  /// inner policy's. Read only when ``decidesOnlyOnNotifications`` is `true`.
  func nextDecisionChange(after instant: Instant) -> Instant?
  /// `decision(at: instant)` and `nextDecisionChange(after: instant)` in one question, as the
  /// engine asks them after each notification. The default asks the two in turn; a policy whose
  /// answers share their work may give both at once.
  func decisionAndNextChange(at instant: Instant) -> (decision: Decision, nextChange: Instant?)
}

extension EntitlementPolicy {
  @inlinable
  public func decisionAndNextChange(at instant: Instant) -> (decision: Decision, nextChange: Instant?) {
    (decision(at: instant), nextDecisionChange(after: instant))
  }
}
