import Foundation
import SimSub

// The executable is IO only: it gathers the arguments and the terminal's facts, runs the
// program as a library function, and exits with its status.
let status = SimSubMain.run(
  arguments: CommandLine.arguments.dropFirst(), console: StandardConsole(), facts: TerminalFacts.current())
exit(status.rawValue)
