// A libFuzzer target for Monte Carlo result JSON, the input of `simsub merge`: any text in, a
// result or an error out, and a result that parses renders.
// Built by `Tests/Fuzz/run.sh`.

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func monteCarloResultFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let result = try? MonteCarloResultJSON.parse(text) else { return 0 }
  _ = MonteCarloResultJSON.render(result)
  return 0
}
