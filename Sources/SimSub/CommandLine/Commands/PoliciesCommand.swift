/// `simsub policies`: the built-in policies, one a line, with what each does.
enum PoliciesCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let width = PolicyRegistry.all.map(\.name.count).max() ?? 0
    var text = ""
    for entry in PolicyRegistry.all {
      text += "\(entry.name.rightPadded(to: width))  \(entry.summary)\n"
    }
    context.console.out(text)
    return .success
  }
}
