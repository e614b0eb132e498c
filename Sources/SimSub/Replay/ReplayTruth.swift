import SubscriptionPolicy

/// The store's truth about one subscriber of a log, known only through the payloads it kept.
///
/// Each notification's reading (``StoreReading``, the reference rules' table of what each
/// store's payload says, in docs/STORE-MODELS.md) is the truth of its store from the instant
/// it was received, for as long as the payload vouches for it:
///
/// | reading | known until |
/// |---|---|
/// | active | the date it says the subscription is paid through (after that, a renewal may have happened unlogged), or the next notification when it names none |
/// | grace, the store's | its `gracePeriodExpiresDate` / `expiryTime`, or the next notification when it names none |
/// | grace, the app's promise (Stripe `past_due`) | the promise's end, then hold |
/// | hold, paused, expired, revoked | the next notification |
///
/// Outside that, the truth is unknown and nothing is checked.
///
/// Readings are kept per purchase (an App Store `originalTransactionId`, a Google Play purchase
/// token, a Stripe subscription), and a purchase's later reading counts only when the store
/// sent it later (`signedDate`, `eventTimeMillis`, `created`): a notification received late,
/// after a newer one, says what the store was, not what it is. A Google Play purchase that a
/// newer token's resource names as its `linkedPurchaseToken`, or whose own resource says
/// `replacementCancellation`, is replaced and no longer counts.
/// The subscriber is entitled when any purchase the log vouches for entitles them (one person
/// subscribed on two stores, an upgrade's old and new token while both are current), not
/// entitled only when every purchase is known and none does, and unknown otherwise.
struct ReplayTruth {
  private struct Purchase {
    var key: PurchaseKey
    var reading: StoreReading
    var sentDate: Instant
  }

  /// A purchase: its store and its id there (an `originalTransactionId`, a purchase token, a
  /// Stripe subscription or customer, a RevenueCat `store`), equal exactly when both texts are.
  struct PurchaseKey: Hashable {
    enum Store: UInt8 { case apple, google, stripe, revenueCat }
    let store: Store
    let id: Symbol

    /// `id` of `store`; no id is the empty text.
    init(_ store: Store, _ id: Symbol?) {
      self.store = store
      self.id = ReplaySubscriberID.canonical(id ?? ReplaySubscriberID.empty)
    }
  }

  private var purchases: [Purchase] = []
  private var replaced: Set<PurchaseKey> = []

  /// Takes in what `notification` says, read by the reference rules after what its purchase
  /// said last.
  mutating func receive(_ notification: StoreNotification, settings: PolicySettings) {
    let (key, replaces) = Self.purchase(of: notification)
    if let replaces {
      replaced.insert(replaces)
      purchases.removeAll { $0.key == replaces }
    }
    guard !replaced.contains(key) else { return }
    let index = purchases.firstIndex { $0.key == key }
    let sent = notification.sentDate
    if let index, purchases[index].sentDate > sent { return }
    let current = index.map { purchases[$0].reading.state } ?? .never
    guard let reading = StoreReading(notification, after: current, settings: settings) else { return }
    let purchase = Purchase(key: key, reading: reading, sentDate: sent)
    if let index { purchases[index] = purchase } else { purchases.append(purchase) }
  }

  /// Whether the store entitles the subscriber at `instant`, or nil when the log cannot tell.
  func isEntitled(at instant: Instant) -> Bool? {
    var known: Bool? = false
    for purchase in purchases {
      // A purchase the log no longer vouches for may entitle the subscriber: then only another
      // that does can say so.
      guard let state = Self.state(purchase.reading, at: instant) else {
        known = nil
        continue
      }
      if state == .active || state == .grace { return true }
    }
    return purchases.isEmpty ? nil : known
  }

  /// The instants in (`after`, `before`) at which ``isEntitled(at:)`` may change with no
  /// notification: where a reading stops being vouched for (its paid-through date, the end of
  /// the store's grace) or the app's grace ends; sorted.
  func changes(after: Instant, before: Instant) -> [Instant] {
    var found: [Instant] = []
    func add(_ t: Instant?) {
      if let t, t > after, t < before { found.append(t) }
    }
    for p in purchases {
      add(p.reading.paidThrough)
      add(p.reading.appGraceEnds)
      add(p.reading.gracePeriodExpiresDate)
    }
    return found.sorted()
  }

  /// The purchase `n` is about, and the purchase it replaces (Google's `linkedPurchaseToken`).
  static func purchase(of n: StoreNotification) -> (key: PurchaseKey, replaces: PurchaseKey?) {
    switch n {
    case .appStore(let a):
      return (PurchaseKey(.apple, a.data.transactionInfo?.originalTransactionId), nil)
    case .googlePlay(let g):
      let key = PurchaseKey(.google, g.subscriptionNotification.purchaseToken)
      // A purchase whose own resource says it was replaced stands for nothing any more, even
      // before its replacement's first notification is received.
      if g.subscription?.canceledStateContext == .replacementCancellation { return (key, key) }
      let linked = g.subscription?.linkedPurchaseToken.map { PurchaseKey(.google, $0) }
      return (key, linked)
    case .stripe(let e):
      return (PurchaseKey(.stripe, e.subscription?.id ?? e.invoice?.subscription ?? e.charge?.customer), nil)
    case .revenueCat(let e):
      return (PurchaseKey(.revenueCat, e.store.symbol), nil)
    }
  }

  /// The state the log vouches for at `instant`, or nil.
  static func state(_ r: StoreReading, at instant: Instant) -> EntitlementState? {
    switch r.state {
    case .active:
      if let end = r.paidThrough, instant >= end { return nil }
      return .active
    case .grace:
      if let end = r.appGraceEnds { return instant >= end ? .hold : .grace }
      if let end = r.gracePeriodExpiresDate, instant >= end { return nil }
      return .grace
    case .never, .hold, .paused, .expired, .revoked:
      return r.state
    }
  }
}
