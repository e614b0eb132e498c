/// The reference policy's answer material: for each of a subscriber's sources, the reading of
/// its newest applied notification and the date it is paid through, and which sources spoke.
///
/// Kept apart from each source's ordering state (``SentDateOrder``) and small, because the engine
/// asks for an answer after every notification: the questions read these fields alone.
@usableFromInline
struct SourceReadings: Sendable {
  @usableFromInline var appStore = SourceReading()
  @usableFromInline var googlePlay = SourceReading()
  @usableFromInline var stripe = SourceReading()
  @usableFromInline var revenueCat = SourceReading()
  /// The sources heard from, one bit per ``SubscriptionSource`` raw value.
  @usableFromInline var heard: UInt8 = 0

  @usableFromInline
  struct SourceReading: Sendable {
    @usableFromInline var reading = EntitlementReading.never
    /// The newest paid-through date a notification of this source stated.
    @usableFromInline var paidThrough = Instant.distantPast
  }

  /// Records what an applied notification of `source` said.
  @inline(__always)
  mutating func apply(_ reading: EntitlementReading, paidThrough: Instant?, of source: SubscriptionSource) {
    func update(_ entry: inout SourceReading) {
      entry.reading = reading
      if let paidThrough { entry.paidThrough = paidThrough }
    }
    switch source {
    case .appStore: update(&appStore)
    case .googlePlay: update(&googlePlay)
    case .stripe: update(&stripe)
    case .revenueCat: update(&revenueCat)
    }
    heard |= 1 << source.rawValue
  }

  /// The reading of one source alone.
  @inlinable
  func reading(of source: SubscriptionSource) -> EntitlementReading { entry(source).reading }

  @inlinable
  func entry(_ source: SubscriptionSource) -> SourceReading {
    switch source {
    case .appStore: appStore
    case .googlePlay: googlePlay
    case .stripe: stripe
    case .revenueCat: revenueCat
    }
  }

  /// The reading the answer at `instant` comes from: the one source's, or with several, the
  /// one of the source the subscriber stands best through.
  @inlinable
  func reading(at instant: Instant) -> EntitlementReading {
    switch heard {
    // None or one source: no merging (the common case, and the Monte Carlo loop's).
    case 0: .never
    case 1 << SubscriptionSource.appStore.rawValue: appStore.reading
    case 1 << SubscriptionSource.googlePlay.rawValue: googlePlay.reading
    case 1 << SubscriptionSource.stripe.rawValue: stripe.reading
    case 1 << SubscriptionSource.revenueCat.rawValue: revenueCat.reading
    default: Self.merged(heard, appStore, googlePlay, stripe, revenueCat, at: instant)
    }
  }

  /// The instant the answer next changes on the app's clock (the end of a Stripe grace the app
  /// promised), if any.
  @inlinable
  func nextChange(after instant: Instant) -> Instant? {
    guard heard & (heard &- 1) != 0 else { return reading(at: instant).nextChange(after: instant) }
    return Self.mergedNextChange(heard, appStore, googlePlay, stripe, revenueCat, after: instant)
  }

  // The merging functions take the sources as arguments, not `self`: a call that needs the
  // whole value makes the caller copy it, even on the paths that never make the call.

  /// With several sources: the reading of the best-standing one. Better standing first
  /// (``standing(of:at:)``); among equals, the later paid-through date.
  @usableFromInline @inline(never)
  static func merged(
    _ heard: UInt8, _ appStore: SourceReading, _ googlePlay: SourceReading, _ stripe: SourceReading,
    _ revenueCat: SourceReading, at instant: Instant
  ) -> EntitlementReading {
    var best = EntitlementReading.never
    var bestRank = (standing: Int.max, paidThrough: Instant.distantPast)
    func consider(_ source: SubscriptionSource, _ candidate: SourceReading) {
      guard heard & (1 << source.rawValue) != 0 else { return }
      let rank = (standing: standing(of: candidate.reading, at: instant), paidThrough: candidate.paidThrough)
      if rank.standing < bestRank.standing
        || (rank.standing == bestRank.standing && rank.paidThrough > bestRank.paidThrough)
      {
        best = candidate.reading
        bestRank = rank
      }
    }
    // In the order of `SubscriptionSource`, so a tie in both keeps the first.
    consider(.appStore, appStore)
    consider(.googlePlay, googlePlay)
    consider(.stripe, stripe)
    consider(.revenueCat, revenueCat)
    return best
  }

  @usableFromInline @inline(never)
  static func mergedNextChange(
    _ heard: UInt8, _ appStore: SourceReading, _ googlePlay: SourceReading, _ stripe: SourceReading,
    _ revenueCat: SourceReading, after instant: Instant
  ) -> Instant? {
    var next: Instant?
    func consider(_ source: SubscriptionSource, _ candidate: SourceReading) {
      guard heard & (1 << source.rawValue) != 0,
        let change = candidate.reading.nextChange(after: instant), change < next ?? .distantFuture
      else { return }
      next = change
    }
    consider(.appStore, appStore)
    consider(.googlePlay, googlePlay)
    consider(.stripe, stripe)
    consider(.revenueCat, revenueCat)
    return next
  }

  /// How well the subscriber stands through a source whose reading is `reading` at `instant`,
  /// best first: access from a paid-through subscription, then access in grace, then a hold the
  /// subscriber can still save, then a pause, then the rest.
  static func standing(of reading: EntitlementReading, at instant: Instant) -> Int {
    switch reading.state(at: instant) {
    case .active: 0
    case .grace: 1
    case .hold: 2
    case .paused: 3
    case .revoked, .expired: 4
    case .never: 5
    }
  }
}
