// A libFuzzer target for the App Store's notification bodies: `responseBodyV2` (a JWS), the
// decoded payload, and the decoded transaction and renewal info. Built by `Tests/Fuzz/run.sh`.

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func appleNotificationFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  _ = try? AppStoreServerNotification(responseBodyV2Text: text)
  _ = try? AppStoreServerNotification(signedPayload: text)
  guard let value = try? JSONValue(parsing: text) else { return 0 }
  let json = JSONCursor(value)
  if let n = try? AppStoreServerNotification(json: json) { _ = n.json.serialized(.compact) }
  _ = try? JWSTransactionDecodedPayload(json: json)
  _ = try? JWSRenewalInfoDecodedPayload(json: json)
  return 0
}
