/// `simsub policy-table`: every notification from every prior state, and the policy's decision.
enum PolicyTableCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let name = context.command.value("policy") ?? "reference"
    if PolicySelection.isPath(name) {
      return context.fail(
        "policy-table builds the table of built-in policies only so far: '\(name)' is a policy file, which 'simsub check --policy \(name)' plays through the scenarios"
      )
    }
    let table: PolicyTable
    do { table = try PolicyTable.build(policy: name) } catch { return context.fail(error.description) }
    let text = context.command.value("format") == "markdown" ? table.markdown() : table.text()
    if let failure = context.emit(text) { return failure }
    return .success
  }
}
