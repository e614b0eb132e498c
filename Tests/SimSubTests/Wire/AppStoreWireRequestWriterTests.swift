import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// The App Store request body written straight from the typed value
/// (`AppStoreSignedPayloadWriter`) is, byte for byte, the body built through the trees: each
/// payload's `JSONValue`, the fields the typed value does not keep appended, signed with
/// `AppStoreSignedData.sign`.
@Suite("Wire: the App Store body writer gives the trees' bytes")
struct AppStoreWireRequestWriterTests {
  @Test func everyShippedAppStoreRequest() {
    var checked = 0
    for (attempt, context) in WireTesting.attempts {
      guard case .appStore(let n) = WireRequestBuilder.wireValue(attempt.notification, context: context)
      else {
        continue
      }
      let written = AppStoreWireRequest.request(n, context: context)
      let throughTrees = AppStoreWireRequest.requestThroughTrees(n, context: context)
      #expect(written == throughTrees, "\(attempt.notification.name)")
      checked += 1
    }
    #expect(checked > 100)
  }

  /// Every optional member absent and present, and the extras on both nested payloads.
  @Test func optionalMembersAndExtras() throws {
    let (attempt, context) = try #require(
      WireTesting.attempts.first {
        if case .appStore(let n) = $0.attempt.notification { return n.data.renewalInfo != nil }
        return false
      })
    guard case .appStore(var n) = WireRequestBuilder.wireValue(attempt.notification, context: context) else {
      Issue.record("not an App Store notification")
      return
    }
    for variant in 0..<3 {
      switch variant {
      case 0:
        n.subtype = nil
        n.data.appAppleId = nil
        n.data.status = nil
      case 1:
        n.data.transactionInfo?.revocationDate = n.signedDate
        n.data.transactionInfo?.revocationReason = 1
        n.data.transactionInfo?.isUpgraded = true
        n.data.renewalInfo?.gracePeriodExpiresDate = n.signedDate
        n.data.renewalInfo?.isInBillingRetryPeriod = true
      default:
        n.data.transactionInfo = nil
      }
      #expect(
        AppStoreWireRequest.request(n, context: context)
          == AppStoreWireRequest.requestThroughTrees(n, context: context), "variant \(variant)")
    }
  }
}
