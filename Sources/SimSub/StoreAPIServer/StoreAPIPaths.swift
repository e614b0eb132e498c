extension SimulatedSubscription {
  /// The paths each store API finds this subscription at, at `instant`: Apple's three by the
  /// original transaction id (a family member's own copy of it), Google's two by the purchase token, Stripe's subscription, its
  /// customer and latest invoice, RevenueCat's subscriber. Empty for a store before the
  /// purchase, as the store knows nothing yet.
  func apiPaths(at instant: Instant) -> [(api: StoreAPIKind, path: String)] {
    var out: [(api: StoreAPIKind, path: String)] = []
    if appStoreModel != nil, let record = AppStoreResponses.record(in: history, at: instant),
      record.transactionCount > 0
    {
      let id = context.ids.appleTransactionId(
        Symbol(
          number: AppStoreNotificationBuilder.originalTransactionId(
            subscriber: record.subscriber, member: UInt8(member)))
      ).text
      for prefix in ["/inApps/v1/subscriptions/", "/inApps/v2/history/", "/inApps/v1/transactions/"] {
        out.append((.apple, prefix + id))
      }
    }
    if googlePlayModel != nil, let record = history.record(at: instant), record.truth != .never,
      let token = record.purchaseToken, products.indices.contains(Int(record.product))
    {
      let base = "/androidpublisher/v3/applications/\(context.app.packageName)/purchases"
      let text = context.ids.purchaseToken(token).text
      out.append((.google, "\(base)/subscriptionsv2/tokens/\(text)"))
      out.append((.google, "\(base)/subscriptions/\(products[Int(record.product)].id.text)/tokens/\(text)"))
    }
    if let model = stripeModel,
      let s = StripeResponses.subscription(model: model, history: history, at: instant, context: context)
    {
      out.append((.stripe, "/v1/subscriptions/\(s.id.text)"))
      out.append((.stripe, "/v1/customers/\(s.customer.text)"))
      if let invoice = s.latestInvoice { out.append((.stripe, "/v1/invoices/\(invoice.text)")) }
    }
    out.append((.revenuecat, "/v1/subscribers/\(context.subscriberId)"))
    return out
  }
}
