/// The colours and type of every simsub chart, as one style sheet.
///
/// States and series use the Okabe–Ito palette, which stays distinguishable under the common
/// forms of colour blindness; every coloured band also carries its name as text where it fits,
/// and a legend, so no reading depends on hue alone. Neutral colours (text, grid, background)
/// are CSS variables with a dark variant under `prefers-color-scheme: dark`. A standalone SVG
/// carries the sheet in its own `<style>`; an HTML page includes it once for all its charts.
public enum ChartStyle {
  /// The Okabe–Ito colours, plus the greys simsub uses beside them.
  public enum Colour: String, CaseIterable, Hashable, Sendable {
    case orange = "#E69F00"
    case skyBlue = "#56B4E9"
    case bluishGreen = "#009E73"
    case yellow = "#F0E442"
    case blue = "#0072B2"
    case vermillion = "#D55E00"
    case reddishPurple = "#CC79A7"
    case black = "#000000"
    case grey = "#666666"

    /// Whether text on this colour reads better white than black.
    var wantsLightText: Bool {
      switch self {
      case .blue, .vermillion, .black, .grey: true
      default: false
      }
    }
  }

  /// Colours for series in a line or bar chart, in order; repeats after seven.
  public static let seriesColours: [Colour] = [
    .blue, .orange, .bluishGreen, .reddishPurple, .skyBlue, .vermillion, .black,
  ]

  /// Dash patterns that go with ``seriesColours``, so lines differ in more than hue.
  static let seriesDashes: [String?] = [nil, "7 4", "2 3", "9 3 2 3", "4 4", "1 2", "12 4"]

  /// The colour of each store truth (the policy's entitlement state uses the same, by name).
  public static func colour(ofState name: String) -> Colour? {
    switch name {
    case "active": .bluishGreen
    case "canceled": .skyBlue
    case "grace": .yellow
    case "hold": .orange
    case "paused": .blue
    case "expired": .grey
    case "revoked": .reddishPurple
    default: nil  // `never`: the neutral --never variable
    }
  }

  /// The colour of violations: vermillion, the palette's red.
  public static let violation = Colour.vermillion

  /// The font stacks: a sans-serif for prose, a monospace for the store's names, whose width
  /// the layout can predict.
  static let sans =
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'DejaVu Sans', Arial, sans-serif"
  static let mono = "ui-monospace, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace"

  /// The style sheet, scoped to `svg.simsub-chart`. It contains no `<` or `&`, so it is valid as
  /// XML text and in an HTML `<style>`.
  public static let css = """
    svg.simsub-chart { --fg: #1a1a1a; --muted: #5c5c5c; --grid: #e2e2e2; --bg: #ffffff; --never: #e4e4e4; --frame: #cfcfcf; --hard: #4d4d4d; font-family: \(sans); }
    @media (prefers-color-scheme: dark) { svg.simsub-chart { --fg: #ececec; --muted: #a9a9a9; --grid: #363636; --bg: #181818; --never: #353535; --frame: #4a4a4a; --hard: #767676; } }
    svg.simsub-chart text { fill: var(--fg); font-size: 11px; }
    svg.simsub-chart .bg { fill: var(--bg); stroke: var(--frame); }
    svg.simsub-chart .title { font-size: 16px; font-weight: 600; }
    svg.simsub-chart .subtitle, svg.simsub-chart .note { fill: var(--muted); font-size: 12px; }
    svg.simsub-chart .band { font-size: 11px; font-weight: 600; }
    svg.simsub-chart .axis { fill: var(--muted); font-size: 10px; }
    svg.simsub-chart .mono { font-family: \(mono); font-size: 10px; }
    svg.simsub-chart .inside { font-size: 10px; }
    svg.simsub-chart text.light { fill: #ffffff; }
    svg.simsub-chart text.dark { fill: #111111; }
    svg.simsub-chart text.never { fill: var(--fg); }
    svg.simsub-chart text.violation { fill: \(Colour.vermillion.rawValue); font-weight: 600; }
    svg.simsub-chart .grid { stroke: var(--grid); stroke-width: 1; }
    svg.simsub-chart .axis-line { stroke: var(--muted); stroke-width: 1; }
    svg.simsub-chart .never { fill: var(--never); }
    svg.simsub-chart .access-yes { fill: var(--fg); }
    svg.simsub-chart text.access-yes { fill: var(--bg); }
    svg.simsub-chart .access-no { fill: none; stroke: var(--muted); stroke-width: 1; stroke-dasharray: 3 2; }
    svg.simsub-chart .prompt-soft { fill: #c4c4c4; }
    svg.simsub-chart .prompt-hard { fill: var(--hard); }
    svg.simsub-chart .tick { stroke: var(--fg); stroke-width: 1.5; }
    svg.simsub-chart .leader { stroke: var(--muted); stroke-width: 0.75; stroke-dasharray: 1 2; }
    svg.simsub-chart .flight { stroke: var(--fg); stroke-width: 1; }
    svg.simsub-chart .failed-delivery { stroke: \(Colour.vermillion.rawValue); stroke-width: 1.5; }
    svg.simsub-chart .timer { stroke: var(--fg); stroke-width: 1; opacity: 0.55; }
    svg.simsub-chart .action { fill: var(--fg); }
    svg.simsub-chart .violation { fill: \(Colour.vermillion.rawValue); }
    svg.simsub-chart .violation-shade { fill: \(Colour.vermillion.rawValue); opacity: 0.14; }
    svg.simsub-chart .check-pass { fill: \(Colour.bluishGreen.rawValue); stroke: var(--bg); stroke-width: 1; }
    svg.simsub-chart .check-fail { fill: \(Colour.vermillion.rawValue); stroke: var(--bg); stroke-width: 1; }
    svg.simsub-chart .frame { fill: none; stroke: var(--frame); stroke-width: 1; }
    svg.simsub-chart .line { fill: none; stroke-width: 2; stroke-linejoin: round; }
    svg.simsub-chart .ci { opacity: 0.2; }
    svg.simsub-chart .marker { stroke: var(--muted); stroke-width: 1; stroke-dasharray: 4 3; }
    """
}
