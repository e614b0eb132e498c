import Foundation
import SimSub

// The executable is IO only: it gathers the arguments and the terminal's facts, runs the
// program as a library function, and exits with its status. The termination signals are taken
// first, before any thread starts, so that a signal removes the temporary files of a write.
TerminationSignals.install()
let status = SimSubMain.run(
  arguments: CommandLine.arguments.dropFirst(), console: StandardConsole(), facts: TerminalFacts.current())
exit(status.rawValue)
