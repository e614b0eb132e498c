// A libFuzzer target for the notification log line simsub writes and reads (`{"store": …}`,
// any of the four stores), through the JSON parser's byte entry point. Built by
// `Tests/Fuzz/run.sh`.

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func notificationLogFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let value = try? JSONValue(parsing: text) else { return 0 }
  if let n = try? StoreNotification(json: JSONCursor(value)) { _ = n.json.serialized(.compact) }
  return 0
}
