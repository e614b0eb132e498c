import Foundation
import SimSub

/// A policy for engine and store tests: it counts what reaches it and grants access while the
/// last Apple `data.status` (by arrival) was 1 or 4, or the last Google code was not 5, 10, 12
/// or 13. Deliberately naive; the real policies are tested on their own.
public struct CountingPolicy: EntitlementPolicy {
  public static let name = "counting"
  public static let summary = "counts notifications (tests only)"
  public private(set) var received = 0
  public private(set) var lastArrival: Instant?
  public private(set) var access = false

  public init() {}

  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) {
    received += 1
    lastArrival = arrival
    switch notification {
    case .appStore(let n):
      access = n.data.status == .active || n.data.status == .billingGracePeriod
    case .googlePlay(let n):
      access = ![5, 10, 12, 13].contains(n.subscriptionNotification.notificationType.rawValue)
    }
  }

  public func decision(at instant: Instant) -> Decision {
    Decision(state: access ? .active : .never, access: access)
  }
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
public let testStart = Instant(secondsSinceEpoch: 1_767_225_600)
