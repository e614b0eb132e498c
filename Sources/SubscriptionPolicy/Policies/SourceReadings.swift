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
  /// With no source heard or one: the reading the answer comes from (`never`, or that source's
  /// own), kept apart so that the engine's questions, asked after every delivery, read it alone.
  @usableFromInline var sole = EntitlementReading.never

  @inlinable init() {}

  @usableFromInline
  struct SourceReading: Sendable {
    @usableFromInline var reading = EntitlementReading.never
    /// The newest paid-through date a notification of this source stated.
    @usableFromInline var paidThrough = Instant.distantPast

    @inlinable init() {}

    /// What the merging compares, read field by field.
    @inlinable var rank: Rank {
      Rank(state: reading.state, appGraceEnds: reading.appGraceEnds, paidThrough: paidThrough)
    }
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
    if heard & (heard &- 1) == 0 { sole = reading }
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
  @inlinable @inline(__always)
  func reading(at instant: Instant) -> EntitlementReading {
    // None or one source: no merging (the common case, and the Monte Carlo loop's).
    guard heard & (heard &- 1) != 0 else { return sole }
    return
      switch Self.bestStanding(
        heard, appStore.rank, googlePlay.rank, stripe.rank, revenueCat.rank, at: instant)
    {
    case .appStore: appStore.reading
    case .googlePlay: googlePlay.reading
    case .stripe: stripe.reading
    case .revenueCat: revenueCat.reading
    }
  }

  /// The instant the answer next changes on the app's clock (the end of a Stripe grace the app
  /// promised), if any.
  @inlinable @inline(__always)
  func nextChange(after instant: Instant) -> Instant? {
    guard heard & (heard &- 1) != 0 else { return sole.nextChange(after: instant) }
    return Self.mergedNextChange(
      heard, appStore.reading.appGraceEnds, googlePlay.reading.appGraceEnds, stripe.reading.appGraceEnds,
      revenueCat.reading.appGraceEnds, after: instant)
  }

  /// `reading(at: instant)` and `nextChange(after: instant)` together, with one branch to the
  /// merging of several sources.
  @inlinable @inline(__always)
  func readingAndNextChange(at instant: Instant) -> (reading: EntitlementReading, next: Instant?) {
    guard heard & (heard &- 1) != 0 else { return (sole, sole.nextChange(after: instant)) }
    let merged = Self.merged(
      heard, appStore.rank, googlePlay.rank, stripe.rank, revenueCat.rank, at: instant)
    return (entry(merged.best).reading, merged.next)
  }

  // The merging functions take a few small fields of each source, not the sources: a call that
  // needs a whole value makes the caller copy it, even on the paths that never make the call
  // (passing the four sources whole cost the engine's question, one source or not, a copy of
  // all four: 28 more instructions per question, 70 where 42 now).

  /// What the merging compares of one source: its state on its own clock and its paid-through
  /// date.
  @usableFromInline
  struct Rank: Sendable {
    @usableFromInline var state: EntitlementState
    @usableFromInline var appGraceEnds: Instant?
    @usableFromInline var paidThrough: Instant

    @inlinable init(state: EntitlementState, appGraceEnds: Instant?, paidThrough: Instant) {
      self.state = state
      self.appGraceEnds = appGraceEnds
      self.paidThrough = paidThrough
    }
  }

  /// With several sources: the best-standing one, whose reading is the answer. Better standing
  /// first (``standing(of:at:)``); among equals, the later paid-through date.
  @usableFromInline @inline(never)
  static func bestStanding(
    _ heard: UInt8, _ appStore: Rank, _ googlePlay: Rank, _ stripe: Rank, _ revenueCat: Rank,
    at instant: Instant
  ) -> SubscriptionSource {
    var best = SubscriptionSource.appStore
    var bestRank = (standing: Int.max, paidThrough: Instant.distantPast)
    func consider(_ source: SubscriptionSource, _ candidate: Rank) {
      guard heard & (1 << source.rawValue) != 0 else { return }
      let reading = EntitlementReading(candidate.state, appGraceEnds: candidate.appGraceEnds)
      let rank = (standing: standing(of: reading, at: instant), paidThrough: candidate.paidThrough)
      if rank.standing < bestRank.standing
        || (rank.standing == bestRank.standing && rank.paidThrough > bestRank.paidThrough)
      {
        best = source
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

  /// With several sources: ``bestStanding(_:_:_:_:_:at:)`` and
  /// ``mergedNextChange(_:_:_:_:_:after:)`` in one call.
  @usableFromInline @inline(never)
  static func merged(
    _ heard: UInt8, _ appStore: Rank, _ googlePlay: Rank, _ stripe: Rank, _ revenueCat: Rank,
    at instant: Instant
  ) -> (best: SubscriptionSource, next: Instant?) {
    let best = bestStanding(heard, appStore, googlePlay, stripe, revenueCat, at: instant)
    let next = mergedNextChange(
      heard, appStore.appGraceEnds, googlePlay.appGraceEnds, stripe.appGraceEnds, revenueCat.appGraceEnds,
      after: instant)
    return (best, next)
  }

  /// With several sources: the first end of an app-promised grace after `instant`, among the
  /// sources heard, given each source's `appGraceEnds`.
  @usableFromInline @inline(never)
  static func mergedNextChange(
    _ heard: UInt8, _ appStore: Instant?, _ googlePlay: Instant?, _ stripe: Instant?, _ revenueCat: Instant?,
    after instant: Instant
  ) -> Instant? {
    var next: Instant?
    func consider(_ source: SubscriptionSource, _ appGraceEnds: Instant?) {
      guard heard & (1 << source.rawValue) != 0, let change = appGraceEnds, change > instant,
        change < next ?? .distantFuture
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
