/// Nearest-name suggestions for misspelt options and subcommands.
///
/// A suggestion is only worth printing when it is clearly what the user meant; a far-fetched one
/// is worse than none, so every caller passes a bound on the distance it accepts.
enum EditDistance {
  /// The Levenshtein distance between two strings, by characters: the fewest insertions,
  /// deletions and substitutions that turn `source` into `target`: the package's one
  /// implementation (SubscriptionPolicy's `StringDistance`) without transpositions, so a swapped
  /// pair (`rnu` for `run`) costs two edits here, as the command line has always counted.
  static func between(_ source: String, _ target: String) -> Int {
    StringDistance.edits(source, target, transpositions: false)
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
