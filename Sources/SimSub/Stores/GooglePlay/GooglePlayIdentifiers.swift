/// The identifiers the Google Play model makes: purchase tokens and order ids, as numbers.
///
/// Both are numeric `Symbol`s, so the hot path never builds or interns text (the intern table
/// would otherwise grow by one entry per renewal in a Monte Carlo run). The `GPA.…` spelling
/// Google uses for order ids is made at the edge, by `orderIdText(_:)`.
///
/// - A purchase token is `100_000_000_000_000 + subscriber × 1_000_000 + t`, where `t` is the
///   subscriber's `transactionCount` when the purchase was made; each purchase, resubscription
///   and product change gets a new one.
/// - An order id is `token × 1000 + k`, the purchase's `k`-th order: `k = 0` is the first
///   order (`GPA.1234-5678-9012-34567`), `k = n` the `n`-th renewal (`..(n-1)`).
///
/// No two subscribers or purchases share either, for fewer than a million transactions per
/// subscriber and subscribers numbered below nine billion.
extension GooglePlayModel {
  static let tokenBase: UInt64 = 100_000_000_000_000
  static let tokensPerSubscriber: UInt64 = 1_000_000

  /// The token of a purchase made when `record.transactionCount` is what it is now.
  @inline(__always)
  static func newPurchaseToken(for record: SubscriptionRecord) -> PurchaseToken {
    Symbol(
      number: tokenBase &+ record.subscriber &* tokensPerSubscriber
        &+ UInt64(truncatingIfNeeded: record.transactionCount))
  }

  /// The latest order of the current purchase, or `nil` before its first order (a deferred
  /// product change whose first charge is still to come).
  @inline(__always)
  static func latestOrderId(of record: SubscriptionRecord) -> OrderID? {
    guard let token = record.purchaseToken?.number else { return nil }
    let first = token &- tokenBase &- record.subscriber &* tokensPerSubscriber
    let index = record.transactionCount - 1 - Int64(truncatingIfNeeded: first)
    guard index >= 0 else { return nil }
    return Symbol(number: token &* 1000 &+ UInt64(index))
  }

  /// Google's spelling of an order id the model made: `GPA.1000-0000-0100-00000` for a
  /// purchase's first order, `GPA.1000-0000-0100-00000..0` for its first renewal. Other ids
  /// (decoded from a real log) come back as they are.
  public static func orderIdText(_ orderId: OrderID) -> String {
    guard let number = orderId.number, number >= tokenBase &* 1000 else { return orderId.text }
    let token = number / 1000
    let index = number % 1000
    var digits = String(token)
    if digits.count < 17 { digits = String(repeating: "0", count: 17 - digits.count) + digits }
    let d = Array(digits)
    var text = "GPA." + String(d[0..<4]) + "-" + String(d[4..<8]) + "-" + String(d[8..<12]) + "-"
    text += String(d[12...])
    if index > 0 { text += "..\(index - 1)" }
    return text
  }
}
