/// A product identifier as App Store Connect or Play Console spells it (`premium.monthly`).
public typealias ProductID = Symbol
/// Apple's `originalTransactionId` / `transactionId` / `webOrderLineItemId`.
public typealias TransactionID = Symbol
/// Google Play's `purchaseToken`, which identifies one subscription purchase.
public typealias PurchaseToken = Symbol
/// Google Play's `orderId` (`GPA.…`); a renewal's order id carries `..N`.
public typealias OrderID = Symbol
