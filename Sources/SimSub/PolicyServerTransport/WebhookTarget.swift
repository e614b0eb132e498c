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
  /// The header the endpoint's own configuration decides, if any.
  package var configured: Configured

  /// What an endpoint is configured with beyond its URL.
  package enum Configured: Hashable, Sendable {
    /// Nothing: the request is sent as the store wrote it (App Store, Google Play).
    case nothing
    /// Stripe's endpoint secret, which `Stripe-Signature` is computed with.
    case stripeSecret(String)
    /// RevenueCat's `Authorization` value; `nil` when the endpoint expects none.
    case revenueCatAuthorization(String?)
  }

  /// The store whose requests simsub posts to `path` (``WireRequest/appStorePath`` and the
  /// others), by its key in `webhooks`; `nil` for any other path.
  package static func store(ofPath path: String) -> String? {
    switch path {
    case WireRequest.appStorePath: "apple"
    case WireRequest.googlePlayPath: "google"
    case WireRequest.stripePath: "stripe"
    case WireRequest.revenueCatPath: "revenuecat"
    default: nil
    }
  }

  /// The target of `request` among `webhooks`, or `nil` when the file gives no URL for its store
  /// (or its path is none of the stores').
  package static func of(_ request: WireRequest, in webhooks: PolicyFile.Webhooks) -> WebhookTarget? {
    switch store(ofPath: request.path) {
    case "apple": webhooks.apple.map { WebhookTarget(store: "apple", url: $0, configured: .nothing) }
    case "google": webhooks.google.map { WebhookTarget(store: "google", url: $0, configured: .nothing) }
    case "stripe":
      webhooks.stripe.map {
        WebhookTarget(store: "stripe", url: $0.url, configured: .stripeSecret($0.secret))
      }
    case "revenuecat":
      webhooks.revenuecat.map {
        WebhookTarget(
          store: "revenuecat", url: $0.url, configured: .revenueCatAuthorization($0.authorization))
      }
    default: nil
    }
  }

  /// The HTTP request to send: `request`'s method, headers and body to this target's URL, with
  /// `X-Simsub-Now: now`, the endpoint's own signature or authorization, and a Stripe signature
  /// stamped `timestamp` (Unix seconds, the wall clock: Stripe's libraries compare it with theirs).
  package func httpRequest(_ request: WireRequest, now: Instant, timestamp: Int64) -> HTTPRequest {
    // The header the endpoint's configuration decides, and its value (none: left out).
    let (owned, value): (String?, String?) =
      switch configured {
      case .nothing: (nil, nil)
      case .stripeSecret(let secret):
        ("Stripe-Signature", StripeSignature.header(body: request.body, timestamp: timestamp, secret: secret))
      case .revenueCatAuthorization(let authorization): ("Authorization", authorization)
      }
    var headers = HTTPHeaders()
    for header in request.headers where owned.map({ !HTTPHeaders.sameName(header.name, $0) }) ?? true {
      headers.append(header.name, header.value)
    }
    if let owned, let value { headers.append(owned, value) }
    headers.append(PolicyServerConnection.clockHeader, RFC3339.formatWithMilliseconds(now))
    return HTTPRequest(
      method: request.method, target: url.target, headers: headers, body: Array(request.body.utf8))
  }
}
