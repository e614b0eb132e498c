/// The Monte Carlo engine observer: turns one subscriber's events and samples into the
/// counters of a ``SubscriberOutcome``, with no allocation.
///
/// - **Episodes** open when the store records a failed renewal (`billingIssueStart` set) and
///   close when it clears: recovered (through a retry or a card fix, in grace or in hold),
///   expired (involuntary churn), or ended by the subscriber's cancel.
/// - **Wrongful lockout** and **free access** are the scenario invariants
///   `no-lockout-in-grace` and `no-free-access`, with the same excuses, measured over time:
///   the engine samples after every event (and at every step for a policy on its own clock),
///   and the answer holds until the next sample, so the spans' lengths are exact.
///
/// The observer tallies and tells what happened, and decides nothing: what the subscriber does
/// about it is the subscriber's behaviour's to decide (``SubscriberBehaviour``), which the
/// driver consults after the instants that need it: an episode that began or ended, the
/// prompt (or, with departures, the access) changing during an episode, a lockout that began.
/// The observer raises `needsDriver` for those, and asks the engine to stop before the next
/// instant while it is raised, or once the next instant lies past the horizon with no episode
/// open (``wantsToStop(before:)``); the driver lowers it.
///
/// A new period is the common case (one a month), and its only reaction is the behaviour's
/// voluntary-cancel draw, so the observer holds the behaviour and passes the new period on to
/// it itself once the instant has been played (``engineFinishedInstant(_:record:)``), and the
/// engine queues the cancel without returning to the driver. An instant the engine does not end
/// itself (the driver's run on after a marker) leaves `periodBegan` raised for the driver.
public struct PopulationObserver: EngineObserver {
  /// The price of the subscriber's product: what a recovery collects and an expiry loses.
  public var price: Int64
  /// The product's nominal period in seconds (30 days for a month): the price per second of
  /// access, for what unpaid access is worth and what an expiry loses to the horizon.
  public var periodSeconds: Int64 = 30 * 86_400
  public private(set) var outcome = SubscriberOutcome()

  /// The failure instant of the open episode, if one is open.
  public private(set) var episodeStart: Instant?
  /// How the latest episode ended, until the driver takes it.
  public var endedEpisode: EndedEpisode?
  /// Set when a wrongful lockout begins; the driver clears it.
  public var lockoutBegan = false
  /// Set when the store's record moves to a new period, until the behaviour has heard of it.
  public var periodBegan = false
  /// Raised when the driver must react before the next instant; the driver lowers it.
  public var needsDriver = false
  /// The end of the span in which episodes may begin: past it, with no episode open, the
  /// subscriber's run is over.
  public var horizonEnd: Instant
  /// What the subscriber does: told of each new period (the voluntary-cancel draw) and of a
  /// recovery by a retry (for a replay's story), asked whether a cancel is the subscriber
  /// leaving after a lockout and whether a change of access matters. Reset by the driver with
  /// the subscriber's profile, not by ``reset(price:start:horizonEnd:)``.
  var behaviour: SubscriberBehaviour
  /// When the first wrongful lockout and the first free access began, for counterexamples.
  public private(set) var firstLockout: Instant?
  public private(set) var firstFreeAccess: Instant?
  /// Where the store's record goes after each action and timer, for a policy file's store APIs
  /// and snapshots; `nil` (nothing kept) for a built-in policy. Unretained, so the observer
  /// stays a plain value with nothing to count on the built-in policies' path: the driver's
  /// scope holds the history for as long as the observer is given it.
  private var records: Unmanaged<LiveRecordHistory>?

  private var truth = StoreTruth.never
  private var lastSample: Instant
  private var lockedOut = false
  private var freeAccess = false
  /// The period number the store's record had after the last event.
  private var period: Int32 = 0
  /// The prompt of the last sample.
  private var prompt = RecoveryPrompt.none
  /// The access of the last sample.
  private var access = false
  /// Seconds of access in the open episode so far (up to the last sample).
  private var episodeAccess: Int64 = 0

  /// How an episode ended.
  public struct EndedEpisode: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
      case recoveredByRetry
      case recoveredByFix
      case expired
      case canceled
    }
    public var kind: Kind
    public var failure: Instant
    public var end: Instant
  }

  /// An observer of a subscriber who never cancels, fixes a card or leaves of their own accord.
  public init(price: Int64, start: Instant, horizonEnd: Instant = .distantFuture) {
    self.init(price: price, start: start, horizonEnd: horizonEnd, behaviour: .passive)
  }

  /// An observer of a subscriber who does what `behaviour` decides.
  init(price: Int64, start: Instant, horizonEnd: Instant = .distantFuture, behaviour: SubscriberBehaviour) {
    self.price = price
    self.lastSample = start
    self.horizonEnd = horizonEnd
    self.behaviour = behaviour
  }

  /// Starts over for another subscriber where the observer lies, as `init` with the same
  /// arguments would: field by field, because building a new observer and assigning it to the
  /// engine's copied it. (Every stored property but the behaviour is set here; a new one must
  /// be too. The behaviour resets where it lies, with the subscriber's profile.)
  public mutating func reset(price: Int64, start: Instant, horizonEnd: Instant = .distantFuture) {
    reset(price: price, start: start, horizonEnd: horizonEnd, records: nil)
  }

  /// ``reset(price:start:horizonEnd:)`` for a subscriber whose store record is kept in
  /// `records` (a policy file's run).
  package mutating func reset(
    price: Int64, start: Instant, horizonEnd: Instant, records: LiveRecordHistory?,
    periodSeconds: Int64 = 30 * 86_400
  ) {
    self.records = records.map { Unmanaged.passUnretained($0) }
    self.price = price
    self.periodSeconds = max(1, periodSeconds)
    outcome = SubscriberOutcome()
    episodeStart = nil
    endedEpisode = nil
    lockoutBegan = false
    periodBegan = false
    needsDriver = false
    self.horizonEnd = horizonEnd
    firstLockout = nil
    firstFreeAccess = nil
    truth = .never
    lastSample = start
    lockedOut = false
    freeAccess = false
    period = 0
    prompt = .none
    access = false
    episodeAccess = 0
  }

  @inline(__always) public func wantsToStop(before next: Instant) -> Bool {
    needsDriver || (next > horizonEnd && episodeStart == nil)
  }

  /// A period began in the instant just played: the behaviour's cancel in it, if it draws one.
  @inline(__always) public mutating func engineFinishedInstant(
    _ instant: Instant, record: SubscriptionRecord
  ) -> ScheduledAction? {
    guard periodBegan else { return nil }
    periodBegan = false
    return behaviour.periodBegan(record: record, at: instant).map { ScheduledAction(.cancel, at: $0) }
  }

  /// The subscriber, without access, gave up on the open episode.
  public mutating func countDeparture() { outcome[.departures] += 1 }

  /// Appends `record` to the policy file's history: out of line, so that the built-in
  /// policies' path, which has none, never copies the record to pass it.
  @inline(never)
  private func keep(_ record: SubscriptionRecord, at instant: Instant) {
    records?.takeUnretainedValue().append(record, at: instant)
  }

  // MARK: Events

  @inline(__always) public mutating func engineDidApply(
    _ action: SubscriberAction, at instant: Instant, record: SubscriptionRecord
  ) {
    if records != nil { keep(record, at: instant) }
    switch action {
    case .updateCard: update(record, at: instant, ending: .recoveredByFix)
    case .cancel:
      let before = truth
      update(record, at: instant, ending: .canceled)
      let leaving = behaviour.takeLeaving()
      if record.truth != before, record.truth == .canceled || record.truth == .expired {
        outcome[.cancellations] += 1
        if leaving {
          outcome[.leftAfterLockout] = 1
        } else {
          outcome[.voluntaryCancels] += 1
        }
      }
    default: update(record, at: instant, ending: .expired)
    }
  }

  @inline(__always) public mutating func engineDidFire(
    _ timer: StoreTimer, at instant: Instant, record: SubscriptionRecord
  ) {
    if records != nil { keep(record, at: instant) }
    if case .retry = timer {
      update(record, at: instant, ending: .recoveredByRetry)
    } else {
      // A renewal the subscriber did not consent to pay the raised price for: the subscription
      // ends there, outside any billing-issue episode.
      if record.priceIncrease == .pending, record.truth == .expired, truth != .expired {
        outcome[.priceIncreaseExpiries] += 1
        outcome[.cancellations] += 1
      }
      update(record, at: instant, ending: .expired)
    }
  }

  /// Opens or closes the episode after an event; `ending` says how a close by this event
  /// would count when the store's truth is `active` again (recovery) or otherwise (the end).
  @inline(__always) mutating func update(
    _ record: SubscriptionRecord, at instant: Instant, ending: EndedEpisode.Kind
  ) {
    // Only three fields are read, and only here, so the engine's record is never copied.
    let now = record.truth
    let issue = record.billingIssueStart
    defer { truth = now }
    if record.periodNumber != period {
      period = record.periodNumber
      periodBegan = true
    }
    if issue == episodeStart { return }
    if let failure = episodeStart {
      close(failure: failure, truth: now, at: instant, ending: ending)
    }
    if let issue {
      episodeStart = issue
      outcome[.episodes] += 1
      needsDriver = true
      // The next sample adds the span since the last one; the part before this instant was
      // not in the episode.
      episodeAccess = access ? -(instant - lastSample).seconds : 0
    }
  }

  mutating func close(
    failure: Instant, truth now: StoreTruth, at instant: Instant, ending: EndedEpisode.Kind
  ) {
    episodeStart = nil
    let kind: EndedEpisode.Kind
    if now == .active || now == .canceled {
      kind = ending == .recoveredByFix ? .recoveredByFix : .recoveredByRetry
      outcome[.recovered] += 1
      outcome[.recoveredRevenue] += price
      if instant - failure <= .days(30) {
        outcome[.recovered30] += 1
        outcome[truth == .hold ? .recoveredInHold30 : .recoveredInGrace30] += 1
        outcome[kind == .recoveredByFix ? .recoveredByFix30 : .recoveredByRetry30] += 1
      }
    } else {
      // Access the episode gave and no payment ever covered.
      let unpaid = max(0, episodeAccess + (access ? (instant - lastSample).seconds : 0))
      outcome[.unpaidAccessSeconds] += unpaid
      outcome[.unpaidAccessValue] += unpaid * price / periodSeconds
      if ending == .canceled {
        kind = .canceled
        outcome[.leftInEpisode] += 1
      } else {
        kind = .expired
        outcome[.involuntary] += 1
        outcome[.cancellations] += 1
        outcome[.lostRevenue] += price
        // What the subscriber would have paid from the failed renewal to the horizon, at least
        // that renewal's price.
        let rest = min(max(0, (horizonEnd - failure).seconds), 36_525 * 86_400)
        outcome[.lostRevenueToHorizon] += max(price, rest * price / periodSeconds)
      }
    }
    if kind == .recoveredByRetry { behaviour.recoveredByRetry(at: instant) }
    endedEpisode = EndedEpisode(kind: kind, failure: failure, end: instant)
    needsDriver = true
  }

  // MARK: Samples

  @inline(__always) public mutating func engineSample(_ sample: EngineSample) {
    let elapsed = (sample.instant - lastSample).seconds
    if lockedOut { outcome[.lockoutSeconds] += elapsed }
    if freeAccess { outcome[.freeAccessSeconds] += elapsed }
    if access, episodeStart != nil { episodeAccess += elapsed }
    lastSample = sample.instant
    // A lockout does not begin before the notices of this very instant arrive; one that began
    // before goes on through them.
    let lock =
      sample.truth.isEntitled && !sample.decision.access && !sample.awaitingGainNotice
      && (lockedOut || !sample.deliveriesDueNow)
    if lock && !lockedOut {
      outcome[.lockouts] += 1
      outcome[.lockedOut] = 1
      lockoutBegan = true
      needsDriver = true
      if firstLockout == nil { firstLockout = sample.instant }
    }
    lockedOut = lock
    let free = !sample.truth.isEntitled && sample.decision.access && sample.undelivered == 0
    if free && !freeAccess {
      outcome[.freeAccessSpans] += 1
      outcome[.hadFreeAccess] = 1
      if firstFreeAccess == nil { firstFreeAccess = sample.instant }
    }
    freeAccess = free
    // The behaviour sets its next card fix by the prompt: a change during an episode needs it.
    if sample.decision.prompt != prompt {
      prompt = sample.decision.prompt
      if episodeStart != nil { needsDriver = true }
    }
    // … and, with departures, by whether the subscriber has access.
    if sample.decision.access != access {
      access = sample.decision.access
      if behaviour.watchesAccess, episodeStart != nil { needsDriver = true }
    }
  }

  /// Closes the spans at the end of the subscriber's run and records what the run collected.
  public mutating func finish(
    at end: Instant, collected: Int64, renewals: Int32, failedRenewals: Int32
  ) -> SubscriberOutcome {
    let elapsed = max(0, (end - lastSample).seconds)
    if lockedOut { outcome[.lockoutSeconds] += elapsed }
    if freeAccess { outcome[.freeAccessSeconds] += elapsed }
    lastSample = end
    outcome[.collected] = collected
    outcome[.retained] = outcome[.cancellations] == 0 ? 1 : 0
    outcome[.renewals] = Int64(renewals)
    outcome[.failedRenewals] = Int64(failedRenewals)
    return outcome
  }
}
