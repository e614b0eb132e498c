import Testing

@testable import SimSub

@Suite("Anchors that move")
struct AnchorsMoveTests {
  func play(_ text: String) throws -> ScenarioResult {
    try ScenarioPlayer.play(try ScenarioLoader.decode(text, path: "probe.scn"))
  }

  @Test func anUpgradeMovesRenewalOneAndEntriesPlacedBeforeItFollow() throws {
    let result = try play(
      """
      name: upgrade probe
      store: apple
      product:
        - {id: basic, period: 1M, price: 4.99}
        - {id: plus, period: 1M, price: 9.99}
      timeline:
        - at: 10d
          do: change-product
          product: plus
        - at: renewal 1 - 1h
          do: note
          text: before the first renewal
      expect:
        - at: renewal 1
          sent: DID_RENEW
          charges: 3
      """)
    #expect(result.passed)
    // The upgrade on Jan 11 restarts the period: renewal 1 is Feb 11, not Feb 1.
    #expect(result.expectations.first?.instant == RFC3339.parse("2026-02-11T00:00:00Z"))
    let note = result.rows.first { if case .note = $0.event { true } else { false } }
    #expect(note?.instant == RFC3339.parse("2026-02-10T23:00:00Z"))
  }

  @Test func aRecoveryAfterGraceMovesLaterRenewals() throws {
    let result = try play(
      """
      name: recovery in billing retry moves the anchor
      store: apple
      product: {period: 1M, grace: 3d}
      timeline:
        - at: 20d
          do: card-fails
        - at: renewal 1 + 10d
          do: update-card
      expect:
        - at: renewal 2
          sent: DID_RENEW
      """)
    #expect(result.passed)
    // Recovered on Feb 11 after grace: renewal 2 is a month after the recovery.
    #expect(result.expectations.first?.instant == RFC3339.parse("2026-03-11T00:00:00Z"))
  }
}
