/// Zoomed panels for a timeline. A stretch shorter than 1% of the run where something happened
/// (Stripe's two-hour grace, a notification delivered a few hours late, a lockout that lasts
/// until a late notification arrives) is a sliver at the run's scale: its state has no room for
/// its name and a late delivery's tick sits on its sent tick. Each such stretch, with some time
/// either side, is drawn again across the whole width under the chart, and outlined on the
/// chart so the reader can tell where it sits.
enum TimelineZoom {
  /// The share of the run under which a stretch is too short to read.
  static let threshold = 0.01
  /// At most this many panels for one timeline.
  static let maxPanels = 3
  /// Context either side of a stretch, as a multiple of its length: the stretch takes a fifth
  /// of its panel.
  static let context: Int64 = 2
  /// The least context either side, so a stretch of a few minutes still shows what came
  /// before and after it.
  static let minimumContext: Int64 = 15 * 60

  /// Something that happened over a short stretch, with the words for it.
  struct Stretch: Hashable {
    var start: Instant
    var end: Instant
    /// What it was, e.g. `store grace for 2h` or `invoice.paid delivered 3h late`.
    var label: String
    /// An invariant violation: these are zoomed before anything else.
    var violation: Bool
  }

  /// A part of the run drawn again across the whole width, and the short stretches in it.
  struct Window: Hashable {
    var start: Instant
    var end: Instant
    var stretches: [Stretch]
  }

  /// Every stretch shorter than 1% of the run where something happened, in time order: a
  /// state of the store or of the policy, an invariant violation, and a notification's time
  /// in flight (to its first delivery, or to its last failed attempt when it never arrived).
  /// The first and last spans of a band are left out: the run's edges cut them, they are not
  /// short in themselves.
  static func stretches(_ data: TimelineChartData) -> [Stretch] {
    let run = (data.end - data.start).seconds
    guard run > 0 else { return [] }
    var found: [Stretch] = []
    func consider(_ start: Instant, _ end: Instant, _ what: String, violation: Bool = false) {
      let length = (end - start).seconds
      guard length > 0, Double(length) < Double(run) * threshold else { return }
      found.append(Stretch(start: start, end: end, label: what, violation: violation))
    }
    for s in data.truth.dropFirst().dropLast() {
      consider(s.start, s.end, "store \(s.value.name) for \(s.end - s.start)")
    }
    for s in data.policy.dropFirst().dropLast() {
      consider(s.start, s.end, "policy \(s.value.state.name) for \(s.end - s.start)")
    }
    for v in data.violations {
      consider(
        v.start, v.end, "\(v.invariant)\(v.expected ? " (expected)" : "") for \(v.end - v.start)",
        violation: true)
    }
    for n in data.notifications {
      if let delivered = n.deliveries.first {
        consider(n.sent, delivered, "\(n.name) delivered \(delivered - n.sent) late")
      } else if let failed = n.failedAttempts.last {
        consider(n.sent, failed, "\(n.name) not delivered, last attempt \(failed - n.sent) after")
      }
    }
    // By start; at one start, the store's first, then the policy's, violations, notifications.
    return found.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(
      \.element)
  }

  /// Every window worth a panel, in time order: each short stretch with context either side,
  /// rounded out to whole hours or minutes; windows that overlap, or whose outlines on the
  /// chart would nearly touch, merged into one.
  static func candidates(_ data: TimelineChartData) -> [Window] {
    let run = Double((data.end - data.start).seconds)
    let padded = stretches(data).map { s -> Window in
      let length = (s.end - s.start).seconds
      let pad = max(context * length, minimumContext)
      let span = length + 2 * pad
      return Window(
        start: max(data.start, rounded(s.start - .seconds(pad), from: data.origin, span: span, up: false)),
        end: min(data.end, rounded(s.end + .seconds(pad), from: data.origin, span: span, up: true)),
        stretches: [s])
    }
    var windows: [Window] = []
    for window in padded.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
      // Near: closer on the chart than 1% of its width, and together still under a tenth of
      // the run.
      if let last = windows.last,
        window.start <= last.end
          || (Double((window.start - last.end).seconds) < run * threshold
            && Double((max(window.end, last.end) - last.start).seconds) < run * 10 * threshold)
      {
        windows[windows.count - 1].end = max(last.end, window.end)
        windows[windows.count - 1].stretches += window.stretches
      } else {
        windows.append(window)
      }
    }
    return windows
  }

  /// The windows drawn as panels, in time order: at most ``maxPanels``, those with an
  /// invariant violation first, then those whose shortest stretch is shortest.
  static func windows(_ data: TimelineChartData) -> [Window] {
    let all = candidates(data)
    guard all.count > maxPanels else { return all }
    func rank(_ w: Window) -> (Int, Int64, Instant) {
      (
        w.stretches.contains(where: \.violation) ? 0 : 1,
        w.stretches.map { ($0.end - $0.start).seconds }.min() ?? 0, w.start
      )
    }
    return all.sorted { rank($0) < rank($1) }.prefix(maxPanels).sorted { $0.start < $1.start }
  }

  /// `t` rounded down (or up) to a round step counted from `origin`: whole hours for a window
  /// of six hours or more, quarter hours, five minutes, or minutes for shorter ones.
  static func rounded(_ t: Instant, from origin: Instant, span: Int64, up: Bool) -> Instant {
    let step: Int64 = [3_600, 15 * 60, 5 * 60, 60].first { span >= 6 * $0 } ?? 60
    let offset = (t - origin).seconds
    var down = offset / step * step
    if down > offset { down -= step }  // negative offsets round towards minus infinity
    return origin + .seconds(up && down < offset ? down + step : down)
  }

  /// `day 31 06:00`: the day from the origin and the time into that day.
  static func moment(_ t: Instant, from origin: Instant) -> String {
    let day = Describe.dayNumber(t, from: origin)
    let into = (t - origin).seconds - day * 86_400
    return "day \(day) \(ChartAxes.two(into / 3_600)):\(ChartAxes.two(into % 3_600 / 60))"
  }

  /// `day 31 06:00 – day 31 14:00`: the span a window covers.
  static func heading(_ w: Window, from origin: Instant) -> String {
    "\(moment(w.start, from: origin)) – \(moment(w.end, from: origin))"
  }

  /// The part of the timeline inside a window, as data to draw: spans and violations cut to
  /// the window, the events in it, and the notifications sent, delivered or failed in it. Day
  /// numbers still count from the run's start.
  static func zoomed(_ data: TimelineChartData, to w: Window) -> TimelineChartData {
    func clip<V>(_ spans: [TimelineChartData.Span<V>]) -> [TimelineChartData.Span<V>] {
      spans.filter { $0.end > w.start && $0.start < w.end }.map {
        TimelineChartData.Span(start: max($0.start, w.start), end: min($0.end, w.end), value: $0.value)
      }
    }
    func inside(_ t: Instant) -> Bool { t >= w.start && t <= w.end }
    var z = data
    z.start = w.start
    z.end = w.end
    z.origin = data.origin
    z.truth = clip(data.truth)
    z.policy = clip(data.policy)
    z.storeEvents = data.storeEvents.filter { inside($0.instant) }
    z.notifications = data.notifications.filter {
      inside($0.sent) || $0.deliveries.contains(where: inside) || $0.failedAttempts.contains(where: inside)
    }
    z.actions = data.actions.filter { inside($0.instant) }
    z.checks = data.checks.filter { inside($0.instant) }
    z.violations = data.violations.filter { $0.end > w.start && $0.start < w.end }.map {
      var v = $0
      v.start = max(v.start, w.start)
      v.end = min(v.end, w.end)
      return v
    }
    return z
  }
}
