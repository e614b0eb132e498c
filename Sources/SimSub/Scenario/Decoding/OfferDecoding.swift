/// A product's subscription offer (Apple): `offer`, `offer-price`, `offer-periods`,
/// `offer-payment` and `offer-id`.
extension ScenarioDecoder {
  /// The product keys that describe its offer, besides `offer` itself.
  static let offerDetailKeys = ["offer-price", "offer-periods", "offer-payment", "offer-id"]

  /// The offer of the product `reader` reads (its id `id`, its price `price`), with problems
  /// reported to `reader`; `nil` without `offer` (then no `offer-…` key may be given) or at a
  /// store that plays no offers.
  static func readOffer(_ reader: inout MappingReader, productId id: String, price: Int64, store: StoreKind?)
    -> SubscriptionOffer?
  {
    let type = reader.optional("offer") { (n) -> OfferType in
      let type = OfferType(name: try n.decodeChoice(from: OfferType.allCases.map(\.name), what: "offer"))!
      if let store, !StoreLanes.model(of: store).ownActions.contains(.redeemOffer) {
        throw DiagnosticError(
          .error(
            "offer is an App Store subscription offer (redeem-offer), which apple plays; \(store.name) does not",
            at: n.location))
      }
      return type
    }
    let offerPrice = reader.optional("offer-price") { n in try decodePrice(n) }
    let periods = reader.optional("offer-periods", default: 1) { n in
      try n.decodeInteger(in: 1...Int(SubscriptionOffer.maxPeriods))
    }
    let paymentValue = reader.optional("offer-payment") { n in
      OfferPayment(name: try n.decodeChoice(from: OfferPayment.allCases.map(\.name), what: "offer-payment"))!
    }
    let identifier = reader.optional("offer-id") { n in try n.decodeText(expected: "an offer id") }
    guard let type else {
      // An `offer-…` key without the offer it describes.
      if reader.entry("offer") == nil, let key = offerDetailKeys.first(where: { reader.entry($0) != nil }) {
        reader.report(
          .error(
            "\(key) describes the product's offer: give the product one, such as 'offer: offer-code'",
            at: reader.entry(key)!.key.location))
      }
      return nil
    }
    let payment = paymentValue ?? ((offerPrice ?? 0) == 0 ? .freeTrial : .payAsYouGo)
    let at = reader.entry("offer-price")?.key.location ?? reader.entry("offer-payment")?.key.location
    if let at {
      if payment == .freeTrial, let offerPrice, offerPrice > 0 {
        reader.report(
          .error("a free offer charges nothing: write offer-price: 0 or give an offer-payment", at: at))
      } else if payment != .freeTrial, (offerPrice ?? 0) == 0 {
        reader.report(
          .error(
            "offer-payment \(payment.name) charges the offer-price: give one, such as 'offer-price: 4.99'",
            at: at))
      }
    } else if payment != .freeTrial {
      reader.report(
        .error(
          "offer-payment \(payment.name) charges the offer-price: give one, such as 'offer-price: 4.99'",
          at: reader.entry("offer")!.key.location))
    }
    // A discount: below what the product charges for the same time.
    let regular = payment == .payUpFront ? price * Int64(periods) : price
    if let offerPrice, offerPrice >= regular, let at = reader.entry("offer-price")?.key.location {
      reader.report(
        .error(
          "offer-price must be below what the product charges for the same time (\(Describe.price(regular))): an offer is a discount",
          at: at))
    }
    return SubscriptionOffer(
      type: type, identifier: Symbol(identifier ?? "\(id).\(type.name)"), payment: payment,
      priceMilliunits: offerPrice ?? 0, periods: Int32(periods))
  }
}
