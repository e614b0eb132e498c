/// What a wire request is built from besides the notification: the settings, the app's
/// identity, the identifiers of this run's scope, and the products (for the prices the stores
/// write beside the typed fields).
public struct WireContext: Sendable {
  public var settings: WireSettings
  /// The app's identity, overrides applied.
  public var app: AppIdentity
  /// Store identifiers: scoped to the scenario, the source and the family member.
  public var ids: WireIdentifiers
  /// The subscriber's own id: scoped to the scenario and the family member, so every source of
  /// one subscriber carries the same.
  public var subscriber: WireIdentifiers
  /// The products of the source, for prices by product id.
  public var products: [Product]
  /// The engine's subscriber number (a scenario plays subscriber 1).
  public var subscriberNumber: UInt64

  public init(
    settings: WireSettings, app: AppIdentity, scope: String, source: String? = nil, products: [Product],
    subscriberNumber: UInt64 = 1
  ) {
    self.settings = settings
    self.app = settings.identity(app)
    self.ids = WireIdentifiers(salt: settings.salt, scope: source.map { "\(scope)\n\($0)" } ?? scope)
    self.subscriber = WireIdentifiers(salt: settings.salt, scope: scope)
    self.products = products
    self.subscriberNumber = subscriberNumber
  }

  /// The context of one run of `scenario`: its source named `source` (of several), or family
  /// member `member`'s run.
  public init(settings: WireSettings, scenario: Scenario, source: String? = nil, member: Int = 0) {
    let products =
      source.flatMap { name in scenario.subscriptions.first { $0.name == name }?.products }
      ?? scenario.products
    let scope = member > 0 ? "\(scenario.path)\nmember \(member)" : scenario.path
    self.init(settings: settings, app: scenario.app, scope: scope, source: source, products: products)
  }

  /// The subscriber's own id (a UUID in lower case).
  public var subscriberId: String { subscriber.subscriberId(subscriberNumber) }

  /// The product with store id `id`.
  func product(_ id: Symbol) -> Product? { products.first { $0.id == id } }

  /// A price in milliunits as a JSON decimal in whole units (`9990` → `9.99`), negated when
  /// asked.
  static func decimalPrice(_ milliunits: Int64, negative: Bool = false) -> JSONValue {
    let units = milliunits / 1000
    var fraction = String(milliunits % 1000)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
    let sign = negative && milliunits != 0 ? "-" : ""
    return .number(JSONNumber(text: "\(sign)\(units).\(fraction)")!)
  }
}
