/// The edit distance behind every "did you mean" suggestion of the package, all in SimSub:
/// policy names (`PolicyRegistry.nearestName(to:)`), the scenario format's keys and values
/// (`Spelling`) and the command line's options and subcommands (its `EditDistance`). One
/// implementation, in the module every other depends on; each caller keeps its own rule for how
/// near is near enough.
package enum StringDistance {
  /// The fewest edits that turn `a` into `b`, comparing characters (`Character`, so `é` is one)
  /// exactly: insertions, deletions and substitutions each cost one.
  ///
  /// - Parameter transpositions: whether a swap of two neighbouring characters (`sotre` for
  ///   `store`) also costs one: the optimal-string-alignment form of Damerau–Levenshtein
  ///   distance, in which no part of the string is edited twice. Without it, the plain
  ///   Levenshtein distance, in which a swap costs two.
  ///
  /// O(|a|·|b|) time; three rows of the table, O(|b|) memory.
  package static func edits(_ a: String, _ b: String, transpositions: Bool = true) -> Int {
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
        if transpositions, i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
          d = min(d, before[j - 2] + 1)
        }
        current[j] = d
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[y.count]
  }
}
