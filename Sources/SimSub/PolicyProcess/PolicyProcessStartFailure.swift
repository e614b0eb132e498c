import Foundation

/// Why a policy process could not be started.
package struct PolicyProcessStartFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The command, as the policy file gives it.
  package var arguments: [String]
  /// The `errno` of the failed call.
  package var code: Int32
  /// The call that failed (`pipe`, `posix_spawn`).
  package var call: String

  package var description: String {
    let command = arguments.joined(separator: " ")
    if call == "posix_spawn", code == ENOENT, let program = arguments.first, !program.contains("/") {
      return "cannot start '\(command)': \(program): command not found (searched PATH)"
    }
    if arguments.isEmpty { return "cannot start a policy process: the command is empty" }
    return "cannot start '\(command)': \(call): \(String(cString: strerror(code)))"
  }
}
