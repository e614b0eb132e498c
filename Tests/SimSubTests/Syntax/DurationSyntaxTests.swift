import Testing

@testable import SimSub

extension SyntaxTests {
  @Suite struct DurationSyntaxTests {
    static let valid: [(String, Int64)] = [
      ("30d", 30 * 86_400),
      ("40d 12h", 40 * 86_400 + 12 * 3_600),
      ("2w", 14 * 86_400),
      ("90min", 90 * 60),
      ("0d", 0),
      ("1w 2d 3h 4min", 9 * 86_400 + 3 * 3_600 + 4 * 60),
      ("  1d   6h ", 86_400 + 6 * 3_600),
      ("12h 1d", 86_400 + 12 * 3_600),
      ("365250d", 365_250 * 86_400),
    ]

    @Test(arguments: valid)
    func validDurations(_ text: String, _ seconds: Int64) throws {
      #expect(try DurationSyntax.parse(text).get() == TimeSpan(seconds: seconds))
    }

    static let invalid: [(String, Int, String)] = [
      ("1m", 0, "'1m' is ambiguous: did you mean '1min' or a month ('1M', a product period)?"),
      ("1d 3m", 3, "'3m' is ambiguous: did you mean '3min' or months ('3M', a product period)?"),
      ("", 0, "expected a duration such as '30d' or '40d 12h' (units: w, d, h or min)"),
      ("   ", 0, "expected a duration such as '30d' or '40d 12h' (units: w, d, h or min)"),
      ("30", 0, "'30' needs a unit: w, d, h or min, as in '30d'"),
      ("d", 0, "'d' needs a number before its unit, as in '30d'"),
      ("30s", 0, "unknown unit 's' in '30s': use w, d, h or min"),
      ("2 days", 0, "'2' needs a unit: w, d, h or min, as in '2d'"),
      ("2days", 0, "unknown unit 'days' in '2days': write '2d'"),
      ("1d 5Hours", 3, "unknown unit 'Hours' in '5Hours': write '5h'"),
      (
        "1M", 0,
        "'1M' is not a duration: months and years vary in length, so durations use w, d, h or min (a product's period may be '1M' or '1Y')"
      ),
      (
        "1y", 0,
        "'1y' is not a duration: months and years vary in length, so durations use w, d, h or min (a product's period may be '1M' or '1Y')"
      ),
      ("1d2h", 0, "'1d2h' runs terms together: separate them with a space, as in '40d 12h'"),
      ("1.5d", 0, "'1.5d' is not a whole number: write it in smaller units, as in '1d 12h'"),
      ("-1d", 0, "'-1d' is negative: a duration counts forward, as in '1d'"),
      ("1d 2d", 3, "'1d 2d' gives the unit 'd' twice: write each unit once"),
      (
        "P1D", 0, "'P1D' is not a duration: write terms such as '30d' or '40d 12h', with units w, d, h or min"
      ),
      (
        "1d, 2h", 0,
        "'1d,' is not a duration: write terms such as '30d' or '40d 12h', with units w, d, h or min"
      ),
      (
        "99999999999999999999d", 0,
        "'99999999999999999999d' is too long: a duration may be at most 365250d (about 1000 years)"
      ),
      ("52180w", 0, "'52180w' is too long: a duration may be at most 365250d (about 1000 years)"),
      ("é 1d", 0, "'é' is not a duration: write terms such as '30d' or '40d 12h', with units w, d, h or min"),
      ("1d é", 3, "'é' is not a duration: write terms such as '30d' or '40d 12h', with units w, d, h or min"),
    ]

    @Test(arguments: invalid)
    func invalidDurations(_ text: String, _ offset: Int, _ message: String) {
      #expect(DurationSyntax.parse(text).failure == DurationSyntax.Failure(message, offset: offset))
    }

    @Test func nodeErrorsPointAtTheOffendingTerm() throws {
      let tree = try SyntaxTesting.parse("grace: 1d 3m\nhold: '1m'\ntrial: [1d]\nstep:\n").get()
      func error(_ key: String) -> String? {
        guard let node = tree[key] else { return nil }
        do {
          _ = try node.decodeDuration()
          return nil
        } catch {
          return SyntaxTesting.summary(error).first
        }
      }
      #expect(
        error("grace") == "1:11: '3m' is ambiguous: did you mean '3min' or months ('3M', a product period)?")
      #expect(
        error("hold") == "2:7: '1m' is ambiguous: did you mean '1min' or a month ('1M', a product period)?")
      #expect(error("trial") == "3:8: expected a duration such as '30d' or '40d 12h', found a list")
      #expect(error("step") == "4:6: expected a duration such as '30d' or '40d 12h' (units: w, d, h or min)")
      #expect(try YAMLNode.scalar("40d 12h").decodeDuration() == .days(40) + .hours(12))
    }

    @Test func durationsRoundTripThroughTimeSpanDescription() throws {
      for span in [TimeSpan.days(16), .days(40) + .hours(12), .minutes(90), .zero, .weeks(3)] {
        #expect(try DurationSyntax.parse(span.description).get() == span)
      }
    }
  }
}
