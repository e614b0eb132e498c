// A libFuzzer target for the wire documents: any store body in, a document that reads back to
// itself or an error located inside the input out (and, for an App Store body that lacks
// required fields, `simsub decode`'s completed reading with its notes); never a crash, a hang
// or a location outside the input. Built by `Tests/Fuzz/run.sh`; seeded with the store fixtures of
// Tests/SubscriptionPolicyTests/Fixtures/{AppStore,GooglePlay,Stripe,RevenueCat}.

@testable import SimSub
@testable import SubscriptionPolicy

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
    // `simsub decode`'s second reading, of an App Store body that lacks required fields: a
    // document with a note for each field filled in, placed inside the input, or nothing.
    if let completed = AppStoreMissingFields.read(bytes, refusedWith: error) {
      precondition(!completed.notes.isEmpty, "completed without a note")
      for note in completed.notes {
        let (line, column) = note.location(in: bytes)
        precondition(line >= 1 && line <= lineCount && column >= 1, "note outside the input")
        precondition(!note.message.isEmpty, "a note without a message")
      }
      _ = completed.notes.reduce(completed.document.expandedJSON) { $0.removing($1.path) }
    }
  }
  // The JSON layer alone, with the parser's own limit.
  if let value = try? JSONValue(parsing: bytes, maxDepth: WireDocument.maxDepth) {
    precondition((try? JSONValue(parsing: value.serializedBytes())) == value, "JSON does not round-trip")
  }
  return 0
}
