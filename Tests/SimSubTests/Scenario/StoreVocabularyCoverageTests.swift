import Foundation
import TestSupport
import Testing

@testable import SimSub

extension ScenarioTests {
  /// docs/STORE-MODELS.md's promise, store by store: every notification and event type the
  /// decoders know (the store's documented vocabulary) is either sent by simsub's model (its
  /// `sent` list) or a row of the page's "Not modelled" table for that store, with its reason; no
  /// row is also sent; and a scenario naming a row in `sent:` or `not-sent:` is an error.
  @Suite struct StoreVocabularyCoverageTests {
    /// A row of a "Not modelled" table: the name a scenario would write, and for RevenueCat the
    /// stores it is not sent behind.
    struct Row: Sendable {
      var name: String
      var behind: [String]
      var cells: [String]
    }

    static let page: String =
      (try? String(contentsOf: packageRoot.appendingPathComponent("docs/STORE-MODELS.md"), encoding: .utf8))
      ?? ""

    /// The rows of the table under `### Not modelled: <store>`, up to the next heading.
    static func rows(_ store: String) -> [Row] {
      let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      guard let start = lines.firstIndex(of: "### Not modelled: \(store)") else { return [] }
      var rows: [Row] = []
      for line in lines[(start + 1)...] {
        if line.hasPrefix("#") { break }
        guard line.hasPrefix("| `") else { continue }
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
          .map { $0.trimmingCharacters(in: .whitespaces) }
        let name = cells[0].split(separator: "`", omittingEmptySubsequences: false)[1]
        let behind =
          store == "RevenueCat"
          ? cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
        rows.append(Row(name: String(name), behind: behind, cells: cells))
      }
      return rows
    }

    /// Every row has its reason and its source, and no name is listed twice.
    static func expectWellFormed(
      _ rows: [Row], columns: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
      #expect(!rows.isEmpty, "no 'Not modelled' table found", sourceLocation: sourceLocation)
      for row in rows {
        #expect(
          row.cells.count == columns && row.cells.allSatisfy { !$0.isEmpty },
          "\(row.name): a row needs \(columns) filled cells (name, reason, source)",
          sourceLocation: sourceLocation)
      }
      let names = rows.map { $0.name + " " + $0.behind.joined(separator: ",") }
      #expect(Set(names).count == names.count, "a name is listed twice", sourceLocation: sourceLocation)
    }

    /// A scenario of `store` (behind `channel`) that names `name` in `key`.
    static func scenario(store: String, channel: String? = nil, key: String, name: String) -> String {
      "name: t\nstore: \(store)\n" + (channel.map { "channel: \($0)\n" } ?? "")
        + "product: {}\ntimeline: []\nexpect:\n  - {at: 1d, \(key): \(name)}\n"
    }

    /// `sent:` and `not-sent:` naming `name` are errors (`rejected`), or both decode.
    static func expectDecoding(
      store: String, channel: String? = nil, name: String, rejected: Bool,
      sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
      for key in ["sent", "not-sent"] {
        let errors = ScenarioTesting.errors(scenario(store: store, channel: channel, key: key, name: name))
        if rejected {
          #expect(
            !errors.isEmpty, "\(store) \(key): \(name) decodes, but the model never sends it",
            sourceLocation: sourceLocation)
        } else {
          #expect(
            errors == [], "\(store) \(key): \(name), which the model sends", sourceLocation: sourceLocation)
        }
      }
    }

    /// Every `notificationType`/`subtype` pairing Apple documents (App Store Server Notifications,
    /// `subtype`: "Applies to the … notificationType"; `notificationType` for the types sent
    /// without one), as `sent:` names. The decoder knows the words, not which go together.
    static let applePairings: [String] = [
      "SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/RESUBSCRIBE",
      "DID_RENEW", "DID_RENEW/BILLING_RECOVERY",
      "DID_FAIL_TO_RENEW", "DID_FAIL_TO_RENEW/GRACE_PERIOD",
      "GRACE_PERIOD_EXPIRED",
      "EXPIRED/VOLUNTARY", "EXPIRED/BILLING_RETRY", "EXPIRED/PRICE_INCREASE", "EXPIRED/PRODUCT_NOT_FOR_SALE",
      "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
      "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_PREF/UPGRADE", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE",
      "OFFER_REDEEMED", "OFFER_REDEEMED/INITIAL_BUY", "OFFER_REDEEMED/RESUBSCRIBE", "OFFER_REDEEMED/UPGRADE",
      "OFFER_REDEEMED/DOWNGRADE",
      "PRICE_INCREASE/PENDING", "PRICE_INCREASE/ACCEPTED",
      "REFUND", "REFUND_DECLINED", "REFUND_REVERSED", "CONSUMPTION_REQUEST",
      "RENEWAL_EXTENDED", "RENEWAL_EXTENSION/SUMMARY", "RENEWAL_EXTENSION/FAILURE",
      "REVOKE", "TEST", "ONE_TIME_CHARGE",
      "EXTERNAL_PURCHASE_TOKEN/UNREPORTED", "EXTERNAL_PURCHASE_TOKEN/CREATED",
      "EXTERNAL_PURCHASE_TOKEN/ACTIVE_TOKEN_REMINDER",
    ]

    @Test func appleTypesAndPairingsAreSentOrListed() {
      let rows = Self.rows("Apple App Store")
      Self.expectWellFormed(rows, columns: 3)
      let listed = rows.map(\.name)
      let sent = AppStoreModel.sentNames
      let types = AppStoreNotificationType.documented.map(\.rawValue)
      let subtypes = AppStoreNotificationSubtype.documented.map(\.rawValue)
      // The pairings use every word of the decoder's vocabulary, and only those.
      for type in types {
        #expect(
          Self.applePairings.contains { $0 == type || $0.hasPrefix(type + "/") }, "apple \(type): no pairing")
      }
      for subtype in subtypes {
        #expect(
          Self.applePairings.contains { $0.hasSuffix("/" + subtype) }, "apple subtype \(subtype): no pairing")
      }
      for pairing in Self.applePairings {
        let parts = pairing.split(separator: "/", maxSplits: 1).map(String.init)
        #expect(types.contains(parts[0]), "\(pairing): not a documented notificationType")
        if parts.count == 2 { #expect(subtypes.contains(parts[1]), "\(pairing): not a documented subtype") }
        #expect(
          sent.contains(pairing) != listed.contains(pairing),
          "apple \(pairing): must be either sent or listed, once")
      }
      for name in sent {
        #expect(Self.applePairings.contains(name), "AppStoreModel.sent has \(name), not a documented pairing")
        Self.expectDecoding(store: "apple", name: name, rejected: false)
      }
      for name in listed {
        #expect(Self.applePairings.contains(name), "\(name): not a documented pairing")
        #expect(AppStoreModel.notificationNameProblem(name) != nil, "\(name): a scenario may name it")
        Self.expectDecoding(store: "apple", name: name, rejected: true)
      }
    }

    @Test func googleNotificationsAreSentOrListed() {
      let rows = Self.rows("Google Play")
      Self.expectWellFormed(rows, columns: 3)
      let listed = rows.map(\.name)
      let sent = GooglePlayModel.sent.map(\.name)
      // The subscription codes, and the notifications that are not about a subscription: the
      // typed ones by Google's name, any other member of `DeveloperNotification` by its own.
      let typedMembers = ["oneTimeProductNotification", "voidedPurchaseNotification", "testNotification"]
      let others: [GooglePlayOtherNotification] =
        [
          .oneTimeProduct(notificationType: 1, purchaseToken: "", sku: nil),
          .oneTimeProduct(notificationType: 2, purchaseToken: "", sku: nil),
          .voidedPurchase(purchaseToken: "", orderId: nil, productType: nil, refundType: nil),
          .test(version: nil),
        ]
        + GooglePlayOtherNotification.members.filter { !typedMembers.contains($0) }.map { .other(member: $0) }
      let vocabulary = GooglePlayNotificationType.documented.map(\.1) + others.map(\.name)
      for name in vocabulary {
        #expect(
          sent.contains(name) != listed.contains(name), "google \(name): must be either sent or listed, once")
      }
      for name in listed {
        #expect(vocabulary.contains(name), "\(name): not in the decoders' google vocabulary")
        #expect(GooglePlayModel.notificationNameProblem(name) != nil, "\(name): a scenario may name it")
        Self.expectDecoding(store: "google", name: name, rejected: true)
      }
      for name in sent { Self.expectDecoding(store: "google", name: name, rejected: false) }
    }

    @Test func stripeEventsAreSentOrListed() {
      let rows = Self.rows("Stripe")
      Self.expectWellFormed(rows, columns: 3)
      let listed = rows.map(\.name)
      let sent = StripeModel.sent.map(\.rawValue)
      let vocabulary = (StripeEventType.modelled + StripeEventType.otherSubscriptionBusiness).map(\.rawValue)
      for name in vocabulary {
        #expect(
          sent.contains(name) != listed.contains(name), "stripe \(name): must be either sent or listed, once")
      }
      for name in listed {
        #expect(vocabulary.contains(name), "\(name): not in the decoder's stripe vocabulary")
        #expect(StripeModel.notificationNameProblem(name) != nil, "\(name): a scenario may name it")
        Self.expectDecoding(store: "stripe", name: name, rejected: true)
      }
      for name in sent { Self.expectDecoding(store: "stripe", name: name, rejected: false) }
    }

    @Test(arguments: [StoreKind.apple, .google])
    func revenueCatEventsAndReasonsAreSentOrListed(behind store: StoreKind) {
      let rows = Self.rows("RevenueCat")
      Self.expectWellFormed(rows, columns: 4)
      for row in rows {
        #expect(
          !row.behind.isEmpty && row.behind.allSatisfy { ["apple", "google"].contains($0) },
          "\(row.name): 'behind' must name apple, google or both")
      }
      let word = store == .apple ? "apple" : "google"
      let listed = rows.filter { $0.behind.contains(word) }.map(\.name)
      let sent = RevenueCatFacts.sent(behind: store)
      let named = sent + listed
      let types = RevenueCatEventType.documented.map(\.rawValue)
      let reasons = RevenueCatReason.documented.map(\.rawValue)
      for type in types {
        #expect(
          named.contains { $0 == type || $0.hasPrefix(type + "/") },
          "revenuecat \(type) behind \(word): neither sent nor listed")
      }
      // `SUBSCRIPTION_PAUSED` is an `expiration_reason` only (``RevenueCatReason``).
      for reason in reasons {
        #expect(
          named.contains("EXPIRATION/" + reason),
          "EXPIRATION/\(reason) behind \(word): neither sent nor listed")
        if reason != RevenueCatReason.subscriptionPaused.rawValue {
          #expect(
            named.contains("CANCELLATION/" + reason),
            "CANCELLATION/\(reason) behind \(word): neither sent nor listed")
        }
      }
      for name in listed {
        let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
        #expect(types.contains(parts[0]), "\(name): not a documented event type")
        if parts.count == 2 { #expect(reasons.contains(parts[1]), "\(name): not a documented reason") }
        #expect(
          !sent.contains(name),
          "\(name) is listed as not modelled behind \(word), but RevenueCatFacts.sent has it")
        #expect(
          RevenueCatFacts.notificationNameProblem(name, behind: store) != nil,
          "\(name): a scenario may name it")
        Self.expectDecoding(store: word, channel: "revenuecat", name: name, rejected: true)
      }
      for name in sent {
        Self.expectDecoding(store: word, channel: "revenuecat", name: name, rejected: false)
      }
    }
  }
}
