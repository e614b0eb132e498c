// A libFuzzer target for the scenario syntax layer: bytes in, a tree or diagnostics out, and
// never a crash, a hang or a diagnostic that points outside the file. Built outside SwiftPM by
// `Tests/Fuzz/run.sh`, against SimSub compiled with the fuzzer's coverage.

@testable import SimSub

/// Which keys the fuzzer asks the mapping reader about: the scenario's, so unknown-key
/// suggestions and duration decoding are exercised on whatever the parser produced.
private let scenarioKeys = [
  "name", "store", "product", "start", "horizon", "step", "policy", "channel", "delivery",
  "family-members", "timeline", "expect", "invariants", "expect-violations",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func scenarioSyntaxFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let lineCount = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
  func checkLocation(_ location: SourceLocation) {
    precondition(location.file == "fuzz.scn", "diagnostic names another file")
    precondition(location.line >= 1 && location.line <= lineCount, "line outside the file")
    precondition(location.column >= 1, "column before the line")
  }
  do {
    let root = try YAMLParser.parse(bytes: bytes, file: "fuzz.scn", expectedKeys: ["name"])
    // The parser keeps no state between calls: the same bytes give the same tree.
    let again = try? YAMLParser.parse(bytes: bytes, file: "fuzz.scn", expectedKeys: ["name"])
    precondition(again == root, "the same bytes parse to another tree")
    _ = root.description
    var reader = MappingReader(root, knownKeys: scenarioKeys)
    for entry in reader.entries {
      checkLocation(entry.key.location)
      checkLocation(entry.value.location)
      _ = reader.optional(entry.key.text) { try $0.decodeDuration() }
      _ = reader.optional(entry.key.text) { try $0.decodeInteger() }
    }
    for diagnostic in reader.diagnostics { checkLocation(diagnostic.location) }
  } catch {
    precondition(!error.diagnostics.isEmpty, "an error without diagnostics")
    for diagnostic in error.diagnostics { checkLocation(diagnostic.location) }
    let text = String(decoding: bytes, as: UTF8.self)
    precondition(!DiagnosticRenderer(file: "fuzz.scn", text: text).render(error).isEmpty)
  }
  _ = DurationSyntax.parse(String(decoding: bytes, as: UTF8.self))
  return 0
}
