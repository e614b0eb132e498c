import SubscriptionPolicy

/// A policy file's policy across the scenarios of one `run` or `check`: started when first
/// needed, and started again when a scenario promises other settings than the running one
/// was started with (`SIMSUB_STRIPE_GRACE_DAYS`, `hello`'s `settings`), as a server reads its
/// configuration once; the caller plays scenarios grouped by settings so that this is rare.
/// A server started by hand is not restarted: it keeps its own configuration.
///
/// The first failure (a start, or a policy that stopped answering) is kept and ends the run.
package final class ExternalPolicyRun {
  package let file: PolicyFile
  private let console: any Console
  private var current: ExternalPolicyConnection?
  private(set) package var failure: ExternalPolicyFailure?

  package init(file: PolicyFile, console: any Console) {
    self.file = file
    self.console = console
  }

  deinit { stop() }

  /// Plays `scenario` with the policy started for its settings; `nil` once the policy failed.
  package func play(
    _ scenario: Scenario, settings: WireSettings, step: TimeSpan?
  ) throws(ScenarioPlayer.Failure) -> ScenarioResult? {
    guard failure == nil, let connection = connection(for: scenario.policySettings) else { return nil }
    let result = try ScenarioPlayer.play(
      scenario, connection: connection, slot: PolicyUnderTestSlot.self, settings: settings, step: step)
    if let failed = connection.failure {
      failure = failed
      return nil
    }
    return result
  }

  /// The running connection when it fits `settings` (or cannot be restarted), else a new one.
  private func connection(for settings: PolicySettings) -> ExternalPolicyConnection? {
    if let current, current.settings == settings || !restartable { return current }
    current?.stop()
    current = nil
    do {
      current = try ExternalPolicyConnection(file: file, settings: settings, console: console)
    } catch {
      failure = error
    }
    return current
  }

  /// Whether simsub starts the policy itself: a process always, a server when it has `start`.
  private var restartable: Bool {
    switch file.mode {
    case .process: true
    case .server(let server): server.start != nil
    }
  }

  /// Stops the running process or server and the store APIs.
  package func stop() {
    current?.stop()
    current = nil
  }
}
