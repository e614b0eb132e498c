import SubscriptionPolicy
import Testing

@testable import SimSub

/// RevenueCat's `GET /v1/subscribers` answer and the SDK's `CustomerInfo`, built from the store
/// model's records at every instant of the shipped App Store and Google Play scenarios.
@Suite struct RevenueCatSnapshotTests {
  static let played = PlayedSubscription.of(.apple) + PlayedSubscription.of(.google)

  static func info(_ p: PlayedSubscription, at instant: Instant) -> JSONValue {
    if let model = p.appleModel {
      return RevenueCatCustomerInfo.customerInfo(
        store: model, history: p.history, at: instant, member: UInt8(p.member), context: p.context)
    }
    return RevenueCatCustomerInfo.customerInfo(
      store: p.googleModel!, history: p.history, at: instant, context: p.context)
  }

  static func rest(_ p: PlayedSubscription, user: String, at instant: Instant) -> WireResponse {
    if let model = p.appleModel {
      return RevenueCatResponses.subscriber(
        user, store: model, history: p.history, at: instant, member: UInt8(p.member), context: p.context)
    }
    return RevenueCatResponses.subscriber(
      user, store: p.googleModel!, history: p.history, at: instant, context: p.context)
  }

  static func millis(_ instant: Instant?) -> JSONValue {
    instant.map { .int($0.millisecondsSinceEpoch) } ?? .null
  }

  /// RevenueCat's grace behaviour: at every instant a shipped scenario has the store in grace,
  /// the entitlement is active until the grace period's end, with the billing issue detected.
  @Test func entitlementActiveThroughGrace() {
    var graceInstants = 0
    var scenarios = Set<String>()
    for p in Self.played {
      for (instant, r) in p.states where r.truth == .grace {
        let e = at(Self.info(p, at: instant), ["entitlements", "active", "premium"])
        #expect(e?["isActive"] == true, "\(p.scenario.path) at \(RFC3339.format(instant))")
        #expect(e?["expirationDateMillis"] == Self.millis(r.gracePeriodExpiresDate))
        // Detected when the store reports it: Google after its silent stage.
        let detected = r.billingIssueStart.map { $0 + (p.googleModel?.silentGrace ?? .zero) }
        #expect(e?["billingIssueDetectedAt"] == detected.map { .string(RFC3339.formatWithMilliseconds($0)) })
        #expect(e?["willRenew"] == false)
        graceInstants += 1
        scenarios.insert(p.scenario.path)
      }
    }
    #expect(scenarios.count >= 10)
    #expect(graceInstants >= 20)
  }

  /// At every instant: active exactly when the store entitles the subscriber, never past its
  /// expiration, and `all` always holding the entitlement once bought.
  @Test func activeExactlyWhenTheStoreEntitles() {
    for p in Self.played {
      for (instant, r) in p.states {
        let info = Self.info(p, at: instant)
        let all = at(info, ["entitlements", "all", "premium"])
        let active = at(info, ["entitlements", "active", "premium"])
        #expect(
          (active != nil) == r.truth.isEntitled,
          "\(p.scenario.path) \(r.truth.name) at \(RFC3339.format(instant))")
        // Nothing bought yet (a Google purchase still pending, or canceled before it was paid):
        // no entitlement at all.
        guard r.originalPurchaseDate != nil else {
          #expect(all == nil, "\(p.scenario.path) at \(RFC3339.format(instant))")
          continue
        }
        #expect(all?["isActive"] == .bool(r.truth.isEntitled))
        if r.truth.isEntitled, let expires = all?["expirationDateMillis"]?.int64Value {
          #expect(
            expires > instant.millisecondsSinceEpoch, "\(p.scenario.path) at \(RFC3339.format(instant))")
        }
        #expect(all?["periodType"] == (r.inTrial ? "TRIAL" : "NORMAL"))
        #expect(all?["store"] == (p.source.store == .apple ? "APP_STORE" : "PLAY_STORE"))
        #expect(all?["productIdentifier"] == .string(p.source.products[Int(r.product)].id.text))
        #expect(all?["ownershipType"] == (p.member > 0 ? "FAMILY_SHARED" : "PURCHASED"))
        // A paused Google subscription resumes and renews by itself.
        let renews = r.autoRenew && (r.truth == .active || r.truth == .paused) && r.billingIssueStart == nil
        #expect(all?["willRenew"] == .bool(renews))
        #expect(info["activeSubscriptions"]?.arrayValue?.isEmpty == !r.truth.isEntitled)
      }
    }
  }

  /// The fields RevenueCat's own webhooks report, at the instant each was sent in the shipped
  /// `channel: revenuecat` scenarios: the billing issue's detection and grace end, the
  /// unsubscribe, the expiration, and the product id.
  @Test func customerInfoAgreesWithTheWebhooks() throws {
    var checked = 0
    for p in Self.played {
      guard case .revenueCat = p.source.channel else { continue }
      for (sentAt, _, notification) in p.delivered {
        guard case .revenueCat(let e) = notification else { continue }
        let info = Self.info(p, at: sentAt)
        let all = at(info, ["entitlements", "all", "premium"])
        let rest = Self.rest(p, user: p.context.subscriberId, at: sentAt).body
        #expect(
          at(rest, ["subscriber", "subscriptions"])?.objectValue?.keys == [e.productId.text],
          "\(p.scenario.path)")
        switch e.type {
        case .billingIssue:
          #expect(all?["billingIssueDetectedAtMillis"] == Self.millis(e.eventTimestamp), "\(p.scenario.path)")
          if let grace = e.gracePeriodExpirationAt {
            #expect(all?["expirationDateMillis"] == Self.millis(grace))
            #expect(all?["isActive"] == true)
          }
        case .cancellation where e.cancelReason == .unsubscribe:
          #expect(all?["unsubscribeDetectedAtMillis"] == Self.millis(e.eventTimestamp), "\(p.scenario.path)")
          #expect(all?["willRenew"] == false)
        case .expiration:
          #expect(all?["isActive"] == false, "\(p.scenario.path)")
          #expect(at(info, ["entitlements", "active"]) == .object([:]))
        default:
          continue
        }
        checked += 1
      }
    }
    #expect(checked >= 5)
  }

  /// The REST answer: its keys in RevenueCat's order, the subscription as `CustomerInfo` says
  /// it, and an unknown user as the empty subscriber RevenueCat creates.
  @Test func restSubscriber() throws {
    var checked = 0
    for p in Self.played {
      for (instant, r) in p.states where r.truth == .grace || r.truth == .canceled || r.truth == .hold {
        let body = Self.rest(p, user: p.context.subscriberId, at: instant).body
        #expect(body.objectValue?.keys == ["request_date", "request_date_ms", "subscriber"])
        #expect(body["request_date_ms"] == Self.millis(instant))
        let sub = try #require(body["subscriber"])
        #expect(
          sub.objectValue?.keys == [
            "entitlements", "first_seen", "last_seen", "management_url", "non_subscriptions",
            "original_app_user_id",
            "original_application_version", "original_purchase_date", "other_purchases", "subscriptions",
          ])
        let info = Self.info(p, at: instant)
        #expect(
          info.objectValue?.keys == [
            "entitlements", "activeSubscriptions", "allPurchasedProductIdentifiers", "latestExpirationDate",
            "firstSeen", "originalAppUserId", "requestDate", "allExpirationDates", "allPurchaseDates",
            "originalApplicationVersion", "originalPurchaseDate", "managementURL",
            "nonSubscriptionTransactions",
          ])
        #expect(sub["original_app_user_id"] == .string(p.context.subscriberId))
        let s = try #require(sub["subscriptions"]?.objectValue?.first?.value)
        #expect(s["store"] == (p.source.store == .apple ? "app_store" : "play_store"))
        #expect(s["period_type"] == (r.inTrial ? "trial" : "normal"))
        let detected = r.billingIssueStart.map { $0 + (p.googleModel?.silentGrace ?? .zero) }
        #expect(s["billing_issues_detected_at"] == (detected.map { .string(RFC3339.format($0)) } ?? .null))
        let grace = r.truth == .canceled ? nil : r.gracePeriodExpiresDate
        #expect(s["grace_period_expires_date"] == (grace.map { .string(RFC3339.format($0)) } ?? .null))
        if r.truth == .grace { #expect(grace != nil) }
        #expect((s["unsubscribe_detected_at"] != .null) == !r.autoRenew)
        let e = try #require(at(sub, ["entitlements", "premium"]))
        let entitlement = at(info, ["entitlements", "all", "premium"])
        #expect(
          e["expires_date"]
            == entitlement?["expirationDateMillis"]?.int64Value.map {
              .string(RFC3339.format(Instant(millisecondsSinceEpoch: $0)))
            })
        #expect(s["expires_date"] == e["expires_date"])
        checked += 1
      }
    }
    #expect(checked > 10)
    let p = try #require(Self.played.first)
    let unknown = Self.rest(p, user: "someone-else", at: p.scenario.start).body
    #expect(at(unknown, ["subscriber", "entitlements"]) == .object([:]))
    #expect(at(unknown, ["subscriber", "subscriptions"]) == .object([:]))
    #expect(at(unknown, ["subscriber", "original_app_user_id"]) == "someone-else")
  }
}
