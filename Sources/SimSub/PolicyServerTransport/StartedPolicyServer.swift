import Foundation

/// A policy server made ready for a run: started by simsub when the policy file has `start`
/// (in a process group of its own, its standard output and error passed through with the
/// policy's name), and in every case polled on `ready` until it answers 2xx.
///
/// ``stop()`` ends a server simsub started: SIGTERM to its group, a grace, then SIGKILL
/// (``PolicyProcess/stop()``); the group is registered from the start, so Ctrl-C or a failure
/// elsewhere stops it too. A server started by hand is left running.
package final class StartedPolicyServer: Sendable {
  /// The server's process, when simsub started it.
  package let process: PolicyProcess?

  /// Starts the server of `file` if it says how, with `environment` (the store APIs' base URLs,
  /// `SIMSUB_GOOGLE_API` and the others) and the file's own variables added to simsub's, then
  /// waits until `ready` answers 2xx, polling every `pollInterval`. The command runs in
  /// `directory` when given (``PolicyFile/directory``: beside the file).
  package init(
    file: PolicyFile, server: PolicyFile.Server, environment: [String: String] = [:],
    directory: String? = nil,
    pollInterval: Duration = .milliseconds(50), stopGrace: Double = 2, console: any Console
  ) throws(PolicyServerStartFailure) {
    var process: PolicyProcess?
    if let start = server.start {
      var merged = environment
      for variable in file.environment { merged[variable.name] = variable.value }
      do {
        process = try PolicyProcess(
          name: file.name, arguments: start.argv, environment: merged, directory: directory, grace: stopGrace,
          exitWait: 0,
          relaysOutput: true, console: console)
      } catch {
        throw .cannotStart(error)
      }
    }
    self.process = process
    guard let ready = server.ready else { return }
    if let failure = Self.waitUntilReady(
      ready, timeout: server.readyTimeout, pollInterval: pollInterval, process: process,
      command: server.start.map { $0.argv.joined(separator: " ") } ?? "")
    {
      process?.stop()
      throw failure
    }
  }

  deinit { stop() }

  /// Stops a server simsub started, and says how it ended; `nil` for one started by hand.
  @discardableResult
  package func stop() -> ProcessExit? { process?.stop() }

  /// Polls `ready` until it answers 2xx (`nil`), the process ends, or `timeout` passes.
  private static func waitUntilReady(
    _ ready: LoopbackURL, timeout: Duration, pollInterval: Duration, process: PolicyProcess?, command: String
  ) -> PolicyServerStartFailure? {
    let client = HTTPClient(timeout: min(timeout, .seconds(2)), maximumIdlePerEndpoint: 0)
    defer { client.closeIdleConnections() }
    let start = ContinuousClock.now
    let url = ready.http()
    var last = "no request sent"
    while true {
      if let process, let exit = process.ended() {
        return .exited(exit, command: command, lastLines: process.lastStandardErrorLines(waitingUpTo: 0.5))
      }
      switch client.send("GET", url) {
      case .success(let response):
        if response.isSuccess { return nil }
        last = "status \(response.status)"
      case .failure(let error):
        last = "\(error)"
      }
      let elapsed = ContinuousClock.now - start
      if elapsed >= timeout {
        return .notReady(
          url: ready.text, seconds: timeout.inSeconds, lastAnswer: last,
          lastLines: process?.lastStandardErrorLines(waitingUpTo: 0.2) ?? [])
      }
      Thread.sleep(forTimeInterval: pollInterval.inSeconds)
    }
  }
}
