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
    var changes: [Change] = []
    for (key, before) in old.pairs where new.lookup[key] != before {
      changes.append(
        Change(store: key.0, prior: key.1, notification: key.2, before: before, after: new.lookup[key]))
    }
    for (key, after) in new.pairs where old.lookup[key] == nil {
      changes.append(Change(store: key.0, prior: key.1, notification: key.2, before: nil, after: after))
    }
    self.changes = changes
  }

  /// Rows in file order (`pairs`) and by key (`lookup`); the answer is "state, access, prompt".
  static func rows(_ markdown: String) -> (
    pairs: [((String, String, String), String)], lookup: [Key3: String]
  ) {
    var store = ""
    var pairs: [((String, String, String), String)] = []
    var lookup: [Key3: String] = [:]
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
      let key = (store, cells[1], cells[3])
      let answer = "\(cells[4]), \(cells[5]), \(cells[6])"
      pairs.append((key, answer))
      lookup[Key3(key)] = answer
    }
    return (pairs, lookup)
  }

  struct Key3: Hashable {
    var a: String
    var b: String
    var c: String
    init(_ t: (String, String, String)) { (a, b, c) = t }
  }
}

extension Dictionary where Key == PolicyTableDiff.Key3 {
  subscript(key: (String, String, String)) -> Value? { self[PolicyTableDiff.Key3(key)] }
}

extension Substring {
  func trimmingCharacters(in set: String) -> String {
    var s = self[...]
    while let f = s.first, set.contains(f) { s = s.dropFirst() }
    while let l = s.last, set.contains(l) { s = s.dropLast() }
    return String(s)
  }
}
