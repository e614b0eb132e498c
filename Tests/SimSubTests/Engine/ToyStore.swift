import SimSub
import TestSupport

/// A store with trivially simple rules, so the engine's own mechanics can be tested alone:
/// subscribe → active for 30 days, renewing while the card works, else expired at once.
/// Refund revokes. Each change sends one App Store-shaped notification.
struct ToyStore: StoreModel {
  static let kind = StoreKind.apple
  let products = [Product(id: "toy", grace: .zero, hold: .zero)]

  func apply<Payments: PaymentProcessor>(
    _ action: SubscriberAction, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    switch action {
    case .subscribe, .resubscribe:
      record.truth = .active
      record.periodNumber += 1
      record.periodEnd = now + .days(30)
      record.epoch += 1
      effects.schedule(.renewal, at: record.periodEnd, for: record)
      send(.subscribed, status: .active, record: &record, now: now, effects: &effects)
    case .cardFails: record.cardWorks = false
    case .updateCard: record.cardWorks = true
    case .refund:
      record.truth = .revoked
      record.epoch += 1
      send(.refund, status: .revoked, record: &record, now: now, effects: &effects)
    default: break
    }
  }

  func fire<Payments: PaymentProcessor>(
    _ timer: StoreTimer, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    guard timer == .renewal else { return }
    if payments.charge(.renewal, for: record, at: now) {
      record.periodNumber += 1
      record.periodEnd = now + .days(30)
      effects.schedule(.renewal, at: record.periodEnd, for: record)
      send(.didRenew, status: .active, record: &record, now: now, effects: &effects)
    } else {
      record.truth = .expired
      send(.expired, status: .expired, record: &record, now: now, effects: &effects)
    }
  }

  private func send(
    _ type: AppStoreNotificationType, status: AppStoreSubscriptionStatus,
    record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects
  ) {
    record.notificationCount += 1
    effects.send(
      testAppleNotification(type, status: status, at: now, serial: UInt8(record.notificationCount)))
  }

  static func redeliveryDelay(afterFailedAttempt attempt: Int32) -> TimeSpan? {
    let schedule: [TimeSpan] = [.hours(1), .hours(12), .hours(24), .hours(48), .hours(72)]
    return attempt <= 5 ? schedule[Int(attempt) - 1] : nil
  }
}
