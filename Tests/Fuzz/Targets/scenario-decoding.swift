// A libFuzzer target for the scenario decoder: any text in, a scenario or a failure whose
// diagnostics point inside the file out, the same each time. Built by `Tests/Fuzz/run.sh`.

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func scenarioDecodingFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let lines = text.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
  do {
    let scenario = try ScenarioLoader.decode(text, path: "fuzz.scn")
    // The decoder keeps no state between calls.
    precondition(
      (try? ScenarioLoader.decode(text, path: "fuzz.scn")) == scenario, "decoded twice, differently")
  } catch {
    for d in error.diagnostics?.diagnostics ?? [] {
      precondition(d.location.line >= 1 && d.location.line <= lines, "a diagnostic outside the file")
      precondition(d.location.column >= 1, "a column before the line")
    }
    precondition(!error.rendered.isEmpty, "a failure that says nothing")
  }
  return 0
}
