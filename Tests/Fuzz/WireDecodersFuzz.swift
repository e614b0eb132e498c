// A libFuzzer target for the wire decoders: bytes in, a store document or an error with a
// location out, and never a crash, a hang or a location outside the input. Built outside
// SwiftPM, like ScenarioSyntaxFuzz.swift: compile this file with the SubscriptionPolicy sources
// (JSON, Notifications, Identifiers, Time, Decision, Policies) into one module, e.g.
//
//   swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name WireDecodersFuzz \
//     $(find Sources/SubscriptionPolicy -name '*.swift') Tests/Fuzz/WireDecodersFuzz.swift \
//     -o .build/fuzz/wire-decoders-fuzz
//   .build/fuzz/wire-decoders-fuzz Tests/SubscriptionPolicyTests/Fixtures/AppStore ... -max_len=65536
//
// The store fixtures under Tests/SubscriptionPolicyTests/Fixtures/ are the seed corpus.

@_cdecl("LLVMFuzzerTestOneInput")
public func wireDecodersFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let lineCount = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
  do {
    let document = try WireDocument(bytes: bytes)
    // What was read is given back: the text decodes again to the same document, and a document
    // re-encoded from its text is stable.
    let text = document.text
    let again = try WireDocument(text: text)
    precondition(again.expandedJSON == document.expandedJSON, "re-reading the text changed the document")
    precondition(again.text == text, "encoding is not stable")
    _ = document.notification?.name
    _ = document.expandedJSON.serialized(.pretty)
  } catch {
    precondition(error.line >= 1 && error.line <= lineCount, "line outside the input")
    precondition(error.column >= 1, "column before the line")
    precondition(
      error.offset >= 0 && error.offset <= max(bytes.count, WireDocument.maxBytes), "offset outside")
    precondition(!error.message.isEmpty, "an error without a message")
  }
  // The JSON layer alone, with the parser's own limit.
  if let value = try? JSONValue(parsing: bytes, maxDepth: WireDocument.maxDepth) {
    precondition((try? JSONValue(parsing: value.serializedBytes())) == value, "JSON does not round-trip")
  }
  return 0
}
