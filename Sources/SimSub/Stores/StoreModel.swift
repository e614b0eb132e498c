/// A store's billing rules as a value: given a subscription record, an instant and what
/// happened, it updates the record and returns the timers to set and the notifications to send.
///
/// Models are pure rules: they never advance time, never see the policy, and allocate nothing
/// when applying a rule (they write into the engine's `StoreEffects` buffer). Each store's
/// rules, defaults and limits, with their sources, are in the project's store-model docs.
public protocol StoreModel: Sendable {
  /// Which store this is.
  static var kind: StoreKind { get }

  /// The products this model sells; actions refer to them by index.
  var products: [Product] { get }

  /// Applies the subscriber's action.
  func apply<Payments: PaymentProcessor>(
    _ action: SubscriberAction, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects)

  /// Fires one of the model's own timers (already checked against the record's epoch).
  func fire<Payments: PaymentProcessor>(
    _ timer: StoreTimer, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects)

  /// Completes a notification as the app's server sees it on arrival. Google's RTDN carries no
  /// state, so the server fetches `subscriptionsv2` then: the model fills it from the record as
  /// it stands at `arrival`. Apple's payload is signed when sent, so its model leaves it alone.
  func prepareDelivery(
    _ notification: inout StoreNotification, record: SubscriptionRecord, at arrival: Instant)

  /// Hands `notification` to `receive` as `prepareDelivery` completes it for its arrival,
  /// leaving `notification` itself as it was sent: for a delivery that needs the completed
  /// notification only for the call.
  func withDelivered(
    _ notification: StoreNotification, record: SubscriptionRecord, at arrival: Instant,
    _ receive: (StoreNotification) -> Void)

  /// After the `attempt`-th failed delivery of a notification (1-based), how long until the
  /// store tries again, or `nil` when it gives up (Apple: +1 h, +12 h, +24 h, +48 h, +72 h).
  static func redeliveryDelay(afterFailedAttempt attempt: Int32) -> TimeSpan?
}

extension StoreModel {
  public func prepareDelivery(
    _ notification: inout StoreNotification, record: SubscriptionRecord, at arrival: Instant
  ) {}

  @inline(__always)
  public func withDelivered(
    _ notification: StoreNotification, record: SubscriptionRecord, at arrival: Instant,
    _ receive: (StoreNotification) -> Void
  ) {
    var delivered = notification
    prepareDelivery(&delivered, record: record, at: arrival)
    receive(delivered)
  }
}

/// A store configuration the store does not allow, e.g. a 10-day Apple grace period.
public struct StoreConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which setting (`grace`, `hold`, `period`, `retry-schedule`).
  public var setting: String
  /// The full message, naming the allowed values: "apple offers a grace period of 3, 16 or
  /// 28 days for monthly products, not 10d".
  public var message: String

  public init(setting: String, message: String) {
    self.setting = setting
    self.message = message
  }

  public var description: String { message }
}
