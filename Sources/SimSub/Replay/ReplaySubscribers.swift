import SubscriptionPolicy

/// The entries of a log grouped by subscriber, each group in the order its notifications were
/// received (the log's order among equal instants).
///
/// Two entries belong to one subscriber when they share any of the ids that name one, per
/// store, and those ids chain (one union-find over all of them):
///
/// | store | ids that join entries |
/// |---|---|
/// | App Store | the transaction's `originalTransactionId` |
/// | Google Play | the `purchaseToken`; the fetched resource's `linkedPurchaseToken` (an upgrade, a downgrade or a resubscription chains the new token to the old) |
/// | Stripe | the subscription's `id` and its `customer` (an invoice's `subscription` and `customer`, a charge's `customer`) |
/// | RevenueCat | `app_user_id`, `original_app_user_id`, every one of `aliases`, and a `TRANSFER`'s `transferred_from` and `transferred_to` |
///
/// and, across stores, the app's own account id where each store carries it (Apple's
/// `appAccountToken`, Google's `obfuscatedExternalAccountId`, Stripe's `metadata.user_id` on
/// the subscription, or on an invoice's `parent.subscription_details`): one person subscribed on two stores is one subscriber.
///
/// Other ids are kept per store (an Apple transaction id and a Stripe id never join). An entry
/// that names no subscription (Apple's `TEST` and `summary` bodies, Google's test and one-time
/// product notifications) stands alone, in ``unattached``.
struct ReplaySubscribers {
  /// One subscriber's entries, by index into the log's entries, in received order.
  struct Group: Hashable, Sendable {
    /// The ids that name the subscriber (`apple originalTransactionId 2000…`), sorted.
    var ids: [String]
    var entries: [Int]
  }

  var groups: [Group]
  /// Entries about no subscription.
  var unattached: [Int]

  /// Groups known only by their ids (a streamed log's, whose entries are not kept).
  init(groups: [Group], unattached: [Int] = []) {
    self.groups = groups
    self.unattached = unattached
  }

  init(_ entries: [ReplayEntry]) {
    var find = UnionFind()
    var keysOfEntry: [[Int]] = []
    for entry in entries {
      keysOfEntry.append(Self.ids(of: entry).map { find.key($0) })
    }
    for keys in keysOfEntry {
      for k in keys.dropFirst() { find.union(keys[0], k) }
    }
    var groupOfRoot: [Int: Int] = [:]
    var groups: [Group] = []
    var unattached: [Int] = []
    for (i, keys) in keysOfEntry.enumerated() {
      guard let first = keys.first else {
        unattached.append(i)
        continue
      }
      let root = find.root(first)
      if let g = groupOfRoot[root] {
        groups[g].entries.append(i)
      } else {
        groupOfRoot[root] = groups.count
        groups.append(Group(ids: [], entries: [i]))
      }
    }
    for (key, id) in find.ids.enumerated() {
      if let g = groupOfRoot[find.root(key)] { groups[g].ids.append(id.name) }
    }
    for g in groups.indices {
      groups[g].ids.sort()
      groups[g].entries.sort { a, b in
        entries[a].received != entries[b].received ? entries[a].received < entries[b].received : a < b
      }
    }
    self.groups = groups
    self.unattached = unattached
  }

  /// The ids `entry` names its subscriber by, each of its store and kind (its ``ReplaySubscriberID/name``
  /// prefixed with them), the first as the entry's key.
  static func ids(of entry: ReplayEntry) -> [ReplaySubscriberID] {
    let d = entry.document
    var ids: [ReplaySubscriberID] = []
    ids.reserveCapacity(4)
    func add(_ kind: ReplaySubscriberID.Kind, _ value: Symbol?) {
      guard let value, value != ReplaySubscriberID.empty else { return }
      let id = ReplaySubscriberID(kind, value)
      // Most bodies name one id several times (RevenueCat's `app_user_id`, its original and
      // its alias): each is looked up in the union-find once.
      if !ids.contains(id) { ids.append(id) }
    }
    func add(_ kind: ReplaySubscriberID.Kind, _ value: String?) {
      guard let value, !value.isEmpty else { return }
      add(kind, Symbol(value))
    }
    func addAccount(_ value: String?) {
      guard let value, !value.isEmpty else { return }
      ids.append(ReplaySubscriberID(.account, Symbol(value)))
    }
    // Built only where read: a RevenueCat body is read without its tree (most logs' bulk, and
    // its tree cost more than the rest of its replay).
    lazy var json = d.expandedJSON
    switch d {
    case .appStore(let doc):
      add(.appleOriginalTransactionId, doc.notification.data.transactionInfo?.originalTransactionId)
      addAccount(firstString(named: "appAccountToken", in: json))
    case .appStoreTransaction, .appStoreRenewalInfo:
      add(.appleOriginalTransactionId, firstString(named: "originalTransactionId", in: json))
      addAccount(firstString(named: "appAccountToken", in: json))
    case .googlePlay(let doc):
      if let n = doc.notification {
        add(.googlePurchaseToken, n.subscriptionNotification.purchaseToken)
        add(.googlePurchaseToken, n.subscription?.linkedPurchaseToken)
      } else if doc.otherNotification == nil {
        // A bare subscriptionsv2 resource names its tokens only through the chain.
        add(.googlePurchaseToken, firstString(named: "linkedPurchaseToken", in: json))
      }
      addAccount(
        firstString(named: "obfuscatedExternalAccountId", in: json)
          ?? entry.subscriptionsV2.flatMap { firstString(named: "obfuscatedExternalAccountId", in: $0) })
    case .stripe(let doc):
      let object = json["data"]?["object"]
      addAccount(
        object?["metadata"]?["user_id"]?.stringValue
          ?? object?["parent"]?["subscription_details"]?["metadata"]?["user_id"]?.stringValue)
      switch doc.event.object {
      case .subscription(let s):
        add(.stripeSubscription, s.id)
        add(.stripeCustomer, s.customer)
      case .invoice(let i):
        add(.stripeSubscription, i.subscription)
        add(.stripeCustomer, i.customer)
      case .charge(let c):
        add(.stripeCustomer, c.customer)
      case .other:
        break
      }
    case .revenueCat(let doc):
      // As read (the typed event's ids are the body's, `absentField` when it has none).
      add(.revenueCatAppUserId, doc.decoded.appUserId)
      add(.revenueCatAppUserId, doc.decoded.originalAppUserId)
      for alias in doc.eventSymbols(Self.aliasKeys) {
        add(.revenueCatAppUserId, alias)
      }
    }
    return ids
  }

  /// The RevenueCat event's arrays of more ids of the subscriber.
  private static let aliasKeys: [StaticString] = ["aliases", "transferred_from", "transferred_to"]

  /// The first string member named `name`, depth first, in `value`.
  private static func firstString(named name: String, in value: JSONValue) -> String? {
    var stack = [value]
    while let v = stack.popLast() {
      switch v {
      case .object(let o):
        if let s = o[name]?.stringValue { return s }
        stack.append(contentsOf: o.map(\.value).reversed())
      case .array(let a):
        stack.append(contentsOf: a.reversed())
      default:
        continue
      }
    }
    return nil
  }
}

/// Disjoint sets of subscriber ids, with path halving.
struct UnionFind {
  /// The ids, by key.
  var ids: [ReplaySubscriberID] = []
  private var index: [ReplaySubscriberID: Int] = [:]
  private var parent: [Int] = []

  /// The key of `id`, if it has one.
  func existingKey(_ id: ReplaySubscriberID) -> Int? { index[id] }

  mutating func key(_ id: ReplaySubscriberID) -> Int {
    if let k = index[id] { return k }
    index[id] = ids.count
    ids.append(id)
    parent.append(parent.count)
    return parent.count - 1
  }

  mutating func root(_ k: Int) -> Int {
    var k = k
    while parent[k] != k {
      parent[k] = parent[parent[k]]
      k = parent[k]
    }
    return k
  }

  mutating func union(_ a: Int, _ b: Int) {
    let (ra, rb) = (root(a), root(b))
    if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
  }
}
