/// Who one subscriber is: the simulator's number for them and, when the run writes the stores'
/// requests, their id in the app.
///
/// The id is the UUID simsub's requests carry for the subscriber (Apple's `appAccountToken`,
/// Google's `obfuscatedExternalAccountId`, Stripe's `metadata.user_id`, RevenueCat's
/// `app_user_id`), the same for every source of one subscriber. A policy that keeps its state
/// outside its value (a process, a server) keys it by this id.
public struct SubscriberIdentity: Hashable, Sendable {
  /// The subscriber's number: in a scenario 1 for the purchaser and `N + 1` for family member
  /// N; in Monte Carlo a built-in policy's subscribers each get a copy of one policy built for
  /// subscriber 1, and a policy file's are each built for their own number, `i + 1`.
  public var number: UInt64
  /// The subscriber's UUID in lower case as the requests carry it: given to a policy file's
  /// policy in Monte Carlo; `nil` when the run gave none, as scenarios and built-in policies'
  /// Monte Carlo runs do.
  public var id: String?

  @inlinable
  public init(number: UInt64, id: String? = nil) {
    self.number = number
    self.id = id
  }

  /// Subscriber 1, with no id.
  public static let first = SubscriberIdentity(number: 1)
}
