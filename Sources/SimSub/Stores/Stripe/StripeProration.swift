/// Stripe: what a price change invoices now and what it leaves for the next invoice, by the
/// update's `proration_behavior` (quoted on ``StripeProrationBehavior``).
///
/// Stripe prorates "by the time spent on each option": "If a customer upgrades from a 10 USD
/// monthly plan to a 20 USD option … Assuming the change occurred halfway through the billing
/// period, the customer is billed an additional 5 USD: -5 USD for unused time on the initial
/// price, and 10 USD for the remaining time on the new price" ("Prorations").
///
/// - The same billing interval keeps the billing cycle. `create_prorations` (the default) makes
///   the proration items and invoices nothing now: "positive prorations aren't immediately
///   billed" ("Prorations"); the next invoice, the renewal's, carries them ("At the next scheduled
///   billing, the customer is charged for the line item and the full charge for the upcoming
///   period", Stripe Support, "How does Stripe handle subscription plan changes in the middle of
///   a billing period?"). `always_invoice` invoices them at once, with any items still pending.
///   `none` makes none: the new price from the next renewal.
/// - Another interval resets the billing cycle: "The first full period of the new plan begins
///   immediately … and the customer is charged for the first period less the account balance"
///   (the same Support article), as a reset anchor does: "Reset the anchor to the current time
///   using `billing_cycle_anchor=now`. Be aware that this results in the customer being invoiced
///   immediately" ("Setting the subscription billing cycle date"), whatever the behaviour. With
///   `create_prorations` or
///   `always_invoice` the unused part of the old price is credited on that invoice; with `none`
///   it is not.
///
/// Where Stripe leaves it to the account, simsub's choices: a credit larger than the invoice it
/// lands on is not carried to the customer's balance (the invoice is 0); in a trial nothing is
/// prorated (nothing was paid); the items pending when a subscription ends are dropped.
struct StripeProration {
  /// The amount invoiced now, in milliunits (0: no invoice).
  var invoiceNow: Int64 = 0
  /// The proration items left for the next invoice afterwards (negative: a credit).
  var pending: Int64 = 0
  /// Whether the billing cycle restarts now (another interval).
  var resetsCycle = false

  init(
    _ behavior: StripeProrationBehavior, old: Product, new: Product, record: SubscriptionRecord,
    at now: Instant
  ) {
    let length = (record.periodEnd - record.periodStart).seconds
    let left = min(max(0, (record.periodEnd - now).seconds), max(0, length))
    let pendingBefore = Int64(record.pendingProrationMilliunits)
    pending = pendingBefore
    guard !record.inTrial else { return }
    func prorated(_ price: Int64) -> Int64 { length > 0 ? price * left / length : 0 }
    if new.period == old.period {
      let difference = prorated(new.priceMilliunits) - prorated(old.priceMilliunits)
      switch behavior {
      case .createProrations: pending = pendingBefore + difference
      case .alwaysInvoice:
        invoiceNow = max(0, pendingBefore + difference)
        pending = 0
      case .noProrations: break
      }
    } else {
      resetsCycle = true
      let credit = behavior == .noProrations ? 0 : prorated(old.priceMilliunits)
      invoiceNow = max(0, new.priceMilliunits - credit + pendingBefore)
      pending = 0
    }
  }

  /// What an invoice of `price` comes to with the pending items on it: never below 0.
  static func invoice(_ price: Int64, with record: SubscriptionRecord) -> Int64 {
    max(0, price + Int64(record.pendingProrationMilliunits))
  }
}
