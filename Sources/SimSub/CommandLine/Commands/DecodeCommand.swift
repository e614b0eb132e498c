import Foundation
import SubscriptionPolicy

/// `simsub decode FILE...`: recognises each store body and prints what it says.
enum DecodeCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let files = context.command.argument("file")
    let json = context.command.value("format") == "json"
    var summaries: [String] = []
    var documents: [JSONValue] = []
    var failed = false
    for name in files {
      let bytes: [UInt8]
      if name == "-" {
        bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
      } else {
        let path: String
        do { path = try context.resolver.resolve(name) } catch {
          context.console.error("\(name): error: \(error.description)\n")
          failed = true
          continue
        }
        let onDisk =
          path.hasPrefix("/") || context.resolver.baseDirectory == nil
          ? path : ((context.resolver.baseDirectory ?? "") as NSString).appendingPathComponent(path)
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
      do {
        let document = try WireDocument(bytes: bytes)
        if json {
          documents.append(document.expandedJSON)
        } else {
          summaries.append(WireSummary(document).render(label: label))
        }
      } catch {
        context.console.error("\(label):\(error.line):\(error.column): error: \(error.message)\n")
        failed = true
      }
    }
    let text: String
    if json {
      let value = documents.count == 1 && files.count == 1 ? documents[0] : .array(documents)
      text = documents.isEmpty ? "" : value.serialized(.pretty) + "\n"
    } else {
      text = summaries.joined(separator: "\n")
    }
    if !text.isEmpty, let status = context.emit(text) { return status }
    return failed ? .badInput : .success
  }
}
