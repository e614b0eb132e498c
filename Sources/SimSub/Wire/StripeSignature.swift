/// Stripe's webhook signature header: `Stripe-Signature: t=<unix seconds>,v1=<hex>`, where the
/// hex is HMAC-SHA256 under the endpoint's secret (`whsec_…`, the whole string as the key) of
/// `"<t>.<body>"`.
///
/// From Stripe's "Check the webhook signatures" guide ("Verify manually": the signed payload is
/// the timestamp, the character `.`, and the raw body; the expected signature is an HMAC with
/// SHA-256 of it under the endpoint's signing secret), read in November 2026. `t` is the wall
/// clock at sending: Stripe's libraries reject a timestamp more than five minutes from their
/// own clock, whatever the event's simulated `created`.
enum StripeSignature {
  /// The header's value for `body` signed at `timestamp` with `secret`.
  static func header(body: String, timestamp: Int64, secret: String) -> String {
    "t=\(timestamp),v1=\(HMACSHA256.hexAuthenticationCode(key: secret, message: "\(timestamp).\(body)"))"
  }
}
