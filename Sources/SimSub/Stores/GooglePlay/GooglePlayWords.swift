import SubscriptionPolicy

/// The constant texts Google's notifications and `subscriptionsv2` resources carry, interned
/// once per model.
///
/// Read on every notification and every delivery: as `static let`s (interned from a literal
/// at first use) each read went through an initialisation check (`swift_once`), about 50
/// instructions per Google delivery. The `subscriptionState`s are not kept here: they are
/// inlinable constants (`SubscriptionState.active`), and the engine copies the model, words
/// and all, into every store step (136 bytes with them, a `memcpy`; 80 without).
struct GooglePlayWords: Sendable {
  /// `"1.0"`, the version of both the notification and its `subscriptionNotification`.
  let rtdnVersion = GooglePlayModel.rtdnVersion
  let regionCode = GooglePlayModel.regionCode
  let acknowledged = GooglePlayModel.acknowledged
  let freeTrialOfferId = GooglePlayModel.freeTrialOfferId
}
