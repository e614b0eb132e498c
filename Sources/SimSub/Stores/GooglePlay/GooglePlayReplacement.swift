/// Google Play: what a subscription replacement charges, and when the new product takes over,
/// by the replacement mode the app set (`BillingFlowParams.SubscriptionUpdateParams
/// .ReplacementMode`, Play Billing Library reference; quoted on ``GoogleReplacementMode``).
///
/// - `WITH_TIME_PRORATION` (Google's default): at once, nothing charged; "the remaining time will
///   be prorated and credited to the user": the unused value of the old period buys time of the
///   new product at its price per day, and the new product's first charge comes when that time
///   runs out (RevenueCat's SDK reference says the same of the mode: "Any time remaining on the
///   old subscription is used to push out the first payment date for the new subscription. User
///   is charged the full price of new subscription once that prorated time has passed").
/// - `CHARGE_PRORATED_PRICE`: at once; "the billing cycle remains the same. The price for the
///   remaining period will be charged": the difference of the two prices per day for the time
///   left. "This option is only available for subscription upgrade": for a change that is not
///   dearer per day the purchase flow fails and nothing changes (simsub's reading of "not
///   available").
/// - `CHARGE_FULL_PRICE`: at once; "the user is charged full price of new plan and is given a
///   full billing cycle of subscription, plus remaining prorated time from the old plan": the new
///   period is one full period of the new product from now, plus the old period's unused value
///   as time, as for `WITH_TIME_PRORATION`.
/// - `WITHOUT_PRORATION`: at once; "the new price will be charged on next recurrence time. The
///   billing cycle stays the same": nothing charged now, the period end kept.
/// - `DEFERRED`: "Replacement takes effect when the old plan expires, and the new price will be
///   charged at the same time": the new product from the next renewal.
///
/// Where Google is silent, simsub's choices: in a free trial every mode but `DEFERRED` switches
/// the product and keeps the trial's end, charging nothing (there is no paid time to prorate,
/// and Google's recommendation for a trial is `WITHOUT_PRORATION`); the unused value is the old
/// price for the time left, counted in seconds; "upgrade" means a higher price per day.
struct GooglePlayReplacement {
  /// The amount charged now, in milliunits (0: nothing is charged).
  var charge: Int64 = 0
  /// Whether the new product takes over now (else at the next renewal).
  var atOnce = true
  /// The current period's new end, when the replacement moves it.
  var periodEnd: Instant?

  /// The replacement of `old` (whose current price is `oldPrice`) by `new` at `now`, or nil when
  /// Google refuses the mode for this change.
  init?(
    mode: GoogleReplacementMode, old: Product, oldPrice: Int64, new: Product, record: SubscriptionRecord,
    at now: Instant
  ) {
    let left = max(0, (record.periodEnd - now).seconds)
    let length = max(0, (record.periodEnd - record.periodStart).seconds)
    // The old period's unused value, as time of the new product.
    var credit: TimeSpan {
      guard length > 0, new.pricePerDay > 0 else { return .zero }
      let unused = Double(oldPrice) * Double(min(left, length)) / Double(length)
      return .seconds(Int64((unused / new.pricePerDay * 86_400).rounded()))
    }
    switch mode {
    case .deferred:
      atOnce = false
    case .withoutProration:
      break
    case _ where record.inTrial:
      // The trial goes on, on the new product (see above).
      guard mode != .chargeProratedPrice || new.pricePerDay > old.pricePerDay else { return nil }
    case .withTimeProration:
      periodEnd = now + credit
    case .chargeProratedPrice:
      guard new.pricePerDay > old.pricePerDay else { return nil }
      charge = Int64(((new.pricePerDay - old.pricePerDay) * Double(left) / 86_400).rounded())
    case .chargeFullPrice:
      charge = new.priceMilliunits
      periodEnd = new.period.advance(now, by: 1) + credit
    }
  }
}
