import Foundation
import Testing

@testable import SimSub

#if canImport(FoundationXML)
  import FoundationXML
#endif

extension ScenarioTests {
  /// The report formats: golden files for the text and Markdown reports of the shipped
  /// card-expired scenario, and the JSON and JUnit reports read back by their own parsers.
  ///
  /// The golden files live in `Tests/Golden/`. When a report changes on purpose, run the tests
  /// with `SIMSUB_UPDATE_GOLDEN=1` to rewrite them, read the diff, and commit it.
  @Suite struct ReportTests {
    /// `Scenarios/card-expired.scn` as shipped, played with its own policy or another.
    static func cardExpired(policy: String? = nil) throws -> ScenarioResult {
      let url = ScenarioTesting.packageRoot.appendingPathComponent("Scenarios/card-expired.scn")
      let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
      let scenario = try ScenarioLoader.decode(text, path: "Scenarios/card-expired.scn")
      return try ScenarioPlayer.play(scenario, policy: policy)
    }

    /// Compares `text` with the golden file `name`, or rewrites it when asked to.
    static func golden(
      _ name: String, _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
      let url = ScenarioTesting.packageRoot.appendingPathComponent("Tests/Golden/\(name)")
      if ProcessInfo.processInfo.environment["SIMSUB_UPDATE_GOLDEN"] == "1" {
        try Data(text.utf8).write(to: url)
        Issue.record(
          "rewrote Tests/Golden/\(name); run again without SIMSUB_UPDATE_GOLDEN",
          sourceLocation: sourceLocation)
        return
      }
      let expected = String(decoding: try Data(contentsOf: url), as: UTF8.self)
      #expect(text == expected, sourceLocation: sourceLocation)
    }

    // MARK: Text

    @Test func theTextReportOfCardExpired() throws {
      let text = ScenarioTextReport(colour: false).render(try Self.cardExpired())
      #expect(!text.contains("\u{1B}"))
      try Self.golden("card-expired.txt", text)
    }

    @Test func theTextReportOfAFailure() throws {
      let text = ScenarioTextReport(colour: false).render(try Self.cardExpired(policy: "active-only"))
      #expect(!text.contains("\u{1B}"))
      try Self.golden("card-expired-active-only.txt", text)
    }

    @Test func colourPaintsOnlyWhenAsked() throws {
      let result = try Self.cardExpired()
      let plain = ScenarioTextReport(colour: false).render(result)
      let painted = ScenarioTextReport(colour: true).render(result)
      #expect(painted.contains("\u{1B}[1;32mPASS\u{1B}[0m"))
      #expect(painted.contains("\u{1B}[32m✓\u{1B}[0m no-free-access"))
      // Without the escape codes, the painted text is the plain text.
      let stripped = painted.replacingOccurrences(
        of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
      #expect(stripped == plain)
    }

    @Test func anExpectationNeverReachedListsWhatItWouldHaveChecked() throws {
      let result = try ScenarioTesting.play(
        "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancel}\nexpect:\n  - {at: renewal 2, store: expired, sent: EXPIRED}\n"
      )
      let text = ScenarioTextReport().render(result)
      #expect(
        text.contains(
          """
          Entries
            ✗ t.scn:7:10: 'renewal 2' was never reached: the subscription ended first

          Expectations
            ✗ renewal 2 (never reached): store expired, sent EXPIRED

          """))
      #expect(text.hasSuffix("FAIL\n"))
    }

    @Test(arguments: [
      (Int64(9_990), "9.99"), (9_995, "9.995"), (0, "0.00"), (5, "0.005"), (10, "0.01"), (99_000, "99.00"),
      (1_234_567, "1234.567"),
    ])
    func pricesKeepEveryDecimalTheFileGave(milliunits: Int64, text: String) {
      #expect(Describe.price(milliunits) == text)
    }

    @Test func aPriceReadsBackAsWritten() throws {
      for price in ["9.99", "9.995", "0.5", "12"] {
        let s = try ScenarioTesting.scenario(
          "name: t\nstore: apple\nproduct: {price: \(price)}\ntimeline: []\n")
        let shown = Describe.price(s.products[0].priceMilliunits)
        #expect(Double(shown) == Double(price), "\(price) shown as \(shown)")
      }
    }

    // MARK: Markdown

    @Test func theMarkdownReport() throws {
      let text = ScenarioMarkdownReport.render([
        try Self.cardExpired(), try Self.cardExpired(policy: "active-only"),
      ])
      try Self.golden("card-expired.md", text)
    }

    @Test func markdownEscapesPipesInCells() {
      #expect(ScenarioMarkdownReport.cell("a | b\nc") == "a \\| b c")
    }

    // MARK: JSON

    @Test func theJSONReportReadsBackInItsOrder() throws {
      let result = try Self.cardExpired()
      let text = ScenarioJSONReport.render([result])
      #expect(text.hasSuffix("}\n"))
      let json = try JSONValue(parsing: text)
      #expect(json.objectValue?.keys == ["tool", "version", "passed", "summary", "scenarios", "refused"])
      #expect(json["tool"] == "simsub")
      #expect(json["version"]?.stringValue == simsubVersion)
      #expect(json["passed"] == true)
      #expect(json["summary"] == ["scenarios": 1, "passed": 1, "failed": 0, "refused": 0])
      #expect(json["refused"] == [])
      let scenario = try #require(json["scenarios"]?[0])
      #expect(
        scenario.objectValue?.keys == [
          "scenario", "passed", "trace", "expectations", "invariants", "entry-errors", "contract-breaches",
          "members",
        ])
      let resolved = try #require(scenario["scenario"])
      #expect(
        resolved.objectValue?.keys == [
          "path", "name", "store", "products", "start", "end", "step", "policy", "channel", "delivery",
          "family-members", "invariants",
          "expect-violations",
        ])
      #expect(resolved["path"] == "Scenarios/card-expired.scn")
      #expect(resolved["store"] == "apple")
      #expect(
        resolved["products"] == [
          [
            "id": "premium.monthly", "period": "1M", "price": "9.99", "grace": "16d", "hold": "44d",
            "trial": nil,
            "group": "default",
          ]
        ])
      #expect(resolved["start"] == "2026-01-31T09:00:00Z")
      #expect(resolved["end"] == "2026-04-05T10:00:00Z")
      #expect(resolved["step"] == "1h")
      #expect(resolved["policy"] == "reference")
      #expect(resolved["delivery"] == ["delay": "0d", "duplicate": false, "reorder": "0d", "outage": "0d"])
      #expect(
        resolved["invariants"] == [
          "no-lockout-in-grace": "error", "no-free-access": "error", "prompt-matches": "error",
        ])
      #expect(resolved["expect-violations"] == [])
      #expect(resolved["family-members"] == 0)
      #expect(scenario["members"] == [])

      let trace = try #require(scenario["trace"]?.arrayValue)
      #expect(trace.count == result.rows.count)
      #expect(
        trace[3] == [
          "at": "2026-02-28T09:00:00Z", "day": 28, "event": "store: period ends",
          "sent": ["DID_FAIL_TO_RENEW/GRACE_PERIOD"], "store": "grace", "entitlement": "active",
          "access": true,
          "prompt": "none",
        ])
      let expectations = try #require(scenario["expectations"]?.arrayValue)
      #expect(expectations.count == 2)
      #expect(expectations[0].objectValue?.keys == ["line", "column", "at", "instant", "passed", "checks"])
      #expect(expectations[0]["line"] == 18)
      #expect(expectations[0]["at"] == "renewal 1 + 1h")
      #expect(expectations[0]["instant"] == "2026-02-28T10:00:00Z")
      #expect(
        expectations[0]["checks"]?[0] == [
          "key": "store", "expected": "grace", "actual": "grace", "passed": true,
        ])
      #expect(
        expectations[1]["checks"]?.arrayValue?.map { $0["key"] } == [
          "store", "access", "prompt", "sent", "charges",
        ])
      let invariants = try #require(scenario["invariants"]?.arrayValue)
      #expect(invariants.map { $0["name"] } == ["no-lockout-in-grace", "no-free-access", "prompt-matches"])
      #expect(
        invariants[0] == [
          "name": "no-lockout-in-grace", "level": "error", "expected-violated": false, "passed": true,
          "violations": [],
        ])
      #expect(scenario["entry-errors"] == [])
      #expect(scenario["contract-breaches"] == [])
    }

    @Test func theJSONReportOfAFailure() throws {
      let json = try JSONValue(
        parsing: ScenarioJSONReport.render([try Self.cardExpired(policy: "active-only")]))
      #expect(json["passed"] == false)
      #expect(json["summary"] == ["scenarios": 1, "passed": 0, "failed": 1, "refused": 0])
      let violation = try #require(json["scenarios"]?[0]?["invariants"]?[0]?["violations"]?[0])
      #expect(
        violation == [
          "start": "2026-02-28T09:00:00Z", "end": "2026-03-05T09:00:00Z", "duration": "5d", "store": "grace",
          "entitlement": "grace", "access": false, "prompt": "soft",
          "cause": "DID_FAIL_TO_RENEW/GRACE_PERIOD",
        ])
      let failed = try #require(json["scenarios"]?[0]?["expectations"]?[0]?["checks"]?.arrayValue)
      #expect(failed.filter { $0["passed"] == false }.map { $0["key"] } == ["access"])
    }

    @Test func theJSONReportKeepsEntryErrors() throws {
      let result = try ScenarioTesting.play(
        "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancel}\nexpect:\n  - {at: renewal 2, store: expired}\n"
      )
      let json = try JSONValue(parsing: ScenarioJSONReport.render([result]))
      #expect(
        json["scenarios"]?[0]?["entry-errors"] == [
          ["line": 7, "column": 10, "message": "'renewal 2' was never reached: the subscription ended first"]
        ])
      #expect(json["scenarios"]?[0]?["expectations"]?[0]?["instant"] == .null)
    }

    // MARK: JUnit

    /// Reads JUnit XML with Foundation's parser: well-formed or not, the elements' attributes.
    final class JUnitReader: NSObject, XMLParserDelegate {
      var elements: [(name: String, attributes: [String: String])] = []
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) {
        elements.append((name, attributes))
      }

      static func read(_ text: String) -> JUnitReader? {
        let reader = JUnitReader()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = reader
        return parser.parse() ? reader : nil
      }

      func all(_ name: String) -> [[String: String]] { elements.filter { $0.name == name }.map(\.attributes) }
    }

    @Test func theJUnitReportIsWellFormedWithItsCounts() throws {
      let passing = try Self.cardExpired()
      let failing = try Self.cardExpired(policy: "active-only")
      let text = ScenarioJUnitReport.render([passing, failing])
      let xml = try #require(JUnitReader.read(text))
      // The counts are the suites' (Ant's schema allows no attributes on the root).
      #expect(xml.all("testsuites").first == [:])
      let suites = xml.all("testsuite")
      #expect(suites.map { $0["errors"] } == ["0", "0"])
      #expect(suites.map { $0["tests"] } == ["5", "5"])
      #expect(suites.map { $0["failures"] } == ["0", "2"])
      #expect(xml.all("testcase").count == 10)
      #expect(
        xml.all("testcase").prefix(5).map { $0["name"] } == [
          "expect at renewal 1 + 1h (line 18)", "expect at renewal 1 + 5d 1h (line 23)",
          "no-lockout-in-grace",
          "no-free-access", "prompt-matches",
        ])
      #expect(
        xml.all("failure").map { $0["message"] } == [
          "access: expected yes, got no",
          "locked out while the store says grace: from 2026-02-28T09:00:00Z (day 28) for 5d; policy said grace, no access, prompt soft, after DID_FAIL_TO_RENEW/GRACE_PERIOD arrived at 2026-02-28T09:00:00Z",
        ])
    }

    @Test func theJUnitReportEscapesWhatXMLCannotHold() throws {
      var result = try Self.cardExpired()
      result.scenario.name = "A <tricky> & \"quoted\" name\u{7}"
      result.scenario.path = "Scenarios/a&b.scn"
      let text = ScenarioJUnitReport.render([result])
      let xml = try #require(JUnitReader.read(text))
      #expect(xml.all("testsuite").first?["name"] == "A <tricky> & \"quoted\" name")
      #expect(xml.all("testcase").first?["classname"] == "Scenarios.a&b")
      #expect(xml.all("property").first?["value"] == "Scenarios/a&b.scn")
    }

    @Test func theJUnitReportCountsAnUnreachedExpectationOnce() throws {
      let result = try ScenarioTesting.play(
        "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancel}\n  - {at: renewal 3, do: note, text: x}\nexpect:\n  - {at: renewal 2, store: expired}\n"
      )
      let xml = try #require(JUnitReader.read(ScenarioJUnitReport.render([result])))
      #expect(xml.all("testsuite").first?["tests"] == "5")
      #expect(xml.all("testsuite").first?["failures"] == "2")
      #expect(
        xml.all("failure").map { $0["message"] } == [
          "'renewal 3' was never reached: the subscription ended first",
          "'renewal 2' was never reached: the subscription ended first",
        ])
    }

    // MARK: Check summary

    @Test func theCheckSummaryListsEachScenarioAndItsFailures() throws {
      let text = ScenarioCheckReport().render([
        try Self.cardExpired(), try Self.cardExpired(policy: "active-only"),
      ])
      #expect(
        text == """
          ✓ Scenarios/card-expired.scn  reference
          ✗ Scenarios/card-expired.scn  active-only
              line 18: at renewal 1 + 1h (2026-02-28T10:00:00Z) access: expected yes, got no
              no-lockout-in-grace: locked out while the store says grace: from 2026-02-28T09:00:00Z (day 28) for 5d; policy said grace, no access, prompt soft, after DID_FAIL_TO_RENEW/GRACE_PERIOD arrived at 2026-02-28T09:00:00Z

          1 passed, 1 failed

          """)
    }
  }
}
