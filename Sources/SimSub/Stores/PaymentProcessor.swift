/// Decides whether a charge goes through.
///
/// Scenarios use `CardOnFile` (the card works until a `card-fails` entry, and again after
/// `update-card`); Monte Carlo supplies its own processor that draws from the population's
/// failure and retry-success rates. The engine is generic over it, so either runs specialised.
public protocol PaymentProcessor: Sendable {
  mutating func charge(_ attempt: ChargeAttempt, for record: SubscriptionRecord, at instant: Instant) -> Bool
}

/// Why the store is charging.
public enum ChargeAttempt: Hashable, Sendable {
  /// A first purchase or a resubscription.
  case purchase
  /// The scheduled renewal at a period's end.
  case renewal
  /// The `n`-th billing retry (1-based) of an episode.
  case retry(Int32)
  /// The subscriber fixed the payment method; the store charges at once.
  case cardUpdated
  /// An immediate upgrade.
  case upgrade
}

/// The payment method on file: every charge succeeds exactly while `record.cardWorks`.
public struct CardOnFile: PaymentProcessor {
  public init() {}
  @inlinable public mutating func charge(
    _ attempt: ChargeAttempt, for record: SubscriptionRecord, at instant: Instant
  ) -> Bool {
    record.cardWorks
  }
}
