/// A count and the noun it counts, in the number the count takes: "1 scenario", "2 scenarios",
/// "0 scenarios". Every message that counts something says it through here, so none reads
/// "1 scenarios" or "played 1 subscribers".
///
/// English plurals are mostly the singular and an `s`; the few that are not (`entry`/`entries`)
/// are given whole. A number already formatted (grouped digits: `1,000,000`) may be passed as
/// text beside the count it stands for.
package enum Plural {
  /// `1 scenario`, `3 scenarios`; `plural` for nouns that do not take an `s`.
  package static func count(_ n: some BinaryInteger, _ singular: String, plural: String? = nil) -> String {
    "\(n) \(noun(n, singular, plural: plural))"
  }

  /// The count as `text` (already formatted), then the noun in the number `n` takes:
  /// `count(1_000_000, as: "1,000,000", "subscriber")` is `1,000,000 subscribers`.
  package static func count(
    _ n: some BinaryInteger, as text: String, _ singular: String, plural: String? = nil
  ) -> String {
    "\(text) \(noun(n, singular, plural: plural))"
  }

  /// The noun alone, singular for exactly one and plural otherwise (zero included, as English
  /// has it: "0 failures").
  package static func noun(_ n: some BinaryInteger, _ singular: String, plural: String? = nil) -> String {
    n == 1 ? singular : plural ?? singular + "s"
  }

  /// One of two words that agree with a count: `choose(n, one: "reproduces", other: "reproduce")`
  /// for "the 1 entry that still reproduces it" and "the 3 entries that still reproduce it".
  package static func choose(_ n: some BinaryInteger, one: String, other: String) -> String {
    n == 1 ? one : other
  }
}
