import Foundation
import SimSub

/// A policy for engine and store tests: it counts what reaches it and grants access while the
/// last Apple `data.status` (by arrival) was 1 or 4, the last Google code was not 5, 10, 12
/// or 13, the last Stripe subscription status was `trialing`, `active` or `past_due` (or the
/// last invoice was paid), or the last RevenueCat event was not an `EXPIRATION`. Deliberately
/// naive; the real policies are tested on their own.
public struct CountingPolicy: EntitlementPolicy {
  public static let name = "counting"
  public static let summary = "counts notifications (tests only)"
  public private(set) var received = 0
  public private(set) var lastArrival: Instant?
  public private(set) var access = false

  public init() {}

  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    received += 1
    lastArrival = arrival
    switch notification {
    case .appStore(let n):
      access = n.data.status == .active || n.data.status == .billingGracePeriod
    case .googlePlay(let n):
      access = ![5, 10, 12, 13].contains(n.subscriptionNotification.notificationType.rawValue)
    case .stripe(let e):
      switch e.object {
      case .subscription(let s): access = [.trialing, .active, .pastDue].contains(s.status)
      case .invoice: if e.type == .invoicePaid { access = true }
      case .charge: if e.type == .chargeRefunded { access = false }
      case .other: break
      }
    case .revenueCat(let e):
      access = e.type != .expiration
    }
    return .accepted
  }

  public func decision(at instant: Instant) -> Decision {
    Decision(state: access ? .active : .never, access: access)
  }
  public static let decidesOnlyOnNotifications = false
  public init(context: PolicyContext) { self.init() }
  public func nextDecisionChange(after instant: Instant) -> Instant? { nil }
}

/// An App Store notification with just the fields engine tests look at.
public func testAppleNotification(
  _ type: AppStoreNotificationType, _ subtype: AppStoreNotificationSubtype? = nil,
  status: AppStoreSubscriptionStatus, at instant: Instant, serial: UInt8 = 0
) -> StoreNotification {
  .appStore(
    AppStoreServerNotification(
      notificationType: type, subtype: subtype,
      notificationUUID: UUID(uuid: (serial, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)),
      signedDate: instant,
      data: AppStoreNotificationData(bundleId: "com.example.app", status: status)))
}

/// 2026-01-01T00:00:00Z, the scenario format's default start.
public let testStart = Scenario.defaultStart

/// The directory holding `Package.swift`, found from this file's path
/// (`Tests/TestSupport/TestSupport.swift`).
public let packageRoot: URL = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { url.deleteLastPathComponent() }
  return url
}()

/// The tests' seeded generator: SimSub's own ``SplitMix64`` as a `RandomNumberGenerator`, so
/// the random inputs are the same on every run and a failing random test fails the same way
/// again. Seed `s` gives the outputs of `SplitMix64(state: s)`.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var splitMix: SplitMix64

  public init(seed: UInt64) { splitMix = SplitMix64(state: seed) }

  public mutating func next() -> UInt64 { splitMix.next() }
}

/// What the tests need beside Swift. `swift test` needs Swift alone: the tests that run Node
/// (the example servers and adapters of docs/examples, the fixtures of Tests/Fixtures) are
/// skipped, with a reason, when `node` is not in `PATH`, through the `.needsNode` trait of each
/// test target. CI, where Node is installed, sets `REQUIRE_NODE_TESTS=1`: those tests then run
/// whatever `PATH` says, and fail loudly without Node instead of being skipped. (Not a `SIMSUB_`
/// variable: simsub hands those to the policy servers it starts, and tests read them back.)
public enum Toolchain {
  /// The `node` executable found in `PATH`, or `nil`.
  public static let node: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/node" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// Whether `REQUIRE_NODE_TESTS=1` asks that no test be skipped for want of Node.
  public static let nodeRequired = ProcessInfo.processInfo.environment["REQUIRE_NODE_TESTS"] == "1"

  /// Whether the tests that need Node run: Node is in `PATH`, or CI requires it.
  public static let runsNodeTests = node != nil || nodeRequired

  /// Why a test that needs Node was skipped.
  public static let withoutNode =
    "needs Node (`node` in PATH) to run the example servers and adapters; REQUIRE_NODE_TESTS=1 makes it fail instead"
}
