/// Redelivery of RTDNs the app's server failed to take.
///
/// Google publishes RTDNs to the app's Cloud Pub/Sub topic; a push subscription delivers them
/// and, on a failed delivery, retries with exponential backoff between the retry policy's
/// `minimumBackoff` and `maximumBackoff`, by default 10 s and 600 s (Pub/Sub `RetryPolicy`),
/// until the message is older than the subscription's message retention, by default 7 days
/// (Pub/Sub "Subscription properties"). The model assumes the RTDN subscription uses that
/// exponential policy at its defaults, with the delay doubling from 10 s (Pub/Sub does not
/// publish the factor, and calls the policy best effort); a subscription without a retry
/// policy would instead redeliver at once.
extension GooglePlayModel {
  /// Pub/Sub's default `minimumBackoff`.
  public static let minimumBackoff = TimeSpan.seconds(10)
  /// Pub/Sub's default `maximumBackoff`.
  public static let maximumBackoff = TimeSpan.seconds(600)
  /// Pub/Sub's default message retention: a message older than this is dropped.
  public static let messageRetention = TimeSpan.days(7)

  /// 10 s, 20 s, 40 s, … up to 600 s after each failed attempt, while the next attempt still
  /// falls within 7 days of the first; `nil` once it would not.
  public static func redeliveryDelay(afterFailedAttempt attempt: Int32) -> TimeSpan? {
    guard attempt >= 1 else { return nil }
    // From the first attempt to the next one: the sum of the delays so far, 10 · (2^k − 1)
    // while doubling (k ≤ 6: 10, 30, …, 630 s), then 600 s more per attempt.
    let k = Int64(attempt)
    let elapsed =
      k <= 6
      ? minimumBackoff.seconds * ((1 << k) - 1)
      : minimumBackoff.seconds * 63 + maximumBackoff.seconds * (k - 6)
    return elapsed <= messageRetention.seconds ? backoff(attempt) : nil
  }

  /// The delay after the `attempt`-th failure: 10 s doubling, capped at 600 s.
  static func backoff(_ attempt: Int32) -> TimeSpan {
    guard attempt < 7 else { return maximumBackoff }
    return TimeSpan(seconds: min(minimumBackoff.seconds << Int64(attempt - 1), maximumBackoff.seconds))
  }
}
