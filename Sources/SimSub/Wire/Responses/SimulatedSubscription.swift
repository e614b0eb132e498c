/// One subscription of a played scenario as the store APIs see it: its store and products,
/// whose run it is, the store's records after each event, and the run's wire identity. What
/// ``StoreAPI`` answers from.
package struct SimulatedSubscription: Sendable {
  package var store: StoreKind
  package var products: [Product]
  /// `0` the purchaser, `N` Apple Family Sharing member N.
  package var member: Int
  package var history: RecordHistory
  package var context: WireContext

  package init(
    store: StoreKind, products: [Product], member: Int = 0, history: RecordHistory, context: WireContext
  ) {
    self.store = store
    self.products = products
    self.member = member
    self.history = history
    self.context = context
  }

  /// Every subscription of `result`'s runs (each source, each family member), with `settings`.
  package static func all(in result: ScenarioResult, settings: WireSettings) -> [SimulatedSubscription] {
    let scenario = result.scenario
    return result.runs.flatMap { run in
      run.records.compactMap { history in
        let source =
          history.source.map { name in scenario.subscriptions.first { $0.name == name } }
          ?? scenario.subscriptions.first
        guard let source else { return nil }
        return SimulatedSubscription(
          store: source.store, products: source.products, member: run.member, history: history,
          context: WireContext(
            settings: settings, scenario: scenario, source: history.source, member: run.member))
      }
    }
  }

  /// The App Store model of the subscription (shaped as the member's copy), if it is one.
  var appStoreModel: AppStoreModel? {
    guard store == .apple, let model = try? AppStoreModel(products: products) else { return nil }
    return member > 0 ? model.notifying(familyMember: UInt8(member)) : model
  }

  var googlePlayModel: GooglePlayModel? { store == .google ? try? GooglePlayModel(products: products) : nil }

  var stripeModel: StripeModel? { store == .stripe ? try? StripeModel(products: products) : nil }

  /// What RevenueCat knows of the subscription at `instant`.
  func revenueCat(at instant: Instant) -> RevenueCatSubscriber? {
    let m = UInt8(member)
    if let model = appStoreModel {
      return RevenueCatSubscriber(store: model, history: history, at: instant, member: m, context: context)
    }
    if let model = googlePlayModel {
      return RevenueCatSubscriber(store: model, history: history, at: instant, context: context)
    }
    if let model = stripeModel {
      return RevenueCatSubscriber(store: model, history: history, at: instant, context: context)
    }
    return nil
  }

  /// The RevenueCat SDK's `CustomerInfo` for the subscription at `instant`
  /// (``RevenueCatCustomerInfo``): what a client-side policy is handed.
  package func customerInfo(at instant: Instant) -> JSONValue {
    RevenueCatCustomerInfo.customerInfo(revenueCat(at: instant), at: instant, context: context)
  }

  /// ``customerInfo(at:)``'s compact JSON text, written straight into `out`
  /// (``RevenueCatCustomerInfoWriter``).
  package func writeCustomerInfo(at instant: Instant, into out: inout [UInt8]) {
    RevenueCatCustomerInfoWriter.write(revenueCat(at: instant), at: instant, context: context, into: &out)
  }
}

extension SimulatedSubscription {
  /// StoreKit 2's subscription status for the subscription at `instant`
  /// (``StoreKitSubscriptionStatus``): `nil` for a subscription that is not the App Store's, or
  /// when StoreKit has none.
  package func storeKitStatus(at instant: Instant) -> JSONValue? {
    guard let model = appStoreModel else { return nil }
    return StoreKitSubscriptionStatus.status(
      model: model, record: history.record(at: instant), at: instant, context: context)
  }
}
