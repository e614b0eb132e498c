/// Decides which notifications to apply, so that duplicates change nothing and a notification
/// older than one already applied never overrides it: the reference policy's delivery rule.
///
/// The rule, for a notification signed at `s` (``StoreNotification/sentDate``: Apple's
/// `signedDate`, Google's `eventTimeMillis`), with `latest` the signed date of the newest
/// notification applied so far:
///
/// 1. `s < latest`: **stale**, ignored. Each notification carries the whole state, not a
///    delta (Apple's `data.status` and renewal info as of signing, Google's resource fetched on
///    arrival), so the newer one already applied has said what the subscription became.
/// 2. `s == latest` and its identity is among those applied at `latest`: **duplicate**, ignored.
/// 3. Otherwise **applied**. When `s > latest`, `latest` becomes `s` and the identities of the
///    older second are forgotten; the new identity is remembered.
///
/// Generic over the identity compared: the reference policy keeps one order per source and
/// compares ``SameSecondIdentity``s, two words; a policy with one order for all sources
/// compares whole ``NotificationIdentity``s.
///
/// Memory is one instant and a ring of four identities (``RecentIdentities``), whatever the
/// history's length, and no step allocates. Duplicates are still caught exactly: a duplicate
/// has its original's signed date `s`. If `latest` has moved past `s` since the original was
/// applied, rule 1 drops it; if not, the ring has not been cleared since the original went in,
/// so rule 2 finds it. A duplicate of a notification that was itself stale is stale too,
/// because `latest` never decreases. The ring is only ever asked about one second, so it would
/// forget an identity only if five distinct notifications for one subscriber shared a second.
///
/// Why not simply "apply only what is strictly newer": `Instant` has whole seconds, and two
/// different notifications can share one (Apple's `DID_FAIL_TO_RENEW` in the same second as a
/// renewal-status change); the second of them would be lost. Why not "remember the last
/// identity only": deliveries `A, B, A` of two same-second notifications would apply `A` twice
/// and end on `A`'s state instead of `B`'s.
///
/// Distinct notifications signed in the same second are applied in arrival order, so the last
/// to arrive wins: the stores' payloads carry nothing finer to order them by once signed dates
/// are whole seconds. A same-second pair delivered in reverse therefore ends on the earlier
/// one's state, the only ordering mistake left, and only within one second.
@usableFromInline
package struct SentDateOrder<Identity: Equatable & Sendable>: Sendable {
  /// The signed date of the newest notification applied; `distantPast` before the first.
  @usableFromInline private(set) var latest = Instant.distantPast
  /// The identities of the notifications applied at `latest`; `nil` before the first.
  @usableFromInline var appliedAtLatest: RecentIdentities<Identity>?

  @inlinable package init() {}

  /// Whether to apply a notification with this identity, signed at `sentDate`; remembers it
  /// when the answer is yes. Call it only for a notification the policy will apply, so that
  /// one it skips (an unknown type) never hides an older one that still matters.
  ///
  /// Inlinable: SimSub's `UnknownIsActivePolicy` orders whole ``NotificationIdentity``s with it,
  /// and a generic call across the module boundary ran unspecialised (a third more instructions
  /// per subscriber-year in Monte Carlo).
  @inlinable @inline(__always)
  package mutating func admit(_ identity: Identity, sentDate: Instant) -> Bool {
    if sentDate < latest { return false }
    if sentDate == latest, appliedAtLatest != nil {
      if appliedAtLatest!.contains(identity) { return false }
      appliedAtLatest!.insert(identity)
    } else {
      latest = sentDate
      appliedAtLatest = RecentIdentities(identity)
    }
    return true
  }
}

/// Applies every notification in the order it arrives, skipping only a repeat of one of the
/// last four applied: the delivery rule of SimSub's `ArrivalOrderPolicy` (hence `package`), kept
/// beside the right one to show what ordering buys.
package struct ArrivalOrder: Sendable {
  /// The last four identities applied; `nil` before the first.
  @usableFromInline var recent: RecentIdentities<NotificationIdentity>?

  @inlinable package init() {}

  /// Whether to apply a notification with this identity; remembers it when the answer is yes.
  /// Inlinable, as its caller in SimSub was inlined beside it before it moved there.
  @inlinable package mutating func admit(_ identity: NotificationIdentity) -> Bool {
    guard recent != nil else {
      recent = RecentIdentities(identity)
      return true
    }
    if recent!.contains(identity) { return false }
    recent!.insert(identity)
    return true
  }
}
