/// The real-time developer notifications that are not about a subscription: a one-time
/// product's, a voided purchase's, a pending refund review's, and the console's test.
///
/// simsub plays subscriptions, so no policy receives these; they are typed so that a handler's
/// author can see what one says (`simsub decode`), and kept whole by `GooglePlayDocument`.
/// Fields from Google's RTDN reference (developer.android.com/google/play/billing/rtdn-reference:
/// `OneTimeProductNotification`, `VoidedPurchaseNotification`, `TestNotification`), read in
/// November 2026.
public enum GooglePlayOtherNotification: Hashable, Sendable {
  /// `oneTimeProductNotification`: `notificationType` 1 `ONE_TIME_PRODUCT_PURCHASED`, 2
  /// `ONE_TIME_PRODUCT_CANCELED`.
  case oneTimeProduct(notificationType: Int32, purchaseToken: String, sku: String?)
  /// `voidedPurchaseNotification`: a purchase refunded or charged back. `productType` 1 is a
  /// subscription, 2 a one-time product; `refundType` 1 the whole purchase, 2 a quantity of it.
  case voidedPurchase(purchaseToken: String, orderId: String?, productType: Int32?, refundType: Int32?)
  /// `testNotification`: sent from the Play Console to check the endpoint.
  case test(version: String?)
  /// A member Google added after this list was written (`pendingRefundReviewNotification`, …),
  /// by its name.
  case other(member: String)

  /// The member of `DeveloperNotification` that carries each kind.
  public static let members = [
    "oneTimeProductNotification", "voidedPurchaseNotification", "testNotification",
    "pendingRefundReviewNotification",
  ]

  /// Google's name for what this says: `ONE_TIME_PRODUCT_PURCHASED`, `VOIDED_PURCHASE`, `TEST`.
  public var name: String {
    switch self {
    case .oneTimeProduct(let type, _, _):
      switch type {
      case 1: "ONE_TIME_PRODUCT_PURCHASED"
      case 2: "ONE_TIME_PRODUCT_CANCELED"
      default: "ONE_TIME_PRODUCT_UNKNOWN_\(type)"
      }
    case .voidedPurchase: "VOIDED_PURCHASE"
    case .test: "TEST"
    case .other(let member): member
    }
  }

  /// The notification in `DeveloperNotification` `json`, or `nil` when it carries a
  /// `subscriptionNotification` or nothing this type knows.
  public init?(developerNotification json: JSONCursor) throws(JSONDecodingError) {
    let oneTime = json["oneTimeProductNotification"]
    let voided = json["voidedPurchaseNotification"]
    let test = json["testNotification"]
    if oneTime.isPresent {
      try oneTime.requireObject()
      self = .oneTimeProduct(
        notificationType: try oneTime["notificationType"].int32(),
        purchaseToken: try oneTime["purchaseToken"].string(), sku: try oneTime["sku"].ifPresent?.string())
    } else if voided.isPresent {
      try voided.requireObject()
      self = .voidedPurchase(
        purchaseToken: try voided["purchaseToken"].string(),
        orderId: try voided["orderId"].ifPresent?.string(),
        productType: try voided["productType"].ifPresent?.int32(),
        refundType: try voided["refundType"].ifPresent?.int32())
    } else if test.isPresent {
      try test.requireObject()
      self = .test(version: try test["version"].ifPresent?.string())
    } else if json["subscriptionNotification"].isPresent {
      return nil
    } else if let member = json.value?.objectValue?.keys.first(where: { $0.hasSuffix("Notification") }) {
      self = .other(member: member)
    } else {
      return nil
    }
  }
}
