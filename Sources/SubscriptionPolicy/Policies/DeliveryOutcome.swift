/// What an app's server made of one delivered notification: what its answer to the store says.
///
/// `accepted` is a 2xx answer: the store counts the notification delivered. `notAccepted` is
/// anything else (an error status, a timeout, a refused connection): the store counts a failed
/// attempt and delivers again on its schedule. A policy in process accepts what it has read,
/// even a notification it chose to ignore (a stale or repeated one).
public enum DeliveryOutcome: Hashable, Sendable {
  case accepted
  case notAccepted
}
