// A libFuzzer target for RevenueCat webhook bodies (the event alone or wrapped with
// `api_version`). Built by `Tests/Fuzz/run.sh`.

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func revenueCatEventFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let value = try? JSONValue(parsing: text) else { return 0 }
  if let event = try? RevenueCatEvent(json: JSONCursor(value)) { _ = event.json.serialized(.compact) }
  return 0
}
