import Foundation
import SubscriptionPolicy

/// A Monte Carlo run with a policy file's policy (or two: `--compare`), through the same
/// runner, engine and draws as a built-in policy's: the population's subscribers played on
/// worker threads, each thread with its own connection (a process of its own, or the one
/// server), each subscriber a new one to the policy (``MonteCarloPolicyScope``).
///
/// The policy is started once for the run, with the population's promises (its Stripe grace),
/// and stopped at the end, on a failure and on a stop (Ctrl-C). Its first failure stops every
/// worker and is the outcome.
package enum MonteCarloPolicyFileRun {
  package enum Outcome: Sendable {
    case played(MonteCarloResult)
    /// Stopped (``MonteCarloStop``) before the end.
    case stopped
    /// The policy failed: it could not start, broke the protocol, ended or stopped answering.
    case failed(ExternalPolicyFailure)
  }

  /// Plays `plan` with `policies` (one, or two on the same draws), at least one of them a file.
  package static func run(
    _ plan: PopulationPlan, policies: [PolicySelection], options: MonteCarloRunner.Options,
    console: any Console
  ) -> Outcome {
    precondition(policies.count == 1 || policies.count == 2)
    var hosts: [ExternalPolicyHost?] = []
    defer { for host in hosts { host?.stop() } }
    var types: [any EntitlementPolicy.Type] = []
    for (p, selection) in policies.enumerated() {
      switch selection {
      case .builtIn(let name):
        guard let entry = PolicyRegistry.entry(named: name) else {
          preconditionFailure("an unknown built-in policy '\(name)'")
        }
        hosts.append(nil)
        types.append(entry.type)
      case .file(let file):
        do {
          hosts.append(try ExternalPolicyHost(file: file, settings: plan.policySettings, console: console))
        } catch {
          return .failed(error)
        }
        types.append(
          p == 0 ? ExternalPolicy<PolicyUnderTestSlot>.self : ExternalPolicy<ComparedPolicySlot>.self)
      }
    }
    let failure = FirstFailure()
    let refused = RefusedCount()
    let stop = options.stop
    let settings = WireSettings()
    let started = hosts
    var runOptions = options
    runOptions.eachWorker = { play in
      var scopes: [(binding: ExternalPolicyBinding, scope: MonteCarloPolicyScope)] = []
      defer {
        for (_, scope) in scopes {
          refused.add(scope.connection.refusedUnawaited, for: scope.connection.file.name)
          scope.connection.stop()
        }
      }
      for (p, host) in started.enumerated() {
        guard let host else { continue }
        let connection: ExternalPolicyConnection
        do throws(ExternalPolicyFailure) { connection = try host.connection() } catch {
          failure.set(error)
          stop.stop()
          return
        }
        let scope = MonteCarloPolicyScope(connection: connection, plan: plan, settings: settings) { error in
          failure.set(error)
          stop.stop()
        }
        scopes.append((p == 0 ? PolicyUnderTestSlot.binding : ComparedPolicySlot.binding, scope))
      }
      bound(scopes[...], play)
    }
    let played = MonteCarloRunner.run(plan, policyTypes: types, options: runOptions)
    if let error = failure.value { return .failed(error) }
    for (name, count) in refused.counts where count > 0 {
      console.error(
        "simsub: warning: \(name) refused \(Plural.count(count, "delivery", plural: "deliveries")) after Monte Carlo took \(count == 1 ? "it" : "them") as accepted (a process's deliveries are not waited for); every later delivery of that process was waited for\n"
      )
    }
    guard var result = played else { return .stopped }
    result.setup.policies = policies.map(\.name)
    return .played(result)
  }

  /// Runs `body` with every scope bound to its slot on this thread.
  private static func bound(
    _ scopes: ArraySlice<(binding: ExternalPolicyBinding, scope: MonteCarloPolicyScope)>, _ body: () -> Void
  ) {
    guard let (binding, scope) = scopes.first else { return body() }
    binding.with(scope) { bound(scopes.dropFirst(), body) }
  }

  /// Deliveries refused after they were taken as accepted, by policy.
  private final class RefusedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var byName: [String: Int] = [:]

    var counts: [(key: String, value: Int)] { lock.withLock { byName.sorted { $0.key < $1.key } } }

    func add(_ count: Int, for name: String) { lock.withLock { byName[name, default: 0] += count } }
  }

  /// The first failure of any worker.
  private final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var first: ExternalPolicyFailure?

    var value: ExternalPolicyFailure? { lock.withLock { first } }

    func set(_ failure: ExternalPolicyFailure) { lock.withLock { if first == nil { first = failure } } }
  }
}
