/// The JSON form of a sweep: what was swept, the baseline's setup, the verdict, and for each
/// value its resolved parameters, every estimate per group, its paired difference from the
/// first value (`null` for the first), and its violations. Keys in a fixed order, written by
/// simsub's own JSON writer, as every report's.
///
/// ```json
/// {"tool": "simsub", "version": "…", "sweep": {"key": "apple.grace", "values": ["16d", "0d"],
///  "baseline": "16d", "metric": "recovery-rate-30d"}, "run": {…}, "passed": true,
///  "values": [{"value": "16d", "passed": true, "parameters": {…},
///              "estimates": {"all": {"subscribers": 1000, "episodes": 812,
///                                    "recovery-rate-30d": {"value": …, "low": …, "high": …}, …}, …},
///              "difference": null, "violations": []}, …]}
/// ```
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
        ("baseline", .string(result.sweep.values[0])), ("metric", .string(result.metric.key)),
      ]))
    root.append("run", result.runs[0].setup.json)
    root.append("passed", .bool(result.passed))
    root.append("values", .array(result.sweep.values.indices.map { value(result, $0) }))
    return .object(root)
  }

  static func value(_ result: MonteCarloSweepResult, _ v: Int) -> JSONValue {
    let solo = result.solo(v)
    var o = JSONObject([("value", .string(result.sweep.values[v])), ("passed", .bool(solo.passed))])
    o.append("parameters", solo.setup.parameters)
    var estimates = JSONObject()
    for group in result.groups {
      let tally = solo.tally(group)
      var metrics = JSONObject([
        ("subscribers", .int(tally.sum(.subscribers, policy: 0))),
        ("episodes", .int(tally.sum(.episodes, policy: 0))),
      ])
      for metric in Metric.allCases {
        metrics.append(metric.key, MonteCarloResultJSON.number(result.estimate(metric, group, value: v)))
      }
      estimates.append(group.rawValue, .object(metrics))
    }
    o.append("estimates", .object(estimates))
    if v == 0 {
      o.append("difference", .null)
    } else {
      var groups = JSONObject()
      for group in result.groups {
        var metrics = JSONObject([("of", .string("\(result.sweep.values[v]) - \(result.sweep.values[0])"))])
        for metric in Metric.allCases {
          let d = result.difference(metric, group, value: v) ?? .undefined
          metrics.append(
            metric.key,
            MonteCarloResultJSON.favouring(
              MonteCarloResultJSON.number(d), d, metric,
              names: [result.sweep.values[v], result.sweep.values[0]]))
        }
        groups.append(group.rawValue, .object(metrics))
      }
      o.append("difference", .object(groups))
    }
    o.append("violations", MonteCarloResultJSON.violations(solo))
    return .object(o)
  }
}
