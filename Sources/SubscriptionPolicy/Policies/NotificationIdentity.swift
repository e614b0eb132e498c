import Foundation

/// What makes two deliveries the same notification: Apple's `notificationUUID`; for Google, the
/// RTDN's `(purchaseToken, notificationType, eventTimeMillis)`, since an RTDN carries no id of
/// its own (Pub/Sub's `messageId` belongs to the transport, which simsub does not model). The
/// fetched resource is not part of it: a redelivery may fetch a newer one. Stripe's event `id`
/// and RevenueCat's event `id`, which both stores keep on a retried delivery.
///
/// A plain value of at most 25 bytes with no references: comparing two costs a few integer
/// comparisons and building one never allocates.
enum NotificationIdentity: Hashable, Sendable {
  case appStore(UUID)
  case googlePlay(PurchaseToken, GooglePlayNotificationType, Instant)
  case stripe(Symbol)
  case revenueCat(Symbol)

  init(_ notification: StoreNotification) {
    switch notification {
    case .appStore(let n):
      self = .appStore(n.notificationUUID)
    case .googlePlay(let n):
      self = .googlePlay(
        n.subscriptionNotification.purchaseToken, n.subscriptionNotification.notificationType,
        n.eventTime)
    case .stripe(let e):
      self = .stripe(e.id)
    case .revenueCat(let e):
      self = .revenueCat(e.id)
    }
  }
}

/// The last few notification identities a policy applied, in a fixed-size ring.
///
/// Four inline slots, no heap storage: inserting a fifth identity forgets the oldest. That is
/// enough where it is used: ``SentDateOrder`` only needs the identities applied at one signed
/// second, and a store sends one or two notifications for one subscriber within a second.
struct RecentIdentities: Sendable {
  /// How many identities the ring remembers.
  static let capacity = 4

  private var slot0: NotificationIdentity?
  private var slot1: NotificationIdentity?
  private var slot2: NotificationIdentity?
  private var slot3: NotificationIdentity?
  /// The slot the next insertion overwrites, `0 ..< capacity`.
  private var next: UInt8 = 0

  init() {}

  /// Whether `identity` is among the remembered ones. O(capacity).
  func contains(_ identity: NotificationIdentity) -> Bool {
    slot0 == identity || slot1 == identity || slot2 == identity || slot3 == identity
  }

  /// Remembers `identity`, forgetting the oldest one when all slots are taken.
  mutating func insert(_ identity: NotificationIdentity) {
    switch next {
    case 0: slot0 = identity
    case 1: slot1 = identity
    case 2: slot2 = identity
    default: slot3 = identity
    }
    next = (next + 1) % UInt8(Self.capacity)
  }

  /// Forgets every identity.
  mutating func removeAll() { self = RecentIdentities() }
}
