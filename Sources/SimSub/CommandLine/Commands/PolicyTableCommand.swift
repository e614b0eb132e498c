/// `simsub policy-table`: every notification from every prior state, and the policy's decision.
enum PolicyTableCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let name = context.command.value("policy") ?? "reference"
    let table: PolicyTable
    do {
      switch try PolicySelection.resolve(name, relativeTo: context.resolver.baseDirectory) {
      case .builtIn(let name): table = try PolicyTable.build(policy: name)
      case .file(let file):
        // Through the file's process or server, each row a subscriber of its own.
        let host = try ExternalPolicyHost(file: file, console: context.console)
        defer { host.stop() }
        let connection = try host.connection()
        defer { connection.stop() }
        guard let built = PolicyTable.build(through: connection) else {
          context.console.error("Error: \(connection.failure.map { "\($0)" } ?? "the policy failed")\n")
          return .checkFailed
        }
        table = built
      }
    } catch let error as PolicySelection.Failure {
      if case .file = error {
        context.console.error(
          error.description.hasSuffix("\n") ? error.description : error.description + "\n")
        return .badInput
      }
      return context.fail(error.description)
    } catch let error as ExternalPolicyFailure {
      context.console.error("Error: \(error)\n")
      return error.exitStatus
    } catch {
      return context.fail("\(error)")
    }
    let text = context.command.value("format") == "markdown" ? table.markdown() : table.text()
    if let failure = context.emit(text) { return failure }
    return .success
  }
}
