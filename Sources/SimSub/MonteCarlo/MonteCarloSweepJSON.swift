/// The JSON form of a sweep: what was swept, the baseline's setup, the verdict, and for each
/// value (each point of a grid) its settings, its resolved parameters, every estimate per group,
/// its paired difference from the first value (`null` for the first), its violations and,
/// under `--compare`, the compared policy there (`null` without). Keys in a fixed order, written
/// by simsub's own JSON writer, as every report's.
///
/// ```json
/// {"tool": "simsub", "version": "…", "sweep": {"key": "apple.grace", "values": ["16d", "0d"],
///  "axes": [{"key": "apple.grace", "values": ["16d", "0d"]}], "baseline": "16d",
///  "metric": "recovery-rate-30d", "policy": "reference", "compared": null}, "run": {…}, "passed": true,
///  "values": [{"value": "16d", "settings": {"apple.grace": "16d"}, "passed": true, "parameters": {…},
///              "estimates": {"all": {"subscribers": 1000, "episodes": 812,
///                                    "recovery-rate-30d": {"value": …, "low": …, "high": …}, …}, …},
///              "difference": null, "violations": [], "compared": null}, …]}
/// ```
///
/// A compared policy's entry: `{"policy": "active-only", "passed": false, "estimates": {…},
/// "difference": {"all": {"of": "reference - active-only", …}, …}, "violations": […]}`.
public enum MonteCarloSweepJSON {
  public static func render(_ result: MonteCarloSweepResult) -> String {
    document(result).serialized(.pretty) + "\n"
  }

  static func document(_ result: MonteCarloSweepResult, version: String = simsubVersion) -> JSONValue {
    var root = JSONObject([("tool", .string("simsub")), ("version", .string(version))])
    root.append(
      "sweep",
      .object([
        ("key", .string(result.sweep.key)), ("values", .array(result.sweep.values.map { .string($0) })),
        (
          "axes",
          .array(
            result.sweep.axes.map {
              .object([("key", .string($0.key)), ("values", .array($0.values.map { .string($0) }))])
            })
        ),
        ("baseline", .string(result.sweep.values[0])), ("metric", .string(result.metric.key)),
        ("policy", .string(result.policy)), ("compared", result.comparedPolicy.map { .string($0) } ?? .null),
      ]))
    root.append("run", result.runs[0].setup.json)
    root.append("passed", .bool(result.passed))
    root.append("values", .array(result.sweep.values.indices.map { value(result, $0) }))
    return .object(root)
  }

  static func value(_ result: MonteCarloSweepResult, _ v: Int) -> JSONValue {
    let solo = result.solo(v)
    var o = JSONObject([("value", .string(result.sweep.values[v]))])
    var settings = JSONObject()
    for (axis, i) in zip(result.sweep.axes, result.sweep.points[v]) {
      settings.append(axis.key, .string(axis.values[i]))
    }
    o.append("settings", .object(settings))
    o.append("passed", .bool(solo.passed))
    o.append("parameters", solo.setup.parameters)
    o.append("estimates", estimates(solo, result.groups) { result.estimate($0, $1, value: v) })
    if v == 0 {
      o.append("difference", .null)
    } else {
      o.append(
        "difference",
        differences(result.groups, names: [result.sweep.values[v], result.sweep.values[0]]) {
          result.difference($0, $1, value: v) ?? .undefined
        })
    }
    o.append("violations", MonteCarloResultJSON.violations(solo))
    if let other = result.comparedSolo(v), let name = result.comparedPolicy {
      var c = JSONObject([("policy", .string(name)), ("passed", .bool(other.passed))])
      c.append(
        "estimates",
        estimates(other, result.groups) { result.comparedEstimate($0, $1, value: v) ?? .undefined })
      c.append(
        "difference",
        differences(result.groups, names: [result.policy, name]) {
          result.policyDifference($0, $1, value: v) ?? .undefined
        })
      c.append("violations", MonteCarloResultJSON.violations(other))
      o.append("compared", .object(c))
    } else {
      o.append("compared", .null)
    }
    return .object(o)
  }

  /// Every estimate per group of a run alone (`run`, one policy), read through `estimate`.
  static func estimates(
    _ run: MonteCarloResult, _ groups: [SubscriberGroup], _ estimate: (Metric, SubscriberGroup) -> Estimate
  ) -> JSONValue {
    var out = JSONObject()
    for group in groups {
      let tally = run.tally(group)
      var metrics = JSONObject([
        ("subscribers", .int(tally.sum(.subscribers, policy: 0))),
        ("episodes", .int(tally.sum(.episodes, policy: 0))),
      ])
      for metric in Metric.allCases {
        metrics.append(metric.key, MonteCarloResultJSON.number(estimate(metric, group)))
      }
      out.append(group.rawValue, .object(metrics))
    }
    return .object(out)
  }

  /// Every paired difference `names[0] − names[1]` per group, with the side it favours.
  static func differences(
    _ groups: [SubscriberGroup], names: [String], _ difference: (Metric, SubscriberGroup) -> Estimate
  ) -> JSONValue {
    var out = JSONObject()
    for group in groups {
      var metrics = JSONObject([("of", .string("\(names[0]) - \(names[1])"))])
      for metric in Metric.allCases {
        let d = difference(metric, group)
        metrics.append(
          metric.key,
          MonteCarloResultJSON.favouring(MonteCarloResultJSON.number(d), d, metric, names: names))
      }
      out.append(group.rawValue, .object(metrics))
    }
    return .object(out)
  }
}
