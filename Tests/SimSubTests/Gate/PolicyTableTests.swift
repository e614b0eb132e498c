import TestSupport
import Testing

@testable import SimSub

@Suite("Policy table")
struct PolicyTableTests {
  func row(_ table: PolicyTable, _ store: String, _ prior: StoreTruth, _ notification: String) -> PolicyTable
    .Row?
  {
    table.rows.first { $0.store == store && $0.prior == prior && $0.notification == notification }
  }

  @Test func everyNotificationTheModelsSendHasARowFromEveryState() throws {
    let table = try PolicyTable.build(policy: "reference")
    let sources = [
      "apple", "apple (family member)", "google", "stripe", "revenuecat (apple)", "revenuecat (google)",
    ]
    #expect(Set(table.rows.map(\.store)) == Set(sources))
    for store in sources {
      let rows = table.rows.filter { $0.store == store }
      let priors = Set(rows.map(\.prior))
      let names = Set(rows.map(\.notification))
      #expect(rows.count == priors.count * names.count)
      #expect(priors.isSuperset(of: [.never, .active, .canceled, .grace, .hold, .expired]), "\(store)")
    }
    let google = Set(table.rows.filter { $0.store == "google" }.map(\.prior))
    #expect(google.contains(.paused))
    let apple = Set(table.rows.filter { $0.store == "apple" }.map { $0.notification })
    #expect(apple.contains("DID_FAIL_TO_RENEW/GRACE_PERIOD (status 4)"))
    #expect(apple.contains("GRACE_PERIOD_EXPIRED (status 3)"))
  }

  @Test func theReferencePolicyKeepsGraceInAndTheKnownBadOneDoesNot() throws {
    let reference = try PolicyTable.build(policy: "reference")
    let activeOnly = try PolicyTable.build(policy: "active-only")
    let name = "DID_FAIL_TO_RENEW/GRACE_PERIOD (status 4)"
    let good = try #require(row(reference, "apple", .active, name))
    let bad = try #require(row(activeOnly, "apple", .active, name))
    // The table's App Store story subscribes monthly on 2026-01-01; the renewal on 2026-02-01
    // fails, and the table's App Store products have 16 days of grace.
    let graceEnds = try #require(RFC3339.parse("2026-02-17T00:00:00Z"))
    #expect(
      good.after == Decision(state: .grace, access: true, prompt: .soft, gracePeriodExpiresDate: graceEnds))
    #expect(bad.after.access == false)
    #expect(reference.markdown() != activeOnly.markdown())
  }

  @Test func aFamilyMemberIsRevokedByREVOKEAndNeverPrompted() throws {
    let family = "apple (family member)"
    let table = try PolicyTable.build(policy: "reference")
    let names = Set(table.rows.filter { $0.store == family }.map(\.notification))
    // A member hears REVOKE where the purchaser hears REFUND; the purchaser never hears REVOKE.
    #expect(names.contains("REVOKE (status 5)"))
    #expect(!names.contains("REFUND (status 5)"))
    #expect(!table.rows.contains { $0.store == "apple" && $0.notification.hasPrefix("REVOKE") })
    for prior in [StoreTruth.active, .grace, .hold] {
      let revoke = try #require(row(table, family, prior, "REVOKE (status 5)"))
      #expect(revoke.after == Decision(state: .revoked, access: false), "from \(prior)")
    }
    // Grace keeps access and billing retry does not, as for the purchaser; no prompt either way.
    let grace = try #require(row(table, family, .active, "DID_FAIL_TO_RENEW/GRACE_PERIOD (status 4)"))
    #expect(grace.after.state == .grace)
    #expect(grace.after.access)
    #expect(grace.after.prompt == .none)
    let hold = try #require(row(table, family, .grace, "GRACE_PERIOD_EXPIRED (status 3)"))
    #expect(hold.after == Decision(state: .hold, access: false, prompt: .none))
    #expect(
      table.rows.filter { $0.store == family }.allSatisfy {
        $0.after.prompt == .none && $0.before.prompt == .none
      })
    // The purchaser's rows are unchanged: the soft and hard prompts.
    #expect(row(table, "apple", .active, "DID_FAIL_TO_RENEW/GRACE_PERIOD (status 4)")?.after.prompt == .soft)
    #expect(row(table, "apple", .grace, "GRACE_PERIOD_EXPIRED (status 3)")?.after.prompt == .hard)
  }

  @Test func unknownIsActiveTurnsAFamilyMembersREVOKEIntoAccess() throws {
    let table = try PolicyTable.build(policy: "unknown-is-active")
    let revoke = try #require(row(table, "apple (family member)", .active, "REVOKE (status 5)"))
    #expect(revoke.after.state == .active)
    #expect(revoke.after.access)
  }

  @Test func aReplacedGooglePurchaseExpiringDoesNotEndAccess() throws {
    let table = try PolicyTable.build(policy: "reference")
    let replaced = try #require(
      row(table, "google", .active, "SUBSCRIPTION_EXPIRED (EXPIRED, replacementCancellation)"))
    #expect(replaced.after.access)
    let ended = try #require(
      row(table, "google", .active, "SUBSCRIPTION_EXPIRED (EXPIRED, systemInitiatedCancellation)"))
    #expect(!ended.after.access)
  }

  @Test func theTableSaysWhichCommandMadeIt() throws {
    // A built-in policy's table is the command's output; an app's own policy has no name the
    // command knows, so its table says it came from the gate's update.
    let builtIn = try PolicyTable.build(policy: "reference").markdown()
    #expect(builtIn.contains("Generated by `simsub policy-table --policy reference --format markdown`."))
    let own = PolicyTable.build(GateTests.LocksOutGrace.self).markdown()
    #expect(own.contains("Generated by the gate's update (`Gate.update`)."))
    #expect(!own.contains("simsub policy-table --policy"))
  }

  @Test func theCommittedTableIsTheReferencePolicysTable() throws {
    // Reports/policy-table.md is what `simsub policy-table --format markdown` prints; the gate
    // compares them, and this keeps the committed file honest between gate runs.
    let committed = try String(
      contentsOf: packageRoot.appendingPathComponent("Reports/policy-table.md"), encoding: .utf8)
    #expect(committed == (try PolicyTable.build(policy: "reference")).markdown())
  }
}
