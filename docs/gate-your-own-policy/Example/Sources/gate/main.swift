import Foundation
import MyAppPolicy
import SimSub

// `swift run gate` checks MyAppPolicy against Reports/baseline.json; `swift run gate --update`
// records a deliberate change. Same options and exit statuses as `simsub gate`. The signals
// are taken first, so Ctrl-C during an update leaves no temporary file.
TerminationSignals.install()
let status = SimSubMain.gate(
  policy: MyAppPolicy.self, arguments: CommandLine.arguments.dropFirst(), console: StandardConsole(),
  facts: TerminalFacts.current())
exit(status.rawValue)
