/// The store strings the reference rules compare on every notification, gathered in one
/// static.
///
/// Each store string (`AppStoreNotificationType.didRenew`, `SubscriptionState.active`, …) is a
/// lazily made static, and reading one pays a `swift_once` check and a call, about ten
/// instructions. The rules read two or three per notification; read from here, they pay one
/// check.
struct ReferenceVocabulary: Sendable {
  let didRenew = AppStoreNotificationType.didRenew
  let subscribed = AppStoreNotificationType.subscribed
  let familyShared = AppStoreOwnershipType.familyShared
  let active = SubscriptionState.active
  let canceled = SubscriptionState.canceled
  let inGracePeriod = SubscriptionState.inGracePeriod
  let onHold = SubscriptionState.onHold
  let paused = SubscriptionState.paused
  let expired = SubscriptionState.expired

  static let shared = ReferenceVocabulary()
}
