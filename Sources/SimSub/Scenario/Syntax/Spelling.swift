/// Edit distance and "did you mean" suggestions for misspelt keys and values.
///
/// Uses the optimal-string-alignment form of Damerau–Levenshtein distance, so a swap of two
/// neighbouring letters (`sotre` for `store`) costs one edit, like a single wrong letter. A
/// suggestion is offered only when it is close — about one edit per three characters — because
/// a wrong guess is worse than none.
public enum Spelling {
  /// The number of insertions, deletions, substitutions and adjacent transpositions that turn
  /// `a` into `b`, comparing characters exactly. O(|a|·|b|) time, O(|b|) memory. The package's
  /// one implementation, SubscriptionPolicy's `StringDistance`, with transpositions.
  public static func distance(_ a: String, _ b: String) -> Int {
    StringDistance.edits(a, b, transpositions: true)
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
