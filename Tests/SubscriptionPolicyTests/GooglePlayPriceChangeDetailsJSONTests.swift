import Foundation
import Testing

@testable import SubscriptionPolicy

/// `lineItems[].autoRenewingPlan.priceChangeDetails`: written in Google's shape and order, read
/// back to the same value, with `Money.units` as proto3 JSON writes an `int64` (a string).
@Suite("Google Play JSON: price change details")
struct GooglePlayPriceChangeDetailsJSONTests {
  let at = RFC3339.parse("2026-02-01T00:00:00Z")!

  func lineItem(_ details: SubscriptionItemPriceChangeDetails?) -> SubscriptionPurchaseLineItem {
    SubscriptionPurchaseLineItem(
      productId: "premium", expiryTime: at, autoRenewEnabled: true, basePlanId: "monthly",
      priceChangeDetails: details)
  }

  @Test func writesTheDetailsInsideAutoRenewingPlanInGoogleOrder() throws {
    let item = lineItem(
      SubscriptionItemPriceChangeDetails(
        newPrice: Money(currencyCode: "USD", milliunits: 12_990), priceChangeMode: .priceIncrease,
        priceChangeState: .outstanding, expectedNewPriceChargeTime: at))
    #expect(
      item.jsonText(.pretty) == """
        {
          "productId": "premium",
          "expiryTime": "2026-02-01T00:00:00.000Z",
          "autoRenewingPlan": {
            "autoRenewEnabled": true,
            "priceChangeDetails": {
              "newPrice": {
                "currencyCode": "USD",
                "units": "12",
                "nanos": 990000000
              },
              "priceChangeMode": "PRICE_INCREASE",
              "priceChangeState": "OUTSTANDING",
              "expectedNewPriceChargeTime": "2026-02-01T00:00:00.000Z"
            }
          },
          "offerDetails": {
            "basePlanId": "monthly"
          }
        }
        """)
    #expect(try SubscriptionPurchaseLineItem(json: item.json) == item)
  }

  @Test(arguments: [
    (PriceChangeMode.priceIncrease, PriceChangeState.outstanding),
    (.priceIncrease, .confirmed), (.optOutPriceIncrease, .confirmed), (.priceDecrease, .applied),
    (.priceIncrease, .canceled),
  ])
  func everyDocumentedModeAndStateRoundTrips(_ mode: PriceChangeMode, _ state: PriceChangeState) throws {
    let item = lineItem(
      SubscriptionItemPriceChangeDetails(
        newPrice: Money(currencyCode: "EUR", units: 4, nanos: 0), priceChangeMode: mode,
        priceChangeState: state, expectedNewPriceChargeTime: state == .applied ? nil : at))
    let back = try SubscriptionPurchaseLineItem(json: item.json)
    #expect(back == item)
    #expect(back.priceChangeDetails?.priceChangeMode.rawValue == mode.rawValue)
    // Whole units: `nanos` is left out, as proto3 JSON leaves out a default.
    #expect(item.json["autoRenewingPlan"]?["priceChangeDetails"]?["newPrice"]?["nanos"] == nil)
  }

  @Test func readsUnitsAsANumberTooAndWhatGoogleAddsLater() throws {
    let text = """
      {"productId":"premium","expiryTime":"2026-02-01T00:00:00Z",
       "autoRenewingPlan":{"autoRenewEnabled":true,"priceChangeDetails":{
         "newPrice":{"currencyCode":"USD","units":7,"nanos":500000000},
         "priceChangeMode":"SOME_FUTURE_MODE","priceChangeState":"SOME_FUTURE_STATE"}},
       "offerDetails":{"basePlanId":"monthly"}}
      """
    let item = try SubscriptionPurchaseLineItem(jsonText: text)
    let details = try #require(item.priceChangeDetails)
    #expect(details.newPrice.milliunits == 7_500)
    #expect(details.priceChangeMode.rawValue == "SOME_FUTURE_MODE")
    #expect(details.priceChangeState.rawValue == "SOME_FUTURE_STATE")
    #expect(details.expectedNewPriceChargeTime == nil)
  }

  @Test func withoutDetailsNothingIsWritten() throws {
    let item = lineItem(nil)
    #expect(item.json["autoRenewingPlan"]?["priceChangeDetails"] == nil)
    #expect(try SubscriptionPurchaseLineItem(json: item.json).priceChangeDetails == nil)
  }

  @Test func errorsNameThePath() {
    func error(_ details: String) -> String? {
      do {
        _ = try SubscriptionPurchaseLineItem(
          jsonText:
            #"{"productId":"p","expiryTime":"2026-02-01T00:00:00Z","autoRenewingPlan":{"priceChangeDetails":"#
            + details + "}}")
        return nil
      } catch {
        return "\(error)"
      }
    }
    #expect(
      error(#"{"newPrice":{"currencyCode":"USD","units":"twelve"}}"#)
        == #"autoRenewingPlan.priceChangeDetails.newPrice.units: expected an int64 as a string of digits, found "twelve""#
    )
    #expect(
      error(#"{"priceChangeMode":"PRICE_INCREASE"}"#)
        == "autoRenewingPlan.priceChangeDetails.newPrice: expected an object, but the field is missing")
    #expect(
      error(#"{"newPrice":{"currencyCode":"USD","units":"1"},"expectedNewPriceChargeTime":"soon"}"#)
        == #"autoRenewingPlan.priceChangeDetails.expectedNewPriceChargeTime: expected an RFC 3339 timestamp, found "soon""#
    )
  }
}
