/// `priceChangeDetails` as Google writes it, keys in the order of its JSON representation:
///
/// ```json
/// {
///   "newPrice": {"currencyCode": "USD", "units": "12", "nanos": 990000000},
///   "priceChangeMode": "PRICE_INCREASE",
///   "priceChangeState": "OUTSTANDING",
///   "expectedNewPriceChargeTime": "2026-03-01T09:00:00.000Z"
/// }
/// ```
///
/// `Money.units` is an `int64`, which proto3 JSON writes as a string; a number reads too.
/// `nanos` is an `int32`, a number, omitted when zero as proto3 JSON omits defaults.
extension SubscriptionItemPriceChangeDetails: JSONRepresentable {
  public var json: JSONValue {
    var o = JSONObject()
    o.append("newPrice", newPrice.json)
    o.append("priceChangeMode", .symbol(priceChangeMode.symbol))
    o.append("priceChangeState", .symbol(priceChangeState.symbol))
    o.append(
      "expectedNewPriceChargeTime",
      expectedNewPriceChargeTime.map { .string(RFC3339.formatWithMilliseconds($0)) })
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    self.init(
      newPrice: try json["newPrice"].decode(),
      priceChangeMode: try json["priceChangeMode"].ifPresent?.storeString() ?? .unspecified,
      priceChangeState: try json["priceChangeState"].ifPresent?.storeString() ?? .unspecified,
      expectedNewPriceChargeTime: try json["expectedNewPriceChargeTime"].ifPresent?.instantFromRFC3339())
  }
}

extension Money: JSONRepresentable {
  public var json: JSONValue {
    var o = JSONObject()
    o.append("currencyCode", .symbol(currencyCode))
    o.append("units", .string(String(units)))
    o.append("nanos", nanos == 0 ? nil : .int(Int64(nanos)))
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let units = json["units"]
    var whole: Int64 = 0
    if let text = units.ifPresent?.value?.stringValue {
      guard let parsed = Int64(text) else {
        throw units.error("expected an int64 as a string of digits, found \"\(text)\"")
      }
      whole = parsed
    } else if units.isPresent {
      whole = try units.int64()
    }
    self.init(
      currencyCode: try json["currencyCode"].symbol(), units: whole,
      nanos: try json["nanos"].ifPresent?.int32() ?? 0)
  }
}
