/// simsub's exit statuses, documented in `simsub --help`.
///
/// They follow grep and diff rather than swift-argument-parser (which uses 64 for usage errors),
/// so that CI scripts can tell "a check failed" from "the command was wrong".
public enum ExitStatus: Int32, Sendable, Equatable {
  /// Every check held (or help, or version, was printed).
  case success = 0
  /// A check failed: an expectation, an invariant, or the gate's comparison with the baseline.
  case checkFailed = 1
  /// Bad input or usage: an unknown option, a missing or unreadable file, a malformed scenario.
  case badInput = 2
}
