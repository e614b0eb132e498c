import Foundation
import SubscriptionPolicy

/// `simsub decode FILE...`: recognises each store body and prints what it says. A file of
/// `simsub requests` lines is read as the bodies it carries (``RequestLines``).
enum DecodeCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let files = context.command.argument("file")
    let json = context.command.value("format") == "json"
    var summaries: [String] = []
    var documents: [JSONValue] = []
    var failed = false
    var manyBodies = files.count > 1
    for name in files {
      let bytes: [UInt8]
      if name == "-" {
        bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
      } else {
        let onDisk: String
        do { onDisk = try context.resolver.location(of: name) } catch {
          context.console.error("\(name): error: \(error.description)\n")
          failed = true
          continue
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: onDisk, isDirectory: &isDirectory),
          !isDirectory.boolValue,
          let data = FileManager.default.contents(atPath: onDisk)
        else {
          context.console.error("\(name): error: cannot read the file\n")
          failed = true
          continue
        }
        bytes = Array(data)
      }
      let label = name == "-" ? "<stdin>" : name
      var bodies = [(label: label, origin: String?.none, bytes: bytes)]
      switch RequestLines.read(bytes) {
      case nil: break
      case .success(let lines)?:
        bodies = lines.map { ("\(label):\($0.number)", $0.origin, $0.body) }
        manyBodies = true
      case .failure(let e)?:
        context.console.error("\(label):\(e.line):\(e.column): error: \(e.message)\n")
        failed = true
        continue
      }
      for body in bodies {
        /// A diagnostic at `line`:`column` of the body; in a request line, the place is the
        /// line's label and the body's own line and column follow.
        func report(_ kind: String, line: Int, column: Int, _ message: String) {
          let place = body.origin == nil ? "\(body.label):\(line):\(column)" : body.label
          let within = body.origin == nil ? "" : "body \(line):\(column): "
          context.console.error("\(place): \(kind): \(within)\(message)\n")
        }
        let document: WireDocument
        var notes: [AppStoreMissingFields.Note] = []
        do {
          document = try WireDocument(bytes: body.bytes)
        } catch {
          guard let completed = AppStoreMissingFields.read(body.bytes, refusedWith: error) else {
            report("error", line: error.line, column: error.column, error.message)
            failed = true
            continue
          }
          (document, notes) = completed
          for note in notes {
            let (line, column) = note.location(in: body.bytes)
            report("note", line: line, column: column, note.message)
          }
        }
        if json {
          // The body as sent: the stand-ins are not in it.
          documents.append(notes.reduce(document.expandedJSON) { $0.removing($1.path) })
        } else {
          let heading = body.origin.map { "\(body.label) (\($0))" } ?? body.label
          summaries.append(WireSummary(document, missing: notes).render(label: heading))
        }
      }
    }
    let text: String
    if json {
      let value = documents.count == 1 && !manyBodies ? documents[0] : .array(documents)
      text = documents.isEmpty ? "" : value.serialized(.pretty) + "\n"
    } else {
      text = summaries.joined(separator: "\n")
    }
    if !text.isEmpty, let status = context.emit(text) { return status }
    return failed ? .badInput : .success
  }
}
