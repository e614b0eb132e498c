// A libFuzzer target for `simsub replay --format json` reports, the replay's input of `simsub
// merge`: any text in, a merged report or an error out, and a report that merges renders in
// every format merge prints.
// Built by `Tests/Fuzz/run.sh`.

import SubscriptionPolicy

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func replayReportFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let value = try? JSONValue(parsing: text), ReplayMerge.isReplay(value),
    let report = try? ReplayMerge.merge([("a.json", value), ("b.json", value)])
  else { return 0 }
  _ = report.text
  _ = report.json.serialized(.pretty)
  _ = report.markdown
  _ = report.html
  return 0
}
