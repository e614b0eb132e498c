import Testing

// Fixtures for Stripe webhook events: one subscriber's monthly web subscription in 2026 as
// Stripe posts its events (API version 2025-03-31.basil), written from the API reference's
// field names for Event, Subscription, Subscription Item, Price, Invoice, Invoice Line Item and
// Charge, with realistic values and the fields simsub does not model (metadata, automatic_tax,
// cancellation_details, hosted_invoice_url, outcome, …), which decoding must skip. The last two
// are the same moment in the shape of API version 2024-06-20, before the subscription's period
// moved to its item and the invoice's subscription to `parent`.

struct StripeFixture: Sendable, CustomTestStringConvertible {
  var name: String
  var type: String
  var text: String

  var testDescription: String { name }
}

extension StripeFixture {
  static let subscriptionCreated = StripeFixture(
    name: "subscriptionCreated", type: "customer.subscription.created",
    text: #"""
      {
        "id": "evt_1QfZ3oLkdIwHu7ixCr3a7eD1",
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": 1769850002,
        "data": {
          "object": {
            "id": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
            "object": "subscription",
            "application": null,
            "application_fee_percent": null,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null
            },
            "billing_cycle_anchor": 1769850000,
            "billing_cycle_anchor_config": null,
            "cancel_at": null,
            "cancel_at_period_end": false,
            "canceled_at": null,
            "cancellation_details": {
              "comment": null,
              "feedback": null,
              "reason": null
            },
            "collection_method": "charge_automatically",
            "created": 1769850000,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "days_until_due": null,
            "default_payment_method": "pm_1QfZ3kLkdIwHu7ixCardVisa",
            "default_source": null,
            "default_tax_rates": [],
            "description": null,
            "discounts": [],
            "ended_at": null,
            "invoice_settings": {
              "account_tax_ids": null,
              "issuer": {
                "type": "self"
              }
            },
            "items": {
              "object": "list",
              "data": [
                {
                  "id": "si_RZk3Wq8rTt2PaB",
                  "object": "subscription_item",
                  "created": 1769850001,
                  "current_period_end": 1772269200,
                  "current_period_start": 1769850000,
                  "discounts": [],
                  "metadata": {},
                  "price": {
                    "id": "price_1QfYy2LkdIwHu7ixM0nthly",
                    "object": "price",
                    "active": true,
                    "billing_scheme": "per_unit",
                    "created": 1767225600,
                    "currency": "usd",
                    "custom_unit_amount": null,
                    "livemode": true,
                    "lookup_key": "premium.monthly",
                    "metadata": {},
                    "nickname": "Premium monthly",
                    "product": "prod_RZjxPremium01",
                    "recurring": {
                      "interval": "month",
                      "interval_count": 1,
                      "meter": null,
                      "trial_period_days": null,
                      "usage_type": "licensed"
                    },
                    "tax_behavior": "exclusive",
                    "tiers_mode": null,
                    "transform_quantity": null,
                    "type": "recurring",
                    "unit_amount": 999,
                    "unit_amount_decimal": "999"
                  },
                  "quantity": 1,
                  "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                  "tax_rates": []
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/subscription_items?subscription=sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
            },
            "latest_invoice": "in_1QfZ3nLkdIwHu7ixFirst001",
            "livemode": true,
            "metadata": {
              "app_user": "u_48213"
            },
            "next_pending_invoice_item_invoice": null,
            "on_behalf_of": null,
            "pause_collection": null,
            "payment_settings": {
              "payment_method_options": null,
              "payment_method_types": null,
              "save_default_payment_method": "on_subscription"
            },
            "pending_invoice_item_interval": null,
            "pending_setup_intent": null,
            "pending_update": null,
            "schedule": null,
            "start_date": 1769850000,
            "status": "active",
            "test_clock": null,
            "transfer_data": null,
            "trial_end": null,
            "trial_settings": {
              "end_behavior": {
                "missing_payment_method": "create_invoice"
              }
            },
            "trial_start": null
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "customer.subscription.created"
      }
      """#)

  static let firstInvoicePaid = StripeFixture(
    name: "firstInvoicePaid", type: "invoice.paid",
    text: #"""
      {
        "id": "evt_1QfZ3pLkdIwHu7ixPa1dFr5t",
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": 1769850003,
        "data": {
          "object": {
            "id": "in_1QfZ3nLkdIwHu7ixFirst001",
            "object": "invoice",
            "account_country": "US",
            "account_name": "Example News, Inc.",
            "amount_due": 999,
            "amount_overpaid": 0,
            "amount_paid": 999,
            "amount_remaining": 0,
            "amount_shipping": 0,
            "attempt_count": 1,
            "attempted": true,
            "auto_advance": false,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null,
              "status": null
            },
            "billing_reason": "subscription_create",
            "collection_method": "charge_automatically",
            "created": 1769850000,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "customer_email": "reader@example.com",
            "default_payment_method": null,
            "description": null,
            "hosted_invoice_url": "https://invoice.stripe.com/i/acct_1Qf/test_1QfZ3nLkdIwHu7ixFirst001",
            "lines": {
              "object": "list",
              "data": [
                {
                  "id": "il_1QfZ3nLkdIwHu7ixFirst001",
                  "object": "line_item",
                  "amount": 999,
                  "currency": "usd",
                  "description": "1 \u00d7 Premium (at $9.99 / month)",
                  "discount_amounts": [],
                  "discountable": true,
                  "discounts": [],
                  "invoice": "in_1QfZ3nLkdIwHu7ixFirst001",
                  "livemode": true,
                  "metadata": {},
                  "parent": {
                    "invoice_item_details": null,
                    "subscription_item_details": {
                      "invoice_item": null,
                      "proration": false,
                      "proration_details": {
                        "credited_items": null
                      },
                      "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                      "subscription_item": "si_RZk3Wq8rTt2PaB"
                    },
                    "type": "subscription_item_details"
                  },
                  "period": {
                    "end": 1772269200,
                    "start": 1769850000
                  },
                  "pretax_credit_amounts": [],
                  "pricing": {
                    "price_details": {
                      "price": "price_1QfYy2LkdIwHu7ixM0nthly",
                      "product": "prod_RZjxPremium01"
                    },
                    "type": "price_details",
                    "unit_amount_decimal": "999"
                  },
                  "quantity": 1,
                  "taxes": []
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/invoices/in_1QfZ3nLkdIwHu7ixFirst001/lines"
            },
            "livemode": true,
            "metadata": {},
            "next_payment_attempt": null,
            "number": "EXNEWS-0042",
            "parent": {
              "quote_details": null,
              "subscription_details": {
                "metadata": {
                  "app_user": "u_48213"
                },
                "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
              },
              "type": "subscription_details"
            },
            "period_end": 1769850000,
            "period_start": 1769850000,
            "status": "paid",
            "status_transitions": {
              "finalized_at": 1769850000,
              "marked_uncollectible_at": null,
              "paid_at": 1769850002,
              "voided_at": null
            },
            "subtotal": 999,
            "total": 999,
            "webhooks_delivered_at": 1769850000
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "invoice.paid"
      }
      """#)

  static let paymentFailed = StripeFixture(
    name: "paymentFailed", type: "invoice.payment_failed",
    text: #"""
      {
        "id": "evt_1QpNAeLkdIwHu7ixFa1l3d01",
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": 1772272807,
        "data": {
          "object": {
            "id": "in_1QpN8cLkdIwHu7ixRenew002",
            "object": "invoice",
            "account_country": "US",
            "account_name": "Example News, Inc.",
            "amount_due": 999,
            "amount_overpaid": 0,
            "amount_paid": 0,
            "amount_remaining": 999,
            "amount_shipping": 0,
            "attempt_count": 1,
            "attempted": true,
            "auto_advance": true,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null,
              "status": null
            },
            "billing_reason": "subscription_cycle",
            "collection_method": "charge_automatically",
            "created": 1772269200,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "customer_email": "reader@example.com",
            "default_payment_method": null,
            "description": null,
            "hosted_invoice_url": "https://invoice.stripe.com/i/acct_1Qf/test_1QpN8cLkdIwHu7ixRenew002",
            "lines": {
              "object": "list",
              "data": [
                {
                  "id": "il_1QpN8cLkdIwHu7ixRenew002",
                  "object": "line_item",
                  "amount": 999,
                  "currency": "usd",
                  "description": "1 \u00d7 Premium (at $9.99 / month)",
                  "discount_amounts": [],
                  "discountable": true,
                  "discounts": [],
                  "invoice": "in_1QpN8cLkdIwHu7ixRenew002",
                  "livemode": true,
                  "metadata": {},
                  "parent": {
                    "invoice_item_details": null,
                    "subscription_item_details": {
                      "invoice_item": null,
                      "proration": false,
                      "proration_details": {
                        "credited_items": null
                      },
                      "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                      "subscription_item": "si_RZk3Wq8rTt2PaB"
                    },
                    "type": "subscription_item_details"
                  },
                  "period": {
                    "end": 1774947600,
                    "start": 1772269200
                  },
                  "pretax_credit_amounts": [],
                  "pricing": {
                    "price_details": {
                      "price": "price_1QfYy2LkdIwHu7ixM0nthly",
                      "product": "prod_RZjxPremium01"
                    },
                    "type": "price_details",
                    "unit_amount_decimal": "999"
                  },
                  "quantity": 1,
                  "taxes": []
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/invoices/in_1QpN8cLkdIwHu7ixRenew002/lines"
            },
            "livemode": true,
            "metadata": {},
            "next_payment_attempt": 1772359207,
            "number": "EXNEWS-0042",
            "parent": {
              "quote_details": null,
              "subscription_details": {
                "metadata": {
                  "app_user": "u_48213"
                },
                "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
              },
              "type": "subscription_details"
            },
            "period_end": 1772269200,
            "period_start": 1769850000,
            "status": "open",
            "status_transitions": {
              "finalized_at": 1772269200,
              "marked_uncollectible_at": null,
              "paid_at": null,
              "voided_at": null
            },
            "subtotal": 999,
            "total": 999,
            "webhooks_delivered_at": 1772269200
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "invoice.payment_failed"
      }
      """#)

  static let pastDue = StripeFixture(
    name: "pastDue", type: "customer.subscription.updated",
    text: #"""
      {
        "id": "evt_1QpNAfLkdIwHu7ixPa5tDu3x",
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": 1772272808,
        "data": {
          "object": {
            "id": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
            "object": "subscription",
            "application": null,
            "application_fee_percent": null,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null
            },
            "billing_cycle_anchor": 1769850000,
            "billing_cycle_anchor_config": null,
            "cancel_at": null,
            "cancel_at_period_end": false,
            "canceled_at": null,
            "cancellation_details": {
              "comment": null,
              "feedback": null,
              "reason": null
            },
            "collection_method": "charge_automatically",
            "created": 1769850000,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "days_until_due": null,
            "default_payment_method": "pm_1QfZ3kLkdIwHu7ixCardVisa",
            "default_source": null,
            "default_tax_rates": [],
            "description": null,
            "discounts": [],
            "ended_at": null,
            "invoice_settings": {
              "account_tax_ids": null,
              "issuer": {
                "type": "self"
              }
            },
            "items": {
              "object": "list",
              "data": [
                {
                  "id": "si_RZk3Wq8rTt2PaB",
                  "object": "subscription_item",
                  "created": 1769850001,
                  "current_period_end": 1774947600,
                  "current_period_start": 1772269200,
                  "discounts": [],
                  "metadata": {},
                  "price": {
                    "id": "price_1QfYy2LkdIwHu7ixM0nthly",
                    "object": "price",
                    "active": true,
                    "billing_scheme": "per_unit",
                    "created": 1767225600,
                    "currency": "usd",
                    "custom_unit_amount": null,
                    "livemode": true,
                    "lookup_key": "premium.monthly",
                    "metadata": {},
                    "nickname": "Premium monthly",
                    "product": "prod_RZjxPremium01",
                    "recurring": {
                      "interval": "month",
                      "interval_count": 1,
                      "meter": null,
                      "trial_period_days": null,
                      "usage_type": "licensed"
                    },
                    "tax_behavior": "exclusive",
                    "tiers_mode": null,
                    "transform_quantity": null,
                    "type": "recurring",
                    "unit_amount": 999,
                    "unit_amount_decimal": "999"
                  },
                  "quantity": 1,
                  "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                  "tax_rates": []
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/subscription_items?subscription=sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
            },
            "latest_invoice": "in_1QpN8cLkdIwHu7ixRenew002",
            "livemode": true,
            "metadata": {
              "app_user": "u_48213"
            },
            "next_pending_invoice_item_invoice": null,
            "on_behalf_of": null,
            "pause_collection": null,
            "payment_settings": {
              "payment_method_options": null,
              "payment_method_types": null,
              "save_default_payment_method": "on_subscription"
            },
            "pending_invoice_item_interval": null,
            "pending_setup_intent": null,
            "pending_update": null,
            "schedule": null,
            "start_date": 1769850000,
            "status": "past_due",
            "test_clock": null,
            "transfer_data": null,
            "trial_end": null,
            "trial_settings": {
              "end_behavior": {
                "missing_payment_method": "create_invoice"
              }
            },
            "trial_start": null
          },
          "previous_attributes": {
            "status": "active"
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "customer.subscription.updated"
      }
      """#)

  static let retryFailed = StripeFixture(
    name: "retryFailed", type: "invoice.payment_failed",
    text: #"""
      {
        "id": "evt_1QpyB2LkdIwHu7ixFa1l3d02",
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": 1772359207,
        "data": {
          "object": {
            "id": "in_1QpN8cLkdIwHu7ixRenew002",
            "object": "invoice",
            "account_country": "US",
            "account_name": "Example News, Inc.",
            "amount_due": 999,
            "amount_overpaid": 0,
            "amount_paid": 0,
            "amount_remaining": 999,
            "amount_shipping": 0,
            "attempt_count": 2,
            "attempted": true,
            "auto_advance": true,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null,
              "status": null
            },
            "billing_reason": "subscription_cycle",
            "collection_method": "charge_automatically",
            "created": 1772269200,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "customer_email": "reader@example.com",
            "default_payment_method": null,
            "description": null,
            "hosted_invoice_url": "https://invoice.stripe.com/i/acct_1Qf/test_1QpN8cLkdIwHu7ixRenew002",
            "lines": {
              "object": "list",
              "data": [
                {
                  "id": "il_1QpN8cLkdIwHu7ixRenew002",
                  "object": "line_item",
                  "amount": 999,
                  "currency": "usd",
                  "description": "1 \u00d7 Premium (at $9.99 / month)",
                  "discount_amounts": [],
                  "discountable": true,
                  "discounts": [],
                  "invoice": "in_1QpN8cLkdIwHu7ixRenew002",
                  "livemode": true,
                  "metadata": {},
                  "parent": {
                    "invoice_item_details": null,
                    "subscription_item_details": {
                      "invoice_item": null,
                      "proration": false,
                      "proration_details": {
                        "credited_items": null
                      },
                      "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                      "subscription_item": "si_RZk3Wq8rTt2PaB"
                    },
                    "type": "subscription_item_details"
                  },
                  "period": {
                    "end": 1774947600,
                    "start": 1772269200
                  },
                  "pretax_credit_amounts": [],
                  "pricing": {
                    "price_details": {
                      "price": "price_1QfYy2LkdIwHu7ixM0nthly",
                      "product": "prod_RZjxPremium01"
                    },
                    "type": "price_details",
                    "unit_amount_decimal": "999"
                  },
                  "quantity": 1,
                  "taxes": []
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/invoices/in_1QpN8cLkdIwHu7ixRenew002/lines"
            },
            "livemode": true,
            "metadata": {},
            "next_payment_attempt": 1772540400,
            "number": "EXNEWS-0042",
            "parent": {
              "quote_details": null,
              "subscription_details": {
                "metadata": {
                  "app_user": "u_48213"
                },
                "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
              },
              "type": "subscription_details"
            },
            "period_end": 1772269200,
            "period_start": 1769850000,
            "status": "open",
            "status_transitions": {
              "finalized_at": 1772269200,
              "marked_uncollectible_at": null,
              "paid_at": null,
              "voided_at": null
            },
            "subtotal": 999,
            "total": 999,
            "webhooks_delivered_at": 1772269200
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "invoice.payment_failed"
      }
      """#)

  static let recoveredPaid = StripeFixture(
    name: "recoveredPaid", type: "invoice.paid",
    text: #"""
      {
        "id": "evt_1QrE5aLkdIwHu7ixRec0v3r1",
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": 1772540400,
        "data": {
          "object": {
            "id": "in_1QpN8cLkdIwHu7ixRenew002",
            "object": "invoice",
            "account_country": "US",
            "account_name": "Example News, Inc.",
            "amount_due": 999,
            "amount_overpaid": 0,
            "amount_paid": 999,
            "amount_remaining": 0,
            "amount_shipping": 0,
            "attempt_count": 3,
            "attempted": true,
            "auto_advance": false,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null,
              "status": null
            },
            "billing_reason": "subscription_cycle",
            "collection_method": "charge_automatically",
            "created": 1772269200,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "customer_email": "reader@example.com",
            "default_payment_method": null,
            "description": null,
            "hosted_invoice_url": "https://invoice.stripe.com/i/acct_1Qf/test_1QpN8cLkdIwHu7ixRenew002",
            "lines": {
              "object": "list",
              "data": [
                {
                  "id": "il_1QpN8cLkdIwHu7ixRenew002",
                  "object": "line_item",
                  "amount": 999,
                  "currency": "usd",
                  "description": "1 \u00d7 Premium (at $9.99 / month)",
                  "discount_amounts": [],
                  "discountable": true,
                  "discounts": [],
                  "invoice": "in_1QpN8cLkdIwHu7ixRenew002",
                  "livemode": true,
                  "metadata": {},
                  "parent": {
                    "invoice_item_details": null,
                    "subscription_item_details": {
                      "invoice_item": null,
                      "proration": false,
                      "proration_details": {
                        "credited_items": null
                      },
                      "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                      "subscription_item": "si_RZk3Wq8rTt2PaB"
                    },
                    "type": "subscription_item_details"
                  },
                  "period": {
                    "end": 1774947600,
                    "start": 1772269200
                  },
                  "pretax_credit_amounts": [],
                  "pricing": {
                    "price_details": {
                      "price": "price_1QfYy2LkdIwHu7ixM0nthly",
                      "product": "prod_RZjxPremium01"
                    },
                    "type": "price_details",
                    "unit_amount_decimal": "999"
                  },
                  "quantity": 1,
                  "taxes": []
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/invoices/in_1QpN8cLkdIwHu7ixRenew002/lines"
            },
            "livemode": true,
            "metadata": {},
            "next_payment_attempt": null,
            "number": "EXNEWS-0042",
            "parent": {
              "quote_details": null,
              "subscription_details": {
                "metadata": {
                  "app_user": "u_48213"
                },
                "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
              },
              "type": "subscription_details"
            },
            "period_end": 1772269200,
            "period_start": 1769850000,
            "status": "paid",
            "status_transitions": {
              "finalized_at": 1772269200,
              "marked_uncollectible_at": null,
              "paid_at": 1772540400,
              "voided_at": null
            },
            "subtotal": 999,
            "total": 999,
            "webhooks_delivered_at": 1772269200
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "invoice.paid"
      }
      """#)

  static let recoveredActive = StripeFixture(
    name: "recoveredActive", type: "customer.subscription.updated",
    text: #"""
      {
        "id": "evt_1QrE5bLkdIwHu7ixAct1v3Ag",
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": 1772540401,
        "data": {
          "object": {
            "id": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
            "object": "subscription",
            "application": null,
            "application_fee_percent": null,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null
            },
            "billing_cycle_anchor": 1769850000,
            "billing_cycle_anchor_config": null,
            "cancel_at": null,
            "cancel_at_period_end": false,
            "canceled_at": null,
            "cancellation_details": {
              "comment": null,
              "feedback": null,
              "reason": null
            },
            "collection_method": "charge_automatically",
            "created": 1769850000,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "days_until_due": null,
            "default_payment_method": "pm_1QfZ3kLkdIwHu7ixCardVisa",
            "default_source": null,
            "default_tax_rates": [],
            "description": null,
            "discounts": [],
            "ended_at": null,
            "invoice_settings": {
              "account_tax_ids": null,
              "issuer": {
                "type": "self"
              }
            },
            "items": {
              "object": "list",
              "data": [
                {
                  "id": "si_RZk3Wq8rTt2PaB",
                  "object": "subscription_item",
                  "created": 1769850001,
                  "current_period_end": 1774947600,
                  "current_period_start": 1772269200,
                  "discounts": [],
                  "metadata": {},
                  "price": {
                    "id": "price_1QfYy2LkdIwHu7ixM0nthly",
                    "object": "price",
                    "active": true,
                    "billing_scheme": "per_unit",
                    "created": 1767225600,
                    "currency": "usd",
                    "custom_unit_amount": null,
                    "livemode": true,
                    "lookup_key": "premium.monthly",
                    "metadata": {},
                    "nickname": "Premium monthly",
                    "product": "prod_RZjxPremium01",
                    "recurring": {
                      "interval": "month",
                      "interval_count": 1,
                      "meter": null,
                      "trial_period_days": null,
                      "usage_type": "licensed"
                    },
                    "tax_behavior": "exclusive",
                    "tiers_mode": null,
                    "transform_quantity": null,
                    "type": "recurring",
                    "unit_amount": 999,
                    "unit_amount_decimal": "999"
                  },
                  "quantity": 1,
                  "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                  "tax_rates": []
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/subscription_items?subscription=sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
            },
            "latest_invoice": "in_1QpN8cLkdIwHu7ixRenew002",
            "livemode": true,
            "metadata": {
              "app_user": "u_48213"
            },
            "next_pending_invoice_item_invoice": null,
            "on_behalf_of": null,
            "pause_collection": null,
            "payment_settings": {
              "payment_method_options": null,
              "payment_method_types": null,
              "save_default_payment_method": "on_subscription"
            },
            "pending_invoice_item_interval": null,
            "pending_setup_intent": null,
            "pending_update": null,
            "schedule": null,
            "start_date": 1769850000,
            "status": "active",
            "test_clock": null,
            "transfer_data": null,
            "trial_end": null,
            "trial_settings": {
              "end_behavior": {
                "missing_payment_method": "create_invoice"
              }
            },
            "trial_start": null
          },
          "previous_attributes": {
            "status": "past_due"
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "customer.subscription.updated"
      }
      """#)

  static let cancelRequested = StripeFixture(
    name: "cancelRequested", type: "customer.subscription.updated",
    text: #"""
      {
        "id": "evt_1QsK0aLkdIwHu7ixCnc3lReq",
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": 1774015929,
        "data": {
          "object": {
            "id": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
            "object": "subscription",
            "application": null,
            "application_fee_percent": null,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null
            },
            "billing_cycle_anchor": 1769850000,
            "billing_cycle_anchor_config": null,
            "cancel_at": 1774947600,
            "cancel_at_period_end": true,
            "canceled_at": 1774015929,
            "cancellation_details": {
              "comment": null,
              "feedback": null,
              "reason": "cancellation_requested"
            },
            "collection_method": "charge_automatically",
            "created": 1769850000,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "days_until_due": null,
            "default_payment_method": "pm_1QfZ3kLkdIwHu7ixCardVisa",
            "default_source": null,
            "default_tax_rates": [],
            "description": null,
            "discounts": [],
            "ended_at": null,
            "invoice_settings": {
              "account_tax_ids": null,
              "issuer": {
                "type": "self"
              }
            },
            "items": {
              "object": "list",
              "data": [
                {
                  "id": "si_RZk3Wq8rTt2PaB",
                  "object": "subscription_item",
                  "created": 1769850001,
                  "current_period_end": 1774947600,
                  "current_period_start": 1772269200,
                  "discounts": [],
                  "metadata": {},
                  "price": {
                    "id": "price_1QfYy2LkdIwHu7ixM0nthly",
                    "object": "price",
                    "active": true,
                    "billing_scheme": "per_unit",
                    "created": 1767225600,
                    "currency": "usd",
                    "custom_unit_amount": null,
                    "livemode": true,
                    "lookup_key": "premium.monthly",
                    "metadata": {},
                    "nickname": "Premium monthly",
                    "product": "prod_RZjxPremium01",
                    "recurring": {
                      "interval": "month",
                      "interval_count": 1,
                      "meter": null,
                      "trial_period_days": null,
                      "usage_type": "licensed"
                    },
                    "tax_behavior": "exclusive",
                    "tiers_mode": null,
                    "transform_quantity": null,
                    "type": "recurring",
                    "unit_amount": 999,
                    "unit_amount_decimal": "999"
                  },
                  "quantity": 1,
                  "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                  "tax_rates": []
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/subscription_items?subscription=sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
            },
            "latest_invoice": "in_1QpN8cLkdIwHu7ixRenew002",
            "livemode": true,
            "metadata": {
              "app_user": "u_48213"
            },
            "next_pending_invoice_item_invoice": null,
            "on_behalf_of": null,
            "pause_collection": null,
            "payment_settings": {
              "payment_method_options": null,
              "payment_method_types": null,
              "save_default_payment_method": "on_subscription"
            },
            "pending_invoice_item_interval": null,
            "pending_setup_intent": null,
            "pending_update": null,
            "schedule": null,
            "start_date": 1769850000,
            "status": "active",
            "test_clock": null,
            "transfer_data": null,
            "trial_end": null,
            "trial_settings": {
              "end_behavior": {
                "missing_payment_method": "create_invoice"
              }
            },
            "trial_start": null
          },
          "previous_attributes": {
            "cancel_at_period_end": false,
            "cancel_at": null,
            "canceled_at": null,
            "cancellation_details": {
              "reason": null
            }
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "customer.subscription.updated"
      }
      """#)

  static let unpaid = StripeFixture(
    name: "unpaid", type: "customer.subscription.updated",
    text: #"""
      {
        "id": "evt_1QuU9cLkdIwHu7ixUnpa1d01",
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": 1773478800,
        "data": {
          "object": {
            "id": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
            "object": "subscription",
            "application": null,
            "application_fee_percent": null,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null
            },
            "billing_cycle_anchor": 1769850000,
            "billing_cycle_anchor_config": null,
            "cancel_at": null,
            "cancel_at_period_end": false,
            "canceled_at": null,
            "cancellation_details": {
              "comment": null,
              "feedback": null,
              "reason": null
            },
            "collection_method": "charge_automatically",
            "created": 1769850000,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "days_until_due": null,
            "default_payment_method": "pm_1QfZ3kLkdIwHu7ixCardVisa",
            "default_source": null,
            "default_tax_rates": [],
            "description": null,
            "discounts": [],
            "ended_at": null,
            "invoice_settings": {
              "account_tax_ids": null,
              "issuer": {
                "type": "self"
              }
            },
            "items": {
              "object": "list",
              "data": [
                {
                  "id": "si_RZk3Wq8rTt2PaB",
                  "object": "subscription_item",
                  "created": 1769850001,
                  "current_period_end": 1774947600,
                  "current_period_start": 1772269200,
                  "discounts": [],
                  "metadata": {},
                  "price": {
                    "id": "price_1QfYy2LkdIwHu7ixM0nthly",
                    "object": "price",
                    "active": true,
                    "billing_scheme": "per_unit",
                    "created": 1767225600,
                    "currency": "usd",
                    "custom_unit_amount": null,
                    "livemode": true,
                    "lookup_key": "premium.monthly",
                    "metadata": {},
                    "nickname": "Premium monthly",
                    "product": "prod_RZjxPremium01",
                    "recurring": {
                      "interval": "month",
                      "interval_count": 1,
                      "meter": null,
                      "trial_period_days": null,
                      "usage_type": "licensed"
                    },
                    "tax_behavior": "exclusive",
                    "tiers_mode": null,
                    "transform_quantity": null,
                    "type": "recurring",
                    "unit_amount": 999,
                    "unit_amount_decimal": "999"
                  },
                  "quantity": 1,
                  "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                  "tax_rates": []
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/subscription_items?subscription=sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
            },
            "latest_invoice": "in_1QpN8cLkdIwHu7ixRenew002",
            "livemode": true,
            "metadata": {
              "app_user": "u_48213"
            },
            "next_pending_invoice_item_invoice": null,
            "on_behalf_of": null,
            "pause_collection": null,
            "payment_settings": {
              "payment_method_options": null,
              "payment_method_types": null,
              "save_default_payment_method": "on_subscription"
            },
            "pending_invoice_item_interval": null,
            "pending_setup_intent": null,
            "pending_update": null,
            "schedule": null,
            "start_date": 1769850000,
            "status": "unpaid",
            "test_clock": null,
            "transfer_data": null,
            "trial_end": null,
            "trial_settings": {
              "end_behavior": {
                "missing_payment_method": "create_invoice"
              }
            },
            "trial_start": null
          },
          "previous_attributes": {
            "status": "past_due"
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "customer.subscription.updated"
      }
      """#)

  static let deleted = StripeFixture(
    name: "deleted", type: "customer.subscription.deleted",
    text: #"""
      {
        "id": "evt_1QuU9dLkdIwHu7ixDe1et3d1",
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": 1773478800,
        "data": {
          "object": {
            "id": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
            "object": "subscription",
            "application": null,
            "application_fee_percent": null,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null
            },
            "billing_cycle_anchor": 1769850000,
            "billing_cycle_anchor_config": null,
            "cancel_at": null,
            "cancel_at_period_end": false,
            "canceled_at": 1773478800,
            "cancellation_details": {
              "comment": null,
              "feedback": null,
              "reason": "payment_failed"
            },
            "collection_method": "charge_automatically",
            "created": 1769850000,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "days_until_due": null,
            "default_payment_method": "pm_1QfZ3kLkdIwHu7ixCardVisa",
            "default_source": null,
            "default_tax_rates": [],
            "description": null,
            "discounts": [],
            "ended_at": 1773478800,
            "invoice_settings": {
              "account_tax_ids": null,
              "issuer": {
                "type": "self"
              }
            },
            "items": {
              "object": "list",
              "data": [
                {
                  "id": "si_RZk3Wq8rTt2PaB",
                  "object": "subscription_item",
                  "created": 1769850001,
                  "current_period_end": 1774947600,
                  "current_period_start": 1772269200,
                  "discounts": [],
                  "metadata": {},
                  "price": {
                    "id": "price_1QfYy2LkdIwHu7ixM0nthly",
                    "object": "price",
                    "active": true,
                    "billing_scheme": "per_unit",
                    "created": 1767225600,
                    "currency": "usd",
                    "custom_unit_amount": null,
                    "livemode": true,
                    "lookup_key": "premium.monthly",
                    "metadata": {},
                    "nickname": "Premium monthly",
                    "product": "prod_RZjxPremium01",
                    "recurring": {
                      "interval": "month",
                      "interval_count": 1,
                      "meter": null,
                      "trial_period_days": null,
                      "usage_type": "licensed"
                    },
                    "tax_behavior": "exclusive",
                    "tiers_mode": null,
                    "transform_quantity": null,
                    "type": "recurring",
                    "unit_amount": 999,
                    "unit_amount_decimal": "999"
                  },
                  "quantity": 1,
                  "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                  "tax_rates": []
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/subscription_items?subscription=sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
            },
            "latest_invoice": "in_1QpN8cLkdIwHu7ixRenew002",
            "livemode": true,
            "metadata": {
              "app_user": "u_48213"
            },
            "next_pending_invoice_item_invoice": null,
            "on_behalf_of": null,
            "pause_collection": null,
            "payment_settings": {
              "payment_method_options": null,
              "payment_method_types": null,
              "save_default_payment_method": "on_subscription"
            },
            "pending_invoice_item_interval": null,
            "pending_setup_intent": null,
            "pending_update": null,
            "schedule": null,
            "start_date": 1769850000,
            "status": "canceled",
            "test_clock": null,
            "transfer_data": null,
            "trial_end": null,
            "trial_settings": {
              "end_behavior": {
                "missing_payment_method": "create_invoice"
              }
            },
            "trial_start": null
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "customer.subscription.deleted"
      }
      """#)

  static let chargeRefunded = StripeFixture(
    name: "chargeRefunded", type: "charge.refunded",
    text: #"""
      {
        "id": "evt_3QsL2aLkdIwHu7ix0Refund1",
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": 1774015929,
        "data": {
          "object": {
            "id": "ch_3QpNAdLkdIwHu7ix0Charge2",
            "object": "charge",
            "amount": 999,
            "amount_captured": 999,
            "amount_refunded": 999,
            "application": null,
            "application_fee": null,
            "balance_transaction": "txn_3QpNAdLkdIwHu7ix0Bal",
            "billing_details": {
              "address": {
                "city": null,
                "country": "US",
                "line1": null,
                "line2": null,
                "postal_code": "94107",
                "state": null
              },
              "email": null,
              "name": "Reader",
              "phone": null
            },
            "calculated_statement_descriptor": "EXAMPLE NEWS",
            "captured": true,
            "created": 1772540400,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "description": "Subscription update",
            "disputed": false,
            "failure_code": null,
            "failure_message": null,
            "livemode": true,
            "metadata": {},
            "outcome": {
              "network_status": "approved_by_network",
              "reason": null,
              "risk_level": "normal",
              "seller_message": "Payment complete.",
              "type": "authorized"
            },
            "paid": true,
            "payment_intent": "pi_3QpNAdLkdIwHu7ix0Intent",
            "payment_method": "pm_1QfZ3kLkdIwHu7ixCardVisa",
            "receipt_url": "https://pay.stripe.com/receipts/acct_1Qf/ch_3QpNAd",
            "refunded": true,
            "status": "succeeded"
          },
          "previous_attributes": {
            "amount_refunded": 0,
            "refunded": false
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "charge.refunded"
      }
      """#)

  static let legacyPastDue = StripeFixture(
    name: "legacyPastDue", type: "customer.subscription.updated",
    text: #"""
      {
        "id": "evt_1PlG8xLkdIwHu7ixLeg4cy01",
        "object": "event",
        "api_version": "2024-06-20",
        "created": 1772272808,
        "data": {
          "object": {
            "id": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
            "object": "subscription",
            "application": null,
            "application_fee_percent": null,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null
            },
            "billing_cycle_anchor": 1769850000,
            "billing_cycle_anchor_config": null,
            "cancel_at": null,
            "cancel_at_period_end": false,
            "canceled_at": null,
            "cancellation_details": {
              "comment": null,
              "feedback": null,
              "reason": null
            },
            "collection_method": "charge_automatically",
            "created": 1769850000,
            "currency": "usd",
            "current_period_end": 1774947600,
            "current_period_start": 1772269200,
            "customer": "cus_RZk2X9aTn5RmEw",
            "days_until_due": null,
            "default_payment_method": "pm_1QfZ3kLkdIwHu7ixCardVisa",
            "default_source": null,
            "default_tax_rates": [],
            "description": null,
            "discounts": [],
            "ended_at": null,
            "invoice_settings": {
              "account_tax_ids": null,
              "issuer": {
                "type": "self"
              }
            },
            "items": {
              "object": "list",
              "data": [
                {
                  "id": "si_RZk3Wq8rTt2PaB",
                  "object": "subscription_item",
                  "created": 1769850001,
                  "discounts": [],
                  "metadata": {},
                  "price": {
                    "id": "price_1QfYy2LkdIwHu7ixM0nthly",
                    "object": "price",
                    "active": true,
                    "billing_scheme": "per_unit",
                    "created": 1767225600,
                    "currency": "usd",
                    "custom_unit_amount": null,
                    "livemode": true,
                    "lookup_key": "premium.monthly",
                    "metadata": {},
                    "nickname": "Premium monthly",
                    "product": "prod_RZjxPremium01",
                    "recurring": {
                      "interval": "month",
                      "interval_count": 1,
                      "meter": null,
                      "trial_period_days": null,
                      "usage_type": "licensed"
                    },
                    "tax_behavior": "exclusive",
                    "tiers_mode": null,
                    "transform_quantity": null,
                    "type": "recurring",
                    "unit_amount": 999,
                    "unit_amount_decimal": "999"
                  },
                  "quantity": 1,
                  "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                  "tax_rates": []
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/subscription_items?subscription=sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
            },
            "latest_invoice": "in_1QpN8cLkdIwHu7ixRenew002",
            "livemode": true,
            "metadata": {
              "app_user": "u_48213"
            },
            "next_pending_invoice_item_invoice": null,
            "on_behalf_of": null,
            "pause_collection": null,
            "payment_settings": {
              "payment_method_options": null,
              "payment_method_types": null,
              "save_default_payment_method": "on_subscription"
            },
            "pending_invoice_item_interval": null,
            "pending_setup_intent": null,
            "pending_update": null,
            "schedule": null,
            "start_date": 1769850000,
            "status": "past_due",
            "test_clock": null,
            "transfer_data": null,
            "trial_end": null,
            "trial_settings": {
              "end_behavior": {
                "missing_payment_method": "create_invoice"
              }
            },
            "trial_start": null
          },
          "previous_attributes": {
            "status": "active"
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "customer.subscription.updated"
      }
      """#)

  static let legacyPaymentFailed = StripeFixture(
    name: "legacyPaymentFailed", type: "invoice.payment_failed",
    text: #"""
      {
        "id": "evt_1PlG8wLkdIwHu7ixLeg4cy02",
        "object": "event",
        "api_version": "2024-06-20",
        "created": 1772272807,
        "data": {
          "object": {
            "id": "in_1QpN8cLkdIwHu7ixRenew002",
            "object": "invoice",
            "account_country": "US",
            "account_name": "Example News, Inc.",
            "amount_due": 999,
            "amount_overpaid": 0,
            "amount_paid": 0,
            "amount_remaining": 999,
            "amount_shipping": 0,
            "attempt_count": 1,
            "attempted": true,
            "auto_advance": true,
            "automatic_tax": {
              "disabled_reason": null,
              "enabled": false,
              "liability": null,
              "status": null
            },
            "billing_reason": "subscription_cycle",
            "collection_method": "charge_automatically",
            "created": 1772269200,
            "currency": "usd",
            "customer": "cus_RZk2X9aTn5RmEw",
            "customer_email": "reader@example.com",
            "default_payment_method": null,
            "description": null,
            "hosted_invoice_url": "https://invoice.stripe.com/i/acct_1Qf/test_1QpN8cLkdIwHu7ixRenew002",
            "lines": {
              "object": "list",
              "data": [
                {
                  "id": "il_1QpN8cLkdIwHu7ixRenew002",
                  "object": "line_item",
                  "amount": 999,
                  "currency": "usd",
                  "description": "1 \u00d7 Premium (at $9.99 / month)",
                  "discount_amounts": [],
                  "discountable": true,
                  "discounts": [],
                  "invoice": "in_1QpN8cLkdIwHu7ixRenew002",
                  "livemode": true,
                  "metadata": {},
                  "period": {
                    "end": 1774947600,
                    "start": 1772269200
                  },
                  "pretax_credit_amounts": [],
                  "quantity": 1,
                  "taxes": [],
                  "price": {
                    "id": "price_1QfYy2LkdIwHu7ixM0nthly",
                    "object": "price",
                    "active": true,
                    "billing_scheme": "per_unit",
                    "created": 1767225600,
                    "currency": "usd",
                    "custom_unit_amount": null,
                    "livemode": true,
                    "lookup_key": "premium.monthly",
                    "metadata": {},
                    "nickname": "Premium monthly",
                    "product": "prod_RZjxPremium01",
                    "recurring": {
                      "interval": "month",
                      "interval_count": 1,
                      "meter": null,
                      "trial_period_days": null,
                      "usage_type": "licensed"
                    },
                    "tax_behavior": "exclusive",
                    "tiers_mode": null,
                    "transform_quantity": null,
                    "type": "recurring",
                    "unit_amount": 999,
                    "unit_amount_decimal": "999"
                  },
                  "proration": false,
                  "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
                  "type": "subscription"
                }
              ],
              "has_more": false,
              "total_count": 1,
              "url": "/v1/invoices/in_1QpN8cLkdIwHu7ixRenew002/lines"
            },
            "livemode": true,
            "metadata": {},
            "next_payment_attempt": 1772359207,
            "number": "EXNEWS-0042",
            "period_end": 1772269200,
            "period_start": 1769850000,
            "status": "open",
            "status_transitions": {
              "finalized_at": 1772269200,
              "marked_uncollectible_at": null,
              "paid_at": null,
              "voided_at": null
            },
            "subscription": "sub_1QfZ3nLkdIwHu7ixWq8rTt2P",
            "subtotal": 999,
            "total": 999,
            "webhooks_delivered_at": 1772269200
          }
        },
        "livemode": true,
        "pending_webhooks": 1,
        "request": {
          "id": null,
          "idempotency_key": null
        },
        "type": "invoice.payment_failed"
      }
      """#)

  static let all: [StripeFixture] = [
    .subscriptionCreated, .firstInvoicePaid, .paymentFailed, .pastDue, .retryFailed, .recoveredPaid,
    .recoveredActive, .cancelRequested, .unpaid, .deleted, .chargeRefunded, .legacyPastDue,
    .legacyPaymentFailed,
  ]
}
