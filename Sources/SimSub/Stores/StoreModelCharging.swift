/// Catalog look-ups and charge bookkeeping the store models share.
extension StoreModel {
  /// Whether `index` names a product of this model.
  @inlinable @inline(__always)
  func isProduct(_ index: ProductIndex) -> Bool {
    index >= 0 && Int(index) < products.count
  }

  /// The price of the product being paid for now.
  @inlinable @inline(__always)
  func price(of record: SubscriptionRecord) -> Int64 {
    products[Int(record.product)].price(at: record.priceIncrease)
  }

  /// Charges `amount` for `attempt`; on success counts the charge, the money and the
  /// transaction (Google's order, Stripe's invoice). A declined charge leaves the record as it
  /// was.
  @inlinable @inline(__always)
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

  /// What refunding the latest charge returns: the current product's price, capped by what is
  /// left unrefunded; nothing when nothing was ever charged (a free trial).
  @inlinable @inline(__always)
  func latestChargeRefund(of record: SubscriptionRecord) -> Int64 {
    let unrefunded = record.collectedMilliunits - record.refundedMilliunits
    return record.charges > 0 ? max(0, min(price(of: record), unrefunded)) : 0
  }
}
