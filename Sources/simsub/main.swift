import Foundation
import SimSub
import SimSubBuildInfo

// The executable is IO only: it gathers the arguments and the terminal's facts, runs the
// program as a library function, and exits with its status. The termination signals are taken
// first, before any thread starts, so that a signal removes the temporary files of a write.
TerminationSignals.install()
// `--version`: the version, and the commit of the git checkout it was built from, if any.
let commit = String(cString: simsub_build_commit())
let version =
  commit.isEmpty
  ? simsubVersion
  : "\(simsubVersion) (commit \(commit.prefix(12))\(simsub_build_dirty() != 0 ? ", modified" : ""))"
let status = SimSubMain.run(
  arguments: CommandLine.arguments.dropFirst(), console: StandardConsole(), facts: TerminalFacts.current(),
  version: version)
exit(status.rawValue)
