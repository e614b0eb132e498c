/// Sending real-time developer notifications.
///
/// An RTDN carries only its type, the purchase token and the event time; the subscription
/// resource a server fetches is filled in at arrival (`subscriptionResource`). Every field here
/// is a number or a `Symbol` interned once, so sending allocates nothing.
extension GooglePlayModel {
  /// `"1.0"`, the version of both the notification and its `subscriptionNotification`.
  static let rtdnVersion: Symbol = "1.0"

  /// Sends a notification of `type` about the current purchase, at `now`.
  @inline(__always)
  func send(
    _ type: GooglePlayNotificationType, record: inout SubscriptionRecord, at now: Instant,
    effects: inout StoreEffects
  ) {
    guard let token = record.purchaseToken else { return }
    send(type, token: token, record: &record, at: now, effects: &effects)
  }

  /// Sends a notification of `type` about the purchase with `token`, at `now`.
  func send(
    _ type: GooglePlayNotificationType, token: PurchaseToken, record: inout SubscriptionRecord,
    at now: Instant, effects: inout StoreEffects
  ) {
    record.notificationCount += 1
    effects.send(
      .googlePlay(
        GooglePlayNotification(
          version: words.rtdnVersion, packageName: packageName, eventTime: now,
          subscriptionNotification: SubscriptionNotification(
            version: words.rtdnVersion, notificationType: type, purchaseToken: token))))
  }
}
