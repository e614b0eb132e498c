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
    for (key, name) in find.names.enumerated() {
      if let g = groupOfRoot[find.root(key)] { groups[g].ids.append(name) }
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

  /// The ids `entry` names its subscriber by, each prefixed with its store and kind.
  static func ids(of entry: ReplayEntry) -> [String] {
    let d = entry.document
    var ids: [String] = []
    func add(_ kind: String, _ value: String?) {
      guard let value, !value.isEmpty else { return }
      let id = "\(d.store) \(kind) \(value)"
      // Most bodies name one id several times (RevenueCat's `app_user_id`, its original and
      // its alias): each is looked up in the union-find once.
      if !ids.contains(id) { ids.append(id) }
    }
    func addAccount(_ value: String?) {
      guard let value, !value.isEmpty else { return }
      ids.append("account \(value)")
    }
    // Built only where read: a RevenueCat body is read without its tree (most logs' bulk, and
    // its tree cost more than the rest of its replay).
    lazy var json = d.expandedJSON
    switch d {
    case .appStore(let doc):
      add("originalTransactionId", doc.notification.data.transactionInfo?.originalTransactionId.text)
      addAccount(firstString(named: "appAccountToken", in: json))
    case .appStoreTransaction, .appStoreRenewalInfo:
      add("originalTransactionId", firstString(named: "originalTransactionId", in: json))
      addAccount(firstString(named: "appAccountToken", in: json))
    case .googlePlay(let doc):
      if let n = doc.notification {
        add("purchaseToken", n.subscriptionNotification.purchaseToken.text)
        add("purchaseToken", n.subscription?.linkedPurchaseToken?.text)
      } else if doc.otherNotification == nil {
        // A bare subscriptionsv2 resource names its tokens only through the chain.
        add("purchaseToken", firstString(named: "linkedPurchaseToken", in: json))
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
        add("subscription", s.id.text)
        add("customer", s.customer.text)
      case .invoice(let i):
        add("subscription", i.subscription?.text)
        add("customer", i.customer.text)
      case .charge(let c):
        add("customer", c.customer?.text)
      case .other:
        break
      }
    case .revenueCat(let doc):
      // As read (the typed event's ids are the body's, `absentField` when it has none).
      add("app_user_id", doc.decoded.appUserId.text)
      add("app_user_id", doc.decoded.originalAppUserId?.text)
      for alias in doc.eventStrings(["aliases", "transferred_from", "transferred_to"]) {
        add("app_user_id", alias)
      }
    }
    return ids
  }

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

/// Disjoint sets of named ids, with path halving.
struct UnionFind {
  var names: [String] = []
  private var index: [String: Int] = [:]
  private var parent: [Int] = []

  /// The key of `name`, if it has one.
  func existingKey(_ name: String) -> Int? { index[name] }

  mutating func key(_ name: String) -> Int {
    if let k = index[name] { return k }
    index[name] = names.count
    names.append(name)
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
