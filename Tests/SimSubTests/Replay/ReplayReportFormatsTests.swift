import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// `simsub replay --format markdown|junit|html`, and what no report may carry.
@Suite("Replay: report formats and privacy")
struct ReplayReportFormatsTests {
  static let email = "jane.doe@example.com"
  static let address = "198.51.100.23"

  /// The shipped scenarios' delivered requests as a log whose payloads carry what a real one
  /// does: RevenueCat subscriber attributes (an email, an IP address), a Stripe customer's
  /// email, and the client's address in the headers.
  static let privateLog: String =
    ReplayLogReaderTests.logged.filter(\.delivered).map { l in
      var body = l.body
      body = body.replacingAll(
        "\"subscriber_attributes\":{}",
        with:
          "\"subscriber_attributes\":{\"$email\":{\"value\":\"\(email)\",\"updated_at_ms\":0},\"$ip\":{\"value\":\"\(address)\",\"updated_at_ms\":0}}"
      )
      body = body.replacingAll(
        "\"data\":{\"object\":{", with: "\"data\":{\"object\":{\"customer_email\":\"\(email)\",")
      var line: JSONObject = [
        "received": .string(RFC3339.formatWithMilliseconds(l.received)),
        "headers": ["content-type": "application/json", "x-forwarded-for": .string(address)],
        "body": .string(body),
      ]
      if let resource = l.resource { line.append("subscriptionsv2", resource) }
      return JSONValue.object(line).serialized()
    }.joined(separator: "\n") + "\n"

  func simsub(_ arguments: [String], in dir: CommandLineScratchDirectory) -> (SimSub.ExitStatus, String) {
    let (status, console) = dir.simsub(["replay"] + arguments)
    return (status, console.standardOutput + console.standardError)
  }

  /// Every format of every report, with and without `--compare`, over a log whose payloads carry
  /// an email and an IP address: neither appears, though the log was read whole.
  @Test func noReportCarriesAnEmailOrAnAddressFromThePayloads() throws {
    var reader = ReplayLogReader()
    reader.read(bytes: Array(Self.privateLog.utf8), file: "log")
    #expect(reader.problems == [])
    // The attributes reached the reader: a report that printed payloads would show them.
    #expect(reader.entries.contains { $0.document.expandedJSON.serialized().contains(Self.email) })
    #expect(
      reader.entries.filter { $0.document.store == "stripe" || $0.document.store == "revenuecat" }.count > 20)
    #expect(reader.entries.contains { $0.headers.contains { $0.value == Self.address } })

    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("log.jsonl", Self.privateLog)
    for format in SimSubCommands.checkFormats {
      for extra in [
        [], ["--policy", "active-only"], ["--compare", "active-only"], ["--policy", "unknown-is-active"],
      ] {
        let (status, output) = simsub(["log.jsonl", "--format", format] + extra, in: dir)
        #expect(status != .badInput, "\(format) \(extra): \(output)")
        #expect(!output.isEmpty)
        #expect(!output.contains(Self.email), "\(format) \(extra)")
        #expect(!output.contains(Self.address), "\(format) \(extra)")
        // No address of any kind (the page's style sheet has its `@media`).
        #expect(!output.replacingAll("@media", with: "").contains("@"), "\(format) \(extra)")
      }
    }
  }

  /// The formats say what the text says: each check's count, each failed subscriber by name; JUnit
  /// is one case per subscriber, valid for both schemas, failed for exactly the violators.
  @Test func theFormatsListTheViolators() throws {
    var reader = ReplayLogReader()
    reader.read(bytes: Array(Self.privateLog.utf8), file: "log")
    let subscribers = ReplaySubscribers(reader.entries)
    let player = ReplayPlayer()
    let outcome = player.play(ActiveOnlyPolicy.self, entries: reader.entries, subscribers: subscribers)
    let report = ReplayReport(
      files: 1, entries: reader.entries, subscribers: subscribers, problems: [], policy: "active-only",
      outcome: outcome)
    let violators = Set(outcome.violations.map(\.subscriber))
    #expect(!violators.isEmpty)

    let xml = report.junit(run: .init(timestamp: RFC3339.parse("2026-01-31T09:00:00Z")!, hostname: "ci"))
    #expect(JUnitSchemas.problems(xml) == [])
    let suite = try #require(JUnitSchemas.TreeReader.read(xml)?.all("testsuite").first)
    let cases = suite.all("testcase")
    #expect(cases.count == subscribers.groups.count)
    let failed = cases.filter { !$0.all("failure").isEmpty }.compactMap { $0.attributes["name"] }
    #expect(Set(failed) == Set(violators.map(report.name)))
    #expect(suite.attributes["failures"] == String(violators.count))

    let markdown = report.markdown
    #expect(markdown.hasPrefix("### simsub replay: ❌ failed (policy `active-only`)"))
    #expect(
      markdown.contains("| ❌ | no-lockout-in-grace | \(report.violations(of: .noLockoutInGrace).count) |"))
    #expect(markdown.contains("| ✅ | no-free-access | 0 |"))
    for v in report.violations(of: .noLockoutInGrace).prefix(ReplayReport.listed) {
      #expect(markdown.contains(report.name(v.subscriber)))
    }
    let html = report.html
    #expect(html.contains("simsub replay: failed (policy active-only)"))
    for v in outcome.violations { #expect(html.contains(XMLText.escape(report.name(v.subscriber)))) }

    let passing = ReplayReport(
      files: 1, entries: reader.entries, subscribers: subscribers, problems: [], policy: "reference",
      outcome: player.play(ReferencePolicy.self, entries: reader.entries, subscribers: subscribers))
    #expect(passing.markdown.hasPrefix("### simsub replay: ✅ passed"))
    #expect(!passing.junit().contains("<failure"))
  }
}
