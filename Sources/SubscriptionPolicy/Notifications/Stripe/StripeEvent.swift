/// A Stripe webhook event (`Event`), as Stripe posts it to an endpoint: the event's `id`
/// (`evt_…`), its `type`, when it was `created`, and `data.object`, the Subscription, Invoice or
/// Charge as it stood when the event happened, with `data.previous_attributes` for an update.
///
/// Field names are Stripe's, in the shape of API version `2025-03-31.basil` and later (a
/// subscription's billing period lives on its item; an invoice names its subscription under
/// `parent.subscription_details`); the JSON layer also reads the older top-level spellings.
/// Every field is a number, an `Instant`, a `Bool`, a `Symbol` or a small store string, so an
/// event is a plain value with no references. simsub plays one subscription item and one
/// invoice line, so the lists Stripe sends (`items.data`, `lines.data`) are kept as their first
/// element.
public struct StripeEvent: Hashable, Sendable {
  /// `evt_…`: Stripe's id for the event; a redelivery carries the same one.
  public var id: Symbol
  public var type: StripeEventType
  /// When the event happened, in whole seconds (Stripe's `created` is a Unix timestamp).
  public var created: Instant
  /// The API version the event is rendered in (`2025-03-31.basil`).
  public var apiVersion: Symbol
  public var livemode: Bool
  /// How many endpoints have not yet taken the event.
  public var pendingWebhooks: Int32
  /// `data.object`.
  public var object: StripeEventObject
  /// `data.previous_attributes`: what changed, for `customer.subscription.updated`.
  public var previousAttributes: StripePreviousAttributes?

  @inlinable public init(
    id: Symbol, type: StripeEventType, created: Instant,
    apiVersion: Symbol = StripeEvent.modelledAPIVersion, livemode: Bool = true,
    pendingWebhooks: Int32 = 1, object: StripeEventObject,
    previousAttributes: StripePreviousAttributes? = nil
  ) {
    self.id = id
    self.type = type
    self.created = created
    self.apiVersion = apiVersion
    self.livemode = livemode
    self.pendingWebhooks = pendingWebhooks
    self.object = object
    self.previousAttributes = previousAttributes
  }

  /// The API version simsub renders events in.
  public static let modelledAPIVersion: Symbol = "2025-03-31.basil"
  /// `usd`, and a charge's `succeeded`: interned once, so building an event never looks text up.
  public static let usd: Symbol = "usd"
  public static let succeeded: Symbol = "succeeded"

  /// The subscription, when `data.object` is one.
  public var subscription: StripeSubscription? {
    if case .subscription(let s) = object { s } else { nil }
  }

  /// The invoice, when `data.object` is one.
  public var invoice: StripeInvoice? {
    if case .invoice(let i) = object { i } else { nil }
  }

  /// The charge, when `data.object` is one.
  public var charge: StripeCharge? {
    if case .charge(let c) = object { c } else { nil }
  }
}

/// `data.object` of an event: typed for the objects simsub plays, named for any other.
public enum StripeEventObject: Hashable, Sendable {
  case subscription(StripeSubscription)
  case invoice(StripeInvoice)
  case charge(StripeCharge)
  /// Any other object (`checkout.session`, `customer`, `payment_intent`, …), by its `object`
  /// name. No policy decides from these; `StripeEventDocument` keeps the whole object.
  case other(Symbol)

  /// The object's `object` name: `subscription`, `invoice`, `charge`, or the other's.
  public var objectName: String {
    switch self {
    case .subscription: "subscription"
    case .invoice: "invoice"
    case .charge: "charge"
    case .other(let name): name.text
    }
  }
}

/// The event `type`.
public struct StripeEventType: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let subscriptionCreated: Self = "customer.subscription.created"
  public static let subscriptionUpdated: Self = "customer.subscription.updated"
  public static let subscriptionDeleted: Self = "customer.subscription.deleted"
  public static let subscriptionPaused: Self = "customer.subscription.paused"
  public static let subscriptionResumed: Self = "customer.subscription.resumed"
  public static let subscriptionTrialWillEnd: Self = "customer.subscription.trial_will_end"
  public static let invoicePaid: Self = "invoice.paid"
  public static let invoicePaymentSucceeded: Self = "invoice.payment_succeeded"
  public static let invoicePaymentFailed: Self = "invoice.payment_failed"
  public static let invoicePaymentActionRequired: Self = "invoice.payment_action_required"
  public static let chargeRefunded: Self = "charge.refunded"

  /// The types above, in that order: the events simsub's Stripe model can send.
  public static let modelled: [Self] = [
    .subscriptionCreated, .subscriptionUpdated, .subscriptionDeleted, .subscriptionPaused,
    .subscriptionResumed, .subscriptionTrialWillEnd, .invoicePaid, .invoicePaymentSucceeded,
    .invoicePaymentFailed, .invoicePaymentActionRequired, .chargeRefunded,
  ]

  /// Other types Stripe documents (docs.stripe.com/api/events/types) that a subscription
  /// business's endpoint commonly receives; they decode like any event, their object typed when
  /// it is a subscription, an invoice or a charge and kept by name otherwise.
  public static let otherSubscriptionBusiness: [Self] = [
    "customer.subscription.pending_update_applied", "customer.subscription.pending_update_expired",
    "invoice.created", "invoice.finalized", "invoice.finalization_failed", "invoice.upcoming",
    "invoice.updated", "invoice.marked_uncollectible",
    "invoice.voided", "invoice.overdue", "invoice.will_be_due", "charge.succeeded", "charge.failed",
    "charge.captured", "charge.updated", "charge.dispute.created", "charge.dispute.closed",
    "checkout.session.completed", "checkout.session.expired",
    "checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed",
    "customer.created", "customer.updated", "customer.deleted", "payment_intent.succeeded",
    "payment_intent.payment_failed", "payment_intent.created", "payment_method.attached",
    "entitlements.active_entitlement_summary.updated",
  ]
}

/// A Subscription's `status`.
public struct StripeSubscriptionStatus: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let trialing: Self = "trialing"
  public static let active: Self = "active"
  /// A renewal's payment failed; Stripe retries it (Smart Retries).
  public static let pastDue: Self = "past_due"
  /// The retries ran out and the account's setting marks the subscription unpaid.
  public static let unpaid: Self = "unpaid"
  public static let canceled: Self = "canceled"
  public static let paused: Self = "paused"
  public static let incomplete: Self = "incomplete"
  public static let incompleteExpired: Self = "incomplete_expired"
}

/// An Invoice's `status`.
public struct StripeInvoiceStatus: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let draft: Self = "draft"
  public static let open: Self = "open"
  public static let paid: Self = "paid"
  public static let uncollectible: Self = "uncollectible"
  public static let void: Self = "void"
}

/// An Invoice's `billing_reason`: why it was made.
public struct StripeBillingReason: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  /// The first invoice of a new subscription.
  public static let subscriptionCreate: Self = "subscription_create"
  /// A renewal at the end of a period.
  public static let subscriptionCycle: Self = "subscription_cycle"
  /// A change to the subscription invoiced at once (an upgrade's proration).
  public static let subscriptionUpdate: Self = "subscription_update"
  public static let manual: Self = "manual"
}

/// A Price's `recurring.interval`.
public struct StripeRecurringInterval: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let day: Self = "day"
  public static let week: Self = "week"
  public static let month: Self = "month"
  public static let year: Self = "year"
}

/// A Subscription object.
public struct StripeSubscription: Hashable, Sendable {
  /// `sub_…`.
  public var id: Symbol
  /// `cus_…`.
  public var customer: Symbol
  public var status: StripeSubscriptionStatus
  public var created: Instant
  public var startDate: Instant
  public var billingCycleAnchor: Instant
  /// Whether the subscription ends at the current period's end (the customer canceled).
  public var cancelAtPeriodEnd: Bool
  public var cancelAt: Instant?
  public var canceledAt: Instant?
  public var endedAt: Instant?
  public var trialStart: Instant?
  public var trialEnd: Instant?
  /// `in_…`: the most recent invoice, paid or not.
  public var latestInvoice: Symbol?
  /// `items.data[0]`: the one price subscribed to, with the current billing period.
  public var item: StripeSubscriptionItem

  @inlinable public init(
    id: Symbol, customer: Symbol, status: StripeSubscriptionStatus, created: Instant,
    startDate: Instant, billingCycleAnchor: Instant, cancelAtPeriodEnd: Bool = false,
    cancelAt: Instant? = nil, canceledAt: Instant? = nil, endedAt: Instant? = nil,
    trialStart: Instant? = nil, trialEnd: Instant? = nil, latestInvoice: Symbol? = nil,
    item: StripeSubscriptionItem
  ) {
    self.id = id
    self.customer = customer
    self.status = status
    self.created = created
    self.startDate = startDate
    self.billingCycleAnchor = billingCycleAnchor
    self.cancelAtPeriodEnd = cancelAtPeriodEnd
    self.cancelAt = cancelAt
    self.canceledAt = canceledAt
    self.endedAt = endedAt
    self.trialStart = trialStart
    self.trialEnd = trialEnd
    self.latestInvoice = latestInvoice
    self.item = item
  }

  /// `current_period_start` (the item's since API version `2025-03-31.basil`).
  public var currentPeriodStart: Instant { item.currentPeriodStart }
  /// `current_period_end` (the item's since API version `2025-03-31.basil`).
  public var currentPeriodEnd: Instant { item.currentPeriodEnd }
}

/// A SubscriptionItem: one price on a subscription, with its billing period.
public struct StripeSubscriptionItem: Hashable, Sendable {
  /// `si_…`.
  public var id: Symbol
  public var currentPeriodStart: Instant
  public var currentPeriodEnd: Instant
  public var price: StripePrice
  public var quantity: Int32

  @inlinable public init(
    id: Symbol, currentPeriodStart: Instant, currentPeriodEnd: Instant, price: StripePrice,
    quantity: Int32 = 1
  ) {
    self.id = id
    self.currentPeriodStart = currentPeriodStart
    self.currentPeriodEnd = currentPeriodEnd
    self.price = price
    self.quantity = quantity
  }
}

/// A recurring Price.
public struct StripePrice: Hashable, Sendable {
  /// `price_…`.
  public var id: Symbol
  /// `prod_…`.
  public var product: Symbol
  /// The app's own key for the price (simsub puts the scenario's product id here).
  public var lookupKey: Symbol?
  /// In the currency's smallest unit (cents).
  public var unitAmount: Int64
  /// `usd`.
  public var currency: Symbol
  public var interval: StripeRecurringInterval
  public var intervalCount: Int32

  @inlinable public init(
    id: Symbol, product: Symbol, lookupKey: Symbol? = nil, unitAmount: Int64,
    currency: Symbol = StripeEvent.usd,
    interval: StripeRecurringInterval, intervalCount: Int32 = 1
  ) {
    self.id = id
    self.product = product
    self.lookupKey = lookupKey
    self.unitAmount = unitAmount
    self.currency = currency
    self.interval = interval
    self.intervalCount = intervalCount
  }
}

/// An Invoice object.
public struct StripeInvoice: Hashable, Sendable {
  /// `in_…`.
  public var id: Symbol
  public var customer: Symbol
  /// `sub_…`: `parent.subscription_details.subscription` (top-level `subscription` before
  /// `2025-03-31.basil`); `nil` for an invoice no subscription made.
  public var subscription: Symbol?
  public var status: StripeInvoiceStatus
  public var billingReason: StripeBillingReason?
  /// In cents.
  public var amountDue: Int64
  public var amountPaid: Int64
  public var amountRemaining: Int64
  public var currency: Symbol
  /// How many payment attempts have been made: 1 after the first failure, and one more for each
  /// retry.
  public var attemptCount: Int32
  public var attempted: Bool
  /// When Stripe will try again; `nil` once it has stopped (paid, or the retries ran out).
  public var nextPaymentAttempt: Instant?
  public var created: Instant
  /// `period_start` / `period_end`: for a renewal, the period that just ended (Stripe's usage
  /// period); the period billed is the line's.
  public var periodStart: Instant
  public var periodEnd: Instant
  /// `status_transitions.paid_at`.
  public var paidAt: Instant?
  /// `lines.data[0]`: the subscription's line, with the period it bills.
  public var line: StripeInvoiceLine?

  @inlinable public init(
    id: Symbol, customer: Symbol, subscription: Symbol?, status: StripeInvoiceStatus,
    billingReason: StripeBillingReason?, amountDue: Int64, amountPaid: Int64, amountRemaining: Int64,
    currency: Symbol = StripeEvent.usd, attemptCount: Int32, attempted: Bool, nextPaymentAttempt: Instant?,
    created: Instant, periodStart: Instant, periodEnd: Instant, paidAt: Instant? = nil,
    line: StripeInvoiceLine? = nil
  ) {
    self.id = id
    self.customer = customer
    self.subscription = subscription
    self.status = status
    self.billingReason = billingReason
    self.amountDue = amountDue
    self.amountPaid = amountPaid
    self.amountRemaining = amountRemaining
    self.currency = currency
    self.attemptCount = attemptCount
    self.attempted = attempted
    self.nextPaymentAttempt = nextPaymentAttempt
    self.created = created
    self.periodStart = periodStart
    self.periodEnd = periodEnd
    self.paidAt = paidAt
    self.line = line
  }
}

/// An invoice line for a subscription's price.
public struct StripeInvoiceLine: Hashable, Sendable {
  /// `il_…`.
  public var id: Symbol
  /// In cents.
  public var amount: Int64
  /// `period.start` / `period.end`: the billing period the line pays for.
  public var periodStart: Instant
  public var periodEnd: Instant
  /// `pricing.price_details.price`: `price_…`.
  public var price: Symbol?

  @inlinable public init(
    id: Symbol, amount: Int64, periodStart: Instant, periodEnd: Instant, price: Symbol? = nil
  ) {
    self.id = id
    self.amount = amount
    self.periodStart = periodStart
    self.periodEnd = periodEnd
    self.price = price
  }
}

/// A Charge object.
public struct StripeCharge: Hashable, Sendable {
  /// `ch_…`.
  public var id: Symbol
  /// `cus_…`; `nil` for a charge no customer made (a guest checkout).
  public var customer: Symbol? {
    @inlinable get { storedCustomer.value }
    @inlinable set { storedCustomer = OptionalSymbol(newValue) }
  }
  @usableFromInline var storedCustomer: OptionalSymbol
  /// In cents.
  public var amount: Int64
  public var amountCaptured: Int64
  public var amountRefunded: Int64
  public var currency: Symbol
  public var paid: Bool
  /// Whether the whole charge has been refunded.
  public var refunded: Bool
  /// `succeeded`, `pending` or `failed`.
  public var status: Symbol
  public var created: Instant
  /// `pi_…`.
  public var paymentIntent: Symbol?

  @inlinable public init(
    id: Symbol, customer: Symbol?, amount: Int64, amountCaptured: Int64, amountRefunded: Int64,
    currency: Symbol = StripeEvent.usd, paid: Bool = true, refunded: Bool,
    status: Symbol = StripeEvent.succeeded,
    created: Instant, paymentIntent: Symbol? = nil
  ) {
    self.id = id
    self.storedCustomer = OptionalSymbol(customer)
    self.amount = amount
    self.amountCaptured = amountCaptured
    self.amountRefunded = amountRefunded
    self.currency = currency
    self.paid = paid
    self.refunded = refunded
    self.status = status
    self.created = created
    self.paymentIntent = paymentIntent
  }
}

/// `data.previous_attributes` of a `customer.subscription.updated`: the values the changed
/// fields had before. simsub keeps the ones its model changes; a field absent here did not
/// change (or is one simsub does not keep).
public struct StripePreviousAttributes: Hashable, Sendable {
  public var status: StripeSubscriptionStatus?
  public var cancelAtPeriodEnd: Bool?
  public var latestInvoice: Symbol?

  @inlinable public init(
    status: StripeSubscriptionStatus? = nil, cancelAtPeriodEnd: Bool? = nil, latestInvoice: Symbol? = nil
  ) {
    self.status = status
    self.cancelAtPeriodEnd = cancelAtPeriodEnd
    self.latestInvoice = latestInvoice
  }
}
