/// A Monte Carlo result as pictures, drawn by the shared chart code: the recovery curve (share
/// of billing-issue episodes recovered by each day since the failure, with its 95% band, per
/// store; with `--compare` one panel per policy) and where episodes ended.
public enum MonteCarloCharts {
  /// Days the curve covers: Apple's and Google's whole retry window.
  public static let days = 60

  /// One recovery curve for each policy: with `--compare`, each policy gets a panel of its own,
  /// so a colour (and dash) always means one store. The panels share one vertical scale, so
  /// heights compare across them.
  public static func recoveryCurves(_ result: MonteCarloResult) -> [RecoveryCurveData] {
    var curves = result.setup.policies.indices.map { recoveryCurve(result, policy: $0) }
    let highest = curves.flatMap(\.series).flatMap(\.points).map { max($0.upper, $0.share) }.max()
    for i in curves.indices { curves[i].shareCeiling = highest }
    return curves
  }

  /// The recovery curve of one policy: everyone and each store with subscribers.
  public static func recoveryCurve(_ result: MonteCarloResult, policy p: Int) -> RecoveryCurveData {
    var series: [RecoveryCurveData.Series] = []
    let policies = result.setup.policies
    for group in result.groups {
      let tally = result.tally(group)
      let episodes = tally.sum(.episodes, policy: p)
      // A store with no subscribers in the population has no curve to draw.
      guard episodes > 0 else { continue }
      let curve = Estimator.recoveryCurve(tally, policy: p, days: days)
      series.append(
        RecoveryCurveData.Series(
          name: groupName(group), episodes: episodes, share: curve.map(\.value), lower: curve.map(\.low),
          upper: curve.map(\.high)))
    }
    let role = policies.count == 1 ? "" : p == 0 ? " (under test)" : " (compared)"
    let subscribers = result.all.sum(.subscribers, policy: 0)
    return RecoveryCurveData(
      title: "Recovery curve: \(result.setup.name), policy \(policies[p])\(role)",
      subtitle: [
        "share of billing-issue episodes recovered by each day since the failure, with its 95% band",
        "\(Plural.count(subscribers, as: Format.grouped(subscribers), "subscriber")), seed \(result.setup.seed), policy \(policies.joined(separator: " vs "))"
          + (policies.count == 1 ? "" : "; one panel per policy, one colour per store"),
      ],
      series: series, markers: [RecoveryCurveData.Marker(day: 30, label: "30 days")])
  }

  public static func episodeOutcomes(_ result: MonteCarloResult) -> EpisodeOutcomeData {
    var groups: [EpisodeOutcomeData.Group] = []
    let compare = result.setup.policies.count == 2
    for (p, policy) in result.setup.policies.enumerated() {
      for group in result.groups {
        let t = result.tally(group)
        guard t.sum(.episodes, policy: p) > 0 else { continue }
        let inGrace = t.sum(.recoveredInGrace30, policy: p)
        let recovered = t.sum(.recovered, policy: p)
        groups.append(
          EpisodeOutcomeData.Group(
            name: compare ? "\(policy): \(groupName(group))" : groupName(group),
            counts: [
              inGrace, max(0, recovered - inGrace), t.sum(.involuntary, policy: p),
              t.sum(.leftInEpisode, policy: p),
            ]))
      }
    }
    return EpisodeOutcomeData(
      title: "Where billing-issue episodes ended: \(result.setup.name)",
      subtitle: [
        "every episode followed to its end; recovered in grace, recovered in hold, expired, or left after a wrongful lockout"
      ],
      groups: groups)
  }

  /// The recovery curves (one panel per policy) and the episode outcomes in one SVG document.
  public static func svg(_ result: MonteCarloResult) -> String {
    ChartDrawing.stack(
      recoveryCurves(result).map(RecoveryCurveChart.draw) + [
        EpisodeOutcomeChart.draw(episodeOutcomes(result))
      ],
      title: "simsub montecarlo: \(result.setup.name)")
  }

  static func groupName(_ group: SubscriberGroup) -> String {
    switch group {
    case .all: "all subscribers"
    case .apple: "App Store"
    case .google: "Google Play"
    case .stripe: "Stripe"
    }
  }
}
