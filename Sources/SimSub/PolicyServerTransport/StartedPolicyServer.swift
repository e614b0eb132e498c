import Foundation

/// A policy server made ready for a run: started by simsub when the policy file has `start`
/// (in a process group of its own, its standard output and error passed through with the
/// policy's name), and in every case polled on `ready` until it answers 2xx.
///
/// simsub checks the server it started, never another: before `start` runs, a port of the
/// file's URLs that already takes connections (a server left running by an earlier run, a dev
/// server) refuses the start (``PolicyServerStartFailure/portInUse(port:url:)``), since the
/// new server could not listen there and whatever does would answer for it; and a server that
/// ended is reported with how it ended, even when `ready` answered (something else may have).
///
/// ``stop()`` ends a server simsub started: SIGTERM to its group, a grace, then SIGKILL
/// (``PolicyProcess/stop()``); the group is registered from the start, so Ctrl-C or a failure
/// elsewhere stops it too. A server started by hand is left running.
package final class StartedPolicyServer: Sendable {
  /// The server's process, when simsub started it.
  package let process: PolicyProcess?
  /// The server's settings: its URLs, whose ports ``stop()`` waits to see free.
  private let server: PolicyFile.Server

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
      if let taken = Self.takenURL(of: server) {
        throw .portInUse(port: taken.port, url: taken.text)
      }
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
    self.server = server
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

  /// Stops a server simsub started, and says how it ended; `nil` for one started by hand. Waits,
  /// five seconds at most, until no port of the server's accepts a connection any longer: a
  /// process of the group other than its leader (the child of `sh -c`) may hold it a moment
  /// after the leader is reaped, and a server started next on the same port (the same file
  /// started again for another Stripe grace) would find it taken.
  @discardableResult
  package func stop() -> ProcessExit? {
    guard let process else { return nil }
    let exit = process.stop()
    let deadline = ContinuousClock.now + .seconds(5)
    while Self.takenURL(of: server) != nil, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    return exit
  }

  /// The first of the server's URLs whose port already accepts a TCP connection, before
  /// simsub starts the server; `nil` when every port is free.
  static func takenURL(of server: PolicyFile.Server) -> LoopbackURL? {
    var tried: Set<HTTPEndpoint> = []
    for url in server.urls {
      let endpoint = url.http().endpoint
      guard tried.insert(endpoint).inserted else { continue }
      if let connection = try? LoopbackConnection.connect(to: endpoint, deadline: .after(.seconds(1))) {
        connection.close()
        return url
      }
    }
    return nil
  }

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
        if response.isSuccess {
          // The server died (its port taken after all?) and something else answered.
          if let process, let exit = process.ended() {
            return .exited(
              exit, command: command, lastLines: process.lastStandardErrorLines(waitingUpTo: 0.5))
          }
          return nil
        }
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
