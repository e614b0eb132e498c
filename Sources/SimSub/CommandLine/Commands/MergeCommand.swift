import Foundation

/// `simsub merge PART.json...`: adds up the JSON results of `simsub montecarlo --shard k/n`
/// runs and prints exactly what one run over the whole population prints. A part no run could
/// have written is refused with exit status 2, at its field: `part.json:12:9: error: …`.
enum MergeCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let names = context.command.argument("part.json")
    if let refused = context.checkOutputs(inputs: names, also: MonteCarloOutput.pictures(context.command)) {
      return refused
    }
    var parts: [(name: String, part: MonteCarloResultJSON.Part)] = []
    var texts: [String: String] = [:]
    var problems: [String] = []
    for name in names {
      do {
        let path = try context.resolver.resolve(name)
        guard let data = FileManager.default.contents(atPath: path) else {
          problems.append("Error: cannot read '\(name)'\n")
          continue
        }
        let text = String(decoding: data, as: UTF8.self)
        texts[name] = text
        parts.append((name, try MonteCarloResultJSON.read(text)))
      } catch let error as PathResolutionError {
        problems.append("Error: \(error.description)\n")
      } catch let error as MonteCarloResultJSON.ReadError {
        problems.append(located(error.message, part: name, at: error.path, texts: texts))
      } catch {
        problems.append("Error: '\(name)': \(error)\n")
      }
    }
    guard problems.isEmpty else {
      context.console.error(problems.joined())
      return .badInput
    }
    do {
      return MonteCarloOutput.emit(try MonteCarloMerge.merge(parts), context: context)
    } catch {
      guard let part = error.part, let path = error.path else { return context.fail(error.description) }
      context.console.error(located(error.message, part: part, at: path, texts: texts))
      return .badInput
    }
  }

  /// `part.json:line:col: error: path: message` with the line quoted, or `Error: 'part.json':
  /// message` for the whole part (one that is not JSON: the message then has its own line and
  /// column).
  static func located(_ message: String, part: String, at path: JSONPath, texts: [String: String]) -> String {
    guard let text = texts[part], !path.components.isEmpty else { return "Error: '\(part)': \(message)\n" }
    return DiagnosticRenderer(file: part, text: text).render(
      JSONLocator.diagnostic(message, at: path, in: text, file: part))
  }
}
