/// Something the subscriber does: a scenario's timeline entry or a Monte Carlo draw.
public enum SubscriberAction: Hashable, Sendable {
  /// The first purchase; `trial` asks for the product's introductory trial, granted only if
  /// the subscriber is eligible (once per group).
  case subscribe(product: ProductIndex, trial: Bool)
  /// Stripe: the first purchase, whose first payment is declined (`needsAuthentication` false:
  /// the card on file stops working) or needs the customer's authentication; the subscription
  /// is `incomplete` for up to 23 hours.
  case subscribeIncomplete(product: ProductIndex, needsAuthentication: Bool)
  /// Stripe: the customer completes the authentication a payment asked for.
  case authenticate
  /// Google: the first purchase, made with a payment method that pays later (such as cash at a
  /// store): the purchase is pending, with no access, until it is paid or canceled.
  case subscribePending(product: ProductIndex)
  /// Google: the subscriber completes a pending purchase's payment.
  case completePurchase
  /// Stripe: the first purchase, a free trial begun without a payment method; what happens at
  /// the trial's end is the product's `missingPaymentMethod`. A subscriber not eligible for the
  /// trial buys nothing (there is nothing to charge).
  case subscribeWithoutPaymentMethod(product: ProductIndex)
  /// Every charge from now on is declined, for this reason.
  case cardFails(DeclineReason)
  /// Stripe: every charge from now on is declined with a hard decline code, which Smart Retries
  /// does not retry (`card-fails` with a Stripe hard decline as its `reason`).
  case cardFailsHard(UnretryableDecline)
  /// The payment method works again; a store in grace, retry or hold charges at once.
  case updateCard
  /// Auto-renew off; access lasts to the end of the paid period.
  case cancel
  /// Auto-renew back on before expiry (Google: a restart).
  case uncancel
  /// A new purchase after the subscription expired.
  case resubscribe(product: ProductIndex)
  /// Apple: the subscriber redeems the product's subscription offer (a promotional offer, an
  /// offer code or a win-back offer): a purchase at the offer's price, or, for the active
  /// subscription of the same product, the offer from the next renewal (`OFFER_REDEEMED`).
  case redeemOffer(product: ProductIndex)
  /// The store refunds the latest charge and revokes access.
  case refund
  /// Apple: the customer asks the App Store for a refund of the latest charge; Apple turns
  /// auto-renew off and asks the developer for consumption data (`CONSUMPTION_REQUEST`). The
  /// answer is a later `refund` (granted) or `declineRefund`.
  case requestRefund
  /// Apple: the App Store declines the refund asked for (`REFUND_DECLINED`); nothing is revoked.
  case declineRefund
  /// Apple: the App Store reverses the refund it granted (after a dispute the customer
  /// raised), so what the refund revoked is due again (`REFUND_REVERSED`).
  case reverseRefund
  /// Apple: the developer extends the renewal date by this many whole days, 1 to 90, through the
  /// App Store Server API ("Extend a Subscription Renewal Date"; `RENEWAL_EXTENDED`).
  case extendRenewal(TimeSpan)
  /// The developer raises the price of the subscriber's product to the product's
  /// `raisedPriceMilliunits` for existing subscribers; `consentRequired` when the subscriber must
  /// agree before it applies (Apple: `PRICE_INCREASE/PENDING`, else `PRICE_INCREASE/ACCEPTED`).
  /// `longNotice`: Google's opt-out increase in a country that gives 60 days' notice, not 30.
  case raisePrice(consentRequired: Bool, longNotice: Bool = false)
  /// The subscriber agrees to a pending price increase (Apple: `PRICE_INCREASE/ACCEPTED`).
  case acceptPrice
  /// Apple: the developer removes the subscriber's product from sale in App Store Connect; the
  /// subscription expires at its next renewal (`EXPIRED/PRODUCT_NOT_FOR_SALE`).
  case removeFromSale
  /// Google: the developer defers the billing date by this long, 1 to 365 days, through the Play
  /// Developer API (`purchases.subscriptionsv2.defer`; `SUBSCRIPTION_DEFERRED`).
  case deferBilling(TimeSpan)
  /// Upgrade, downgrade or crossgrade within the group, with the store's timing; `terms` are how
  /// the app asks the store to bill it (Google's replacement mode, Stripe's proration
  /// behaviour), each store's default when not given.
  case changeProduct(ProductIndex, terms: ProductChangeTerms = .storeDefault)
  /// Google: pause from the next renewal for this long: 1 to 4 weeks on a weekly plan; on a
  /// longer one 28–31, 59–62 or 89–92 days are 1, 2 or 3 calendar months (a scenario's `1M`,
  /// `2M`, `3M` are 30, 61 and 91 days).
  case pause(TimeSpan)
  /// Google: end a pause (or a scheduled pause) early.
  case resume
  /// Apple Family Sharing withdrawn: with `member` 0 the purchaser turns sharing off for the
  /// subscription and every family member loses it; with `member` N (from 1) that family member
  /// leaves the family group. The purchaser's own subscription goes on unchanged, so the store
  /// models ignore it; `AppStoreFamilyMember` plays it for the member it concerns (`REVOKE`).
  case stopSharing(member: UInt8)
}

/// Stripe: a payment failure Smart Retries does not retry. Stripe "doesn't retry payments if:
/// No payment methods are available" or "The issuer returned a hard decline code" ("Automate
/// payment retries").
public enum UnretryableDecline: UInt8, CaseIterable, Hashable, Sendable {
  /// The customer has no payment method: a free trial begun without one.
  case noPaymentMethod
  /// Decline code `lost_card`: the card is reported lost.
  case lostCard
  /// Decline code `stolen_card`: the card is reported stolen.
  case stolenCard
  /// Decline code `pickup_card`: the issuer asks the merchant to keep the card.
  case pickupCard

  /// The hard declines a scenario names as a `card-fails` `reason`.
  public static let hardDeclines: [Self] = [.lostCard, .stolenCard, .pickupCard]

  /// The scenario spelling (Stripe's decline code with hyphens): `lost-card`, `stolen-card`,
  /// `pickup-card`; `no-payment-method` is not a `reason` (`payment-method: none` sets it).
  public var name: String {
    switch self {
    case .noPaymentMethod: "no-payment-method"
    case .lostCard: "lost-card"
    case .stolenCard: "stolen-card"
    case .pickupCard: "pickup-card"
    }
  }

  /// Stripe's decline code.
  public var declineCode: String {
    switch self {
    case .noPaymentMethod: "no_payment_method"
    case .lostCard: "lost_card"
    case .stolenCard: "stolen_card"
    case .pickupCard: "pickup_card"
    }
  }
}

/// Why a card is declined.
public enum DeclineReason: UInt8, CaseIterable, Hashable, Sendable {
  case expired
  case insufficientFunds
  case declined

  /// The scenario spelling.
  public var name: String {
    switch self {
    case .expired: "expired"
    case .insufficientFunds: "insufficient-funds"
    case .declined: "declined"
    }
  }

  public init?(name: String) {
    guard let s = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = s
  }
}
