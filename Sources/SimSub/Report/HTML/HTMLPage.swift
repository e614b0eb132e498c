/// A piece of HTML, escaped where it was made: text goes in through ``text(_:)`` only, so a
/// scenario name can never become markup.
public struct HTMLFragment: Hashable, Sendable {
  public private(set) var html: String

  init(raw html: String) { self.html = html }

  /// `text`, escaped.
  public static func text(_ text: String) -> HTMLFragment { HTMLFragment(raw: XMLText.escape(text)) }

  /// `<name attributes>children</name>`, attribute values escaped.
  public static func element(
    _ name: String, _ attributes: [(String, String)] = [], _ children: [HTMLFragment] = []
  )
    -> HTMLFragment
  {
    HTMLFragment(
      raw: "<\(name)\(SVGWriter.attributes(attributes))>\(children.map(\.html).joined())</\(name)>")
  }

  /// `<name attributes>text</name>`.
  public static func element(_ name: String, _ attributes: [(String, String)] = [], text: String)
    -> HTMLFragment
  {
    element(name, attributes, [.text(text)])
  }

  /// Fragments one after another, each on its own line.
  public static func lines(_ parts: [HTMLFragment]) -> HTMLFragment {
    HTMLFragment(raw: parts.map(\.html).joined(separator: "\n"))
  }

  /// A chart inlined as SVG (the page carries the charts' style sheet once).
  public static func chart(_ drawing: ChartDrawing) -> HTMLFragment {
    HTMLFragment(raw: "<figure class=\"chart\">\n" + drawing.svg(inline: true) + "</figure>")
  }

  /// A ✓ or ✗ mark with words for screen readers.
  public static func mark(_ passed: Bool) -> HTMLFragment {
    HTMLFragment(
      raw: passed
        ? "<span class=\"ok\" title=\"passed\">✓</span>"
        : "<span class=\"bad\" title=\"failed\">✗</span>")
  }

  /// The mark of an invariant the scenario's `expect-violations` asks to be violated and that
  /// was: a pass, titled so a reader does not take the violation beside it for a failure.
  public static var expectedMark: HTMLFragment {
    HTMLFragment(raw: "<span class=\"ok\" title=\"violated, as expected\">✓ expected</span>")
  }

  /// A PASS / FAIL (or other) badge.
  public static func badge(_ text: String, passed: Bool?) -> HTMLFragment {
    let cls = passed.map { $0 ? "badge pass" : "badge fail" } ?? "badge"
    return element("span", [("class", cls)], text: text)
  }
}

/// A table: a header row and rows of cells; a cell is text or a fragment, with an optional
/// class (`num` right-aligns numbers, `mono` sets store names in monospace).
public struct HTMLTable: Sendable {
  public struct Cell: Sendable {
    public var content: HTMLFragment
    public var cls: String?
    public init(_ text: String, cls: String? = nil) {
      content = .text(text)
      self.cls = cls
    }
    public init(_ content: HTMLFragment, cls: String? = nil) {
      self.content = content
      self.cls = cls
    }
  }

  public var columns: [String]
  /// A class for each column's cells (`num`, `mono`), or `nil`.
  public var columnClasses: [String?]
  public var rows: [[Cell]]
  /// A class for each row (`fail` tints it), or `nil`.
  public var rowClasses: [String?]
  public var caption: String?

  public init(
    columns: [String], columnClasses: [String?] = [], rows: [[Cell]] = [], rowClasses: [String?] = [],
    caption: String? = nil
  ) {
    self.columns = columns
    self.columnClasses = columnClasses
    self.rows = rows
    self.rowClasses = rowClasses
    self.caption = caption
  }

  public mutating func append(_ cells: [Cell], cls: String? = nil) {
    rows.append(cells)
    while rowClasses.count < rows.count - 1 { rowClasses.append(nil) }
    rowClasses.append(cls)
  }

  public var fragment: HTMLFragment {
    var html = "<div class=\"table\"><table>\n"
    if let caption { html += "<caption>\(XMLText.escape(caption))</caption>\n" }
    html += "<thead><tr>"
    for (i, c) in columns.enumerated() {
      html +=
        "<th\(classAttribute(columnClasses.indices.contains(i) ? columnClasses[i] : nil))>\(XMLText.escape(c))</th>"
    }
    html += "</tr></thead>\n<tbody>\n"
    for (r, row) in rows.enumerated() {
      html += "<tr\(classAttribute(rowClasses.indices.contains(r) ? rowClasses[r] : nil))>"
      for (i, cell) in row.enumerated() {
        let cls = [columnClasses.indices.contains(i) ? columnClasses[i] : nil, cell.cls].compactMap { $0 }
        html +=
          "<td\(classAttribute(cls.isEmpty ? nil : cls.joined(separator: " ")))>\(cell.content.html)</td>"
      }
      html += "</tr>\n"
    }
    html += "</tbody>\n</table></div>"
    return HTMLFragment(raw: html)
  }

  private func classAttribute(_ cls: String?) -> String {
    cls.map { " class=\"\(XMLText.escape($0))\"" } ?? ""
  }
}

/// The page every simsub HTML report is built on: one self-contained file (inline CSS and SVG,
/// no scripts, nothing fetched), readable offline, in light and dark colour schemes, with a
/// header, a row of summary figures and sections that may fold.
///
/// `run` and `check` fill it with scenarios; `montecarlo` and `gate` can fill it with their
/// own figures, charts (``HTMLFragment/chart(_:)``) and tables (``HTMLTable``). The markup is
/// also well-formed XML, which the tests check.
public struct HTMLPage: Sendable {
  /// One figure in the summary row: `3` over `scenarios`.
  public struct Figure: Sendable {
    public var value: String
    public var label: String
    /// `true` shows it in the pass colour, `false` in the fail colour.
    public var passed: Bool?
    public init(_ value: String, _ label: String, passed: Bool? = nil) {
      self.value = value
      self.label = label
      self.passed = passed
    }
  }

  public struct Section: Sendable {
    /// The fragment id (`#id` links to it).
    public var id: String
    public var heading: HTMLFragment
    public var body: HTMLFragment
    /// Folded into a `<details>` element, open when `open`.
    public var foldable: Bool
    public var open: Bool
    public init(
      id: String, heading: HTMLFragment, body: HTMLFragment, foldable: Bool = false, open: Bool = true
    ) {
      self.id = id
      self.heading = heading
      self.body = body
      self.foldable = foldable
      self.open = open
    }
    public init(id: String, heading: String, body: HTMLFragment, foldable: Bool = false, open: Bool = true) {
      self.init(id: id, heading: .text(heading), body: body, foldable: foldable, open: open)
    }
  }

  public var title: String
  /// Facts under the title.
  public var subtitle: [String]
  /// PASS / FAIL beside the title, when the page reports checks.
  public var passed: Bool?
  public var figures: [Figure]
  public var sections: [Section]

  public init(
    title: String, subtitle: [String] = [], passed: Bool? = nil, figures: [Figure] = [],
    sections: [Section] = []
  ) {
    self.title = title
    self.subtitle = subtitle
    self.passed = passed
    self.figures = figures
    self.sections = sections
  }

  public func render() -> String {
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <meta name="color-scheme" content="light dark"/>
      <meta name="generator" content="simsub \(XMLText.escape(simsubVersion))"/>
      <title>\(XMLText.escape(title))</title>
      <style>
      \(Self.css)
      \(ChartStyle.css)
      </style>
      </head>
      <body>
      <main>
      <header>
      <h1>\(XMLText.escape(title))\(passed.map { " " + HTMLFragment.badge($0 ? "PASS" : "FAIL", passed: $0).html } ?? "")</h1>

      """
    if !subtitle.isEmpty {
      out += "<p class=\"facts\">\(subtitle.map(XMLText.escape).joined(separator: " · "))</p>\n"
    }
    out += "</header>\n"
    if !figures.isEmpty {
      out += "<ul class=\"figures\">\n"
      for f in figures {
        let cls = f.passed.map { $0 ? " class=\"ok\"" : " class=\"bad\"" } ?? ""
        out += "<li><span\(cls)>\(XMLText.escape(f.value))</span> \(XMLText.escape(f.label))</li>\n"
      }
      out += "</ul>\n"
    }
    for s in sections {
      let id = XMLText.escape(s.id)
      if s.foldable {
        out +=
          "<section id=\"\(id)\">\n<details\(s.open ? " open=\"\"" : "")>\n<summary><h2>\(s.heading.html)</h2></summary>\n"
        out += s.body.html + "\n</details>\n</section>\n"
      } else {
        out += "<section id=\"\(id)\">\n<h2>\(s.heading.html)</h2>\n\(s.body.html)\n</section>\n"
      }
    }
    out += "<footer>Written by simsub \(XMLText.escape(simsubVersion)).</footer>\n</main>\n</body>\n</html>\n"
    return out
  }

  /// The page's style sheet (no `<` or `&`, so the page is also well-formed XML).
  static let css = """
    :root { --bg: #f6f6f4; --card: #ffffff; --fg: #1a1a1a; --muted: #5c5c5c; --border: #dcdcdc; --pass: #00735a; --fail: #b34700; --fail-tint: #fbe9de; --link: #005a8c; }
    @media (prefers-color-scheme: dark) { :root { --bg: #101010; --card: #181818; --fg: #ececec; --muted: #a9a9a9; --border: #353535; --pass: #4ccfa0; --fail: #ff9a5c; --fail-tint: #3a2316; --link: #7cc4f0; } }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.5 \(ChartStyle.sans); }
    main { max-width: 1280px; margin: 0 auto; padding: 24px 20px 40px; }
    h1 { font-size: 22px; margin: 0 0 4px; }
    h2 { font-size: 17px; margin: 0; display: inline; }
    h3 { font-size: 14px; margin: 18px 0 6px; }
    a { color: var(--link); }
    .facts, footer { color: var(--muted); }
    footer { margin-top: 32px; font-size: 12px; }
    section { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 14px 16px; margin: 16px 0; }
    section > h2 { display: block; margin-bottom: 10px; }
    summary { cursor: pointer; }
    details[open] > summary { margin-bottom: 10px; }
    .figures { display: flex; flex-wrap: wrap; gap: 12px; list-style: none; padding: 0; margin: 16px 0; }
    .figures li { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 8px 14px; color: var(--muted); }
    .figures li span { display: block; font-size: 22px; font-weight: 600; color: var(--fg); }
    .figures li span.ok { color: var(--pass); }
    .figures li span.bad { color: var(--fail); }
    .badge { display: inline-block; font-size: 12px; font-weight: 700; letter-spacing: 0.04em; border-radius: 4px; padding: 1px 7px; vertical-align: middle; border: 1px solid var(--border); color: var(--muted); }
    .badge.pass { background: var(--pass); border-color: var(--pass); color: var(--card); }
    .badge.fail { background: var(--fail); border-color: var(--fail); color: var(--card); }
    .ok { color: var(--pass); font-weight: 700; }
    .bad { color: var(--fail); font-weight: 700; }
    dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0 0 12px; }
    dl.facts dt { font-weight: 600; color: var(--fg); }
    dl.facts dd { margin: 0; }
    .table { overflow-x: auto; }
    table { border-collapse: collapse; width: 100%; font-size: 13px; }
    caption { text-align: left; color: var(--muted); padding-bottom: 4px; }
    th, td { text-align: left; padding: 3px 10px 3px 0; border-bottom: 1px solid var(--border); vertical-align: top; }
    th { color: var(--muted); font-weight: 600; }
    td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
    td.mono, th.mono, code { font-family: \(ChartStyle.mono); font-size: 12px; }
    td.mono { white-space: nowrap; }
    tr.fail td { background: var(--fail-tint); }
    td.note { color: var(--muted); }
    figure.chart { margin: 8px 0 12px; overflow-x: auto; }
    figure.chart svg { max-width: 100%; height: auto; display: block; }
    """
}
