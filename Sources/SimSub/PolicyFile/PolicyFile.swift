/// A `.policy` file: a policy that is not compiled into simsub, but runs as a process speaking
/// JSON lines or as a server answering HTTP (POLICY-PROTOCOL.md, docs/POLICY-FILES.md).
///
/// ```yaml
/// name: adapter
/// command: [node, adapter.mjs]
/// snapshots: [revenuecat]
/// ```
///
/// The value is what the file says, checked and with every default filled in; starting the
/// process or talking to the server belongs to the transports.
package struct PolicyFile: Hashable, Sendable {
  /// How simsub reaches the policy: exactly one of the two, chosen by `command` or by
  /// `webhooks` and `entitlement`.
  package enum Mode: Hashable, Sendable {
    /// A process started by simsub, speaking the JSON-lines protocol on its standard input and
    /// output.
    case process(Process)
    /// A server that receives the stores' webhooks and answers an entitlement endpoint.
    case server(Server)
  }

  /// The process mode's settings.
  package struct Process: Hashable, Sendable {
    /// What to run.
    package var command: PolicyCommand
    /// The snapshots the process wants in each `decide` request, in the order the file names
    /// them.
    package var snapshots: [Snapshot]
    /// Whether the process is sent the stores' notifications (`deliver`); `false` for client
    /// code, which receives no webhooks (`deliveries: no`): it is still asked after each
    /// notification when it decides only on notifications, as an app reads `CustomerInfo` again
    /// when RevenueCat updates it.
    package var receivesDeliveries: Bool

    package init(command: PolicyCommand, snapshots: [Snapshot] = [], receivesDeliveries: Bool = true) {
      self.command = command
      self.snapshots = snapshots
      self.receivesDeliveries = receivesDeliveries
    }
  }

  /// A snapshot of what a client would see, sent with `decide` when the file asks for it.
  package enum Snapshot: String, CaseIterable, Hashable, Sendable {
    /// RevenueCat's `CustomerInfo`, as its SDK hands it to an app.
    case revenuecat
    /// StoreKit 2's subscription status, as an app reads it on the device.
    case storekit

    package var name: String { rawValue }
  }

  /// One `NAME: value` of `environment`.
  package struct Variable: Hashable, Sendable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The default of `timeout`: how long simsub waits for one answer (POLICY-PROTOCOL.md).
  package static let defaultTimeout = Duration.seconds(10)

  /// The file's path, as given.
  package var path: String
  /// The policy's kebab-case name, shown in reports and prefixed to its standard error.
  package var name: String
  package var mode: Mode
  /// Whether the policy's answer changes only when a notification is delivered, so simsub asks
  /// after deliveries instead of at every step.
  package var decidesOnlyOnNotifications: Bool
  /// How long simsub waits for one answer before counting the attempt as failed.
  package var timeout: Duration
  /// Variables added to the environment of a process or server that simsub starts, in file
  /// order.
  package var environment: [Variable]

  /// Whether the policy is sent the stores' notifications: a server always (its `webhooks`), a
  /// process unless its file says `deliveries: no` (``Process/receivesDeliveries``).
  package var receivesDeliveries: Bool {
    guard case .process(let process) = mode else { return true }
    return process.receivesDeliveries
  }

  /// The directory the file is in, where its `command` and `start` run: relative paths in them
  /// (`node adapter.mjs`) name files beside the policy file, whatever simsub's working
  /// directory. `nil` for a file named without a directory (the working directory is its own).
  package var directory: String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  package init(
    path: String, name: String, mode: Mode, decidesOnlyOnNotifications: Bool = false,
    timeout: Duration = PolicyFile.defaultTimeout, environment: [Variable] = []
  ) {
    self.path = path
    self.name = name
    self.mode = mode
    self.decidesOnlyOnNotifications = decidesOnlyOnNotifications
    self.timeout = timeout
    self.environment = environment
  }
}
