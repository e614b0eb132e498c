// A libFuzzer target for `simsub replay`'s log reader: any bytes as a log file (JSON lines of
// received requests or bodies, an App Store history page, a Stripe event list), then grouped
// by subscriber. Built by `Tests/Fuzz/run.sh`.

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func replayLogFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var reader = ReplayLogReader()
  reader.read(bytes: Array(UnsafeBufferPointer(start: data, count: size)), file: "log")
  let subscribers = ReplaySubscribers(reader.entries)
  precondition(
    subscribers.groups.reduce(0) { $0 + $1.entries.count } + subscribers.unattached.count
      == reader.entries.count, "every entry is in one group or unattached")
  return 0
}
