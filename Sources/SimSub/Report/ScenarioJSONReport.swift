/// The machine-readable form of scenario runs: each resolved scenario (every default filled
/// in), its trace and its results. Keys in a fixed order, written by simsub's own JSON writer,
/// so the bytes are the same on Linux and macOS.
public enum ScenarioJSONReport {
  /// - Parameter refused: files that could not be played: listed under `refused` with their
  ///   errors, counted in `summary.refused`, and the run does not pass.
  /// - Parameter skipped: scenarios not played: listed under `skipped` with the reason and
  ///   counted in `summary.skipped`, only when there are some.
  public static func render(
    _ results: [ScenarioResult], refused: [RefusedScenario] = [], skipped: [SkippedScenario] = []
  ) -> String {
    let passed = results.filter(\.passed).count
    var summary = JSONObject([
      ("scenarios", number(results.count)), ("passed", number(passed)),
      ("failed", number(results.count - passed)), ("refused", number(refused.count)),
    ])
    var fields = JSONObject([
      ("tool", "simsub"), ("version", .string(simsubVersion)),
      ("passed", .bool(passed == results.count && refused.isEmpty)),
    ])
    if !skipped.isEmpty { summary.append("skipped", number(skipped.count)) }
    fields.append("summary", .object(summary))
    fields.append("scenarios", .array(results.map(scenario)))
    fields.append(
      "refused",
      .array(
        refused.map { r in
          .object([("path", .string(r.path)), ("errors", .array(r.errors.map { .string($0) }))])
        }))
    if !skipped.isEmpty {
      fields.append(
        "skipped",
        .array(skipped.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) }))
    }
    return JSONValue.object(fields).serialized(.pretty) + "\n"
  }

  static func number(_ n: Int) -> JSONValue { .number(JSONNumber(n)) }
  static func time(_ i: Instant) -> JSONValue { .string(RFC3339.format(i)) }
  static func span(_ s: TimeSpan) -> JSONValue { .string(s.description) }

  static func scenario(_ r: ScenarioResult) -> JSONValue {
    let s = r.scenario
    var resolved = JSONObject([
      ("path", .string(s.path)), ("name", .string(s.name)), ("store", .string(s.store.name)),
      ("products", .array(s.products.map(product))), ("start", time(s.start)),
      ("end", time(r.end)), ("step", span(r.step)), ("policy", .string(r.policy)),
      ("channel", .string(s.channel.name)),
      (
        "delivery",
        .object([
          ("delay", span(s.delivery.delay)), ("duplicate", .bool(s.delivery.duplicate)),
          ("reorder", span(s.delivery.reorder)), ("outage", span(s.delivery.outage)),
        ])
      ),
      ("family-members", number(s.familyMembers)),
    ])
    if s.hasSources {
      resolved.append(
        "sources",
        .array(
          s.subscriptions.map { source in
            .object([
              ("name", .string(source.name)), ("store", .string(source.store.name)),
              ("channel", .string(source.channel.name)), ("products", .array(source.products.map(product))),
            ])
          }))
    }
    resolved.append(
      "invariants",
      .object(JSONObject(Invariant.allCases.map { ($0.rawValue, .string(s.level(of: $0).rawValue)) })))
    resolved.append("expect-violations", .array(s.expectedViolations.map { .string($0.rawValue) }))
    let members: [JSONValue] = r.members.map { m in
      .object(JSONObject([("member", number(m.member)), ("passed", .bool(m.passed))] + run(m)))
    }
    var pairs: [(String, JSONValue)] = [("scenario", .object(resolved)), ("passed", .bool(r.passed))]
    pairs += run(r)
    pairs.append(("members", .array(members)))
    return .object(JSONObject(pairs))
  }

  /// One run's trace, expectations, invariants and entry errors.
  static func run(_ r: ScenarioResult) -> [(String, JSONValue)] {
    let s = r.scenario
    let trace: [JSONValue] = r.rows.map { row in
      .object(
        (row.source.map { [("source", JSONValue.string($0))] } ?? []) + [
          ("at", time(row.instant)),
          ("day", .number(JSONNumber(Describe.dayNumber(row.instant, from: s.start)))),
          ("event", .string(Describe.event(of: row, in: s))),
          ("sent", .array(row.sent.map { .string($0) })), ("store", .string(row.truth.name)),
          ("entitlement", .string(row.decision.state.name)), ("access", .bool(row.decision.access)),
          ("prompt", .string(row.decision.prompt.name)),
        ])
    }
    let expectations: [JSONValue] = r.expectations.map { e in
      .object([
        ("line", number(e.expectation.line)), ("column", number(e.expectation.column)),
        ("at", .string(e.expectation.at.description)),
        ("instant", e.instant.map(time) ?? .null), ("passed", .bool(e.passed)),
        (
          "checks",
          .array(
            e.checks.map { c in
              .object([
                ("key", .string(c.key)), ("expected", .string(c.expected)), ("actual", .string(c.actual)),
                ("passed", .bool(c.passed)),
              ])
            })
        ),
      ])
    }
    let invariants: [JSONValue] = r.invariants.map { v in
      .object([
        ("name", .string(v.invariant.rawValue)), ("level", .string(v.level.rawValue)),
        ("expected-violated", .bool(v.expectedToFail)), ("passed", .bool(v.passed)),
        (
          "violations",
          .array(
            v.violations.map { x in
              .object([
                ("start", time(x.start)), ("end", x.end.map(time) ?? .null),
                ("duration", x.duration.map(span) ?? .null), ("store", .string(x.truth.name)),
                ("entitlement", .string(x.decision.state.name)), ("access", .bool(x.decision.access)),
                ("prompt", .string(x.decision.prompt.name)),
                ("cause", x.cause.map { .string($0.name) } ?? .null),
              ])
            })
        ),
      ])
    }
    return [
      ("trace", .array(trace)), ("expectations", .array(expectations)), ("invariants", .array(invariants)),
      (
        "entry-errors",
        .array(
          r.entryErrors.map {
            .object([
              ("line", number($0.line)), ("column", number($0.column)), ("message", .string($0.message)),
            ])
          })
      ),
      (
        "contract-breaches",
        .array(
          r.contractBreaches.map {
            .object([
              ("instant", .string(RFC3339.format($0.instant))),
              (
                "kept",
                .object([("entitlement", .string($0.kept.state.name)), ("access", .bool($0.kept.access))])
              ),
              (
                "fresh",
                .object([("entitlement", .string($0.fresh.state.name)), ("access", .bool($0.fresh.access))])
              ),
              ("message", .string($0.message)),
            ])
          })
      ),
    ] + refusedDeliveries(r)
  }

  /// `refused-deliveries`, only for a run whose policy refused some notification.
  static func refusedDeliveries(_ r: ScenarioResult) -> [(String, JSONValue)] {
    let refused = r.refusedDeliveries
    guard !refused.isEmpty else { return [] }
    return [
      (
        "refused-deliveries",
        .array(
          refused.map { d in
            var fields: [(String, JSONValue)] = [
              ("notification", .string(d.name)), ("store", .string(d.store)), ("sent", time(d.sentAt)),
              ("first-refused", time(d.firstRefusedAt)), ("refusals", number(d.refusals)),
              ("accepted", d.acceptedAt.map(time) ?? .null), ("answer", .string(d.answer)),
              ("fails", .bool(d.isFailure)),
            ]
            if let source = d.source { fields.insert(("source", .string(source)), at: 2) }
            return .object(JSONObject(fields))
          })
      )
    ]
  }

  /// A product; `grace-renewals` only when it is not `all`, and the `offer` keys only with an
  /// offer, so reports of the products without them are as they were.
  static func product(_ p: Product) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("id", .string(p.id.text)), ("period", .string(p.period.code)),
      ("price", .string(Describe.price(p.priceMilliunits))), ("grace", span(p.grace)), ("hold", span(p.hold)),
      ("trial", p.trial.map(span) ?? .null), ("group", .string(p.group.text)),
    ]
    if p.graceRenewals != .all { pairs.append(("grace-renewals", .string(p.graceRenewals.name))) }
    if let raised = p.raisedPriceMilliunits {
      pairs.append(("raised-price", .string(Describe.price(raised))))
    }
    if let offer = p.offer {
      pairs.append(("offer", .string(offer.type.name)))
      pairs.append(("offer-id", .string(offer.identifier.text)))
      pairs.append(("offer-price", .string(Describe.price(offer.priceMilliunits))))
      pairs.append(("offer-periods", .int(Int64(offer.periods))))
      pairs.append(("offer-payment", .string(offer.payment.name)))
    }
    return .object(pairs)
  }
}

extension JSONValue {
  /// An object from key–value pairs, in this order.
  static func object(_ pairs: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(pairs)) }
}
