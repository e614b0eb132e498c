import Foundation

/// `simsub merge PART.json...`: adds up the JSON results of `simsub montecarlo --shard k/n`
/// runs and prints exactly what one run over the whole population prints.
enum MergeCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let names = context.command.argument("part.json")
    if let refused = context.checkOutputs(inputs: names, also: MonteCarloOutput.pictures(context.command)) {
      return refused
    }
    var parts: [(name: String, result: MonteCarloResult)] = []
    var problems: [String] = []
    for name in names {
      do {
        let path = try context.resolver.resolve(name)
        guard let data = FileManager.default.contents(atPath: path) else {
          problems.append("Error: cannot read '\(name)'")
          continue
        }
        parts.append((name, try MonteCarloResultJSON.parse(String(decoding: data, as: UTF8.self))))
      } catch let error as PathResolutionError {
        problems.append("Error: \(error.description)")
      } catch let error as MonteCarloResultJSON.ReadError {
        problems.append("Error: '\(name)': \(error.message)")
      } catch {
        problems.append("Error: '\(name)': \(error)")
      }
    }
    guard problems.isEmpty else {
      context.console.error(problems.joined(separator: "\n") + "\n")
      return .badInput
    }
    do {
      return MonteCarloOutput.emit(try MonteCarloMerge.merge(parts), context: context)
    } catch {
      return context.fail(error.message)
    }
  }
}
