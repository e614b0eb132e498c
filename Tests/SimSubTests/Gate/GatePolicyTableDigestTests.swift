import Foundation
import TestSupport
import Testing

@testable import SimSub

/// The baseline and the policy table are one record: the baseline holds the table's SHA-256,
/// so a table written without its baseline (an update stopped between its two renames, or a
/// hand edit) is refused with the way to mend it, never compared with as if it were the pair.
@Suite("Gate policy-table digest")
struct GatePolicyTableDigestTests {
  typealias Repository = GateBaselineTests.Repository

  static let mend = "run 'simsub gate --update' to record both again"

  func line(of needle: String, in text: String) throws -> Int {
    try #require(text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }) + 1
  }

  @Test func anUpdateRecordsTheTablesDigestAndTheGatePasses() throws {
    let repository = try Repository()
    let baseline = try GateBaseline(json: try repository.read("Reports/baseline.json"))
    let table = try repository.read("Reports/policy-table.md")
    #expect(baseline.policyTableDigest == SHA256.hexDigest(of: table))
    #expect(
      baseline.policyTableDigest == SHA256.hexDigest(of: PolicyTable.build(ReferencePolicy.self).markdown()))
    #expect(try Gate.run(ReferencePolicy.self, paths: repository.paths).passed)
  }

  @Test func aTableWrittenWithoutItsBaselineIsRefusedUntilBothAreRecordedAgain() throws {
    let repository = try Repository()
    let oldTable = try repository.read("Reports/policy-table.md")
    let baselineText = try repository.read("Reports/baseline.json")
    // What `gate --update` for a changed policy leaves when it is stopped after renaming the
    // table into place and before renaming the baseline: the new table beside the old baseline.
    let newTable = PolicyTable.build(GateTests.NagsAfterRefund.self).markdown()
    #expect(newTable != oldTable)
    try repository.write("Reports/policy-table.md", newTable)
    let line = try line(of: "\"policy-table-sha256\"", in: baselineText)
    let recorded = SHA256.hexDigest(of: oldTable)
    #expect(
      repository.gateError() == """
        Reports/baseline.json:\(line):26: error: policy-table-sha256: 'Reports/policy-table.md' is not the policy table this baseline was written with (its SHA-256 is \(SHA256.hexDigest(of: newTable))): the two were not updated together, or one was edited by hand; review the table's changes, then \(Self.mend)
            "policy-table-sha256": "\(recorded)",
                                   ^

        """)
    let gate = repository.simsub(["gate"])
    #expect(gate.status == .badInput)
    #expect(gate.output.isEmpty)
    // Mended as the message says: the update records both again, and the pair is consistent.
    #expect(repository.simsub(["gate", "--update"]).status == .success)
    #expect(try repository.read("Reports/policy-table.md") == oldTable)
    #expect(repository.simsub(["gate"]).status == .success)
  }

  @Test func aHandEditedTableIsRefusedButItsLineEndingsAreNotAnEdit() throws {
    let repository = try Repository()
    let table = try repository.read("Reports/policy-table.md")
    try repository.write("Reports/policy-table.md", table.replacingOccurrences(of: "\n", with: "\r\n"))
    #expect(repository.gateError() == nil)
    try repository.write("Reports/policy-table.md", table + "| a row added by hand |\n")
    #expect(
      repository.gateError()?.contains(
        "error: policy-table-sha256: 'Reports/policy-table.md' is not the policy table this baseline was written with"
      ) == true)
  }

  @Test func aBaselineWithoutADigestOrWithoutItsTableIsRefusedWithTheMend() throws {
    let repository = try Repository()
    var baseline = try GateBaseline(json: try repository.read("Reports/baseline.json"))
    baseline.policyTableDigest = nil
    let text = baseline.json.serialized(.pretty) + "\n"
    try repository.write("Reports/baseline.json", text)
    let line = try line(of: "\"policy-table\"", in: text)
    #expect(
      repository.gateError()?.hasPrefix(
        "Reports/baseline.json:\(line):19: error: policy-table: the baseline records no digest of its policy table: \(Self.mend)\n"
      ) == true)
    let update = repository.simsub(["gate", "--update"])
    #expect(update.status == .success)
    #expect(update.output.hasPrefix("Baseline updated:\n  policy table: SHA-256 "))
    #expect(repository.gateError() == nil)

    try FileManager.default.removeItem(at: repository.root.appendingPathComponent("Reports/policy-table.md"))
    #expect(
      repository.gateError()?.contains(
        "error: policy-table-sha256: the policy table 'Reports/policy-table.md' is missing: \(Self.mend)\n")
        == true)
  }

  @Test func aMalformedDigestIsRefused() throws {
    let repository = try Repository()
    let baseline = try GateBaseline(json: try repository.read("Reports/baseline.json"))
    let digest = try #require(baseline.policyTableDigest)
    let text = try repository.edit(digest, digest.uppercased())
    #expect(
      repository.gateError()?.hasPrefix(
        "Reports/baseline.json:\(try line(of: "\"policy-table-sha256\"", in: text)):26: error: policy-table-sha256: expected a SHA-256 digest in 64 lowercase hex digits\n"
      ) == true)
  }
}
