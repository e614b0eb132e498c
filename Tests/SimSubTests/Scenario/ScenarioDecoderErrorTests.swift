import Testing

@testable import SimSub

extension ScenarioTests {
  /// Every semantic error of the scenario decoder, with its exact message and position.
  @Suite struct DecoderErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
      var label: String
      var text: String
      var errors: [String]
      var testDescription: String { label }
    }

    static let cases: [Case] = [
      // Unknown keys, with the nearest known key.
      Case(
        label: "unknown top-level key",
        text: "name: t\nstore: apple\nproduct: {period: 1M}\nhorizn: 90d\ntimeline: []\n",
        errors: ["4:1: unknown key 'horizn' — did you mean 'horizon'?"]),
      Case(
        label: "unknown top-level key far from any",
        text: "name: t\nstore: apple\nproduct: {period: 1M}\ncolour: red\ntimeline: []\n",
        errors: [
          "4:1: unknown key 'colour': expected 'name', 'store', 'product', 'start', 'horizon', 'step', 'policy', 'channel', 'delivery', 'family-members', 'sources', 'timeline', 'expect', 'invariants', 'expect-violations' or 'app'"
        ]),
      Case(
        label: "unknown product key",
        text: "name: t\nstore: apple\nproduct: {period: 1M, grase: 16d}\ntimeline: []\n",
        errors: ["3:23: unknown key 'grase' — did you mean 'grace'?"]),
      Case(
        label: "unknown key in a product list",
        text: "name: t\nstore: apple\nproduct:\n  - id: a\n  - id: b\n    perod: 1Y\ntimeline: []\n",
        errors: ["6:5: unknown key 'perod' — did you mean 'period'?"]),
      Case(
        label: "unknown timeline key",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: 1d\n    do: card-fails\n    reasn: expired\n",
        errors: ["7:5: unknown key 'reasn' — did you mean 'reason'?"]),
      Case(
        label: "a key of another action",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: 1d\n    do: cancel\n    reason: expired\n",
        errors: ["7:5: key 'reason' does not go with 'do: cancel': expected 'at' or 'do'"]),
      Case(
        label: "a key of another action, listing the action's own",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: 1d\n    do: subscribe\n    for: 2d\n",
        errors: [
          "7:5: key 'for' does not go with 'do: subscribe': expected 'at', 'do', 'product', 'trial', 'first-payment' or 'payment-method'"
        ]
      ),
      Case(
        label: "unknown key of a delivery entry, reported once",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: 1d\n    do: delivery\n    dealy: 6h\n",
        errors: ["7:5: unknown key 'dealy' — did you mean 'delay'?"]),
      Case(
        label: "unknown expectation key",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    acess: yes\n",
        errors: ["7:5: unknown key 'acess' — did you mean 'access'?"]),
      Case(
        label: "unknown delivery key",
        text: "name: t\nstore: apple\nproduct: {}\ndelivery: {dupliate: yes}\ntimeline: []\n",
        errors: ["4:12: unknown key 'dupliate' — did you mean 'duplicate'?"]),
      Case(
        label: "unknown invariant in invariants",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\ninvariants: {no-free-acess: warn}\n",
        errors: ["5:14: unknown key 'no-free-acess' — did you mean 'no-free-access'?"]),

      // Missing keys.
      Case(
        label: "missing required top-level keys",
        text: "store: apple\nproduct: {}\n",
        errors: ["1:1: missing required key 'name'", "1:1: missing required key 'timeline'"]),
      Case(
        label: "missing store and product",
        text: "name: t\ntimeline: []\n",
        errors: ["1:1: missing required key 'store'", "1:1: missing required key 'product'"]),
      Case(
        label: "missing at and do",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - do: cancel\n  - at: 2d\n",
        errors: ["5:5: missing required key 'at'", "6:5: missing required key 'do'"]),
      Case(
        label: "missing an action's own key",
        text:
          "name: t\nstore: google\nproduct: {}\ntimeline:\n  - at: 1d\n    do: pause\n  - at: 2d\n    do: note\n  - at: 3d\n    do: change-product\n",
        errors: [
          "5:5: missing required key 'for'", "7:5: missing required key 'text'",
          "9:5: missing required key 'product'",
        ]),
      Case(
        label: "missing at in an expectation",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - store: active\n",
        errors: ["6:5: missing required key 'at'"]),
      Case(
        label: "an expectation with nothing to check",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n",
        errors: [
          "6:5: an expectation needs at least one of 'store', 'entitlement', 'access', 'prompt', 'sent', 'not-sent' or 'charges'"
        ]),
      Case(
        label: "an outage without for",
        text: "name: t\nstore: apple\nproduct: {}\ndelivery: {outage: {}}\ntimeline: []\n",
        errors: ["4:20: missing required key 'for'"]),

      // Unknown values, with the nearest allowed value.
      Case(
        label: "unknown store",
        text: "name: t\nstore: aple\nproduct: {}\ntimeline: []\n",
        errors: ["2:8: unknown store 'aple' — did you mean 'apple'?"]),
      Case(
        label: "unknown store",
        text: "name: t\nstore: strpie\nproduct: {}\ntimeline: []\n",
        errors: ["2:8: unknown store 'strpie' — did you mean 'stripe'?"]),
      Case(
        label: "unknown action",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: 1d\n    do: cancle\n",
        errors: ["6:9: unknown action 'cancle' — did you mean 'cancel'?"]),
      Case(
        label: "unknown reason",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: 1d\n    do: card-fails\n    reason: expird\n",
        errors: ["7:13: unknown reason 'expird' — did you mean 'expired'?"]),
      Case(
        label: "unknown policy",
        text: "name: t\nstore: apple\nproduct: {}\npolicy: refrence\ntimeline: []\n",
        errors: ["4:9: unknown policy 'refrence' — did you mean 'reference'?"]),
      Case(
        label: "unknown store state",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    store: grac\n",
        errors: ["7:12: unknown store state 'grac' — did you mean 'grace'?"]),
      Case(
        label: "unknown entitlement",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    entitlement: hld\n",
        errors: ["7:18: unknown entitlement 'hld' — did you mean 'hold'?"]),
      Case(
        label: "unknown prompt",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    prompt: hrad\n",
        errors: ["7:13: unknown prompt 'hrad' — did you mean 'hard'?"]),
      Case(
        label: "access is yes or no",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    access: maybe\n  - at: 2d\n    access: ye\n",
        errors: [
          "7:13: expected 'yes' or 'no' for access, found 'maybe'",
          "9:13: unknown value 'ye' — did you mean 'yes'?",
        ]),
      Case(
        label: "unknown invariant level",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\ninvariants: {no-free-access: warning}\n",
        errors: ["5:30: unknown level 'warning' — did you mean 'warn'?"]),
      Case(
        label: "unknown invariant in expect-violations",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect-violations: [no-lockout]\n",
        errors: [
          "5:21: unknown invariant 'no-lockout': expected 'no-lockout-in-grace', 'no-free-access' or 'prompt-matches'"
        ]),
      Case(
        label: "an invariant both turned off and expected to be violated",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\ninvariants: {no-free-access: off}\nexpect-violations: [no-free-access]\n",
        errors: ["6:21: 'no-free-access' cannot be expected to be violated: 'invariants' turns it off"]),
      Case(
        label: "revenuecat is not played in front of stripe",
        text: "name: t\nstore: stripe\nproduct: {}\nchannel: revenuecat\ntimeline: []\n",
        errors: ["4:10: simsub plays the revenuecat channel for apple and google, not stripe"]),
      Case(
        label: "unknown period",
        text: "name: t\nstore: apple\nproduct: {period: 1D}\ntimeline: []\n",
        errors: ["3:19: unknown period '1D': expected 1W, 1M, 2M, 3M, 6M or 1Y"]),

      // Store rules.
      Case(
        label: "google has pause; apple does not",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: 1d\n    do: pause\n    for: 7d\n  - at: 2d\n    do: resume\n",
        errors: ["6:9: google has pause; apple does not", "9:9: google has resume; apple does not"]),
      Case(
        label: "apple grace of 10 days",
        text: "name: t\nstore: apple\nproduct: {period: 1M, grace: 10d}\ntimeline: []\n",
        errors: [
          "3:23: apple offers a billing grace period of 3, 16 or 28 days for monthly products (at most 6 days for weekly ones), or 0d for none, not 10d (product premium.monthly)"
        ]),
      Case(
        label: "apple weekly grace of 7 days",
        text: "name: t\nstore: apple\nproduct: {period: 1W, grace: 7d}\ntimeline: []\n",
        errors: [
          "3:23: apple offers a billing grace period of 3 or 6 days for weekly products (App Store Connect's 16 or 28 days give a weekly product 6), or 0d for none, not 7d (product premium.weekly)"
        ]),
      Case(
        label: "google grace and hold over 60 days points at hold",
        text: "name: t\nstore: google\nproduct: {period: 1M, grace: 30d, hold: 40d}\ntimeline: []\n",
        errors: ["3:35: google requires grace plus account hold to total 30 to 60 days, not 30d + 40d = 70d"]),
      Case(
        label: "google grace and hold under 30 days points at hold",
        text: "name: t\nstore: google\nproduct: {period: 1M, hold: 20d, grace: 3d}\ntimeline: []\n",
        errors: ["3:23: google requires grace plus account hold to total 30 to 60 days, not 3d + 20d = 23d"]),
      Case(
        label: "google hold alone under 30 days points at hold",
        text: "name: t\nstore: google\nproduct: {period: 1M, hold: 10d}\ntimeline: []\n",
        errors: ["3:23: google requires grace plus account hold to total 30 to 60 days, not 7d + 10d = 17d"]),

      // Products.
      Case(
        label: "unknown product in change-product",
        text:
          "name: t\nstore: apple\nproduct:\n  - {id: premium.monthly}\n  - {id: premium.yearly, period: 1Y}\ntimeline:\n  - at: 1d\n    do: change-product\n    product: premium.weekly\n  - at: 2d\n    do: change-product\n    product: gold\n",
        errors: [
          "9:14: unknown product 'premium.weekly' — did you mean 'premium.yearly'?",
          "12:14: unknown product 'gold': this scenario has 'premium.monthly' and 'premium.yearly'",
        ]),
      Case(
        label: "a product with a bad grace still lends its id",
        text:
          "name: t\nstore: apple\nproduct: {id: gold, grace: 10d}\ntimeline:\n  - at: 1d\n    do: change-product\n    product: gold\n",
        errors: [
          "3:21: apple offers a billing grace period of 3, 16 or 28 days for monthly products (at most 6 days for weekly ones), or 0d for none, not 10d (product gold)"
        ]),
      Case(
        label: "duplicate product ids",
        text:
          "name: t\nstore: apple\nproduct:\n  - {period: 1M}\n  - {id: premium.monthly, price: 4.99}\ntimeline: []\n",
        errors: ["5:10: duplicate product id 'premium.monthly': already used on line 4"]),
      Case(
        label: "an empty product list",
        text: "name: t\nstore: apple\nproduct: []\ntimeline: []\n",
        errors: ["3:10: expected at least one product, found an empty list"]),
      Case(
        label: "a product that is not a mapping",
        text: "name: t\nstore: apple\nproduct: premium\ntimeline: []\n",
        errors: ["3:10: expected a product mapping such as {period: 1M}, found 'premium'"]),

      // Instants.
      Case(
        label: "renewal 0",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: renewal 0\n    do: cancel\n",
        errors: ["5:17: 'renewal 0' does not exist: renewals count from 1, the end of the first period"]),
      Case(
        label: "renewal x",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: renewal x\n    do: cancel\n",
        errors: ["5:17: 'renewal x' needs a period number, as in 'renewal 1' or 'renewal 2 + 6h'"]),
      Case(
        label: "renewal 1 * 2d",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: renewal 1 * 2d\n    do: cancel\n",
        errors: ["5:19: 'renewal 1 * 2d' needs '+' or '-' before its offset, as in 'renewal 1 + 2d'"]),
      Case(
        label: "a bad offset after renewal points at the term",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: renewal 2 + 1d 3x\n    do: cancel\n",
        errors: ["5:24: unknown unit 'x' in '3x': use w, d, h or min"]),
      Case(
        label: "a misspelt anchor",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: renewl 1\n    do: cancel\n",
        errors: ["5:9: unknown anchor 'renewl' — did you mean 'renewal'?"]),
      Case(
        label: "a word that is no instant",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: tomorrow\n    do: cancel\n",
        errors: [
          "5:9: expected an instant such as '30d', 'renewal 1 + 2d' or 2026-02-01T09:00:00Z, found 'tomorrow'"
        ]),
      Case(
        label: "a date without a time",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: 2026-03-02\n    do: cancel\n",
        errors: ["5:9: expected an RFC 3339 instant such as 2026-01-31T09:00:00Z, found '2026-03-02'"]),
      Case(
        label: "an instant before the start",
        text:
          "name: t\nstore: apple\nproduct: {}\nstart: 2026-02-01T00:00:00Z\ntimeline:\n  - at: 2026-01-31T23:00:00Z\n    do: cancel\n",
        errors: ["6:9: '2026-01-31T23:00:00Z' is before the scenario's start, 2026-02-01T00:00:00Z"]),
      Case(
        label: "a bad start",
        text: "name: t\nstore: apple\nproduct: {}\nstart: 2026-02-30T00:00:00Z\ntimeline: []\n",
        errors: [
          "4:8: expected an RFC 3339 instant such as 2026-01-31T09:00:00Z, found '2026-02-30T00:00:00Z'"
        ]),
      Case(
        label: "1m is ambiguous",
        text: "name: t\nstore: apple\nproduct: {}\nhorizon: 3m\ntimeline:\n  - at: 1m\n    do: cancel\n",
        errors: [
          "4:10: '3m' is ambiguous: did you mean '3min' or months ('3M', a product period)?",
          "6:9: '1m' is ambiguous: did you mean '1min' or a month ('1M', a product period)?",
        ]),
      Case(
        label: "an instant that is a list",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: [1d]\n    do: cancel\n",
        errors: [
          "5:9: expected an instant such as '30d', 'renewal 1 + 2d' or 2026-02-01T09:00:00Z, found a list"
        ]),
      Case(
        label: "zero step, horizon and pause",
        text:
          "name: t\nstore: google\nproduct: {}\nstep: 0h\nhorizon: 0d\ntimeline:\n  - at: 1d\n    do: pause\n    for: 0d\n",
        errors: [
          "4:7: a step of 0 never advances: give a duration such as '1h'",
          "5:10: a horizon of 0 plays nothing: give a duration such as '90d'",
          "9:10: a pause of 0 changes nothing: give a length such as '1M' or '2w'",
        ]),

      // Prices.
      Case(
        label: "bad prices",
        text:
          "name: t\nstore: apple\nproduct:\n  - {id: a, price: 9.999x}\n  - {id: b, price: 9.9999}\n  - {id: c, price: -1}\n  - {id: d, price: 9.½}\n  - {id: e, price: '+9'}\n  - {id: f, price: 9.}\ntimeline: []\n",
        errors: [
          "4:20: expected a price such as 9.99 (at most three decimals), found '9.999x'",
          "5:20: expected a price such as 9.99 (at most three decimals), found '9.9999'",
          "6:20: expected a price such as 9.99 (at most three decimals), found '-1'",
          "7:20: expected a price such as 9.99 (at most three decimals), found '9.½'",
          "8:20: expected a price such as 9.99 (at most three decimals), found '+9'",
          "9:20: expected a price such as 9.99 (at most three decimals), found '9.'",
        ]),

      // Notification names in `sent`.
      Case(
        label: "a misspelt apple subtype",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    sent: DID_FAIL_TO_RENEW/GRACE_PRIOD\n",
        errors: ["7:11: unknown apple notification subtype 'GRACE_PRIOD' — did you mean 'GRACE_PERIOD'?"]),
      Case(
        label: "a misspelt apple type in a list",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    sent: [SUBSCRIBED, DID_RENW]\n",
        errors: ["7:24: unknown apple notification type 'DID_RENW' — did you mean 'DID_RENEW'?"]),
      Case(
        label: "a google name with apple",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    sent: SUBSCRIPTION_ON_HOLD\n",
        errors: [
          "7:11: 'SUBSCRIPTION_ON_HOLD' is a google notification; apple sends names such as 'DID_RENEW'"
        ]),
      Case(
        label: "google names",
        text:
          "name: t\nstore: google\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    sent: [SUBSCRIPTION_ON_HLD, DID_RENEW, SUBSCRIPTION_RENEWED/X]\n",
        errors: [
          "7:12: unknown google notification 'SUBSCRIPTION_ON_HLD' — did you mean 'SUBSCRIPTION_ON_HOLD'?",
          "7:33: 'DID_RENEW' is an apple notification; google sends names such as 'SUBSCRIPTION_RENEWED'",
          "7:44: google notifications have no subtype: write 'SUBSCRIPTION_RENEWED'",
        ]),
      Case(
        label: "an empty sent list",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    sent: []\n",
        errors: ["7:11: expected at least one notification name, found an empty list"]),

      // Names the store documents, or words of its, that simsub's model never sends.
      Case(
        label: "an apple pairing apple never sends",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    sent: DID_RENEW/BILLING_RETRY\n",
        errors: [
          "7:11: simsub's apple model never sends 'DID_RENEW/BILLING_RETRY': it sends 'DID_RENEW' and 'DID_RENEW/BILLING_RECOVERY'"
        ]),
      Case(
        label: "an apple type the model does not play, in not-sent",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    not-sent: [REFUND, RENEWAL_EXTENSION]\n",
        errors: [
          "7:24: simsub's apple model never sends 'RENEWAL_EXTENSION': it is not played (docs/STORE-MODELS.md lists what is)"
        ]),
      Case(
        label: "an offer redeemed with a product change, which the apple model does not play",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    sent: OFFER_REDEEMED/UPGRADE\n",
        errors: [
          "7:11: simsub's apple model never sends 'OFFER_REDEEMED/UPGRADE': it sends 'OFFER_REDEEMED'"
        ]),
      Case(
        label: "stripe events the model never sends",
        text:
          "name: t\nstore: stripe\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, sent: [invoice.finalized, invoice.voided]}\n",
        errors: [
          "6:21: simsub's stripe model never sends 'invoice.finalized': it is not played (docs/STORE-MODELS.md lists what is)",
          "6:40: simsub's stripe model never sends 'invoice.voided': it is not played (docs/STORE-MODELS.md lists what is)",
        ]),
      Case(
        label: "a google notification the model never sends",
        text:
          "name: t\nstore: google\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, not-sent: SUBSCRIPTION_ITEMS_CHANGED}\n",
        errors: [
          "6:24: simsub's google model never sends 'SUBSCRIPTION_ITEMS_CHANGED': it is not played (docs/STORE-MODELS.md lists what is)"
        ]),
      Case(
        // Google's documented codes 17, 18 and 22 are known names, not unknown ones, and the
        // longest of them (42 characters) is named whole.
        label: "google's documented codes 17, 18 and 22, not played",
        text:
          "name: t\nstore: google\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, sent: [SUBSCRIPTION_ITEMS_CHANGED, SUBSCRIPTION_CANCELLATION_SCHEDULED, SUBSCRIPTION_PRICE_STEP_UP_CONSENT_UPDATED]}\n",
        errors: [
          "6:21: simsub's google model never sends 'SUBSCRIPTION_ITEMS_CHANGED': it is not played (docs/STORE-MODELS.md lists what is)",
          "6:49: simsub's google model never sends 'SUBSCRIPTION_CANCELLATION_SCHEDULED': it is not played (docs/STORE-MODELS.md lists what is)",
          "6:86: simsub's google model never sends 'SUBSCRIPTION_PRICE_STEP_UP_CONSENT_UPDATED': it is not played (docs/STORE-MODELS.md lists what is)",
        ]),
      Case(
        label: "a subtype on google's longest documented name",
        text:
          "name: t\nstore: google\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, sent: SUBSCRIPTION_PRICE_STEP_UP_CONSENT_UPDATED/X}\n",
        errors: [
          "6:20: google notifications have no subtype: write 'SUBSCRIPTION_PRICE_STEP_UP_CONSENT_UPDATED'"
        ]),
      Case(
        label: "a revenuecat pause event in front of apple",
        text:
          "name: t\nstore: apple\nchannel: revenuecat\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, sent: [SUBSCRIPTION_PAUSED, EXPIRATION/SUBSCRIPTION_PAUSED]}\n",
        errors: [
          "7:21: revenuecat in front of simsub's apple model never sends 'SUBSCRIPTION_PAUSED': it is not played (docs/STORE-MODELS.md lists what is)",
          "7:42: revenuecat in front of simsub's apple model never sends 'EXPIRATION/SUBSCRIPTION_PAUSED': it sends 'EXPIRATION/BILLING_ERROR', 'EXPIRATION/UNSUBSCRIBE', 'EXPIRATION/PRICE_INCREASE' and 'EXPIRATION/UNKNOWN'",
        ]),
      Case(
        label: "a revenuecat event type documented but not played",
        text:
          "name: t\nstore: google\nchannel: revenuecat\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, not-sent: TRANSFER}\n",
        errors: [
          "7:24: revenuecat in front of simsub's google model never sends 'TRANSFER': it is not played (docs/STORE-MODELS.md lists what is)"
        ]),
      Case(
        label: "an empty not-sent list",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    not-sent: []\n",
        errors: ["7:15: expected at least one notification name, found an empty list"]),

      // `since: previous`.
      Case(
        label: "since on the first expectation",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, sent: SUBSCRIBED, since: previous}\n",
        errors: ["6:39: 'since: previous' needs an expectation before this one"]),
      Case(
        label: "since without sent or not-sent",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, access: yes}\n  - {at: 2d, access: yes, since: previous}\n",
        errors: ["7:34: 'since' narrows 'sent' and 'not-sent'; this expectation has neither"]),
      Case(
        label: "since with a value other than previous",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, access: yes}\n  - {at: 2d, sent: SUBSCRIBED, since: previus}\n",
        errors: ["7:39: unknown since 'previus' — did you mean 'previous'?"]),
      Case(
        label: "since for a member with no earlier expectation of its own",
        text:
          "name: t\nstore: apple\nfamily-members: 1\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, access: yes}\n  - {at: 2d, member: 1, sent: SUBSCRIBED, since: previous}\n",
        errors: ["8:50: 'since: previous' needs an expectation before this one for member 1"]),

      // Shapes and names.
      Case(
        label: "a name with a line break",
        text: "name: \"two\\nlines\"\nstore: apple\nproduct: {}\ntimeline: []\n",
        errors: ["1:7: expected a one-line name, found text with a line break or a control character"]),
      Case(
        label: "a timeline that is not a list",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: {at: 1d}\n",
        errors: ["4:11: expected a list of timeline entries, found a mapping"]),
      Case(
        label: "a timeline entry that is not a mapping",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - cancel\n",
        errors: ["5:5: expected a timeline entry (a mapping with 'at' and 'do'), found 'cancel'"]),
      Case(
        label: "a scenario that is a list",
        text: "- name: t\n",
        errors: ["1:1: expected a scenario mapping, found a list"]),
      // Family Sharing.
      Case(
        label: "family members on google",
        text: "name: t\nstore: google\nproduct: {}\nfamily-members: 2\ntimeline: []\n",
        errors: [
          "4:17: family-members is an apple setting: simsub plays Family Sharing for the App Store, not google"
        ]),
      Case(
        label: "family members on stripe",
        text: "name: t\nstore: stripe\nproduct: {}\nfamily-members: 1\ntimeline: []\n",
        errors: [
          "4:17: family-members is an apple setting: simsub plays Family Sharing for the App Store, not stripe"
        ]),
      Case(
        label: "six family members",
        text: "name: t\nstore: apple\nproduct: {}\nfamily-members: 6\ntimeline: []\n",
        errors: [
          "4:17: family-members is 0 to 5, not 6: apple's Family Sharing shares a purchase with up to five family members"
        ]),
      Case(
        label: "a negative number of family members",
        text: "name: t\nstore: apple\nproduct: {}\nfamily-members: -1\ntimeline: []\n",
        errors: [
          "4:17: family-members is 0 to 5, not -1: apple's Family Sharing shares a purchase with up to five family members"
        ]),
      Case(
        label: "family members that are not a number",
        text: "name: t\nstore: apple\nproduct: {}\nfamily-members: two\ntimeline: []\n",
        errors: ["4:17: expected an integer, found 'two'"]),
      Case(
        label: "family members behind revenuecat",
        text: "name: t\nstore: apple\nproduct: {}\nchannel: revenuecat\nfamily-members: 1\ntimeline: []\n",
        errors: [
          "5:17: family members are played with the direct channel: simsub's revenuecat channel does not carry Family Sharing"
        ]),
      Case(
        label: "stop-sharing and leave-family on google",
        text:
          "name: t\nstore: google\nproduct: {}\ntimeline:\n  - at: 1d\n    do: stop-sharing\n  - at: 2d\n    do: leave-family\n    member: 1\n",
        errors: [
          "6:9: apple has stop-sharing; google does not", "8:9: apple has leave-family; google does not",
          // The entry's other keys are still checked while its action is refused.
          "9:13: member 1 does not exist: this scenario has no family members (add 'family-members: 1' or more)",
        ]),
      Case(
        label: "reverse-refund on google and stripe",
        text:
          "name: t\nsources:\n  - {store: google, product: {}}\n  - {store: stripe, product: {}}\ntimeline:\n  - {at: 1d, source: google, do: reverse-refund}\n  - {at: 2d, source: stripe, do: reverse-refund}\n",
        errors: [
          "6:34: apple has reverse-refund; google does not",
          "7:34: apple has reverse-refund; stripe does not",
        ]),
      Case(
        label: "extend-renewal by what Apple does not allow",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: extend-renewal, by: 0d}\n  - {at: 2d, do: extend-renewal, by: 91d}\n  - {at: 3d, do: extend-renewal, by: 36h}\n  - {at: 4d, do: extend-renewal}\n",
        errors: [
          "5:38: apple extends a renewal date by whole days, 1d to 90d, not 0d",
          "6:38: apple extends a renewal date by whole days, 1d to 90d, not 91d",
          "7:38: apple extends a renewal date by whole days, 1d to 90d, not 1d 12h",
          "8:5: missing required key 'by'",
        ]),
      Case(
        label: "first-payment on apple",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 0d, do: subscribe, first-payment: fails}\n",
        errors: [
          "5:44: stripe (fails, requires-action) and google (pending) have first-payment; apple does not"
        ]),
      Case(
        label: "first-payment of the other store",
        text:
          "name: t\nstore: google\nproduct: {}\ntimeline:\n  - {at: 0d, do: subscribe, first-payment: fails}\n  - {at: 1d, do: complete-purchase}\n",
        errors: ["5:44: google's first payment may be 'pending', not 'fails'"]),
      Case(
        label: "a pending first payment on stripe; complete-purchase on stripe",
        text:
          "name: t\nstore: stripe\nproduct: {}\ntimeline:\n  - {at: 0d, do: subscribe, first-payment: pending}\n  - {at: 1d, do: complete-purchase}\n",
        errors: [
          "5:44: stripe's first payment may be 'fails' or 'requires-action', not 'pending'",
          "6:18: google has complete-purchase; stripe does not",
        ]),
      Case(
        label: "first-payment misspelt, with a trial; authenticate on google",
        text:
          "name: t\nstore: stripe\nproduct: {trial: 7d}\ntimeline:\n  - {at: 0d, do: subscribe, first-payment: fail}\n  - {at: 1d, do: subscribe, trial: yes, first-payment: fails}\n",
        errors: [
          "5:44: unknown first payment 'fail' — did you mean 'fails'?",
          "6:56: a subscription with a trial makes no first payment: drop 'trial: yes' or 'first-payment'",
        ]),
      Case(
        label: "payment-method on apple, and missing-payment-method on google",
        text:
          "name: t\nstore: apple\nproduct: {trial: 7d}\ntimeline:\n  - {at: 0d, do: subscribe, payment-method: none}\n",
        errors: ["5:45: stripe has payment-method (a free trial begun without one); apple does not"]),
      Case(
        label: "missing-payment-method on google",
        text:
          "name: t\nstore: google\nproduct: {trial: 7d, missing-payment-method: pause}\ntimeline: []\n",
        errors: [
          "3:46: missing-payment-method is a stripe setting (a trial begun without a payment method); google has none"
        ]),
      Case(
        label: "missing-payment-method misspelt",
        text: "name: t\nstore: stripe\nproduct: {trial: 7d, missing-payment-method: paused}\ntimeline: []\n",
        errors: ["3:46: unknown value 'paused' — did you mean 'pause'?"]),
      Case(
        label: "payment-method misspelt, without a trial, and with a first payment",
        text:
          "name: t\nstore: stripe\nproduct: {trial: 7d}\ntimeline:\n  - {at: 0d, do: subscribe, payment-method: nothing}\n  - {at: 1d, do: subscribe, trial: no, payment-method: none}\n  - {at: 2d, do: subscribe, first-payment: fails, payment-method: none}\n",
        errors: [
          "5:45: unknown payment method 'nothing': expected 'card' or 'none'",
          "6:56: payment-method: none begins a free trial without a payment method: the product needs a 'trial' and the entry no 'trial: no'",
          "7:67: a subscription without a payment method makes no first payment: drop 'first-payment' or 'payment-method: none'",
        ]),
      Case(
        label: "a stripe hard decline on apple, and a misspelt one on stripe",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: card-fails, reason: stolen-card}\n  - {at: 2d, do: card-fails, reason: stolen}\n",
        errors: [
          "5:38: stolen-card is a stripe hard decline (retries wait for a new card); apple takes 'expired', 'insufficient-funds' or 'declined'",
          "6:38: unknown reason 'stolen': expected 'expired', 'insufficient-funds' or 'declined'",
        ]),
      Case(
        label:
          "a price increase's notice on an opt-in increase, and of a length Google does not give",
        text:
          "name: t\nstore: google\nproduct: {raised-price: 12}\ntimeline:\n  - {at: 1d, do: raise-price, notice: 60d}\n  - {at: 2d, do: raise-price, consent: not-required, notice: 45d}\n",
        errors: [
          "5:39: notice chooses an opt-out increase's notice (with 'consent: not-required'); an opt-in increase's is always 37 days",
          "6:62: unknown notice '45d': expected '30d' or '60d'",
        ]),
      Case(
        label: "a price increase's notice on apple",
        text:
          "name: t\nstore: apple\nproduct: {raised-price: 12}\ntimeline:\n  - {at: 1d, do: raise-price, consent: not-required, notice: 30d}\n",
        errors: [
          "5:62: notice is Google's opt-out notice period (30d or 60d); apple has none to choose"
        ]),
      Case(
        label: "a misspelt hard decline on stripe",
        text:
          "name: t\nstore: stripe\nproduct: {}\ntimeline:\n  - {at: 1d, do: card-fails, reason: lost-cards}\n",
        errors: ["5:38: unknown reason 'lost-cards' — did you mean 'lost-card'?"]),
      Case(
        label: "replacement-mode on stripe",
        text:
          "name: t\nstore: stripe\nproduct: [{id: a}, {id: b}]\ntimeline:\n  - {at: 1d, do: change-product, product: b, replacement-mode: deferred}\n",
        errors: [
          "5:64: google has replacement-mode (how a plan change is billed); stripe does not: stripe's is 'proration'"
        ]),
      Case(
        label: "replacement-mode on apple",
        text:
          "name: t\nstore: apple\nproduct: [{id: a}, {id: b}]\ntimeline:\n  - {at: 1d, do: change-product, product: b, replacement-mode: deferred}\n",
        errors: ["5:64: google has replacement-mode (how a plan change is billed); apple does not"]),
      Case(
        label: "proration on google",
        text:
          "name: t\nstore: google\nproduct: [{id: a}, {id: b}]\ntimeline:\n  - {at: 1d, do: change-product, product: b, proration: none}\n",
        errors: [
          "5:57: stripe has proration (how a plan change is billed); google does not: google's is 'replacement-mode'"
        ]),
      Case(
        label: "proration on apple",
        text:
          "name: t\nstore: apple\nproduct: [{id: a}, {id: b}]\ntimeline:\n  - {at: 1d, do: change-product, product: b, proration: none}\n",
        errors: ["5:57: stripe has proration (how a plan change is billed); apple does not"]),
      Case(
        label: "a misspelt replacement mode",
        text:
          "name: t\nstore: google\nproduct: [{id: a}, {id: b}]\ntimeline:\n  - {at: 1d, do: change-product, product: b, replacement-mode: with-time-prorations}\n",
        errors: [
          "5:64: unknown replacement mode 'with-time-prorations' — did you mean 'with-time-proration'?"
        ]),
      Case(
        label: "a misspelt proration behavior",
        text:
          "name: t\nstore: stripe\nproduct: [{id: a}, {id: b}]\ntimeline:\n  - {at: 1d, do: change-product, product: b, proration: always}\n",
        errors: [
          "5:57: unknown proration behavior 'always': expected 'create-prorations', 'always-invoice' or 'none'"
        ]),
      Case(
        label: "replacement-mode on another action",
        text:
          "name: t\nstore: google\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancel, replacement-mode: deferred}\n",
        errors: ["5:26: key 'replacement-mode' does not go with 'do: cancel': expected 'at' or 'do'"]),
      Case(
        label: "authenticate on google",
        text: "name: t\nstore: google\nproduct: {}\ntimeline:\n  - {at: 1d, do: authenticate}\n",
        errors: ["5:18: stripe has authenticate; google does not"]),
      Case(
        label: "raise-price without a raised-price, and a consent apple does not know",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: raise-price}\n  - {at: 2d, do: raise-price, consent: maybe}\n",
        errors: [
          "5:18: raise-price raises a product to its 'raised-price': give the product one, such as 'raised-price: 12.99'",
          "6:18: raise-price raises a product to its 'raised-price': give the product one, such as 'raised-price: 12.99'",
          "6:40: unknown consent 'maybe': expected 'required' or 'not-required'",
        ]),
      Case(
        label: "a raised-price that is no increase",
        text: "name: t\nstore: apple\nproduct: {price: 9.99, raised-price: 9.99}\ntimeline: []\n",
        errors: ["3:38: raised-price must be above the product's price (9.99): a price increase"]),
      Case(
        label: "a price increase at stripe, which apple and google play",
        text:
          "name: t\nstore: stripe\nproduct: {raised-price: 12.99}\ntimeline:\n  - {at: 1d, do: raise-price}\n  - {at: 2d, do: accept-price}\n",
        errors: [
          "3:25: raised-price is the price after a raise-price, which apple and google play; stripe does not",
          "5:18: apple and google have raise-price; stripe does not",
          "6:18: apple and google have accept-price; stripe does not",
        ]),
      Case(
        label: "a price increase at google needs a raised-price and a known consent",
        text:
          "name: t\nstore: google\nproduct: {}\ntimeline:\n  - {at: 1d, do: raise-price, consent: opt-in}\n",
        errors: [
          "5:18: raise-price raises a product to its 'raised-price': give the product one, such as 'raised-price: 12.99'",
          "5:40: unknown consent 'opt-in': expected 'required' or 'not-required'",
        ]),
      Case(
        label: "redeem-offer of a product without an offer",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: redeem-offer}\n",
        errors: [
          "5:18: redeem-offer redeems the product's offer: give premium.monthly one, such as 'offer: offer-code'"
        ]),
      Case(
        label: "an unknown offer, and an offer-price without an offer",
        text:
          "name: t\nstore: apple\nproduct:\n  - {id: a, offer: coupon}\n  - {id: b, offer-price: 4.99}\ntimeline: []\n",
        errors: [
          "4:20: unknown offer 'coupon': expected 'promotional', 'offer-code' or 'win-back'",
          "5:13: offer-price describes the product's offer: give the product one, such as 'offer: offer-code'",
        ]),
      Case(
        label: "an offer at google",
        text:
          "name: t\nstore: google\nproduct: {offer: offer-code}\ntimeline:\n  - {at: 1d, do: redeem-offer}\n",
        errors: [
          "3:18: offer is an App Store subscription offer (redeem-offer), which apple plays; google does not",
          "5:18: apple has redeem-offer; google does not",
        ]),
      Case(
        label: "an offer that is no discount, and more periods than an offer lasts",
        text:
          "name: t\nstore: apple\nproduct: {price: 9.99, offer: promotional, offer-price: 9.99, offer-periods: 13}\ntimeline: []\n",
        errors: [
          "3:44: offer-price must be below what the product charges for the same time (9.99): an offer is a discount",
          "3:78: 13 is out of range: expected 1 to 12",
        ]),
      Case(
        label: "a free offer with a price, and one paid up front without a price",
        text:
          "name: t\nstore: apple\nproduct:\n  - {id: a, offer: win-back, offer-payment: free, offer-price: 1.99}\n  - {id: b, offer: win-back, offer-payment: pay-up-front}\ntimeline: []\n",
        errors: [
          "4:51: a free offer charges nothing: write offer-price: 0 or give an offer-payment",
          "5:30: offer-payment pay-up-front charges the offer-price: give one, such as 'offer-price: 4.99'",
        ]),
      Case(
        label: "extend-renewal on google",
        text: "name: t\nstore: google\nproduct: {}\ntimeline:\n  - {at: 1d, do: extend-renewal, by: 5d}\n",
        errors: ["5:18: apple has extend-renewal; google does not"]),
      Case(
        label: "a pause google does not offer, or written in days for a monthly product",
        text:
          "name: t\nstore: google\nproduct: {period: 1M}\ntimeline:\n  - {at: 1d, do: pause, for: 30d}\n  - {at: 2d, do: pause, for: 4M}\n  - {at: 3d, do: pause, for: 2w}\n",
        errors: [
          "5:30: google pauses a monthly product for 1, 2 or 3 calendar months: write 1M, 2M or 3M, not 30d",
          "6:30: '4M' is not a duration: months and years vary in length, so durations use w, d, h or min (a product's period may be '1M' or '1Y')",
          "7:30: google pauses a monthly product for 1, 2 or 3 calendar months: write 1M, 2M or 3M, not 2w",
        ]),
      Case(
        label: "a pause google does not offer on weekly and yearly products",
        text:
          "name: t\nstore: google\nproduct: {period: 1W}\ntimeline:\n  - {at: 1d, do: pause, for: 1M}\n  - {at: 2d, do: pause, for: 10d}\n  - {at: 3d, do: pause, for: 5w}\n  - {at: 4d, do: pause, for: 2w}\n",
        errors: [
          "5:30: google pauses a weekly product for 1, 2, 3 or 4 weeks (1w to 4w), not 1M",
          "6:30: google pauses a weekly product for 1, 2, 3 or 4 weeks (1w to 4w), not 10d",
          "7:30: google pauses a weekly product for 1, 2, 3 or 4 weeks (1w to 4w), not 5w",
        ]),
      Case(
        label: "no pause on a yearly google product",
        text: "name: t\nstore: google\nproduct: {period: 1Y}\ntimeline:\n  - {at: 1d, do: pause, for: 1M}\n",
        errors: ["5:30: google offers no pause for a yearly product"]),
      Case(
        label: "defer by what Google does not allow",
        text:
          "name: t\nstore: google\nproduct: {}\ntimeline:\n  - {at: 1d, do: defer, by: 0d}\n  - {at: 2d, do: defer, by: 366d}\n  - {at: 3d, do: defer, by: 23h}\n  - {at: 4d, do: defer}\n",
        errors: [
          "5:29: google defers a billing date by 1d to 365d, not 0d",
          "6:29: google defers a billing date by 1d to 365d, not 366d",
          "7:29: google defers a billing date by 1d to 365d, not 23h",
          "8:5: missing required key 'by'",
        ]),
      Case(
        label: "defer on apple and stripe",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: defer, by: 5d}\n",
        errors: ["5:18: google has defer; apple does not"]),
      Case(
        label: "stop-sharing without family members",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: 1d\n    do: stop-sharing\n",
        errors: [
          "6:9: stop-sharing needs family members to stop sharing with: add 'family-members: 1' or more"
        ]),
      Case(
        label: "leave-family without family members",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - at: 1d\n    do: leave-family\n    member: 1\n",
        errors: [
          "7:13: member 1 does not exist: this scenario has no family members (add 'family-members: 1' or more)"
        ]),
      Case(
        label: "leave-family without a member",
        text:
          "name: t\nstore: apple\nproduct: {}\nfamily-members: 2\ntimeline:\n  - at: 1d\n    do: leave-family\n",
        errors: ["6:5: missing required key 'member'"]),
      Case(
        label: "leave-family for a member the family does not have",
        text:
          "name: t\nstore: apple\nproduct: {}\nfamily-members: 2\ntimeline:\n  - at: 1d\n    do: leave-family\n    member: 3\n  - at: 2d\n    do: leave-family\n    member: 0\n",
        errors: [
          "8:13: member 3 does not exist: this scenario has 2 family members",
          "11:13: member 0 does not exist: family members count from 1",
        ]),
      Case(
        label: "member does not go with stop-sharing",
        text:
          "name: t\nstore: apple\nproduct: {}\nfamily-members: 2\ntimeline:\n  - at: 1d\n    do: stop-sharing\n    member: 1\n",
        errors: ["8:5: key 'member' does not go with 'do: stop-sharing': expected 'at' or 'do'"]),
      Case(
        label: "an expectation for a member the family does not have",
        text:
          "name: t\nstore: apple\nproduct: {}\nfamily-members: 1\ntimeline: []\nexpect:\n  - at: 1d\n    member: 2\n    store: active\n",
        errors: ["8:13: member 2 does not exist: this scenario has 1 family member"]),
      Case(
        label: "an expectation for a member without family",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, member: 1, access: yes}\n",
        errors: [
          "6:22: member 1 does not exist: this scenario has no family members (add 'family-members: 1' or more)"
        ]),
      Case(
        label: "an expectation naming only its member",
        text:
          "name: t\nstore: apple\nproduct: {}\nfamily-members: 1\ntimeline: []\nexpect:\n  - {at: 1d, member: 1}\n",
        errors: [
          "7:5: an expectation needs at least one of 'store', 'entitlement', 'access', 'prompt', 'sent', 'not-sent' or 'charges'"
        ]),
      // Stripe and RevenueCat notification names.
      Case(
        label: "a misspelt stripe event",
        text:
          "name: t\nstore: stripe\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, sent: invoice.payed}\n",
        errors: ["6:20: unknown stripe event type 'invoice.payed' — did you mean 'invoice.paid'?"]),
      Case(
        label: "an apple name on stripe",
        text: "name: t\nstore: stripe\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, sent: DID_RENEW}\n",
        errors: [
          "6:20: unknown stripe event type 'DID_RENEW': expected 'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'customer.subscription.paused', 'customer.subscription.resumed', 'customer.subscription.trial_will_end', 'invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed', 'invoice.payment_action_required' or 'charge.refunded'"
        ]),
      Case(
        label: "a misspelt revenuecat type",
        text:
          "name: t\nstore: google\nchannel: revenuecat\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, sent: BILLING_ISSUES}\n",
        errors: ["7:20: unknown revenuecat event type 'BILLING_ISSUES' — did you mean 'BILLING_ISSUE'?"]),
      Case(
        label: "a misspelt revenuecat reason",
        text:
          "name: t\nstore: apple\nchannel: revenuecat\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, sent: CANCELLATION/BILLING_EROR}\n",
        errors: ["7:20: unknown revenuecat reason 'BILLING_EROR' — did you mean 'BILLING_ERROR'?"]),
      Case(
        label: "a google name behind revenuecat",
        text:
          "name: t\nstore: google\nchannel: revenuecat\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, sent: SUBSCRIPTION_ON_HOLD}\n",
        errors: [
          "7:20: unknown revenuecat event type 'SUBSCRIPTION_ON_HOLD': expected 'TEST', 'INITIAL_PURCHASE', 'RENEWAL', 'CANCELLATION', 'UNCANCELLATION', 'NON_RENEWING_PURCHASE', 'SUBSCRIPTION_PAUSED', 'EXPIRATION', 'BILLING_ISSUE', 'PRODUCT_CHANGE', 'TRANSFER', 'SUBSCRIPTION_EXTENDED', 'TEMPORARY_ENTITLEMENT_GRANT', 'REFUND_REVERSED', 'INVOICE_ISSUANCE', 'VIRTUAL_CURRENCY_TRANSACTION' or 'EXPERIMENT_ENROLLMENT'"
        ]),
      Case(
        label: "charges out of range",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - at: 1d\n    charges: -1\n",
        errors: ["7:14: -1 is out of range: expected 0 to 1000000"]),
    ]

    @Test(arguments: cases) func reportsTheError(_ c: Case) {
      #expect(ScenarioTesting.errors(c.text) == c.errors)
    }

    /// A misspelt store must not hide the product's, timeline's and expectations' own errors,
    /// nor invent store-specific ones ("google has pause; aple does not").
    @Test func aBadStoreStillLetsEverythingElseBeChecked() {
      let text = """
        name: t
        store: gogle
        product: {period: 1M, grase: 16d}
        timeline:
          - at: 1d
            do: pause
            for: 7d
          - at: 2d
            do: card-fails
            reason: expird
        expect:
          - at: 3d
            store: activ

        """
      #expect(
        ScenarioTesting.errors(text) == [
          "2:8: unknown store 'gogle' — did you mean 'google'?",
          "3:23: unknown key 'grase' — did you mean 'grace'?",
          "10:13: unknown reason 'expird' — did you mean 'expired'?",
          "13:12: unknown store state 'activ' — did you mean 'active'?",
        ])
    }

    /// Every error of a file, collected and rendered in file order with the quoted line and a
    /// caret, the way `simsub run` prints them.
    @Test func severalErrorsAreRenderedTogetherInFileOrder() throws {
      let text = """
        name: Many mistakes
        store: apple
        product: {period: 1M, grace: 10d}
        polcy: reference
        timeline:
          - at: renewal 0
            do: card-fail
          - at: 1m
            do: pause
            for: 7d
        expect:
          - at: 3d
            prompt: sof

        """
      let failure = try #require(ScenarioTesting.decode(text, path: "Scenarios/bad.scn").failure)
      #expect(
        failure.rendered == """
          Scenarios/bad.scn:3:23: error: apple offers a billing grace period of 3, 16 or 28 days for monthly products (at most 6 days for weekly ones), or 0d for none, not 10d (product premium.monthly)
            product: {period: 1M, grace: 10d}
                                  ^
          Scenarios/bad.scn:4:1: error: unknown key 'polcy' — did you mean 'policy'?
            polcy: reference
            ^
          Scenarios/bad.scn:6:17: error: 'renewal 0' does not exist: renewals count from 1, the end of the first period
              - at: renewal 0
                            ^
          Scenarios/bad.scn:7:9: error: unknown action 'card-fail' — did you mean 'card-fails'?
                do: card-fail
                    ^
          Scenarios/bad.scn:8:9: error: '1m' is ambiguous: did you mean '1min' or a month ('1M', a product period)?
              - at: 1m
                    ^
          Scenarios/bad.scn:9:9: error: google has pause; apple does not
                do: pause
                    ^
          Scenarios/bad.scn:13:13: error: unknown prompt 'sof' — did you mean 'soft'?
                prompt: sof
                        ^

          """)
    }

    @Test func aSyntaxErrorIsRenderedTheSameWay() throws {
      let failure = try #require(
        ScenarioTesting.decode("name: t\nstore: apple\n\tproduct: {}\n", path: "x.scn").failure)
      #expect(failure.rendered.hasPrefix("x.scn:3:1: error: "))
      #expect(failure.rendered.contains("\n  ^\n"))
    }

    @Test func aMissingFileIsReportedByPath() throws {
      let failure = try #require(
        Result { () throws(ScenarioLoader.Failure) in
          try ScenarioLoader.load(path: "/nonexistent/simsub/none.scn")
        }.failure)
      #expect(failure.rendered == "/nonexistent/simsub/none.scn: error: cannot read the file")
    }
  }
}
