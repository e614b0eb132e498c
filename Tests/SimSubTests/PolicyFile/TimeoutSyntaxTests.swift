import Testing

@testable import SimSub

extension PolicyFileTests {
  /// Timeouts in milliseconds, seconds and minutes.
  @Suite struct TimeoutSyntaxTests {
    @Test(
      arguments: [
        ("10s", 10_000), ("500ms", 500), ("1min 30s", 90_000), ("  2s   250ms ", 2_250), ("60min", 3_600_000),
        ("1ms", 1), ("0min 1s", 1_000), ("3600s", 3_600_000),
      ])
    func parses(_ text: String, milliseconds: Int64) throws {
      #expect(try TimeoutSyntax.parse(text).get() == .milliseconds(milliseconds))
    }

    @Test(
      arguments: [
        ("", "expected a timeout such as '10s' or '500ms' (units: ms, s or min)"),
        ("-1s", "'-1s' is negative: a timeout is a wait, as in '10s'"),
        ("s", "'s' is not a timeout: write terms such as '10s' or '500ms', with units ms, s or min"),
        ("1d", "'1d' is too long for a timeout: at most 60min"),
        ("3600001ms", "'3600001ms' is too long for a timeout: at most 60min"),
        ("99999999999s", "'99999999999s' is too long for a timeout: at most 60min"),
        ("5sec", "unknown unit 'sec' in '5sec': write '5s'"),
        ("5minutes", "unknown unit 'minutes' in '5minutes': write '5min'"),
        ("5x", "unknown unit 'x' in '5x': use ms, s or min"),
        ("0ms", "a timeout must be longer than 0"),
      ])
    func refuses(_ text: String, message: String) {
      guard case .failure(let failure) = TimeoutSyntax.parse(text) else {
        Issue.record("'\(text)' parsed")
        return
      }
      #expect(failure.message == message)
    }
  }
}
