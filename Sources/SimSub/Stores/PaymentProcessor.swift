/// Decides whether a charge goes through.
///
/// Scenarios use `CardOnFile` (the card works until a `card-fails` entry, and again after
/// `update-card`); Monte Carlo supplies its own processor that draws from the population's
/// failure and retry-success rates. The engine is generic over it, so either runs specialised.
public protocol PaymentProcessor: Sendable {
  mutating func charge(_ attempt: ChargeAttempt, for record: SubscriptionRecord, at instant: Instant) -> Bool

  /// When an episode begins: which of its retries `1...count` goes through first, if the
  /// processor can tell now. By default it cannot (`.unknown`), and the store makes every retry
  /// and asks ``charge(_:for:at:)`` at each.
  ///
  /// A processor that answers `.firstSucceeds(n)` promises that `charge(.retry(n))` goes through
  /// and that every retry before it would be declined; after `.noneSucceeds`, that every retry
  /// would be. A store whose declined retries change nothing a policy or a report can see (Google
  /// Play's send no notification) may then make only retry `n`, or none: an episode's daily
  /// retries were most of a Google Play subscriber's events.
  mutating func forecastRetries(count: Int32, for record: SubscriptionRecord, at instant: Instant)
    -> RetryForecast
}

extension PaymentProcessor {
  public mutating func forecastRetries(
    count: Int32, for record: SubscriptionRecord, at instant: Instant
  ) -> RetryForecast {
    .unknown
  }
}

/// What a payment processor knows, when an episode begins, of how its retries will go.
public enum RetryForecast: Hashable, Sendable {
  /// Nothing yet: each retry is decided when it is made.
  case unknown
  /// Retry `n` (1-based) is the first that goes through.
  case firstSucceeds(Int32)
  /// None of the episode's retries goes through.
  case noneSucceeds
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
