import Foundation

/// Where a policy server takes one store's notifications: the URL its policy file gives for
/// the store, and the headers that endpoint is configured to expect.
///
/// A wire request names its store by its path (``WireRequest/appStorePath`` and the others);
/// the target sends it to the file's URL instead, and makes the two headers that depend on the
/// endpoint's own configuration match it: Stripe's `Stripe-Signature`, computed again with the
/// endpoint's secret over the exact body, and RevenueCat's `Authorization`, set to the file's
/// value or removed when the file sets none. Everything else is sent as the store wrote it.
package struct WebhookTarget: Hashable, Sendable {
  /// The store's key in the policy file's `webhooks` (`apple`, `google`, `stripe`,
  /// `revenuecat`).
  package var store: String
  package var url: LoopbackURL
  /// Stripe's endpoint secret, when the target is Stripe's.
  package var stripeSecret: String?
  /// RevenueCat's configured `Authorization`, when the target is RevenueCat's: `.some(nil)`
  /// when the endpoint expects none.
  package var revenueCatAuthorization: String??

  /// The target of `request` among `webhooks`, or `nil` when the file gives no URL for its store
  /// (or its path is none of the stores').
  package static func of(_ request: WireRequest, in webhooks: PolicyFile.Webhooks) -> WebhookTarget? {
    switch request.path {
    case WireRequest.appStorePath:
      return webhooks.apple.map { WebhookTarget(store: "apple", url: $0) }
    case WireRequest.googlePlayPath:
      return webhooks.google.map { WebhookTarget(store: "google", url: $0) }
    case WireRequest.stripePath:
      return webhooks.stripe.map { WebhookTarget(store: "stripe", url: $0.url, stripeSecret: $0.secret) }
    case WireRequest.revenueCatPath:
      return webhooks.revenuecat.map {
        WebhookTarget(store: "revenuecat", url: $0.url, revenueCatAuthorization: .some($0.authorization))
      }
    default:
      return nil
    }
  }

  /// The HTTP request to send: `request`'s method, headers and body to this target's URL, with
  /// `X-Simsub-Now: now`, the endpoint's own signature or authorization, and a Stripe signature
  /// stamped `timestamp` (Unix seconds, the wall clock: Stripe's libraries compare it with theirs).
  package func httpRequest(_ request: WireRequest, now: Instant, timestamp: Int64) -> HTTPRequest {
    var headers = HTTPHeaders()
    for header in request.headers {
      let name = header.name.lowercased()
      if stripeSecret != nil, name == "stripe-signature" { continue }
      if revenueCatAuthorization != nil, name == "authorization" { continue }
      headers.append(header.name, header.value)
    }
    if let stripeSecret {
      headers.append(
        "Stripe-Signature",
        StripeSignature.header(body: request.body, timestamp: timestamp, secret: stripeSecret))
    }
    if let authorization = revenueCatAuthorization, let value = authorization {
      headers.append("Authorization", value)
    }
    headers.append(PolicyServerConnection.clockHeader, RFC3339.formatWithMilliseconds(now))
    return HTTPRequest(
      method: request.method, target: url.target, headers: headers, body: Array(request.body.utf8))
  }
}
