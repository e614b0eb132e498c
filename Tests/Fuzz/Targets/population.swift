// A libFuzzer target for `.pop` files: any text in, a population or a rendered failure out.
// Built by `Tests/Fuzz/run.sh`.

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func populationFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let population = try PopulationLoader.decode(text, path: "fuzz.pop")
    // A population that decodes is one a run can be planned for, or refused with a message.
    _ = try? PopulationPlan(population)
  } catch {
    precondition(!error.rendered.isEmpty, "a failure that says nothing")
  }
  return 0
}
