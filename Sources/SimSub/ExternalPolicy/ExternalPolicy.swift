import Foundation
import SubscriptionPolicy

/// A policy file's policy as the engine sees it: a process or a server, heard through the
/// scope bound to `Slot` when the policy value was built.
///
/// The engine stays generic over its policy and builds each subscriber's policy with
/// `init(context:)`; this type finds its scope in its slot (``ExternalPolicySlot``), bound by
/// the command for the scenario being played, and keeps nothing but that scope and the
/// subscriber's number: the policy's state is in the process or the server, keyed by the
/// subscriber's id, so the engine may copy the value freely. Two slots let two policy files
/// play in one run (`--compare`, the gate's old and new).
///
/// Its answer is asked afresh at every step unless the policy file (or the process's `hello`)
/// says it decides only on notifications; then after deliveries, and again at the end of grace
/// an answer names (`grace-ends`), when that is later: the one instant such a policy may change
/// its answer on its own clock (an app's own Stripe grace, say).
package struct ExternalPolicy<Slot: ExternalPolicySlot>: EntitlementPolicy, OutOfProcessPolicy {
  package static var name: String { Slot.binding.scope?.connection.file.name ?? "policy-file" }
  package static var summary: String { "A policy file's process or server" }
  package static var decidesOnlyOnNotifications: Bool {
    Slot.binding.scope?.connection.decidesOnlyOnNotifications ?? false
  }

  private let scope: (any PolicyFileScope)?
  private let subscriber: UInt64

  package static var monteCarloScope: MonteCarloPolicyScope? { Slot.binding.scope as? MonteCarloPolicyScope }

  package init(context: PolicyContext) {
    scope = Slot.binding.scope
    subscriber = context.subscriber.number
  }

  @discardableResult
  package mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    scope?.deliver(notification, at: arrival, subscriber: subscriber) ?? .accepted
  }

  package func decision(at instant: Instant) -> Decision {
    scope?.decide(at: instant, subscriber: subscriber) ?? .never
  }

  package func nextDecisionChange(after instant: Instant) -> Instant? {
    decisionAndNextChange(at: instant).nextChange
  }

  package func decisionAndNextChange(at instant: Instant) -> (decision: Decision, nextChange: Instant?) {
    let answer = decision(at: instant)
    guard let end = answer.gracePeriodExpiresDate, end > instant else { return (answer, nil) }
    return (answer, end)
  }
}

/// A policy whose answers are asked of another process: each question is a round trip, so the
/// engine does not ask twice to check a kept answer (``Engine/checksKeptDecisions``), and its
/// state is kept by subscriber there, so Monte Carlo builds one for each subscriber instead of
/// copying one (``SubscriberDriver``).
package protocol OutOfProcessPolicy {
  /// The Monte Carlo scope bound on this thread for the policy's slot, if any: the driver tells
  /// it which subscriber it plays and keeps that subscriber's store record for it.
  static var monteCarloScope: MonteCarloPolicyScope? { get }
}

/// Where an ``ExternalPolicy`` finds its scope: one type per policy that can play at once.
package protocol ExternalPolicySlot: Sendable {
  static var binding: ExternalPolicyBinding { get }
}

/// The scope a slot's policies hear through, set on each thread before it builds them: each
/// thread that plays (`--concurrency`) binds the scenario it plays.
package final class ExternalPolicyBinding: @unchecked Sendable {
  private let lock = NSLock()
  private var current: [UInt: any PolicyFileScope] = [:]

  package init() {}

  /// The scope bound on this thread now.
  package var scope: (any PolicyFileScope)? {
    let thread = Self.thread
    return lock.withLock { current[thread] }
  }

  /// Runs `body` with `scope` bound on this thread, and unbinds it after.
  package func with<T>(_ scope: any PolicyFileScope, _ body: () throws -> T) rethrows -> T {
    let thread = Self.thread
    lock.withLock { current[thread] = scope }
    defer { lock.withLock { current[thread] = nil } }
    return try body()
  }

  /// This thread's `pthread_t`, as a number.
  private static var thread: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}

/// The slot of the policy under test.
package enum PolicyUnderTestSlot: ExternalPolicySlot {
  package static let binding = ExternalPolicyBinding()
}

/// The slot of the policy it is compared with.
package enum ComparedPolicySlot: ExternalPolicySlot {
  package static let binding = ExternalPolicyBinding()
}
