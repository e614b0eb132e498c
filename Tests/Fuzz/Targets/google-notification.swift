// A libFuzzer target for Google Play's notification bodies: the Pub/Sub push request, the
// developer notification (with or without its fetched `subscriptionsv2` resource) and the
// `SubscriptionPurchaseV2` resource. Built by `Tests/Fuzz/run.sh`.

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func googleNotificationFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let value = try? JSONValue(parsing: text) else { return 0 }
  let json = JSONCursor(value)
  if let push = try? GooglePlayPushRequest(json: json) { _ = push.json.serialized(.compact) }
  if let n = try? GooglePlayNotification(json: json) { _ = n.json.serialized(.compact) }
  _ = try? SubscriptionPurchaseV2(json: json)
  return 0
}
