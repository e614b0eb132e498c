import Testing

@testable import SubscriptionPolicy

@Suite("ReferenceRules")
struct ReferenceRulesTableTests {
  @Test func theDocumentedGoogleCodesAreTheTypesList() {
    // `isDocumented` is a switch kept free of allocation; it must say what the list says.
    let listed = Set(GooglePlayNotificationType.documented.map(\.0.rawValue))
    for raw in Int32(-1)...40 {
      let code = GooglePlayNotificationType(rawValue: raw)
      #expect(ReferenceRules.isDocumented(code) == listed.contains(raw), "code \(raw)")
    }
  }
}
