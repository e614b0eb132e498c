import SubscriptionPolicy
import Testing

@testable import SimSub

/// `CustomerInfo` written straight into bytes (``RevenueCatCustomerInfoWriter``) is the tree's
/// compact text, byte for byte: for every subscription of every shipped scenario (each store,
/// each family member), before its first purchase and at every instant its record changed, the
/// second before each change, and a year after its last.
@Suite struct RevenueCatCustomerInfoWriterTests {
  @Test func theWrittenBytesAreTheTreesText() {
    let settings = WireTesting.settings()
    var compared = 0
    var stores = Set<StoreKind>()
    var shapes = Set<String>()
    for result in WireTesting.shipped {
      for subscription in SimulatedSubscription.all(in: result, settings: settings) {
        guard let first = subscription.history.entries.first?.instant else { continue }
        var instants = [first - .days(1)]
        for entry in subscription.history.entries {
          instants += [entry.instant - .seconds(1), entry.instant]
        }
        instants.append(subscription.history.entries.last!.instant + .days(365))
        for instant in instants {
          let tree = subscription.customerInfo(at: instant)
          var written: [UInt8] = Array("prefix ".utf8)
          subscription.writeCustomerInfo(at: instant, into: &written)
          let expected = Array("prefix ".utf8) + tree.serializedBytes()
          #expect(
            written == expected,
            "\(result.scenario.path) at \(RFC3339.format(instant)):\n\(String(decoding: written, as: UTF8.self))\n\(String(decoding: expected, as: UTF8.self))"
          )
          compared += 1
          stores.insert(subscription.store)
          let premium = tree["entitlements"]?["all"]?["premium"]
          shapes.insert(
            [
              premium == nil ? "none" : "bought",
              tree["entitlements"]?["active"]?.objectValue?.isEmpty == false ? "active" : "inactive",
              premium?["billingIssueDetectedAt"]?.isNull == false ? "issue" : "",
              premium?["ownershipType"] == "FAMILY_SHARED" ? "family" : "",
              premium?["originalPurchaseDate"]?.isNull == true ? "no original" : "",
            ].joined(separator: " "))
        }
      }
    }
    #expect(compared > 1_000)
    #expect(stores == [.apple, .google, .stripe])
    #expect(shapes.count >= 5, "\(shapes)")
  }
}
