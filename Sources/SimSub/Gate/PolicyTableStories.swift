/// The short stories played through each store model to collect the notifications it sends and
/// the states a subscriber passes through, for `PolicyTable`.
enum PolicyTableStories {
  struct Material {
    /// Every distinct notification (by `label`), as delivered, in the order first delivered.
    var notifications: [StoreNotification] = []
    /// For each store truth reached, the first list of deliveries that leads there.
    var prefixes: [(StoreTruth, [(StoreNotification, Instant)])] = []
  }

  static let start = Scenario.defaultStart

  /// A story: the actions at their instants, and how long to play.
  typealias Story = [(TimeSpan, SubscriberAction)]

  static let common: [Story] = [
    [(.zero, .subscribe(product: 0, trial: false))],
    [(.zero, .subscribe(product: 0, trial: true))],
    [(.zero, .subscribe(product: 0, trial: false)), (.days(10), .cancel)],
    [(.zero, .subscribe(product: 0, trial: false)), (.days(10), .cancel), (.days(12), .uncancel)],
    [(.zero, .subscribe(product: 0, trial: false)), (.days(20), .cardFails(.expired))],
    [
      (.zero, .subscribe(product: 0, trial: false)), (.days(20), .cardFails(.expired)),
      (.days(33), .updateCard),
    ],
    [
      (.zero, .subscribe(product: 0, trial: false)), (.days(20), .cardFails(.expired)),
      (.days(50), .updateCard),
    ],
    [(.zero, .subscribe(product: 0, trial: false)), (.days(10), .refund)],
    // An upgrade charged at once and a downgrade at the next renewal, at every store (Google's
    // and Stripe's terms named, so the table keeps the paths it has always shown).
    [
      (.zero, .subscribe(product: 0, trial: false)),
      (
        .days(10),
        .changeProduct(1, terms: .init(replacementMode: .chargeProratedPrice, proration: .alwaysInvoice))
      ),
    ],
    [
      (.zero, .subscribe(product: 1, trial: false)),
      (.days(10), .changeProduct(0, terms: .init(replacementMode: .deferred, proration: .alwaysInvoice))),
    ],
    [
      (.zero, .subscribe(product: 0, trial: false)), (.days(10), .cancel),
      (.days(45), .resubscribe(product: 0)),
    ],
  ]

  /// Apple Family Sharing: the purchaser turns sharing off (played for a family member, whose
  /// copy of the subscription is revoked).
  static let familyOnly: [Story] = [
    [(.zero, .subscribe(product: 0, trial: false)), (.days(10), .stopSharing(member: 0))]
  ]

  /// The App Store's own paths: a refund request declined, a refund reversed, a renewal date
  /// extended, a price increase consented to and one let lapse, and `premium.plus`'s offer code
  /// redeemed for a first purchase, for a resubscription and for the active subscription.
  static let appleOnly: [Story] = [
    [(.zero, .redeemOffer(product: 1))],
    [
      (.zero, .subscribe(product: 1, trial: false)), (.days(10), .cancel),
      (.days(45), .redeemOffer(product: 1)),
    ],
    [(.zero, .subscribe(product: 1, trial: false)), (.days(10), .redeemOffer(product: 1))],
    [
      (.zero, .subscribe(product: 0, trial: false)), (.days(10), .requestRefund), (.days(12), .declineRefund),
    ],
    [(.zero, .subscribe(product: 0, trial: false)), (.days(10), .refund), (.days(15), .reverseRefund)],
    [(.zero, .subscribe(product: 0, trial: false)), (.days(10), .extendRenewal(.days(10)))],
    [
      (.zero, .subscribe(product: 0, trial: false)), (.days(10), .raisePrice(consentRequired: true)),
      (.days(15), .acceptPrice),
    ],
    [(.zero, .subscribe(product: 0, trial: false)), (.days(10), .raisePrice(consentRequired: true))],
  ]

  /// Google Play's own paths: a pause, a pause resumed early, and a price increase accepted,
  /// let lapse (opt-in) and notified (opt-out).
  static let googleOnly: [Story] = [
    [(.zero, .subscribe(product: 0, trial: false)), (.days(10), .pause(.days(30)))],
    [(.zero, .subscribe(product: 0, trial: false)), (.days(10), .pause(.days(30))), (.days(40), .resume)],
    [
      (.zero, .subscribe(product: 0, trial: false)), (.days(10), .raisePrice(consentRequired: true)),
      (.days(15), .acceptPrice),
    ],
    [(.zero, .subscribe(product: 0, trial: false)), (.days(10), .raisePrice(consentRequired: true))],
    [(.zero, .subscribe(product: 0, trial: false)), (.days(10), .raisePrice(consentRequired: false))],
  ]

  /// Two monthly products with the store's default grace and hold, but for Stripe's app grace:
  /// 7 days inside its default 2-week retry window.
  static func products(for store: StoreKind) -> [Product] {
    let (grace, hold) = StoreLanes.model(of: store).graceAndHold(
      period: .oneMonth, grace: store == .stripe ? .days(7) : nil, hold: nil)
    return [
      Product(
        id: "premium.monthly", period: .oneMonth, priceMilliunits: 9_990, grace: grace, hold: hold,
        trial: .days(7), raisedPriceMilliunits: store == .stripe ? nil : 12_990),
      Product(
        id: "premium.plus", period: .oneMonth, priceMilliunits: 14_990, grace: grace, hold: hold,
        offer: store == .apple
          ? SubscriptionOffer(
            type: .offerCode, identifier: "plus.offer-code", payment: .payAsYouGo, priceMilliunits: 7_490,
            periods: 2) : nil),
    ]
  }

  /// Where notifications come from: a store directly, or a store behind RevenueCat.
  enum Source: CaseIterable {
    case apple, appleFamilyMember, google, stripe, revenueCatApple, revenueCatGoogle

    /// The section's heading in the table.
    var name: String {
      switch self {
      case .apple: "apple"
      case .appleFamilyMember: "apple (family member)"
      case .google: "google"
      case .stripe: "stripe"
      case .revenueCatApple: "revenuecat (apple)"
      case .revenueCatGoogle: "revenuecat (google)"
      }
    }

    /// The store lane the section plays; `nil` for a family member's, which plays the App
    /// Store model as a family member sees it.
    var lane: StoreLane? {
      switch self {
      case .apple: StoreLane(store: .apple)
      case .appleFamilyMember: nil
      case .google: StoreLane(store: .google)
      case .stripe: StoreLane(store: .stripe)
      case .revenueCatApple: StoreLane(store: .apple, channel: .revenueCat(.billingIssueFirst))
      case .revenueCatGoogle: StoreLane(store: .google, channel: .revenueCat(.billingIssueFirst))
      }
    }
  }

  static func material(for source: Source) -> Material {
    // The products are valid by construction; a failure here is a bug in this table.
    do {
      guard let lane = source.lane else {
        let purchaser = try AppStoreModel(products: products(for: .apple))
        return collect(AppStoreFamilyMember(sharing: purchaser, member: 1), stories: common + familyOnly)
      }
      let stories =
        switch lane.store {
        case .apple: common + appleOnly
        case .google: common + googleOnly
        case .stripe: common
        }
      return try StoreLanes.open(lane, selling: products(for: lane.store), Collect(stories: stories))
    } catch {
      preconditionFailure("the policy table's products are invalid: \(error)")
    }
  }

  /// Collects the stories' material from the model it is handed.
  private struct Collect: StoreModelVisitor {
    let stories: [Story]
    func visit<Store: StoreModel>(_ store: Store) -> Material { collect(store, stories: stories) }
  }

  static func collect<S: StoreModel>(_ model: S, stories: [Story]) -> Material {
    var material = Material()
    var seenNames: Set<String> = []
    var seenStates: Set<StoreTruth> = [.never]
    material.prefixes.append((.never, []))
    for story in stories {
      var engine = Engine(
        store: model, policy: ReferencePolicy(), payments: CardOnFile(), observer: TraceRecorder(),
        start: start)
      for (offset, action) in story { engine.schedule(action, at: start + offset) }
      _ = engine.run(until: start + .days(120))
      var truth = StoreTruth.never
      var delivered: [(StoreNotification, Instant)] = []
      for entry in engine.observer.entries {
        switch entry.event {
        case .truth(_, let to): truth = to
        case .delivered(let n, _):
          // As the server sees it: with Google's resource fetched on arrival.
          if seenNames.insert(label(n)).inserted { material.notifications.append(n) }
          delivered.append((n, entry.instant))
          if seenStates.insert(truth).inserted { material.prefixes.append((truth, delivered)) }
        default: break
        }
      }
    }
    material.prefixes.sort { $0.0.rawValue < $1.0.rawValue }
    return material
  }

  /// The notification's name, with what makes a variant of it decide differently: Apple's
  /// `data.status`, Google's fetched state and who canceled. Notifications with the same label
  /// are one row of the table.
  static func label(_ n: StoreNotification) -> String {
    switch n {
    case .appStore(let a):
      return a.data.status.map { "\(n.name) (status \($0.rawValue))" } ?? n.name
    case .googlePlay(let g):
      guard let resource = g.subscription else { return n.name }
      var label =
        n.name + " (" + resource.subscriptionState.rawValue.replacingAll("SUBSCRIPTION_STATE_", with: "")
      if let context = resource.canceledStateContext { label += ", \(context)" }
      return label + ")"
    case .stripe(let e):
      switch e.object {
      case .subscription(let subscription): return "\(n.name) (\(subscription.status.rawValue))"
      case .invoice(let invoice): return "\(n.name) (invoice \(invoice.status.rawValue))"
      case .charge, .other: return n.name
      }
    case .revenueCat:
      return n.name
    }
  }

  /// The notification as if sent at `instant`.
  static func restamped(_ n: StoreNotification, at instant: Instant) -> StoreNotification {
    switch n {
    case .appStore(var a):
      a.signedDate = instant
      return .appStore(a)
    case .googlePlay(var g):
      g.eventTime = instant
      return .googlePlay(g)
    case .stripe(var e):
      e.created = instant
      return .stripe(e)
    case .revenueCat(var e):
      e.eventTimestamp = instant
      return .revenueCat(e)
    }
  }
}
