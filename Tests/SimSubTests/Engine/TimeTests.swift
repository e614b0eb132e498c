import Testing

@testable import SimSub

@Suite("Billing periods")
struct BillingPeriodTests {
  func at(_ text: String) -> Instant { RFC3339.parse(text)! }

  @Test func monthlyKeepsTheAnchorDay() {
    let anchor = at("2026-01-31T09:00:00Z")
    let ends = (1...4).map { RFC3339.format(BillingPeriod.oneMonth.advance(anchor, by: $0)) }
    #expect(
      ends == [
        "2026-02-28T09:00:00Z", "2026-03-31T09:00:00Z", "2026-04-30T09:00:00Z", "2026-05-31T09:00:00Z",
      ])
  }

  @Test func leapYearFebruaryHasTheTwentyNinth() {
    let anchor = at("2028-01-31T00:00:00Z")
    #expect(RFC3339.format(BillingPeriod.oneMonth.advance(anchor, by: 1)) == "2028-02-29T00:00:00Z")
    #expect(
      RFC3339.format(BillingPeriod.oneYear.advance(at("2028-02-29T00:00:00Z"), by: 1))
        == "2029-02-28T00:00:00Z")
    #expect(
      RFC3339.format(BillingPeriod.oneYear.advance(at("2028-02-29T00:00:00Z"), by: 4))
        == "2032-02-29T00:00:00Z")
  }

  @Test(arguments: [
    (BillingPeriod.oneWeek, "2026-01-08T00:00:00Z"), (.twoMonths, "2026-03-01T00:00:00Z"),
    (.threeMonths, "2026-04-01T00:00:00Z"), (.sixMonths, "2026-07-01T00:00:00Z"),
    (.oneYear, "2027-01-01T00:00:00Z"),
  ])
  func everyPeriodAdvances(period: BillingPeriod, end: String) {
    #expect(RFC3339.format(period.advance(at("2026-01-01T00:00:00Z"), by: 1)) == end)
  }

  @Test func codesParseInBothSpellings() {
    #expect(BillingPeriod(code: "1M") == .oneMonth)
    #expect(BillingPeriod(code: "P1M") == .oneMonth)
    #expect(BillingPeriod(code: "P1Y") == .oneYear)
    #expect(BillingPeriod(code: "P1W") == .oneWeek)
    #expect(BillingPeriod(code: "1m") == nil)
    #expect(BillingPeriod(code: "5M") == nil)
  }
}
