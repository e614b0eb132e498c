/// Charging through the payment processor, and the bookkeeping of a successful order.
extension GooglePlayModel {
  /// Charges `amount` for `attempt`; on success counts the charge, the money and the order.
  /// A declined charge leaves the record as it was.
  @inline(__always)
  func charge<Payments: PaymentProcessor>(
    _ attempt: ChargeAttempt, amount: Int64, record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments
  ) -> Bool {
    guard payments.charge(attempt, for: record, at: now) else { return false }
    record.charges += 1
    record.collectedMilliunits += amount
    record.transactionCount += 1
    return true
  }

  /// The price of the product being paid for now.
  @inline(__always)
  func price(of record: SubscriptionRecord) -> Int64 {
    products[Int(record.product)].priceMilliunits
  }

  /// Whether `index` names a product of this model.
  @inline(__always)
  func isProduct(_ index: ProductIndex) -> Bool {
    index >= 0 && Int(index) < products.count
  }
}
