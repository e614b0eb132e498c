import SubscriptionPolicy

/// One id that names a subscriber (``ReplaySubscribers``), as the union-find keys it: which
/// store's id of which kind, and the id as a ``Symbol``, so that telling two ids apart hashes
/// and compares two words rather than a `String` made for each.
///
/// Two ids are equal exactly when their ``name``s are: a symbol holds a canonical number or
/// interned text, one symbol per text (``init(_:_:)`` makes a number too long for a canonical
/// one interned text, as `Symbol(_:)` would), and none of these ids is digested.
struct ReplaySubscriberID: Hashable {
  enum Kind: UInt8 {
    case appleOriginalTransactionId
    case googlePurchaseToken
    case stripeSubscription
    case stripeCustomer
    case revenueCatAppUserId
    /// The app's own account id, which joins stores.
    case account

    /// What ``ReplaySubscriberID/name`` starts with.
    var prefix: String {
      switch self {
      case .appleOriginalTransactionId: "\(StoreNotification.appleTag) originalTransactionId "
      case .googlePurchaseToken: "\(StoreNotification.googleTag) purchaseToken "
      case .stripeSubscription: "\(StoreNotification.stripeTag) subscription "
      case .stripeCustomer: "\(StoreNotification.stripeTag) customer "
      case .revenueCatAppUserId: "\(StoreNotification.revenueCatTag) app_user_id "
      case .account: "account "
      }
    }
  }

  let kind: Kind
  let symbol: Symbol

  /// The id `symbol` of `kind`.
  init(_ kind: Kind, _ symbol: Symbol) {
    self.kind = kind
    self.symbol = Self.canonical(symbol)
  }

  /// The one symbol of `symbol`'s text: `Symbol(number:)` takes numbers of 19 digits, whose
  /// text `Symbol(_:)` interns instead.
  static func canonical(_ symbol: Symbol) -> Symbol {
    guard let n = symbol.number, n >= 1_000_000_000_000_000_000 else { return symbol }
    return Symbol(symbol.text)
  }

  /// The id as reports print it and sort it: `apple originalTransactionId 2000…`.
  var name: String { kind.prefix + symbol.text }

  /// The symbol of the empty text, which names no subscriber.
  static let empty = Symbol("")
}
