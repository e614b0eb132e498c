/// The words reports use for the engine's values, in the scenario format's own spelling.
enum Describe {
  static func action(_ action: SubscriberAction, products: [Product]) -> String {
    func product(_ i: ProductIndex) -> String {
      products.indices.contains(Int(i)) ? products[Int(i)].id.text : "#\(i)"
    }
    // The action's name in the format, then what the format writes in its other keys.
    let name = TimelineActionName(action).name
    switch action {
    case .subscribe(let p, let trial): return "\(name) \(product(p))" + (trial ? " (trial)" : "")
    case .subscribeWithoutPaymentMethod(let p): return "\(name) \(product(p)) (trial, no payment method)"
    case .subscribeIncomplete(let p, let needsAuthentication):
      return "\(name) \(product(p)) (first payment \(needsAuthentication ? "requires-action" : "fails"))"
    case .subscribePending(let p): return "\(name) \(product(p)) (first payment pending)"
    case .cardFails(let reason): return "\(name) (\(reason.name))"
    case .cardFailsHard(let code): return "\(name) (\(code.name): retries wait for a new card)"
    case .resubscribe(let p), .redeemOffer(let p): return "\(name) \(product(p))"
    case .changeProduct(let p, let terms):
      var written = "\(name) \(product(p))"
      if let mode = terms.replacementMode { written += " (replacement-mode \(mode.name))" }
      if let proration = terms.proration { written += " (proration \(proration.name))" }
      return written
    case .pause(let span): return "\(name) for \(GooglePlayModel.pauseSpelling(span))"
    case .extendRenewal(let span), .deferBilling(let span): return "\(name) by \(span)"
    case .stopSharing(let member): return member == 0 ? name : "\(name) (member \(member))"
    case .raisePrice(let consentRequired, let longNotice):
      return
        "\(name) (consent \(consentRequired ? "required" : "not-required")\(longNotice ? ", notice 60d" : ""))"
    default:
      // An action without keys besides `at` and `do` is written by its name alone.
      return name
    }
  }

  static func timer(_ timer: StoreTimer) -> String {
    switch timer {
    case .renewal: "store: period ends"
    case .retry(let n): "store: billing retry \(n)"
    case .silentGraceEnds: "store: silent day ends"
    case .graceEnds: "store: grace ends"
    case .retryWindowEnds: "store: retries end"
    case .pauseEnds: "store: pause ends"
    case .trialWillEnd: "store: trial ends in 3 days"
    }
  }

  static func delivery(_ s: DeliverySettings) -> String { "delivery: " + deliveryFaults(s) }

  /// The delivery faults alone (`delay 5min, duplicate`), or `on time`.
  static func deliveryFaults(_ s: DeliverySettings) -> String {
    var parts: [String] = []
    if s.delay != .zero { parts.append("delay \(s.delay)") }
    if s.duplicate { parts.append("duplicate") }
    if s.reorderWindow != .zero { parts.append("reorder \(s.reorderWindow)") }
    if s.outageStart != .distantFuture { parts.append("outage for \(s.outageEnd - s.outageStart)") }
    return parts.isEmpty ? "on time" : parts.joined(separator: ", ")
  }

  /// A row's event, named with its source's products, and led by the source's name when the
  /// scenario has several (`web: subscribe premium.web`).
  static func event(of row: TimelineRow, in scenario: Scenario) -> String {
    guard let name = row.source, let source = scenario.subscriptions.first(where: { $0.name == name }) else {
      return event(row.event, products: scenario.products)
    }
    return "\(name): " + event(row.event, products: source.products)
  }

  static func event(_ event: TimelineRow.Event, products: [Product]) -> String {
    switch event {
    case .action(let a): action(a, products: products)
    case .timer(let t): timer(t)
    case .delivered(let name, _): "delivered \(name)"
    case .deliveryFailed(let name, let attempt, let retryAt):
      "delivery \(attempt) of \(name) failed"
        + (retryAt.map { ", retry \(RFC3339.format($0))" } ?? ", store gives up")
    case .deliveryChanged(let s): delivery(s)
    case .note(let text): "note: \(text)"
    }
  }

  /// `28`: the whole days from the scenario's start to an instant (day 0 is the first day).
  static func day(_ instant: Instant, from start: Instant) -> String {
    String(dayNumber(instant, from: start))
  }

  /// The whole days from `start` to `instant`, rounded down.
  static func dayNumber(_ instant: Instant, from start: Instant) -> Int64 {
    let span = instant - start
    return span.seconds >= 0 ? span.seconds / 86_400 : (span.seconds - 86_399) / 86_400
  }

  /// The invariants column of the summary tables (Markdown and HTML): `held`, or the ones that
  /// failed (a family member's named), then those violated as the scenario expects, e.g.
  /// `failed: member 1 prompt-matches; violated as expected: no-lockout-in-grace`. `name` dresses
  /// an invariant's name (Markdown sets it as code).
  static func invariants(of r: ScenarioResult, name: (String) -> String = { $0 }) -> String {
    let broken = r.runs.flatMap { run in
      run.invariants.filter { !$0.passed }.map {
        (run.member > 0 ? "member \(run.member) " : "") + name($0.invariant.rawValue)
      }
    }
    let expected = r.invariants.filter { $0.expectedToFail && $0.passed }.map { name($0.invariant.rawValue) }
    var text = broken.isEmpty ? "held" : "failed: " + broken.joined(separator: ", ")
    if !expected.isEmpty {
      text = (broken.isEmpty ? "" : text + "; ") + "violated as expected: " + expected.joined(separator: ", ")
    }
    return text
  }

  static func product(_ p: Product) -> String {
    var parts = ["\(p.period.code)", price(p.priceMilliunits), "grace \(p.grace)", "hold \(p.hold)"]
    if let trial = p.trial { parts.append("trial \(trial)") }
    if p.graceRenewals != .all { parts.append("grace for \(p.graceRenewals.name) renewals") }
    if let raised = p.raisedPriceMilliunits { parts.append("raised to \(price(raised))") }
    if let offer = p.offer { parts.append(Self.offer(offer)) }
    return "\(p.id.text) (\(parts.joined(separator: ", ")))"
  }

  /// `offer-code SPRING3: 4.99 a period for 3 periods`, `win-back back: free for 1 period`,
  /// `promotional P: 19.99 up front for 3 periods`.
  static func offer(_ o: SubscriptionOffer) -> String {
    let periods = Plural.count(Int(o.periods), "period")
    let terms =
      switch o.payment {
      case .freeTrial: "free for \(periods)"
      case .payAsYouGo: "\(price(o.priceMilliunits)) a period for \(periods)"
      case .payUpFront: "\(price(o.priceMilliunits)) up front for \(periods)"
      }
    return "\(o.type.name) \(o.identifier.text): \(terms)"
  }

  /// `9.99` for 9990 milliunits.
  static func price(_ milliunits: Int64) -> String {
    // Two decimals, or three when the file gave a third (`9.995`): never rounded away.
    let fraction = milliunits % 1000
    let decimals =
      fraction % 10 == 0
      ? String(fraction / 10).leftPadded(to: 2, with: "0") : String(fraction).leftPadded(to: 3, with: "0")
    return "\(milliunits / 1000).\(decimals)"
  }

  /// `store grace, access yes, sent DID_RENEW`: what an expectation checks, in file order.
  static func expected(_ e: Expectation) -> String {
    var parts: [String] = []
    if let store = e.store { parts.append("store \(store.name)") }
    if let state = e.entitlement { parts.append("entitlement \(state.name)") }
    if let access = e.access { parts.append("access \(access ? "yes" : "no")") }
    if let prompt = e.prompt { parts.append("prompt \(prompt.name)") }
    for name in e.sent { parts.append("sent \(name)") }
    for name in e.notSent { parts.append("not sent \(name)") }
    if e.sincePrevious != nil { parts.append("since the previous expectation") }
    if let charges = e.charges { parts.append("charges \(charges)") }
    return parts.joined(separator: ", ")
  }

  static func decision(_ d: Decision) -> String {
    "\(d.state.name), \(d.access ? "access" : "no access"), prompt \(d.prompt.name)"
  }
}

extension String {
  func leftPadded(to width: Int, with pad: Character = " ") -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }
  func rightPadded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
