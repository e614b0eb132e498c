/// What a Monte Carlo run played: the population as resolved (file, overrides and defaults)
/// and the policies. Reports print it; JSON results carry it, so `simsub merge` can check that
/// every part played the same population and print the same header one run would.
public struct RunSetup: Hashable, Sendable {
  /// The population file as named on the command line.
  public var file: String
  public var name: String
  public var users: Int
  public var seed: UInt64
  public var horizon: TimeSpan
  public var start: Instant
  public var step: TimeSpan
  /// The policy played, then the one compared with it, if any.
  public var policies: [String]
  /// One line per cohort group: `60% apple premium.monthly (1M, 9.99, grace 16d, hold 44d)`.
  public var cohort: [String]
  /// The currency of every price and revenue figure (ISO 4217).
  public var currency: String
  /// Every resolved number of the population (cohort, payments, behaviour), for the record
  /// and for `merge`'s check.
  public var parameters: JSONValue

  public init(population p: Population, policies: [String]) {
    file = p.path
    name = p.name
    users = p.users
    seed = p.seed
    horizon = p.horizon
    start = p.start
    step = p.step
    self.policies = policies
    currency = p.currency
    cohort = p.cohort.map { g in
      "\(Self.percent(g.share)) \(g.store.name) \(Describe.product(g.product))\(Self.channel(g.channel))"
        + (g.priceIncrease.map {
          ", price raised on day \($0.at.wholeDays), \(Self.percent($0.accepts)) consent"
        } ?? "")
    }
    parameters = .object([
      (
        "cohort",
        .array(
          p.cohort.map { g in
            var group = JSONObject([
              ("share", .double(g.share)), ("store", .string(g.store.name)),
              ("product", ScenarioJSONReport.product(g.product)), ("payments", Self.json(g.payments)),
            ])
            if case .revenueCat(let order) = g.channel {
              group.append(
                "channel",
                .object([("name", .string("revenuecat")), ("billing-issue-order", .string(order.name))]))
            }
            if let increase = g.priceIncrease {
              group.append(
                "price-increase",
                .object([("at", .string(increase.at.description)), ("accepts", .double(increase.accepts))]))
            }
            return .object(group)
          })
      ),
      ("payments", Self.json(p.payments)),
      (
        "behaviour",
        .object([
          ("cancels-per-period", .double(p.behaviour.cancelsPerPeriod)),
          ("opens-app-per-day", .double(p.behaviour.opensAppPerDay)),
          ("opens-app-per-day-without-access", .double(p.behaviour.opensApp(access: false))),
          (
            "fixes-card-per-day",
            .object(RecoveryPrompt.allCases.map { ($0.name, .double(p.behaviour.fixesCardPerDay[$0])) })
          ),
          ("prompt-wears-off-per-day", .double(p.behaviour.promptWearsOffPerDay)),
          ("leaves-when-locked-out", .double(p.behaviour.leavesWhenLockedOut)),
          ("leaves-per-day-without-access", .double(p.behaviour.leavesPerDayWithoutAccess)),
        ])
      ),
    ])
  }

  static func json(_ rates: PaymentRates) -> JSONValue {
    .object([
      ("renewal-failure", .double(rates.renewalFailure)),
      ("reasons", .object(DeclineReason.allCases.map { ($0.name, .double(rates.reasons[$0])) })),
      ("retry-success", .object(DeclineReason.allCases.map { ($0.name, .double(rates.retrySuccess[$0])) })),
    ])
  }

  /// ` via revenuecat`, ` via revenuecat (cancellation-first)`, or nothing for the store's own
  /// notifications.
  static func channel(_ channel: ScenarioChannel) -> String {
    switch channel {
    case .direct: ""
    case .revenueCat(.billingIssueFirst): " via revenuecat"
    case .revenueCat(let order): " via revenuecat (\(order.name))"
    }
  }

  /// `60%`, `33.3%`: a share for a header line.
  static func percent(_ share: Double) -> String {
    Format.fixed(share * 100, decimals: share * 100 == (share * 100).rounded() ? 0 : 1) + "%"
  }

  // MARK: JSON

  public var json: JSONValue {
    .object([
      ("file", .string(file)), ("name", .string(name)), ("users", .int(Int64(users))),
      ("seed", .string(String(seed))), ("horizon", .string(horizon.description)),
      ("start", .string(RFC3339.format(start))), ("step", .string(step.description)),
      ("policies", .array(policies.map { .string($0) })), ("cohort", .array(cohort.map { .string($0) })),
      ("currency", .string(currency)), ("parameters", parameters),
    ])
  }

  public init?(json: JSONValue) {
    guard let file = json["file"]?.stringValue, let name = json["name"]?.stringValue,
      let users = json["users"]?.int64Value, users >= 1, users <= PopulationDecoder.maximumUsers,
      let seedText = json["seed"]?.stringValue, let seed = PopulationDecoder.parseSeed(seedText),
      let horizonText = json["horizon"]?.stringValue,
      let horizon = try? DurationSyntax.parse(horizonText).get(),
      horizon.seconds > 0,
      let startText = json["start"]?.stringValue, let start = RFC3339.parse(startText),
      let stepText = json["step"]?.stringValue, let step = try? DurationSyntax.parse(stepText).get(),
      step.seconds > 0,
      let policies = json["policies"]?.arrayValue?.compactMap(\.stringValue),
      policies.count == 1 || policies.count == 2,
      let cohort = json["cohort"]?.arrayValue?.compactMap(\.stringValue),
      let parameters = json["parameters"], parameters.objectValue != nil
    else { return nil }
    // Results written before the currency was recorded were in the default.
    let currency = json["currency"]?.stringValue ?? Population.defaultCurrency
    guard PopulationDecoder.isCurrencyCode(currency) else { return nil }
    self.currency = currency
    self.file = file
    self.name = name
    self.users = Int(users)
    self.seed = seed
    self.horizon = horizon
    self.start = start
    self.step = step
    self.policies = policies
    self.cohort = cohort
    self.parameters = parameters
  }
}
