/// Edit distance and "did you mean" suggestions for misspelt keys and values.
///
/// Uses the optimal-string-alignment form of Damerau–Levenshtein distance, so a swap of two
/// neighbouring letters (`sotre` for `store`) costs one edit, like a single wrong letter. A
/// suggestion is offered only when it is close — about one edit per three characters — because
/// a wrong guess is worse than none.
public enum Spelling {
  /// The number of insertions, deletions, substitutions and adjacent transpositions that turn
  /// `a` into `b`, comparing characters exactly. O(|a|·|b|) time, O(|b|) memory.
  public static func distance(_ a: String, _ b: String) -> Int {
    let x = Array(a)
    let y = Array(b)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var before = [Int](repeating: 0, count: y.count + 1)  // row i - 2
    var previous = Array(0...y.count)  // row i - 1
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
      current[0] = i
      for j in 1...y.count {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
          d = min(d, before[j - 2] + 1)
        }
        current[j] = d
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[y.count]
  }

  /// The candidate closest to `word`, if one is close enough to be the likely intent; ties go
  /// to the earlier candidate. Letter case is ignored, so `Grace` suggests `grace`.
  public static func suggestion(for word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    let length = lowered.count
    var best: (candidate: String, distance: Int)? = nil
    for candidate in candidates {
      let other = candidate.lowercased()
      let allowed = max(1, min(3, min(length, other.count) / 3))
      // The distance is at least the difference in length: skip the work when that is too far.
      guard abs(other.count - length) <= allowed, candidate != word else { continue }
      let d = distance(lowered, other)
      if d <= allowed && d < other.count && d < (best?.distance ?? .max) {
        best = (candidate, d)
      }
    }
    return best?.candidate
  }

  /// `'a', 'b' or 'c'`, for messages that list the allowed values.
  public static func list(_ items: [String], conjunction: String = "or") -> String {
    let quoted = items.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted[quoted.count - 1]
  }
}
