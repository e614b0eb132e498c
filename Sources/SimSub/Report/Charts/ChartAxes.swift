/// Tick positions for the charts' axes.
enum ChartAxes {
  /// A tick on a scenario's time axis: the instant, and its two label lines.
  struct TimeTick: Hashable {
    var instant: Instant
    var day: String
    var date: String
  }

  /// The tick steps a time axis may use, in seconds: minutes for a zoomed panel of a few
  /// hours, hours for a run of a day or two, then days, weeks, months and years.
  static let timeSteps: [Int64] = [
    60, 5 * 60, 10 * 60, 15 * 60, 30 * 60,
    3_600, 2 * 3_600, 3 * 3_600, 6 * 3_600, 12 * 3_600,
    86_400, 2 * 86_400, 5 * 86_400, 7 * 86_400, 14 * 86_400, 30 * 86_400, 60 * 86_400, 90 * 86_400,
    180 * 86_400, 365 * 86_400, 730 * 86_400, 1_825 * 86_400, 3_650 * 86_400,
  ]

  /// Ticks every step counted from `origin` (day 0), the smallest step that gives at most
  /// `maxTicks` ticks between `start` and `end`; `origin` is `start` unless the axis shows a
  /// stretch from later in a run (a zoomed panel). Labels: `day N` (with `+Hh` or `+HhMMm`
  /// for steps under a day) and the UTC date (with the time for steps under a day).
  static func timeTicks(start: Instant, end: Instant, maxTicks: Int, origin: Instant? = nil) -> [TimeTick] {
    let origin = origin ?? start
    let span = max((end - start).seconds, 1)
    let step = timeSteps.first { span / $0 + 1 <= Int64(maxTicks) } ?? timeSteps.last!
    // The first multiple of the step from the origin at or after the start.
    let skipped = (start - origin).seconds
    var offset = skipped <= 0 ? 0 : (skipped + step - 1) / step * step
    var ticks: [TimeTick] = []
    while offset <= skipped + span {
      let instant = origin + .seconds(offset)
      let civil = CivilDate(instant)
      let days = offset / 86_400
      let hours = offset % 86_400 / 3_600
      let minutes = offset % 3_600 / 60
      let date = "\(civil.year)-\(two(civil.month))-\(two(civil.day))"
      if step < 86_400 {
        let within =
          minutes != 0
          ? (hours == 0 ? " +\(minutes)m" : " +\(hours)h\(two(minutes))m")
          : hours != 0 ? " +\(hours)h" : ""
        ticks.append(
          TimeTick(
            instant: instant, day: "day \(days)\(within)",
            date: "\(two(civil.month))-\(two(civil.day)) \(two(civil.hour)):\(two(civil.minute))"))
      } else {
        ticks.append(TimeTick(instant: instant, day: "day \(days)", date: date))
      }
      offset += step
    }
    return ticks
  }

  static func two(_ n: Int64) -> String { String(n).leftPadded(to: 2, with: "0") }

  /// A "nice" step (1, 2 or 5 times a power of ten) that cuts `0...maximum` into at most
  /// `maxTicks` intervals, at least `minimumStep`.
  static func niceStep(maximum: Double, maxTicks: Int, minimumStep: Double = 1) -> Double {
    guard maximum > 0, maxTicks > 0 else { return minimumStep }
    var power = 1.0
    while power * 10 <= maximum / Double(maxTicks) { power *= 10 }
    while power > maximum / Double(maxTicks) && power > minimumStep { power /= 10 }
    for multiple in [1.0, 2.0, 5.0, 10.0, 20.0, 50.0] {
      let step = max(power * multiple, minimumStep)
      if maximum / step <= Double(maxTicks) { return step }
    }
    return max(power * 100, minimumStep)
  }
}
