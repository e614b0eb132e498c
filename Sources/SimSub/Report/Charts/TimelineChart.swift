/// Draws a scenario's timeline: time left to right with day and date ticks; the subscriber's
/// actions; a band for the store's truth; bands for the policy's state, access and prompt;
/// the expectations; every invariant violation as a red span with its name; and each
/// notification as a tick where it was sent joined to a tick where it was delivered (slanted
/// when delivery was late, a cross for each failed attempt). Under it, a zoomed panel for each
/// stretch too short to read at the run's scale (``TimelineZoom``), outlined on the chart.
///
/// The layout depends only on the data: the same run draws the same bytes.
public enum TimelineChart {
  public static let width = 1200.0
  /// Where the plot starts: the band names sit left of it.
  static let plotLeft = 156.0
  static let plotRight = width - 28
  static let laneHeight = 13.0
  static let maxNotificationLanes = 6
  static let maxActionLanes = 4

  public static func draw(_ data: TimelineChartData) -> ChartDrawing {
    // Header: title, facts, verdict.
    var y = 0.0
    var header = SVGWriter()
    let verdictWidth = data.verdict.map { TextMetrics.sans($0, size: 13) + 20 } ?? 0
    header.element(
      "text", Shape.text(16, 28, "title"),
      text: truncated(data.title, width: width - 48 - verdictWidth, size: 16, bold: true))
    if let verdict = data.verdict {
      let vx = width - 16 - verdictWidth
      header.element(
        "rect",
        Shape.rect(
          vx, 12, verdictWidth, 22, "",
          fill: data.passed ? ChartStyle.Colour.bluishGreen.rawValue : ChartStyle.violation.rawValue) + [
            ("rx", "4")
          ])
      header.element(
        "text",
        Shape.text(vx + verdictWidth / 2, 28, data.passed ? "band dark" : "band light", anchor: "middle"),
        text: verdict)
    }
    y = 28
    for line in wrap(data.subtitle, width: width - 32, size: 12) {
      y += 17
      header.element("text", Shape.text(16, y, "subtitle"), text: line)
    }

    // Legend.
    y += 12
    let legendTop = y
    let legend = drawLegend(top: legendTop)
    y = legend.bottom + 14

    var w = SVGWriter()
    w.raw(header.text)
    w.raw(legend.text)
    // The chart at the run's scale, then a zoomed panel for each short stretch.
    let zooms = TimelineZoom.windows(data)
    y = plot(data, into: &w, top: y, zooms: zooms)
    for (i, window) in zooms.enumerated() {
      y = panel(data, window, number: i + 1, into: &w, top: y)
    }
    let notZoomed = TimelineZoom.candidates(data).filter { !zooms.contains($0) }
    if !notZoomed.isEmpty {
      y += 6
      // A long run with a late delivery at every renewal has dozens: the first few are named.
      var parts = notZoomed.prefix(6).map {
        "\(TimelineZoom.heading($0, from: data.origin)) (\($0.stretches.prefix(3).map(\.label).joined(separator: ", "))"
          + ($0.stretches.count > 3 ? ", …)" : ")")
      }
      if notZoomed.count > parts.count { parts.append("… (\(notZoomed.count) in all)") }
      let list = ["Also shorter than 1% of the run, not zoomed: " + parts[0]] + parts.dropFirst()
      for line in wrap(list, width: width - 32, size: 12) {
        y += 15
        w.element("text", Shape.text(16, y, "note"), text: line)
      }
      y += 10
    }
    let height = y + 8
    var framed = SVGWriter()
    framed.element("rect", Shape.rect(0.5, 0.5, width - 1, height - 1, "bg") + [("rx", "6")])
    framed.raw(w.text)
    let days = (data.end - data.start).seconds / 86_400
    let zoomed =
      zooms.isEmpty
      ? ""
      : " Zoomed below: "
        + zooms.map { TimelineZoom.heading($0, from: data.origin) }.joined(separator: "; ") + "."
    let description =
      "Timeline over \(Plural.count(days, "day")): the store's truth and the policy's answer, "
      + "\(Plural.count(data.notifications.count, "notification")), "
      + "\(Plural.count(data.actions.count, "subscriber action")), "
      + (data.violations.isEmpty
        ? "no invariant violations."
        : "\(Plural.count(data.violations.count, "invariant violation"))"
          + (data.violations.allSatisfy(\.expected)
            ? (data.violations.count == 1 ? ", expected." : ", all expected.") : "."))
      + zoomed
    return ChartDrawing(
      width: width, height: height, title: data.title, description: description, body: framed.text)
  }

  /// A zoomed panel under the chart: a heading that names the stretch it covers and what
  /// happened in it, then the timeline inside the window across the whole width.
  private static func panel(
    _ data: TimelineChartData, _ window: TimelineZoom.Window, number: Int, into w: inout SVGWriter,
    top: Double
  ) -> Double {
    var y = top + 4
    w.element("line", Shape.line(16, y, width - 16, y, "grid"))
    y += 24
    w.element(
      "text", Shape.text(16, y, "title"),
      text: "Zoom \(number): \(TimelineZoom.heading(window, from: data.origin))")
    let facts =
      [
        "\(RFC3339.format(window.start)) → \(RFC3339.format(window.end)), \(window.end - window.start), "
          + "marked \(number) on the chart above"
      ] + window.stretches.prefix(8).map(\.label)
      + (window.stretches.count > 8 ? ["… (\(window.stretches.count) in all)"] : [])
    for line in wrap(facts, width: width - 32, size: 12) {
      y += 17
      w.element("text", Shape.text(16, y, "subtitle"), text: line)
    }
    return plot(TimelineZoom.zoomed(data, to: window), into: &w, top: y + 14, zooms: [])
  }

  /// The bands, rows and axis of a timeline from `top` down, with its footnotes; `zooms` are
  /// outlined and numbered. Returns where it ends.
  private static func plot(
    _ data: TimelineChartData, into w: inout SVGWriter, top: Double, zooms: [TimelineZoom.Window]
  ) -> Double {
    var y = top
    let span = Double(max((data.end - data.start).seconds, 1))
    func x(_ t: Instant) -> Double {
      let offset = Double(min(max((t - data.start).seconds, 0), Int64(span)))
      return plotLeft + offset / span * (plotRight - plotLeft)
    }
    func shown(_ t: Instant) -> Bool { t >= data.start && t <= data.end }

    // The zoomed windows: a bracket with the panel's number over each.
    let zoomRowTop = y
    if !zooms.isEmpty { y += 18 }

    // Subscriber actions: labels in lanes above a row of markers.
    let actionTicks = data.actions.map { x($0.instant) }
    let actionWidths = data.actions.map { TextMetrics.monospace($0.label, size: 10) }
    let actionPlaced = LabelLanes.place(
      ticks: actionTicks, widths: actionWidths, priority: occurrence(data.actions.map(\.label)),
      maxLanes: maxActionLanes, right: width - 8)
    let actionLanes = (actionPlaced.compactMap { $0?.lane }.max() ?? -1) + 1
    let bandsTop = y
    let actionLaneTop = y
    y += Double(actionLanes) * laneHeight
    let actionMarkerTop = y + 2
    y += 14
    let actionRowMid = actionMarkerTop + 5

    // Store truth.
    y += 6
    let storeTop = y
    let storeHeight = 24.0
    y += storeHeight + 6
    let policyTop = y
    let policyHeight = 18.0
    y += policyHeight + 3
    let accessTop = y
    let rowHeight = 14.0
    y += rowHeight + 3
    let promptTop = y
    y += rowHeight + 8

    // Expectations.
    var checksMid: Double?
    if !data.checks.isEmpty {
      checksMid = y + 7
      y += 14 + 6
    }

    // Invariants: one row for each invariant with a violation.
    var violatedNames: [String] = []
    for v in data.violations where !violatedNames.contains(v.invariant) { violatedNames.append(v.invariant) }
    let invariantsTop = y
    let invariantRow = 16.0
    y += Double(max(violatedNames.count, 1)) * (invariantRow + 3) + 6
    let shadeBottom = y - 6

    // Notifications: label lanes, the sent row, the delivered row.
    // One label for the notifications sent at the same instant.
    var groups: [(sent: Instant, members: [Int])] = []
    for (i, n) in data.notifications.enumerated() {
      if let g = groups.firstIndex(where: { $0.sent == n.sent }) {
        groups[g].members.append(i)
      } else {
        groups.append((n.sent, [i]))
      }
    }
    let names = occurrence(data.notifications.map(\.name))
    let labels = groups.map { group in
      group.members.map { i -> String in
        let n = data.notifications[i]
        var text = n.name
        if let first = n.deliveries.first, first > n.sent { text += " +\(first - n.sent)" }
        if n.deliveries.isEmpty {
          text += n.failedAttempts.isEmpty ? " (in flight at the end)" : " (not delivered)"
        }
        return text
      }.joined(separator: " + ")
    }
    let sentTicks = data.notifications.map { x($0.sent) }
    let labelTicks = groups.map { x($0.sent) }
    let placed = LabelLanes.place(
      ticks: labelTicks, widths: labels.map { TextMetrics.monospace($0, size: 10) },
      priority: groups.map { $0.members.map { names[$0] }.min() ?? 0 }, maxLanes: maxNotificationLanes,
      right: width - 8)
    let notificationLanes = (placed.compactMap { $0?.lane }.max() ?? -1) + 1
    let notificationTop = y
    y += Double(notificationLanes) * laneHeight
    let sentTop = y + 2
    let sentBottom = sentTop + 10
    let deliveredTop = sentBottom + 14
    let deliveredBottom = deliveredTop + 10
    y = deliveredBottom + 8
    let axisY = y
    let ticks = ChartAxes.timeTicks(
      start: data.start, end: data.end, maxTicks: Int((plotRight - plotLeft) / 92) + 1, origin: data.origin)

    // Background, grid and axis.
    w.open("g", [("class", "grid-lines")])
    for tick in ticks {
      let tx = x(tick.instant)
      w.element("line", Shape.line(tx, bandsTop, tx, axisY, "grid"))
    }
    w.close()
    // Violations shade the bands' background, so the eye can follow them up to the truth and
    // the policy.
    w.open("g", [("class", "violation-shades")])
    for v in data.violations {
      let x0 = x(v.start)
      let width = max(x(v.end) - x0, 2)
      w.element("rect", Shape.rect(x0, storeTop, width, shadeBottom - storeTop, "violation-shade"))
    }
    w.close()

    // Band names.
    w.open("g", [("text-anchor", "end")])
    let nameX = plotLeft - 10
    w.element("text", Shape.text(nameX, actionRowMid + 4, "band"), text: "subscriber")
    w.element("text", Shape.text(nameX, storeTop + storeHeight / 2 + 4, "band"), text: "store")
    w.element("text", Shape.text(nameX, policyTop + policyHeight / 2 + 4, "band"), text: "policy")
    w.element("text", Shape.text(nameX, accessTop + rowHeight / 2 + 4, ""), text: "access")
    w.element("text", Shape.text(nameX, promptTop + rowHeight / 2 + 4, ""), text: "prompt")
    if let checksMid { w.element("text", Shape.text(nameX, checksMid + 4, "band"), text: "expectations") }
    if violatedNames.isEmpty {
      w.element("text", Shape.text(nameX, invariantsTop + invariantRow / 2 + 4, "band"), text: "invariants")
    }
    for (i, name) in violatedNames.enumerated() {
      w.element(
        "text",
        Shape.text(
          nameX, invariantsTop + Double(i) * (invariantRow + 3) + invariantRow / 2 + 4, "band violation"),
        text: name)
    }
    w.element("text", Shape.text(nameX, sentTop + 9, "band"), text: "sent")
    w.element("text", Shape.text(nameX, deliveredTop + 9, "band"), text: "delivered")
    w.close()

    // Subscriber actions.
    w.open("g", [("class", "actions")])
    for (i, mark) in data.actions.enumerated() {
      let mx = actionTicks[i]
      w.element(
        "polygon",
        [
          (
            "points",
            Shape.points([(mx - 5, actionMarkerTop), (mx + 5, actionMarkerTop), (mx, actionMarkerTop + 9)])
          ), ("class", "action"),
        ],
        title:
          "\(RFC3339.format(mark.instant)) (day \(Describe.day(mark.instant, from: data.origin))): \(mark.label)"
      )
    }
    drawLabels(
      &w, actionPlaced, texts: data.actions.map(\.label), ticks: actionTicks, lanes: actionLanes,
      laneTop: actionLaneTop,
      tickTop: actionMarkerTop)
    w.close()

    // The store's truth.
    w.open("g", [("class", "store")])
    for s in data.truth {
      drawState(
        &w, s.value.name, x0: x(s.start), x1: x(s.end), top: storeTop, height: storeHeight, size: 10,
        tip: "store \(s.value.name)", data: data, s.start, s.end)
    }
    for event in data.storeEvents {
      let ex = x(event.instant)
      w.element(
        "line", Shape.line(ex, storeTop + storeHeight - 4, ex, storeTop + storeHeight, "timer"),
        title: "\(RFC3339.format(event.instant)): \(event.label)")
    }
    w.close()

    // The policy's answer.
    w.open("g", [("class", "policy")])
    for s in data.policy {
      drawState(
        &w, s.value.state.name, x0: x(s.start), x1: x(s.end), top: policyTop, height: policyHeight, size: 10,
        tip: "policy \(Describe.decision(s.value))", data: data, s.start, s.end)
    }
    for s in data.policy {
      let x0 = x(s.start)
      let width = max(x(s.end) - x0, 1)
      let tip = "access \(s.value.access ? "yes" : "no"), \(spanText(s.start, s.end, data.origin))"
      if s.value.access {
        w.element("rect", Shape.rect(x0, accessTop, width, rowHeight, "access-yes"), title: tip)
        if width >= 26 {
          w.element(
            "text", Shape.text(x0 + width / 2, accessTop + 10.5, "inside access-yes", anchor: "middle"),
            text: "yes")
        }
      } else {
        w.element(
          "rect", Shape.rect(x0 + 0.5, accessTop + 0.5, max(width - 1, 0.5), rowHeight - 1, "access-no"),
          title: tip)
        if width >= 26 {
          w.element(
            "text", Shape.text(x0 + width / 2, accessTop + 10.5, "inside axis", anchor: "middle"), text: "no")
        }
      }
    }
    for s in data.policy where s.value.prompt != .none {
      let x0 = x(s.start)
      let width = max(x(s.end) - x0, 1)
      let hard = s.value.prompt == .hard
      w.element(
        "rect", Shape.rect(x0, promptTop, width, rowHeight, hard ? "prompt-hard" : "prompt-soft"),
        title: "prompt \(s.value.prompt.name), \(spanText(s.start, s.end, data.origin))")
      if width >= 30 {
        w.element(
          "text",
          Shape.text(
            x0 + width / 2, promptTop + 10.5, hard ? "inside light" : "inside dark", anchor: "middle"),
          text: s.value.prompt.name)
      }
    }
    w.close()

    // Violations: a shade across the bands, and a red span in the invariant's row.
    w.open("g", [("class", "violations")])
    if violatedNames.isEmpty {
      let text =
        data.invariants.isEmpty
        ? "no invariants checked" : "held throughout: " + data.invariants.joined(separator: ", ")
      w.element("text", Shape.text(plotLeft, invariantsTop + invariantRow / 2 + 4, "note"), text: text)
    }
    for v in data.violations {
      let row = Double(violatedNames.firstIndex(of: v.invariant) ?? 0)
      let top = invariantsTop + row * (invariantRow + 3)
      let x0 = x(v.start)
      let width = max(x(v.end) - x0, 2)
      let name = v.invariant + (v.expected ? " (expected)" : "")
      w.element("rect", Shape.rect(x0, top, width, invariantRow, "violation"), title: "\(name): \(v.detail)")
      if TextMetrics.sans(name, size: 10) + 8 <= width {
        w.element(
          "text", Shape.text(x0 + width / 2, top + 11.5, "inside light", anchor: "middle"), text: name)
      } else if TextMetrics.sans(name, size: 10) + 6 <= plotRight - (x0 + width) {
        w.element("text", Shape.text(x0 + width + 4, top + 11.5, "inside violation"), text: name)
      }
    }
    w.close()

    // Expectations.
    if let checksMid {
      w.open("g", [("class", "expectations")])
      for c in data.checks {
        let cx = x(c.instant)
        let tip = "\(c.passed ? "met" : "failed"): \(c.label)"
        if c.passed {
          w.element(
            "circle",
            [
              ("cx", ChartNumber.format(cx)), ("cy", ChartNumber.format(checksMid)), ("r", "5"),
              ("class", "check-pass"),
            ], title: tip)
        } else {
          w.element(
            "polygon",
            [
              (
                "points",
                Shape.points([
                  (cx, checksMid - 6.5), (cx + 6.5, checksMid), (cx, checksMid + 6.5), (cx - 6.5, checksMid),
                ])
              ), ("class", "check-fail"),
            ],
            title: tip)
        }
      }
      w.close()
    }

    // Notifications.
    w.open("g", [("class", "notifications")])
    for (i, n) in data.notifications.enumerated() {
      let sx = sentTicks[i]
      let tip = notificationTip(n, data.origin)
      // In a zoomed panel a notification may be sent before the window or delivered after it:
      // its line runs to the edge, without a tick there.
      if shown(n.sent) { w.element("line", Shape.line(sx, sentTop, sx, sentBottom, "tick"), title: tip) }
      for d in n.deliveries where d >= data.start {
        let dx = x(d)
        w.element("line", Shape.line(sx, sentBottom, dx, deliveredTop, "flight"))
        if shown(d) {
          w.element("line", Shape.line(dx, deliveredTop, dx, deliveredBottom, "tick"), title: tip)
        }
      }
      for f in n.failedAttempts where shown(f) {
        let fx = x(f)
        let my = deliveredTop + 5
        w.element(
          "path",
          [
            (
              "d",
              "M\(ChartNumber.format(fx - 4)) \(ChartNumber.format(my - 4))L\(ChartNumber.format(fx + 4)) \(ChartNumber.format(my + 4))M\(ChartNumber.format(fx - 4)) \(ChartNumber.format(my + 4))L\(ChartNumber.format(fx + 4)) \(ChartNumber.format(my - 4))"
            ), ("class", "failed-delivery"),
          ], title: "delivery of \(n.name) failed at \(RFC3339.format(f))")
      }
    }
    drawLabels(
      &w, placed, texts: labels, ticks: labelTicks, lanes: notificationLanes, laneTop: notificationTop,
      tickTop: sentTop)
    w.close()

    // Time axis.
    w.element("line", Shape.line(plotLeft, axisY, plotRight, axisY, "axis-line"))
    w.open("g", [("class", "ticks")])
    for tick in ticks {
      let tx = x(tick.instant)
      let half = max(TextMetrics.sans(tick.date, size: 10), TextMetrics.sans(tick.day, size: 10)) / 2
      let anchor = tx + half > width - 6 ? "end" : "middle"
      let lx = anchor == "end" ? min(tx, width - 6) : tx
      w.element("line", Shape.line(tx, axisY, tx, axisY + 4, "axis-line"))
      w.element("text", Shape.text(lx, axisY + 15, "axis", anchor: anchor), text: tick.day)
      w.element("text", Shape.text(lx, axisY + 28, "axis", anchor: anchor), text: tick.date)
    }
    w.close()
    y = axisY + 40

    // Each zoomed window outlined down to the axis, under a bracket with its panel's number.
    if !zooms.isEmpty {
      w.open("g", [("class", "zoom-marks")])
      let bracketTop = zoomRowTop + 4
      let bracketBottom = zoomRowTop + 12
      for (i, zoom) in zooms.enumerated() {
        let x0 = x(zoom.start)
        let x1 = max(x(zoom.end), x0 + 3)
        let tip = "zoom \(i + 1): \(TimelineZoom.heading(zoom, from: data.origin)), drawn under the chart"
        w.element(
          "rect", Shape.rect(x0, bracketBottom, x1 - x0, axisY - bracketBottom, "marker", fill: "none"),
          title: tip)
        w.element("line", Shape.line(x0, bracketBottom, x0, bracketTop, "axis-line"))
        w.element("line", Shape.line(x0, bracketTop, x1, bracketTop, "axis-line"))
        w.element("line", Shape.line(x1, bracketTop, x1, bracketBottom, "axis-line"))
        w.element(
          "text", Shape.text((x0 + x1) / 2, bracketTop - 2, "band", anchor: "middle"), text: String(i + 1))
      }
      w.element("text", Shape.text(plotLeft - 10, bracketBottom, "band", anchor: "end"), text: "zoomed")
      w.close()
    }

    // Labels left out where they would overlap: numbered at their tick and listed under the
    // chart, so a picture without tooltips (a PNG, a README image) still names them.
    var leftOut: [(instant: Instant, text: String, x: Double, top: Double)] = []
    for (i, p) in actionPlaced.enumerated() where p == nil {
      leftOut.append((data.actions[i].instant, data.actions[i].label, actionTicks[i], actionMarkerTop))
    }
    for (i, p) in placed.enumerated() where p == nil {
      leftOut.append((groups[i].sent, labels[i], labelTicks[i], sentTop))
    }
    leftOut.sort { ($0.instant, $0.x) < ($1.instant, $1.x) }
    // One footnote per distinct label (five years of renewals is one footnote, not sixty),
    // numbered in order of first appearance.
    var notes: [(text: String, instants: [Instant])] = []
    var numbers: [Int] = []
    for note in leftOut {
      if let k = notes.firstIndex(where: { $0.text == note.text }) {
        notes[k].instants.append(note.instant)
        numbers.append(k + 1)
      } else {
        notes.append((note.text, [note.instant]))
        numbers.append(notes.count)
      }
    }
    if !leftOut.isEmpty {
      w.open("g", [("class", "footnote-marks")])
      for (note, number) in zip(leftOut, numbers) {
        w.element("text", Shape.text(note.x, note.top - 1, "axis", anchor: "middle"), text: String(number))
      }
      w.close()
      y += 4
      w.element(
        "text", Shape.text(16, y, "note"),
        text:
          "\(Plural.count(leftOut.count, "label")) left out where \(Plural.choose(leftOut.count, one: "it", other: "they")) would overlap, numbered at \(Plural.choose(leftOut.count, one: "its tick", other: "their ticks")):"
      )
      w.open("g", [("class", "footnotes")])
      for (n, note) in notes.enumerated() {
        y += 14
        let days = note.instants.map { Describe.day($0, from: data.origin) }
        let shown =
          days.prefix(8).joined(separator: ", ") + (days.count > 8 ? ", … (\(days.count) in all)" : "")
        let when =
          note.instants.count == 1
          ? "day \(days[0]) (\(RFC3339.format(note.instants[0])))" : "days \(shown)"
        w.element("text", Shape.text(16, y, "mono"), text: "\(n + 1). \(note.text): \(when)")
      }
      w.close()
      y += 10
    }
    return y
  }

  // MARK: Pieces

  private static func drawState(
    _ w: inout SVGWriter, _ name: String, x0: Double, x1: Double, top: Double, height: Double, size: Double,
    tip: String,
    data: TimelineChartData, _ start: Instant, _ end: Instant
  ) {
    let width = max(x1 - x0, 1)
    let colour = ChartStyle.colour(ofState: name)
    w.element(
      "rect", Shape.rect(x0, top, width, height, colour == nil ? "never" : "", fill: colour?.rawValue),
      title: "\(tip), \(spanText(start, end, data.origin))")
    if TextMetrics.sans(name, size: size) + 8 <= width {
      let cls = colour.map { $0.wantsLightText ? "inside light" : "inside dark" } ?? "inside never"
      w.element(
        "text", Shape.text(x0 + width / 2, top + height / 2 + size * 0.36, cls, anchor: "middle"), text: name)
    }
  }

  private static func drawLabels(
    _ w: inout SVGWriter, _ placed: [LabelLanes.Placed?], texts: [String], ticks: [Double], lanes: Int,
    laneTop: Double,
    tickTop: Double
  ) {
    for (i, p) in placed.enumerated() {
      guard let p else { continue }
      // Lane 0 is nearest the ticks, at the bottom of the lane area.
      let baseline = laneTop + Double(lanes - 1 - p.lane) * laneHeight + 10
      w.element("line", Shape.line(ticks[i], baseline + 2, ticks[i], tickTop, "leader"))
      w.element("text", Shape.text(p.x, baseline, "mono"), text: texts[i])
    }
  }

  private static func notificationTip(_ n: TimelineChartData.Notification, _ start: Instant) -> String {
    var parts = ["\(n.name) sent \(RFC3339.format(n.sent)) (day \(Describe.day(n.sent, from: start)))"]
    for d in n.deliveries {
      parts.append("delivered \(RFC3339.format(d))" + (d > n.sent ? " (\(d - n.sent) late)" : ""))
    }
    if !n.failedAttempts.isEmpty {
      parts.append("\(Plural.count(n.failedAttempts.count, "failed attempt"))")
    }
    if n.deliveries.isEmpty {
      parts.append(
        n.failedAttempts.isEmpty
          ? "still in flight when the run ended" : "not delivered by the end of the run")
    }
    return parts.joined(separator: "; ")
  }

  private static func spanText(_ start: Instant, _ end: Instant, _ origin: Instant) -> String {
    "day \(Describe.day(start, from: origin)) to \(Describe.day(end, from: origin)) (\(RFC3339.format(start)) → \(RFC3339.format(end)), \(end - start))"
  }

  /// For each label, how many earlier labels had the same text: first occurrences are placed
  /// first, repeats where room remains.
  static func occurrence(_ labels: [String]) -> [Int] {
    var seen: [String: Int] = [:]
    return labels.map { label in
      let n = seen[label, default: 0]
      seen[label] = n + 1
      return n
    }
  }

  /// `text`, cut with an ellipsis to fit `width`.
  static func truncated(_ text: String, width: Double, size: Double, bold: Bool = false) -> String {
    guard TextMetrics.sans(text, size: size, bold: bold) > width else { return text }
    var cut = text
    while !cut.isEmpty, TextMetrics.sans(cut + "…", size: size, bold: bold) > width { cut.removeLast() }
    return cut + "…"
  }

  /// Parts joined with ` · `, broken into lines that fit `width`.
  static func wrap(_ parts: [String], width: Double, size: Double) -> [String] {
    var lines: [String] = []
    var current = ""
    for part in parts {
      let candidate = current.isEmpty ? part : current + " · " + part
      if TextMetrics.sans(candidate, size: size) <= width || current.isEmpty {
        current = candidate
      } else {
        lines.append(current)
        current = part
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines.map { truncated($0, width: width, size: size) }
  }

  private static func drawLegend(top: Double) -> (text: String, bottom: Double) {
    enum Symbol { case swatch(String?, String), tick, action, timer, pass, fail, violation }
    var items: [(Symbol, String)] = []
    for state in StoreTruth.allCases {
      items.append((.swatch(ChartStyle.colour(ofState: state.name)?.rawValue, "never"), state.name))
    }
    items += [
      (.swatch(nil, "access-yes"), "access"), (.swatch(nil, "prompt-soft"), "soft prompt"),
      (.swatch(nil, "prompt-hard"), "hard prompt"), (.action, "subscriber action"), (.timer, "store event"),
      (.tick, "notification sent → delivered"), (.pass, "expectation met"), (.fail, "expectation failed"),
      (.violation, "invariant violated"),
    ]
    var w = SVGWriter()
    w.open("g", [("class", "legend")])
    var x = 16.0
    var y = top
    for (symbol, label) in items {
      let itemWidth = 16 + TextMetrics.sans(label, size: 11) + 14
      if x + itemWidth > width - 16 {
        x = 16
        y += 18
      }
      let mid = y + 6
      switch symbol {
      case .swatch(let fill, let cls):
        w.element("rect", Shape.rect(x, mid - 5, 12, 10, fill == nil ? cls : "", fill: fill))
      case .tick:
        w.element("line", Shape.line(x + 2, mid - 6, x + 2, mid - 1, "tick"))
        w.element("line", Shape.line(x + 2, mid - 1, x + 9, mid + 2, "flight"))
        w.element("line", Shape.line(x + 9, mid + 2, x + 9, mid + 7, "tick"))
      case .action:
        w.element(
          "polygon",
          [
            ("points", Shape.points([(x + 1, mid - 4), (x + 11, mid - 4), (x + 6, mid + 5)])),
            ("class", "action"),
          ])
      case .timer:
        w.element("line", Shape.line(x + 6, mid - 5, x + 6, mid + 5, "timer"))
      case .pass:
        w.element(
          "circle",
          [
            ("cx", ChartNumber.format(x + 6)), ("cy", ChartNumber.format(mid)), ("r", "5"),
            ("class", "check-pass"),
          ])
      case .fail:
        w.element(
          "polygon",
          [
            ("points", Shape.points([(x + 6, mid - 6), (x + 12, mid), (x + 6, mid + 6), (x, mid)])),
            ("class", "check-fail"),
          ])
      case .violation:
        w.element("rect", Shape.rect(x, mid - 5, 12, 10, "violation"))
      }
      w.element("text", Shape.text(x + 16, mid + 4, ""), text: label)
      x += itemWidth
    }
    w.close()
    return (w.text, y + 12)
  }
}
