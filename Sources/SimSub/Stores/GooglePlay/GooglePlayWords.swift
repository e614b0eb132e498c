import SubscriptionPolicy

/// The constant texts Google's notifications and `subscriptionsv2` resources carry, interned
/// once per model.
///
/// Read on every notification and every delivery: as `static let`s (interned from a literal
/// at first use) each read went through an initialisation check (`swift_once`), about 50
/// instructions per Google delivery.
struct GooglePlayWords: Sendable {
  /// `"1.0"`, the version of both the notification and its `subscriptionNotification`.
  let rtdnVersion = GooglePlayModel.rtdnVersion
  let regionCode = GooglePlayModel.regionCode
  let acknowledged = GooglePlayModel.acknowledged
  let freeTrialOfferId = GooglePlayModel.freeTrialOfferId

  // `subscriptionState`, by the store truths that map to it.
  let unspecified = SubscriptionState.unspecified
  let active = SubscriptionState.active
  let canceled = SubscriptionState.canceled
  let inGracePeriod = SubscriptionState.inGracePeriod
  let onHold = SubscriptionState.onHold
  let paused = SubscriptionState.paused
  let expired = SubscriptionState.expired
}
