/// A store and the channel its notifications reach the app's server by: what one subscription
/// is played through (`store: google` with `channel: revenuecat`, say).
public struct StoreLane: Hashable, Sendable {
  public var store: StoreKind
  public var channel: ScenarioChannel

  public init(store: StoreKind, channel: ScenarioChannel = .direct) {
    self.store = store
    self.channel = channel
  }

  /// The kind of notification the lane sends: RevenueCat's behind RevenueCat, the store's own
  /// otherwise.
  public var notificationSource: SubscriptionSource {
    switch channel {
    case .direct: StoreLanes.model(of: store).notificationSource
    case .revenueCat: .revenueCat
    }
  }
}
