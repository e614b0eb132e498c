/// Nearest-name suggestions for misspelt options and subcommands.
///
/// A suggestion is only worth printing when it is clearly what the user meant; a far-fetched one
/// is worse than none, so every caller passes a bound on the distance it accepts.
enum EditDistance {
  /// The Levenshtein distance between two strings, by characters: the fewest insertions,
  /// deletions and substitutions that turn `source` into `target`.
  ///
  /// Two rows of the dynamic-programming table suffice; option and command names are short.
  static func between(_ source: String, _ target: String) -> Int {
    let a = Array(source)
    let b = Array(target)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = Swift.min(substitution, previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// How many edits still count as a typo of `name`: up to half its letters (leading dashes do
  /// not count), at least one and at most three.
  ///
  /// swift-argument-parser allows three edits for any name, which lets `--sed` suggest `--help`;
  /// scaling with the name keeps `--sed` → `--seed` and `rnu` → `run` but drops such guesses.
  static func allowance(for name: String) -> Int {
    let letters = name.drop(while: { $0 == "-" }).count
    return Swift.min(3, Swift.max(1, (letters + 1) / 2))
  }

  /// The candidate nearest to `input` whose distance is at most `maximum(candidate)`, or nil.
  ///
  /// Ties go to the earlier candidate, so the declaration order of the table decides and the
  /// suggestion never depends on hashing.
  static func nearest(
    to input: String, among candidates: [String], maximum: (String) -> Int
  ) -> String? {
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = between(input, candidate)
      guard distance <= maximum(candidate) else { continue }
      if let incumbent = best, incumbent.distance <= distance { continue }
      best = (candidate, distance)
    }
    return best?.name
  }
}
