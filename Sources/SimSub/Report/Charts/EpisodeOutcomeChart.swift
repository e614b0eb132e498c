/// What an episode-outcome chart shows: for each group (the whole population, a store, a
/// policy), how many billing-issue episodes ended each way.
public struct EpisodeOutcomeData: Hashable, Sendable {
  /// One way an episode can end, and its colour.
  public struct Outcome: Hashable, Sendable {
    public var name: String
    public var colour: ChartStyle.Colour
    public init(name: String, colour: ChartStyle.Colour) {
      self.name = name
      self.colour = colour
    }

    public static let recoveredInGrace = Outcome(name: "recovered in grace", colour: .bluishGreen)
    public static let recoveredInHold = Outcome(name: "recovered in hold", colour: .skyBlue)
    public static let expired = Outcome(name: "expired", colour: .grey)
    public static let leftAfterWrongfulLockout = Outcome(
      name: "left after a wrongful lockout", colour: .vermillion)

    /// The four ends Monte Carlo counts, in the order they are drawn.
    public static let episodeEnds = [recoveredInGrace, recoveredInHold, expired, leftAfterWrongfulLockout]
  }

  public struct Group: Hashable, Sendable {
    public var name: String
    /// One count for each of the chart's outcomes, in their order.
    public var counts: [Int64]
    public init(name: String, counts: [Int64]) {
      self.name = name
      self.counts = counts
    }
  }

  public var title: String
  public var subtitle: [String]
  public var outcomes: [Outcome]
  public var groups: [Group]

  public init(
    title: String, subtitle: [String] = [], outcomes: [Outcome] = Outcome.episodeEnds, groups: [Group]
  ) {
    self.title = title
    self.subtitle = subtitle
    self.outcomes = outcomes
    self.groups = groups
  }
}

/// Draws where episodes ended: one horizontal bar a group, cut into the share of each outcome
/// (100% stacked), the percentage written in each piece wide enough to hold it and the number
/// of episodes at the end of the bar.
public enum EpisodeOutcomeChart {
  public static let width = 900.0

  public static func draw(_ data: EpisodeOutcomeData) -> ChartDrawing {
    var w = SVGWriter()
    var y = w.heading(title: data.title, subtitle: data.subtitle, width: width)
    y += 14
    var lx = 16.0
    for outcome in data.outcomes {
      let itemWidth = 16 + TextMetrics.sans(outcome.name, size: 11) + 16
      if lx + itemWidth > width - 16 {
        lx = 16
        y += 18
      }
      w.element("rect", Shape.rect(lx, y + 1, 12, 10, "", fill: outcome.colour.rawValue))
      w.element("text", Shape.text(lx + 16, y + 10, ""), text: outcome.name)
      lx += itemWidth
    }
    y += 26

    let nameWidth = min(
      max(data.groups.map { TextMetrics.sans($0.name, size: 11, bold: true) }.max() ?? 0, 40) + 16, 240)
    let left = 16 + nameWidth
    let countWidth = data.groups.map { TextMetrics.sans(countLabel($0), size: 11) }.max() ?? 0
    let right = width - 24 - countWidth - 8
    let barHeight = 24.0
    for group in data.groups {
      let counts = data.outcomes.indices.map {
        group.counts.indices.contains($0) ? max(group.counts[$0], 0) : 0
      }
      let total = counts.reduce(0, +)
      w.element("text", Shape.text(left - 10, y + barHeight / 2 + 4, "band", anchor: "end"), text: group.name)
      if total == 0 {
        w.element("rect", Shape.rect(left, y, right - left, barHeight, "never"))
        w.element(
          "text", Shape.text((left + right) / 2, y + barHeight / 2 + 4, "inside never", anchor: "middle"),
          text: "no episodes")
      } else {
        var x = left
        for (i, count) in counts.enumerated() where count > 0 {
          let share = Double(count) / Double(total)
          let segment = share * (right - left)
          let outcome = data.outcomes[i]
          w.element(
            "rect", Shape.rect(x, y, segment, barHeight, "", fill: outcome.colour.rawValue),
            title:
              "\(group.name), \(outcome.name): \(ChartNumber.grouped(count)) of \(Plural.count(total, as: ChartNumber.grouped(total), "episode")) (\(ChartNumber.percent(share)))"
          )
          let text = ChartNumber.percent(share)
          if TextMetrics.sans(text, size: 10) + 8 <= segment {
            w.element(
              "text",
              Shape.text(
                x + segment / 2, y + barHeight / 2 + 3.6,
                outcome.colour.wantsLightText ? "inside light" : "inside dark", anchor: "middle"),
              text: text)
          }
          x += segment
        }
      }
      w.element("text", Shape.text(right + 8, y + barHeight / 2 + 4, "axis"), text: countLabel(group))
      y += barHeight + 10
    }
    let height = y + 10
    var framed = SVGWriter()
    framed.element("rect", Shape.rect(0.5, 0.5, width - 1, height - 1, "bg") + [("rx", "6")])
    framed.raw(w.text)
    let description = data.groups.map { g -> String in
      let total = g.counts.reduce(0) { $0 + max($1, 0) }
      guard total > 0 else { return "\(g.name): no episodes" }
      let parts = data.outcomes.indices.map { i -> String in
        let count = g.counts.indices.contains(i) ? max(g.counts[i], 0) : 0
        return "\(data.outcomes[i].name) \(ChartNumber.percent(Double(count) / Double(total)))"
      }
      return "\(g.name): " + parts.joined(separator: ", ")
    }
    return ChartDrawing(
      width: width, height: height, title: data.title,
      description: "Where billing-issue episodes ended. " + description.joined(separator: "; ")
        + (description.isEmpty ? "" : "."),
      body: framed.text)
  }

  static func countLabel(_ group: EpisodeOutcomeData.Group) -> String {
    let total = group.counts.reduce(0) { $0 + max($1, 0) }
    return "n = \(ChartNumber.grouped(total))"
  }
}
