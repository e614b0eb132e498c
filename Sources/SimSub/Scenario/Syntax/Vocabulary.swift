/// The other names people use for simsub's enumerated values, so a near miss that no edit
/// distance would catch still gets a "did you mean": the stores' own words (Stripe's
/// `past_due`, Google's `SUBSCRIPTION_STATE_ON_HOLD`, Apple's billing retry), a store's full
/// name (`googleplay`), and the spellings of other tools (`cancelled`, `warning`).
///
/// Values are compared after ``normalised(_:)``, so `PAST_DUE`, `past_due` and `Past Due` are
/// one word. Some words have no one counterpart: Stripe's `past_due` is simsub's `grace` while
/// the app's grace lasts and `hold` after it; such an alias says why beside its suggestion.
enum Vocabulary {
  struct Alias: Sendable {
    /// simsub's value.
    var value: String
    /// Why, when the word is not simply another name for it.
    var why: String? = nil
  }

  /// `Subscription state` words of the three stores and RevenueCat, for the store's truth and
  /// the policy's entitlement alike (documented: Apple's `status` of the subscription statuses
  /// endpoint, Google's `SubscriptionState`, Stripe's subscription `status`).
  private static let stateWords: [String: Alias] = [
    "past-due": Alias(
      value: "grace", why: "stripe's past_due is 'grace' while the app's grace lasts, then 'hold'"),
    "unpaid": Alias(value: "hold", why: "stripe's unpaid is 'hold': no access, the invoice still open"),
    "trialing": Alias(value: "active", why: "a free trial is 'active'"),
    "trial": Alias(value: "active", why: "a free trial is 'active'"),
    "in-trial": Alias(value: "active", why: "a free trial is 'active'"),
    "incomplete-expired": Alias(value: "expired"),
    "in-grace-period": Alias(value: "grace"), "in-grace": Alias(value: "grace"),
    "grace-period": Alias(value: "grace"), "billing-grace-period": Alias(value: "grace"),
    "on-hold": Alias(value: "hold"), "account-hold": Alias(value: "hold"),
    "billing-retry": Alias(value: "hold"), "in-billing-retry": Alias(value: "hold"),
    "billing-retry-period": Alias(value: "hold"), "retry": Alias(value: "hold"),
    "refunded": Alias(value: "revoked"), "refund": Alias(value: "revoked"), "revoke": Alias(value: "revoked"),
    "lapsed": Alias(value: "expired"), "ended": Alias(value: "expired"),
    "expiration": Alias(value: "expired"),
    "subscribed": Alias(value: "active"), "renewing": Alias(value: "active"),
    "not-subscribed": Alias(value: "never"), "unsubscribed": Alias(value: "never"),
    "new": Alias(value: "never"),
    "none": Alias(value: "never"), "pending": Alias(value: "never"), "pause": Alias(value: "paused"),
  ]

  /// The aliases of each kind of value, by the `what` its decoder names.
  static let aliases: [String: [String: Alias]] = [
    "store": [
      "googleplay": Alias(value: "google"), "google-play": Alias(value: "google"),
      "play": Alias(value: "google"), "play-store": Alias(value: "google"),
      "playstore": Alias(value: "google"),
      "google-play-store": Alias(value: "google"), "android": Alias(value: "google"),
      "appstore": Alias(value: "apple"), "app-store": Alias(value: "apple"), "ios": Alias(value: "apple"),
      "itunes": Alias(value: "apple"), "storekit": Alias(value: "apple"),
      "apple-app-store": Alias(value: "apple"),
      "app-store-connect": Alias(value: "apple"), "stripe-billing": Alias(value: "stripe"),
    ],
    "store state": stateWords.merging([
      "cancelled": Alias(value: "canceled"),
      "auto-renew-off": Alias(value: "canceled"), "cancel-at-period-end": Alias(value: "canceled"),
      "will-not-renew": Alias(value: "canceled"),
    ]) { a, _ in a },
    "entitlement": stateWords.merging([
      "canceled": Alias(value: "active", why: "a canceled subscription stays 'active' until its period ends"),
      "cancelled": Alias(
        value: "active", why: "a canceled subscription stays 'active' until its period ends"),
      "revoke": Alias(value: "revoked"),
    ]) { _, b in b },
    "prompt": [
      "banner": Alias(value: "soft"), "nag": Alias(value: "soft"), "warning": Alias(value: "soft"),
      "paywall": Alias(value: "hard"), "block": Alias(value: "hard"), "blocking": Alias(value: "hard"),
      "no": Alias(value: "none"), "nothing": Alias(value: "none"),
    ],
    "reason": [
      "expired-card": Alias(value: "expired"), "card-expired": Alias(value: "expired"),
      "insufficient": Alias(value: "insufficient-funds"), "nsf": Alias(value: "insufficient-funds"),
      "insufficient-balance": Alias(value: "insufficient-funds"),
      "card-declined": Alias(value: "declined"), "generic-decline": Alias(value: "declined"),
      "do-not-honor": Alias(value: "declined"), "decline": Alias(value: "declined"),
    ],
    "channel": [
      "revenue-cat": Alias(value: "revenuecat"), "rc": Alias(value: "revenuecat"),
      "revcat": Alias(value: "revenuecat"), "none": Alias(value: "direct"), "store": Alias(value: "direct"),
    ],
    "value": [
      "canceled": Alias(value: "cancel"), "cancelled": Alias(value: "cancel"),
      "cancel-subscription": Alias(value: "cancel"), "leave-past-due": Alias(value: "past-due"),
      "mark-unpaid": Alias(value: "unpaid"),
    ],
    "level": [
      "warning": Alias(value: "warn"), "fail": Alias(value: "error"), "failure": Alias(value: "error"),
      "ignore": Alias(value: "off"), "none": Alias(value: "off"), "disabled": Alias(value: "off"),
      "skip": Alias(value: "off"),
    ],
    "action": [
      "buy": Alias(value: "subscribe"), "purchase": Alias(value: "subscribe"),
      "start": Alias(value: "subscribe"),
      "payment-fails": Alias(value: "card-fails"), "payment-failed": Alias(value: "card-fails"),
      "card-declined": Alias(value: "card-fails"), "card-fail": Alias(value: "card-fails"),
      "decline": Alias(value: "card-fails"), "fix-card": Alias(value: "update-card"),
      "card-fixed": Alias(value: "update-card"), "update-payment": Alias(value: "update-card"),
      "update-payment-method": Alias(value: "update-card"), "auto-renew-off": Alias(value: "cancel"),
      "turn-off-auto-renew": Alias(value: "cancel"), "auto-renew-on": Alias(value: "uncancel"),
      "undo-cancel": Alias(value: "uncancel"), "reactivate": Alias(value: "uncancel"),
      "upgrade": Alias(value: "change-product"), "downgrade": Alias(value: "change-product"),
      "crossgrade": Alias(value: "change-product"), "revoke": Alias(value: "refund"),
      "chargeback": Alias(value: "refund"), "restart": Alias(value: "resubscribe"),
    ],
  ]

  /// Lower case, with `_` and spaces as `-`, and Google's `SUBSCRIPTION_STATE_` prefix dropped:
  /// the form aliases are looked up in.
  static func normalised(_ text: String) -> String {
    var word = String(
      text.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 }
    )
    for prefix in ["subscription-state-"] where word.hasPrefix(prefix) { word.removeFirst(prefix.count) }
    return word
  }

  /// What `text` most likely means among `allowed`, when it is simsub's value in another
  /// spelling (`PAST_DUE` for `past-due`) or a known other name; `nil` otherwise.
  static func hint(for text: String, what: String, among allowed: [String]) -> Alias? {
    let word = normalised(text)
    if word != text, allowed.contains(word) { return Alias(value: word) }
    guard let alias = aliases[what]?[word], allowed.contains(alias.value) else { return nil }
    return alias
  }
}
