/// Stripe's facts, as the lane registry asks for them: the numbers and limits are
/// ``StripeDefaults``' and ``StripeLimits``', with their sources.
extension StripeModel: StoreFacts {
  static func selling(_ products: [Product]) throws(StoreConfigurationError) -> StripeModel {
    try StripeModel(products: products)
  }

  /// The retry window (`hold`) is chosen first, Stripe's recommended 2 weeks by default: the
  /// app's default grace is the whole window.
  static func graceAndHold(period: BillingPeriod, grace: TimeSpan?, hold: TimeSpan?)
    -> (grace: TimeSpan, hold: TimeSpan)
  {
    let hold = hold ?? defaultHold(for: period)
    return (grace ?? defaultGrace(window: hold), hold)
  }

  static func limitProblems(_ product: Product) -> [StoreConfigurationError] {
    StripeLimits.problems(product)
  }

  static var notificationSource: SubscriptionSource { .stripe }

  /// Completing a first payment's authentication (`incomplete`).
  static var ownActions: [TimelineActionName] { [.authenticate] }

  /// The event types the model sends (docs/STORE-MODELS.md, "Events sent"); a `sent:` naming
  /// another is an error rather than an expectation that can never hold.
  static let sent: [StripeEventType] = [
    .subscriptionCreated, .subscriptionUpdated, .subscriptionDeleted, .subscriptionPaused,
    .subscriptionResumed, .subscriptionTrialWillEnd, .invoicePaid, .invoicePaymentSucceeded,
    .invoicePaymentFailed, .invoicePaymentActionRequired, .chargeRefunded,
  ]

  /// An event type the model sends (``sent``).
  static func notificationNameProblem(_ name: String) -> NotificationNameProblem? {
    let sentTypes = sent.map(\.rawValue)
    let known = (StripeEventType.modelled + StripeEventType.otherSubscriptionBusiness).map(\.rawValue)
    guard known.contains(name) else {
      return .unknown(what: "stripe event type", word: name, known: sentTypes)
    }
    return NotificationNameProblem.sentCheck(name, sent: sentTypes)
  }
}
