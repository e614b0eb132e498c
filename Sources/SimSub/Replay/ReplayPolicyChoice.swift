import SubscriptionPolicy

/// A policy a replay plays: one compiled into simsub (a built-in or an app's own Swift type),
/// or a policy file's process or server behind a connection (``ReplayExternalPolicy``).
enum ReplayPolicyChoice {
  case builtIn(any EntitlementPolicy.Type)
  case file(ExternalPolicyConnection)

  /// Runs `visitor` with a maker of this policy for each subscriber, the built-in types opened
  /// so that the play runs specialised (``BuiltInPolicyDispatch``).
  func open<Visitor: ReplayedPolicyVisitor>(settings: PolicySettings, with visitor: Visitor) -> Visitor.Result
  {
    switch self {
    case .builtIn(let type):
      BuiltInPolicyDispatch.open(type, with: BuiltIn(settings: settings, visitor: visitor))
    case .file(let connection):
      visitor.visit { group in ReplayExternalPolicy(connection: connection, group: group) }
    }
  }

  private struct BuiltIn<Visitor: ReplayedPolicyVisitor>: PolicyVisitor {
    let settings: PolicySettings
    let visitor: Visitor
    func visit<Policy: EntitlementPolicy>(_ type: Policy.Type) -> Visitor.Result {
      let settings = settings
      return visitor.visit { _ in BuiltInReplayedPolicy<Policy>(settings: settings) }
    }
  }
}

/// Generic code to run with a replayed policy chosen at run time: `make` builds the policy of
/// one subscriber.
protocol ReplayedPolicyVisitor {
  associatedtype Result
  func visit<Policy: ReplayedPolicy>(_ make: @escaping (ReplaySubscribers.Group) -> Policy) -> Result
}

extension ReplayPolicyChoice {
  /// `selection` opened for one play: a built-in type as it is, a policy file's process or
  /// server started for it with the store APIs (``ExternalPolicyHost``) and stopped by `close`.
  /// Each play opens its own, so that no subscriber's story reaches a policy twice.
  static func opening(_ selection: PolicySelection, settings: PolicySettings, console: any Console)
    throws(ExternalPolicyFailure) -> (choice: ReplayPolicyChoice, close: () -> Void)
  {
    switch selection {
    case .builtIn(let name):
      guard let entry = PolicyRegistry.entry(named: name) else {
        preconditionFailure("PolicySelection resolved an unknown built-in name")
      }
      return (.builtIn(entry.type), {})
    case .file(let file):
      let host = try ExternalPolicyHost(file: file, settings: settings, console: console)
      let connection: ExternalPolicyConnection
      do { connection = try host.connection() } catch {
        host.stop()
        throw error
      }
      return (
        .file(connection),
        {
          connection.stop()
          host.stop()
        }
      )
    }
  }

  /// Why a policy file's policy stopped answering during the play, if it did.
  var failure: ExternalPolicyFailure? {
    if case .file(let connection) = self { connection.failure } else { nil }
  }
}
