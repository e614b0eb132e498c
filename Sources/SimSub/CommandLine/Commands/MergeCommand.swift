import Foundation

/// `simsub merge PART.json...`: adds up the JSON results of `simsub montecarlo --shard k/n`
/// runs and prints exactly what one run over the whole population prints; or, for the JSON
/// reports of `simsub replay --shard k/n`, the report one replay of the whole logs prints. A part no run could
/// have written is refused with exit status 2, at its field: `part.json:12:9: error: …`.
enum MergeCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let names = context.command.argument("part.json")
    if let refused = context.checkOutputs(inputs: names, also: MonteCarloOutput.pictures(context.command)) {
      return refused
    }
    if let status = mergeReplay(context, names: names) { return status }
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

  /// `simsub replay --shard` reports, merged into the report of one run; nil when the first
  /// part is not one (a Monte Carlo result is merged as before).
  static func mergeReplay(_ context: CommandContext, names: [String]) -> ExitStatus? {
    var parts: [(name: String, value: JSONValue)] = []
    for name in names {
      guard let path = try? context.resolver.location(of: name),
        let data = FileManager.default.contents(atPath: path),
        let value = try? JSONValue(parsing: String(decoding: data, as: UTF8.self))
      else {
        // Not readable as JSON: the Monte Carlo path reports it at its place.
        guard parts.isEmpty else {
          return context.fail("'\(name)': not a 'simsub replay --format json' report")
        }
        return nil
      }
      guard parts.isEmpty ? ReplayMerge.isReplay(value) : true else { return nil }
      parts.append((name, value))
    }
    let report: ReplayReport
    do { report = try ReplayMerge.merge(parts) } catch {
      context.console.error(error.message + "\n")
      return .badInput
    }
    let text: String
    switch context.command.value("format") ?? "text" {
    case "json": text = report.json.serialized(.pretty) + "\n"
    case "markdown": text = report.markdown
    case "html": text = report.html
    default: text = report.text
    }
    if let status = context.emit(text) { return status }
    return report.passed ? .success : .checkFailed
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
