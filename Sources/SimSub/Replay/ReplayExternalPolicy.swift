import Foundation
import SubscriptionPolicy

/// A policy file's process or server in a replay: each notification delivered as the request
/// the app's server received, as logged, and each answer asked of it at the sample's instant.
///
/// What is sent: `POST` to the store's webhook (for a server, the file's URL for that store)
/// with the logged headers but those the transport sets itself (`Host`, `Content-Length`,
/// `Connection`, `Transfer-Encoding`) and the body byte for byte; an App Store history item as
/// the `{"signedPayload": …}` body Apple posts with it. A Stripe event is signed again with the
/// policy file's secret and a RevenueCat body carries the file's `Authorization` (the
/// production secret that signed the logged request is not the test server's), as in every
/// other play through a server.
///
/// The subscriber's id, the `{subscriber}` of the entitlement URL and the process's
/// `subscriber`: the account id the bodies carry (Apple `appAccountToken`, Google
/// `obfuscatedExternalAccountId`, Stripe `metadata.user_id`), else RevenueCat's `app_user_id`,
/// else the first store id the subscriber is grouped by (``subscriberId(of:)``).
///
/// The store APIs answer a Google Play `subscriptionsv2` call with the resource the log kept
/// beside the notification (``ReplayFormat/receivedRequest``); every other call gets the
/// store's 404 body, since a log holds no store's state.
struct ReplayExternalPolicy: ReplayedPolicy {
  let connection: ExternalPolicyConnection
  let subscriber: String

  init(connection: ExternalPolicyConnection, group: ReplaySubscribers.Group) {
    self.connection = connection
    subscriber = Self.subscriberId(of: group)
  }

  /// Headers the HTTP transport writes itself, left out of the logged ones.
  static let transportHeaders: Set<String> = ["host", "content-length", "connection", "transfer-encoding"]

  /// The id the policy knows subscriber `group` by (see the type's comment).
  static func subscriberId(of group: ReplaySubscribers.Group) -> String {
    func value(_ id: String) -> String {
      id.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).last.map(String.init) ?? id
    }
    if let account = group.ids.first(where: { $0.hasPrefix("account ") }) {
      return String(account.dropFirst("account ".count))
    }
    if let user = group.ids.first(where: { $0.hasPrefix("revenuecat app_user_id ") }) { return value(user) }
    return group.ids.first.map(value) ?? ""
  }

  /// The request the app's server received for `entry`, as the policy hears it: the logged
  /// headers and body, with Stripe's signature and RevenueCat's authorization those of a test
  /// endpoint (``WireSettings``' defaults, as in every play through a process; the server
  /// transport sets the file's own).
  static func request(_ entry: ReplayEntry, notification: StoreNotification) -> WireRequest {
    let path: String
    var owned: (name: String, value: (String) -> String)?
    switch notification {
    case .appStore: path = WireRequest.appStorePath
    case .googlePlay: path = WireRequest.googlePlayPath
    case .stripe:
      path = WireRequest.stripePath
      owned = (
        "Stripe-Signature",
        {
          StripeSignature.header(
            body: $0, timestamp: Int64(Date().timeIntervalSince1970), secret: WireSettings.defaultStripeSecret
          )
        }
      )
    case .revenueCat:
      path = WireRequest.revenueCatPath
      owned = ("Authorization", { _ in WireSettings.defaultRevenueCatAuthorization })
    }
    let logged = String(decoding: entry.body, as: UTF8.self)
    let body =
      entry.format == .appStoreHistory
      ? JSONValue.object(["signedPayload": .string(logged)]).serialized() : logged
    var headers = entry.headers.filter { header in
      !transportHeaders.contains(header.name.lowercased())
        && owned.map { !HTTPHeaders.sameName(header.name, $0.name) } ?? true
    }.map { WireRequest.Header($0.name, $0.value) }
    if !headers.contains(where: { HTTPHeaders.sameName($0.name, "Content-Type") }) {
      headers.insert(WireRequest.Header("Content-Type", "application/json"), at: 0)
    }
    if let owned { headers.append(WireRequest.Header(owned.name, owned.value(body))) }
    return WireRequest(path: path, headers: headers, body: body)
  }

  mutating func receive(_ notification: StoreNotification, logged: ReplayEntry?, at instant: Instant) {
    guard let logged else { return }
    if case .googlePlay(let n) = notification, let resource = logged.subscriptionsV2 {
      connection.host.api.answer(
        .google,
        path:
          "/androidpublisher/v3/applications/\(n.packageName.text)/purchases/subscriptionsv2/tokens/\(n.subscriptionNotification.purchaseToken.text)",
        with: resource)
    }
    // A process that receives no deliveries (client code) is sent none, and none is built; nor
    // is a server sent a store's records when the file gives no webhook for that store.
    guard connection.receivesDeliveries, connection.file.servedWebhooks.contains(notification.storeName)
    else {
      return
    }
    // A refused delivery is the policy's answer to this request; a replay does not redeliver
    // what the log shows delivered once.
    _ = connection.deliver(
      Self.request(logged, notification: notification), store: WireRequestBuilder.storeTag(notification),
      subscriber: subscriber, at: instant)
  }

  func decision(at instant: Instant) -> Decision {
    // A replay has no simulated store to build snapshots from: a process that asks for them
    // gets `null` (docs/REPLAY.md).
    connection.decide(subscriber: subscriber, at: instant) { _ in nil }
  }

  func finished() { connection.forget(subscriber: subscriber) }

  var decidesOnlyOnNotifications: Bool { connection.decidesOnlyOnNotifications }

  static var deliversLoggedRequests: Bool { true }
}
