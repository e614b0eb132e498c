/// A Monte Carlo result as pictures, drawn by the shared chart code: the recovery curve (share
/// of billing-issue episodes recovered by each day since the failure, with its 95% band, per
/// store, and per policy with `--compare`) and where episodes ended.
public enum MonteCarloCharts {
  /// Days the curve covers: Apple's and Google's whole retry window.
  public static let days = 60

  public static func recoveryCurve(_ result: MonteCarloResult) -> RecoveryCurveData {
    var series: [RecoveryCurveData.Series] = []
    let compare = result.setup.policies.count == 2
    for (p, policy) in result.setup.policies.enumerated() {
      for group in result.groups {
        let tally = result.tally(group)
        let episodes = tally.sum(.episodes, policy: p)
        // A store with no subscribers in the population has no curve to draw.
        guard episodes > 0 else { continue }
        let curve = Estimator.recoveryCurve(tally, policy: p, days: days)
        let name = compare ? "\(policy): \(groupName(group))" : groupName(group)
        series.append(
          RecoveryCurveData.Series(
            name: name, episodes: episodes, share: curve.map(\.value), lower: curve.map(\.low),
            upper: curve.map(\.high)))
      }
    }
    return RecoveryCurveData(
      title: "Recovery curve: \(result.setup.name)",
      subtitle: [
        "share of billing-issue episodes recovered by each day since the failure, with its 95% band",
        "\(Plural.count(result.all.sum(.subscribers, policy: 0), as: Format.grouped(result.all.sum(.subscribers, policy: 0)), "subscriber")), seed \(result.setup.seed), policy \(result.setup.policies.joined(separator: " vs "))",
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

  /// Both charts in one SVG document.
  public static func svg(_ result: MonteCarloResult) -> String {
    ChartDrawing.stack(
      [RecoveryCurveChart.draw(recoveryCurve(result)), EpisodeOutcomeChart.draw(episodeOutcomes(result))],
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
