/// An app's entitlement logic for one subscriber: the code under test.
///
/// A policy is a value. It only ever sees notifications, each with the instant it reached the
/// server, and answers for any instant. It never sees the store's truth: the simulator compares
/// the two. Conform your own server's logic to this protocol to put it in front of simsub.
///
/// ```swift
/// struct MyPolicy: EntitlementPolicy {
///   static let name = "mine"
///   static let summary = "Our production rules"
///   var last = Decision.never
///   mutating func receive(_ n: StoreNotification, at arrival: Instant) { ... }
///   func decision(at instant: Instant) -> Decision { last }
/// }
/// ```
///
/// The simulator is generic over the policy, so a conforming type runs specialised and
/// allocation-free in the engine's loop; keep `receive` and `decision` free of allocation too if
/// Monte Carlo speed matters to you.
///
/// simsub ships ``ReferencePolicy``, the rules it recommends, and beside it the known-bad
/// policies that each keep one published mistake (``ActiveOnlyPolicy``,
/// ``UnknownIsActivePolicy``, ``ArrivalOrderPolicy``, ``PastDueIsFreePolicy``,
/// ``BillingErrorIsEndPolicy``, ``LatestSourceWinsPolicy``); ``PolicyRegistry`` lists them by name and
/// runs generic code with one chosen at run time.
public protocol EntitlementPolicy: Sendable {
  /// The name `--policy` and `policy:` take, kebab-case.
  static var name: String { get }
  /// One line for `simsub policies`.
  static var summary: String { get }
  /// `true` when `decision(at:)` can change only when a notification arrives or at an instant
  /// `nextDecisionChange(after:)` names, never otherwise on the policy's own clock. The engine
  /// then samples it only at events and at those instants, which makes quiet months free; a
  /// policy that answers from `gracePeriodExpiresDate` or `expiresDate` on its own without
  /// naming the instant must say `false` and is sampled at every step.
  static var decidesOnlyOnNotifications: Bool { get }

  /// A policy for a subscriber it has heard nothing about.
  init()
  /// A policy for a subscriber it has heard nothing about, keeping the app's promises in
  /// `settings`. The default ignores them and calls `init()`.
  init(settings: PolicySettings)
  /// Takes in one notification, which reached the server at `arrival`.
  mutating func receive(_ notification: StoreNotification, at arrival: Instant)
  /// The answer at `instant` (never earlier than the last arrival).
  func decision(at instant: Instant) -> Decision
  /// The first instant after `instant` at which `decision(at:)` changes with no notification
  /// arriving (the end of a grace period the app promised, say), or `nil` when it changes only
  /// on notifications. The engine samples the policy there. The default is `nil`.
  func nextDecisionChange(after instant: Instant) -> Instant?
  /// `decision(at: instant)` and `nextDecisionChange(after: instant)` in one question, as the
  /// engine asks them after each notification. The default asks the two in turn; a policy whose
  /// answers share their work may give both at once.
  func decisionAndNextChange(at instant: Instant) -> (decision: Decision, nextChange: Instant?)
}

extension EntitlementPolicy {
  public static var decidesOnlyOnNotifications: Bool { false }
  public init(settings: PolicySettings) { self.init() }
  public func nextDecisionChange(after instant: Instant) -> Instant? { nil }

  @inlinable
  public func decisionAndNextChange(at instant: Instant) -> (decision: Decision, nextChange: Instant?) {
    (decision(at: instant), nextDecisionChange(after: instant))
  }
}
