import Foundation

/// What makes two deliveries the same notification: Apple's `notificationUUID`; for Google, the
/// RTDN's `(purchaseToken, notificationType, eventTimeMillis)`, since an RTDN carries no id of
/// its own (Pub/Sub's `messageId` belongs to the transport, which simsub does not model). The
/// fetched resource is not part of it: a redelivery may fetch a newer one. Stripe's event `id`
/// and RevenueCat's event `id`, which both stores keep on a retried delivery.
///
/// A plain value of at most 25 bytes with no references: comparing two costs a few integer
/// comparisons and building one never allocates.
package enum NotificationIdentity: Hashable, Sendable {
  case appStore(UUID)
  case googlePlay(PurchaseToken, GooglePlayNotificationType, Instant)
  case stripe(Symbol)
  case revenueCat(Symbol)

  /// Inlinable for SimSub's known-bad policies, which build one per notification.
  @inlinable package init(_ notification: StoreNotification) {
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

/// A notification's identity among the notifications of its own source signed in the same
/// second: all that ``SentDateOrder`` compares for the reference policy, which keeps one order
/// per source.
///
/// Two words where ``NotificationIdentity`` takes 25 bytes and a switch to compare: Apple's
/// `notificationUUID`'s two halves; Google's `purchaseToken` and `notificationType` (the third
/// part of Google's identity, `eventTimeMillis`, is the signed date itself, equal for every
/// notification the order compares); Stripe's and RevenueCat's event `id`. Two notifications of
/// one source signed in the same second have equal `SameSecondIdentity`s exactly when their
/// ``NotificationIdentity``s are equal. Ordering on these, inline in `receive`, in place of the
/// enum through a call (80 instructions per notification) is part of what took the reference
/// policy from 427 to 297 instructions per notification.
@usableFromInline
struct SameSecondIdentity: Hashable, Sendable {
  var high: UInt64
  var low: UInt64

  init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// Apple's `notificationUUID`: its sixteen bytes as two little-endian words, which the
  /// optimiser reads as two loads (`withUnsafeBytes` here made it guard the stack instead).
  @inline(__always)
  init(_ uuid: UUID) {
    let b = uuid.uuid
    high =
      UInt64(b.0) | UInt64(b.1) << 8 | UInt64(b.2) << 16 | UInt64(b.3) << 24 | UInt64(b.4) << 32
      | UInt64(b.5) << 40 | UInt64(b.6) << 48 | UInt64(b.7) << 56
    low =
      UInt64(b.8) | UInt64(b.9) << 8 | UInt64(b.10) << 16 | UInt64(b.11) << 24 | UInt64(b.12) << 32
      | UInt64(b.13) << 40 | UInt64(b.14) << 48 | UInt64(b.15) << 56
  }

  /// Google's RTDN, signed at the second the order compares.
  @inline(__always)
  init(_ token: PurchaseToken, _ code: GooglePlayNotificationType) {
    self.init(high: token.bits, low: UInt64(UInt32(bitPattern: code.rawValue)))
  }

  /// Stripe's or RevenueCat's event `id`.
  @inline(__always)
  init(_ id: Symbol) { self.init(high: id.bits, low: 0) }

  /// The identity within its source and second.
  init(_ identity: NotificationIdentity) {
    switch identity {
    case .appStore(let uuid): self.init(uuid)
    case .googlePlay(let token, let code, _): self.init(token, code)
    case .stripe(let id), .revenueCat(let id): self.init(id)
    }
  }
}

/// The last few notification identities a policy applied, in a fixed-size ring.
///
/// Four inline slots, no heap storage: inserting a fifth identity forgets the oldest. That is
/// enough where it is used: ``SentDateOrder`` only needs the identities applied at one signed
/// second, and a store sends one or two notifications for one subscriber within a second.
///
/// A ring is made with its first identity, which fills every slot: a slot not yet written
/// holds an identity the ring remembers anyway, so `contains` answers exactly, with no
/// optionals to test or clear. The first identity is overwritten last, as the oldest should
/// be. (An empty ring is a `nil` ring.)
///
/// Inlinable throughout, its slots usable from inline, for the inlinable orders built on it.
@usableFromInline
struct RecentIdentities<Identity: Equatable & Sendable>: Sendable {
  /// How many identities the ring remembers.
  @inlinable static var capacity: Int { 4 }

  @usableFromInline var slot0: Identity
  @usableFromInline var slot1: Identity
  @usableFromInline var slot2: Identity
  @usableFromInline var slot3: Identity
  /// The slot the next insertion overwrites, `0 ..< capacity`.
  @usableFromInline var next: UInt8 = 1

  /// A ring that remembers `first`.
  @inlinable @inline(__always)
  init(_ first: Identity) {
    (slot0, slot1, slot2, slot3) = (first, first, first, first)
  }

  /// Whether `identity` is among the remembered ones. O(capacity).
  @inlinable func contains(_ identity: Identity) -> Bool {
    slot0 == identity || slot1 == identity || slot2 == identity || slot3 == identity
  }

  /// Remembers `identity`, forgetting the oldest one when all slots are taken.
  @inlinable mutating func insert(_ identity: Identity) {
    switch next {
    case 0: slot0 = identity
    case 1: slot1 = identity
    case 2: slot2 = identity
    default: slot3 = identity
    }
    next = (next + 1) & UInt8(Self.capacity - 1)
  }
}
