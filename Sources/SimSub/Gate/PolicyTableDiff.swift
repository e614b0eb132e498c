/// The rows of a committed policy table (Markdown) that differ from a freshly built one: what a
/// reviewer needs to see when a policy change alters a decision.
public struct PolicyTableDiff: Hashable, Sendable {
  public struct Change: Hashable, Sendable {
    /// `apple`, `google`.
    public var store: String
    public var prior: String
    public var notification: String
    /// The committed answer (`grace, yes, soft`), or `nil` for a row that is new.
    public var before: String?
    /// The answer now, or `nil` for a row that is gone.
    public var after: String?

    public var description: String {
      "\(store), from \(prior), \(notification): \(before ?? "(no row)") → \(after ?? "(no row)")"
    }
  }

  public var changes: [Change]
  public var isEmpty: Bool { changes.isEmpty }

  /// Compares two Markdown tables as `PolicyTable.markdown()` writes them.
  public init(committed: String, current: String) {
    let old = Self.rows(committed)
    let new = Self.rows(current)
    let oldAnswers = Dictionary(old, uniquingKeysWith: { _, last in last })
    let newAnswers = Dictionary(new, uniquingKeysWith: { _, last in last })
    var changes: [Change] = []
    for (key, before) in old where newAnswers[key] != before {
      changes.append(
        Change(
          store: key.store, prior: key.prior, notification: key.notification, before: before,
          after: newAnswers[key]))
    }
    for (key, after) in new where oldAnswers[key] == nil {
      changes.append(
        Change(store: key.store, prior: key.prior, notification: key.notification, before: nil, after: after))
    }
    self.changes = changes
  }

  /// A row's place in the table.
  struct Key: Hashable {
    var store: String
    var prior: String
    var notification: String
  }

  /// The rows in file order, each with its answer "state, access, prompt".
  static func rows(_ markdown: String) -> [(Key, String)] {
    var store = ""
    var rows: [(Key, String)] = []
    for line in markdown.split(separator: "\n") {
      if line.hasPrefix("## ") {
        store = String(line.dropFirst(3))
        continue
      }
      guard line.hasPrefix("| "), !line.hasPrefix("| prior") else { continue }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: " `")
      }
      guard cells.count >= 8 else { continue }
      rows.append(
        (Key(store: store, prior: cells[1], notification: cells[3]), "\(cells[4]), \(cells[5]), \(cells[6])"))
    }
    return rows
  }
}

extension Substring {
  func trimmingCharacters(in set: String) -> String {
    var s = self[...]
    while let f = s.first, set.contains(f) { s = s.dropFirst() }
    while let l = s.last, set.contains(l) { s = s.dropLast() }
    return String(s)
  }
}
