import Testing

// Fixtures for RevenueCat webhooks: one App Store subscriber's monthly subscription in 2026
// (and two Google Play moments), as RevenueCat posts them, written from "Event Types and
// Fields" and the shape of RevenueCat's "Sample Events", including the fields simsub does not
// model (aliases, price, subscriber_attributes, takehome_percentage, offer_code, …), which
// decoding must skip. The last is RevenueCat's own sample billing issue, whose `id` is not a
// UUID and which has no `grace_period_expiration_at_ms`.

struct RevenueCatFixture: Sendable, CustomTestStringConvertible {
  var name: String
  var type: String
  var text: String

  var testDescription: String { name }
}

extension RevenueCatFixture {
  static let initialPurchase = RevenueCatFixture(
    name: "initialPurchase", type: "INITIAL_PURCHASE",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1769850004337,
          "product_id": "premium.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1772269200000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 9.99,
          "price_in_purchased_currency": 9.99,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "INITIAL_PURCHASE",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B01",
          "app_id": "app8f2c1e9b0d"
        },
        "api_version": "1.0"
      }
      """#)

  static let trialStarted = RevenueCatFixture(
    name: "trialStarted", type: "INITIAL_PURCHASE",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1769850004521,
          "product_id": "premium.monthly",
          "period_type": "TRIAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1770454800000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 0,
          "price_in_purchased_currency": 0,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "INITIAL_PURCHASE",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B02",
          "app_id": "app8f2c1e9b0d"
        },
        "api_version": "1.0"
      }
      """#)

  static let renewal = RevenueCatFixture(
    name: "renewal", type: "RENEWAL",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1772269205123,
          "product_id": "premium.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1772269200000,
          "expiration_at_ms": 1774947600000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 9.99,
          "price_in_purchased_currency": 9.99,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "RENEWAL",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B03",
          "app_id": "app8f2c1e9b0d",
          "is_trial_conversion": false,
          "renewal_number": 2
        },
        "api_version": "1.0"
      }
      """#)

  static let billingIssueGrace = RevenueCatFixture(
    name: "billingIssueGrace", type: "BILLING_ISSUE",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1772269206210,
          "product_id": "premium.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1773651600000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 0,
          "price_in_purchased_currency": 0,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "BILLING_ISSUE",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B04",
          "app_id": "app8f2c1e9b0d",
          "grace_period_expiration_at_ms": 1773651600000
        },
        "api_version": "1.0"
      }
      """#)

  static let cancellationBillingError = RevenueCatFixture(
    name: "cancellationBillingError", type: "CANCELLATION",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1772269206214,
          "product_id": "premium.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1772269200000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 0,
          "price_in_purchased_currency": 0,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "CANCELLATION",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B05",
          "app_id": "app8f2c1e9b0d",
          "cancel_reason": "BILLING_ERROR"
        },
        "api_version": "1.0"
      }
      """#)

  static let billingIssueNoGrace = RevenueCatFixture(
    name: "billingIssueNoGrace", type: "BILLING_ISSUE",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1772269206210,
          "product_id": "premium.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1772269200000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 0,
          "price_in_purchased_currency": 0,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "BILLING_ISSUE",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B06",
          "app_id": "app8f2c1e9b0d",
          "grace_period_expiration_at_ms": null
        },
        "api_version": "1.0"
      }
      """#)

  static let expirationBillingError = RevenueCatFixture(
    name: "expirationBillingError", type: "EXPIRATION",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1773651603301,
          "product_id": "premium.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1773651600000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 0,
          "price_in_purchased_currency": 0,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "EXPIRATION",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B07",
          "app_id": "app8f2c1e9b0d",
          "expiration_reason": "BILLING_ERROR"
        },
        "api_version": "1.0"
      }
      """#)

  static let cancellationUnsubscribe = RevenueCatFixture(
    name: "cancellationUnsubscribe", type: "CANCELLATION",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1771000000000,
          "product_id": "premium.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1772269200000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 0,
          "price_in_purchased_currency": 0,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "CANCELLATION",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B08",
          "app_id": "app8f2c1e9b0d",
          "cancel_reason": "UNSUBSCRIBE"
        },
        "api_version": "1.0"
      }
      """#)

  static let uncancellation = RevenueCatFixture(
    name: "uncancellation", type: "UNCANCELLATION",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1771400000000,
          "product_id": "premium.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1772269200000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 9.99,
          "price_in_purchased_currency": 9.99,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "UNCANCELLATION",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B09",
          "app_id": "app8f2c1e9b0d"
        },
        "api_version": "1.0"
      }
      """#)

  static let refund = RevenueCatFixture(
    name: "refund", type: "CANCELLATION",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1771500000512,
          "product_id": "premium.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1771499999000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": -9.99,
          "price_in_purchased_currency": -9.99,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "CANCELLATION",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B10",
          "app_id": "app8f2c1e9b0d",
          "cancel_reason": "CUSTOMER_SUPPORT"
        },
        "api_version": "1.0"
      }
      """#)

  static let expirationUnsubscribe = RevenueCatFixture(
    name: "expirationUnsubscribe", type: "EXPIRATION",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1772269202044,
          "product_id": "premium.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1772269200000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 0,
          "price_in_purchased_currency": 0,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "EXPIRATION",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B11",
          "app_id": "app8f2c1e9b0d",
          "expiration_reason": "UNSUBSCRIBE"
        },
        "api_version": "1.0"
      }
      """#)

  static let productChange = RevenueCatFixture(
    name: "productChange", type: "PRODUCT_CHANGE",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1771600000000,
          "product_id": "premium.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1772269200000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "2000000881234567",
          "original_transaction_id": "2000000847261234",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 9.99,
          "price_in_purchased_currency": 9.99,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "APP_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "PRODUCT_CHANGE",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B12",
          "app_id": "app8f2c1e9b0d",
          "new_product_id": "premium.yearly"
        },
        "api_version": "1.0"
      }
      """#)

  static let subscriptionPaused = RevenueCatFixture(
    name: "subscriptionPaused", type: "SUBSCRIPTION_PAUSED",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1771700000000,
          "product_id": "premium:monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1772269200000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "GPA.3372-4419-8820-51736..1",
          "original_transaction_id": "GPA.3372-4419-8820-51736",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 9.99,
          "price_in_purchased_currency": 9.99,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "PLAY_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "SUBSCRIPTION_PAUSED",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B13",
          "app_id": "app8f2c1e9b0d",
          "auto_resume_at_ms": 1777539600000
        },
        "api_version": "1.0"
      }
      """#)

  static let expirationPaused = RevenueCatFixture(
    name: "expirationPaused", type: "EXPIRATION",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1772269201200,
          "product_id": "premium:monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1769850000000,
          "expiration_at_ms": 1772269200000,
          "environment": "PRODUCTION",
          "entitlement_id": null,
          "entitlement_ids": [
            "premium"
          ],
          "presented_offering_id": "default",
          "transaction_id": "GPA.3372-4419-8820-51736..1",
          "original_transaction_id": "GPA.3372-4419-8820-51736",
          "is_family_share": false,
          "country_code": "US",
          "app_user_id": "u_48213",
          "aliases": [
            "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
            "u_48213"
          ],
          "original_app_user_id": "$RCAnonymousID:8069238d6049ce87cc529853916d624c",
          "currency": "USD",
          "price": 9.99,
          "price_in_purchased_currency": 9.99,
          "subscriber_attributes": {
            "$email": {
              "updated_at_ms": 1769850000000,
              "value": "reader@example.com"
            }
          },
          "store": "PLAY_STORE",
          "takehome_percentage": 0.85,
          "offer_code": null,
          "tax_percentage": 0.0,
          "commission_percentage": 0.15,
          "type": "EXPIRATION",
          "id": "5F4C1A9E-2B7D-4E8A-9C3F-1D2E3F4A5B14",
          "app_id": "app8f2c1e9b0d",
          "expiration_reason": "SUBSCRIPTION_PAUSED"
        },
        "api_version": "1.0"
      }
      """#)

  static let docsSampleBillingIssue = RevenueCatFixture(
    name: "docsSampleBillingIssue", type: "BILLING_ISSUE",
    text: #"""
      {
        "event": {
          "event_timestamp_ms": 1601337601013,
          "product_id": "com.revenuecat.myapp.monthly",
          "period_type": "NORMAL",
          "purchased_at_ms": 1598640647000,
          "expiration_at_ms": 1601319047000,
          "environment": "PRODUCTION",
          "entitlement_id": "pro",
          "entitlement_ids": [
            "pro"
          ],
          "presented_offering_id": "defaultoffering",
          "transaction_id": "100000000000002",
          "original_transaction_id": "100000000000000",
          "app_user_id": "$RCAnonymousID:12345678-1234-1234-1234-123456789123",
          "aliases": [
            "$RCAnonymousID:12345678-1234-1234-1234-123456789123"
          ],
          "offer_code": "summer_special",
          "original_app_user_id": "$RCAnonymousID:12345678-1234-1234-1234-123456789123",
          "currency": "USD",
          "price": 0,
          "price_in_purchased_currency": 0,
          "store": "APP_STORE",
          "takehome_percentage": 0.7,
          "tax_percentage": 0.0,
          "commission_percentage": 0.3,
          "type": "BILLING_ISSUE",
          "id": "12345678-1234-1234-1234-12345678912"
        },
        "api_version": "1.0"
      }
      """#)

  static let all: [RevenueCatFixture] = [
    .initialPurchase, .trialStarted, .renewal, .billingIssueGrace, .cancellationBillingError,
    .billingIssueNoGrace, .expirationBillingError, .cancellationUnsubscribe, .uncancellation, .refund,
    .expirationUnsubscribe, .productChange, .subscriptionPaused, .expirationPaused, .docsSampleBillingIssue,
  ]
}
