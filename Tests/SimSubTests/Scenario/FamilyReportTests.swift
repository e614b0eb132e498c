import Foundation
import Testing

@testable import SimSub

#if canImport(FoundationXML)
  import FoundationXML
#endif

extension ScenarioTests {
  /// How every report shows a scenario with Family Sharing: the purchaser's run, then each family
  /// member's, and one verdict for the family.
  @Suite struct FamilyReportTests {
    /// The shipped scenario with one member through grace, recovery and REVOKE.
    static func shipped(_ name: String, policy: String? = nil) throws -> ScenarioResult {
      let url = ScenarioTesting.packageRoot.appendingPathComponent("Scenarios/\(name)")
      let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
      let scenario = try ScenarioLoader.decode(text, path: "Scenarios/\(name)")
      return try ScenarioPlayer.play(scenario, policy: policy)
    }

    static let grace = "family-member-through-grace-recovery-and-revoke.scn"
    static let billingRetry = "family-members-never-nagged-in-billing-retry.scn"

    @Test func theTextReportHasASectionPerMember() throws {
      let text = ScenarioTextReport().render(try Self.shipped(Self.billingRetry))
      #expect(text.contains("  family   2 members (Family Sharing), each played with its own policy\n"))
      let purchaser = try #require(text.range(of: "\nPurchaser\n"))
      let one = try #require(text.range(of: "\nFamily member 1\n"))
      let two = try #require(text.range(of: "\nFamily member 2\n"))
      #expect(purchaser.lowerBound < one.lowerBound && one.lowerBound < two.lowerBound)
      // Each run has its own timeline, expectations and invariants.
      #expect(text.components(separatedBy: "\nExpectations\n").count == 4)
      #expect(text.components(separatedBy: "\nInvariants\n").count == 4)
      let leaves = text[two.upperBound...].split(separator: "\n").filter {
        $0.contains("leave-family (member 2)")
      }
      #expect(leaves.count == 1 && leaves[0].contains(" REVOKE ") && leaves[0].contains(" revoked "))
      let stays = text[one.upperBound..<two.lowerBound].split(separator: "\n").filter {
        $0.contains("leave-family (member 2)")
      }
      #expect(stays.count == 1 && !stays[0].contains("REVOKE") && stays[0].contains(" hold "))
      #expect(text.hasSuffix("\nPASS\n"))
    }

    @Test func aFailingMemberFailsTheTextReport() throws {
      let result = try ScenarioTesting.run(
        """
        name: nagged
        store: apple
        product: {}
        family-members: 1
        timeline:
          - {at: 20d, do: card-fails}

        """, policy: NagsEveryonePolicy.self)
      let text = ScenarioTextReport().render(result)
      let member = try #require(text.range(of: "\nFamily member 1\n"))
      #expect(text[..<member.lowerBound].contains("✓ prompt-matches"))
      #expect(
        text[member.upperBound...].contains("✗ prompt-matches\n      prompt soft while the store says grace"))
      #expect(text.hasSuffix("\nFAIL\n"))
    }

    @Test func theJSONReportListsTheMembers() throws {
      let result = try Self.shipped(Self.billingRetry)
      let json = try JSONValue(parsing: ScenarioJSONReport.render([result]))
      let scenario = try #require(json["scenarios"]?[0])
      #expect(scenario["scenario"]?["family-members"] == 2)
      #expect(scenario["passed"] == true)
      let members = try #require(scenario["members"]?.arrayValue)
      #expect(members.count == 2)
      #expect(
        members[0].objectValue?.keys == [
          "member", "passed", "trace", "expectations", "invariants", "entry-errors",
          "contract-breaches",
        ])
      #expect(members.map { $0["member"] } == [1, 2])
      #expect(members[0]["expectations"]?.arrayValue?.count == 4)
      #expect(members[1]["expectations"]?.arrayValue?.count == 3)
      #expect(scenario["expectations"]?.arrayValue?.count == 3)
      let revoke = members[1]["trace"]?.arrayValue?.first { $0["event"] == "leave-family (member 2)" }
      #expect(revoke?["sent"] == ["REVOKE"])
      #expect(revoke?["store"] == "revoked")
      // The purchaser's trace shows the same entry, with nothing sent.
      let purchaser = scenario["trace"]?.arrayValue?.first { $0["event"] == "leave-family (member 2)" }
      #expect(purchaser?["sent"] == [])
    }

    @Test func theJUnitReportHasTheMembersCases() throws {
      let result = try Self.shipped(Self.grace)
      let xml = try #require(ReportTests.JUnitReader.read(ScenarioJUnitReport.render([result])))
      let names = xml.all("testcase").compactMap { $0["name"] }
      // 3 expectations and 3 invariants for the purchaser, 4 and 3 for the member.
      #expect(names.count == 13)
      #expect(xml.all("testsuite").first?["tests"] == "13")
      #expect(names.filter { $0.hasPrefix("family member 1: ") }.count == 7)
      #expect(names.contains("family member 1: expect at renewal 1 + 10d (line 44)"))
      #expect(names.contains("family member 1: prompt-matches"))
      #expect(xml.all("failure").isEmpty)
    }

    @Test func theMarkdownAndHTMLReportsCountEveryRun() throws {
      let result = try Self.shipped(Self.grace)
      let markdown = ScenarioMarkdownReport.render([result])
      #expect(
        markdown.contains(
          "| ✅ | A family member keeps access through grace and recovery, and loses it on REVOKE"))
      #expect(markdown.contains("| apple | reference | 7/7 | held |"))
      let nagged = try Self.shipped(Self.grace, policy: "active-only")
      let failing = ScenarioMarkdownReport.render([nagged])
      #expect(failing.contains("member 1 `no-lockout-in-grace`"))
      #expect(failing.contains("- `Scenarios/\(Self.grace)`: family member 1: "))
      let html = ScenarioHTMLReport.render([result], command: "run")
      #expect(html.contains("<h3>Purchaser</h3>"))
      #expect(html.contains("<h3>Family member 1</h3>"))
      #expect(html.contains("7 of 7"))
      // The SVG: the purchaser's chart, then the member's.
      let svg = ScenarioSVGReport.render([result])
      #expect(svg.contains("— purchaser"))
      #expect(svg.contains("— family member 1"))
    }
  }
}
