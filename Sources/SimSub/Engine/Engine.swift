/// Plays one subscriber through a store model and a policy in discrete simulated time.
///
/// The engine is the only place that advances time. It pops work from a queue ordered by
/// (instant, rank, sequence): the subscriber's actions, the store's timers, notification
/// deliveries and the caller's markers. After each event, and at every `step` between events
/// (unless the policy declares it decides only on notifications), it samples the policy's
/// answer beside the store's truth for the observer. A policy that decides only on
/// notifications may still name an instant its answer changes on its own clock
/// (`nextDecisionChange(after:)`, the end of an app-promised grace): the engine samples it
/// there too, after everything else at that instant.
///
/// Generic over the store, the policy, the payment processor and the observer, so a Monte Carlo
/// loop runs fully specialised; after warm-up the per-event path allocates nothing (its buffers
/// keep their capacity across `reset`).
///
/// ```swift
/// var engine = Engine(store: model, policy: ReferencePolicy(), payments: CardOnFile(),
///                     observer: TraceRecorder(), start: start)
/// engine.schedule(.subscribe(product: 0, trial: false), at: start)
/// engine.schedule(.cardFails(.expired), at: start + .days(20))
/// _ = engine.run(until: start + .days(60))
/// ```
public struct Engine<
  Store: StoreModel, Policy: EntitlementPolicy, Payments: PaymentProcessor, Observer: EngineObserver
>: Sendable {
  public let store: Store
  public private(set) var policy: Policy
  public var payments: Payments
  public var observer: Observer
  public private(set) var record: SubscriptionRecord
  /// The instant the engine has reached.
  public private(set) var now: Instant
  /// The instant given to `init` or the last `reset`, where this subscriber's run began. The
  /// first step sample is one `step` after it, later ones follow on from there; reorder windows
  /// count from `DeliverySettings.reorderOrigin`, not from here.
  public private(set) var start: Instant
  /// The interval at which the policy is sampled between events.
  public let step: TimeSpan
  /// The delivery faults in force.
  public private(set) var delivery: DeliverySettings
  /// When `true`, `run(until:)` returns `.renewalMoved` whenever the current period's end or
  /// number changes, so a caller can resolve `renewal N` anchors.
  public var stopsWhenRenewalMoves = false
  /// When `true`, every answer kept for a policy sampled at events alone is checked against a
  /// fresh one (`decision(at:)` asked again), and the first difference is kept in
  /// ``contractBreach``: the policy broke the contract of `decidesOnlyOnNotifications` (its
  /// answer changed where `nextDecisionChange` named no instant). `simsub run` and `check` turn
  /// it on; Monte Carlo leaves it off and pays nothing for it.
  public var checksKeptDecisions = false
  /// The first kept answer that disagreed with a fresh one, with ``checksKeptDecisions``.
  public private(set) var contractBreach: ContractBreach?
  /// How many deliveries the policy did not accept (`receive` said `.notAccepted`). Each is a
  /// failed attempt, as an outage's: shown to the observer and delivered again on the store's
  /// schedule (`StoreModel.redeliveryDelay`) until accepted or the store gives up.
  public private(set) var deliveriesNotAccepted: Int32 = 0

  private var queue = EventQueue()
  private var effects = StoreEffects()
  private var inFlight: [InFlight] = []
  /// The notification of each in-flight slot, beside its bookkeeping in `inFlight`.
  private var flightNotifications = SlotBuffer<StoreNotification>(capacity: 16)
  /// Delivery settings scheduled with `schedule(_:at:)`, referred to by queue entries.
  private var scheduledSettings: [DeliverySettings] = []
  private var freeSlots: [Int32] = []
  private var sequence: Int64 = 0
  private var nextStep: Instant
  private var undelivered: Int32 = 0
  private var gainNoticesPending: Int32 = 0
  /// Notifications of the current store step that arrive at once, still in the effects'
  /// buffer, to be delivered right after the step's sample (see `deliversAtOnce`).
  private var dueAtOnce = 0
  /// Whether the notifications of the current store step give the policy access (for
  /// `gainNoticesPending`), kept for their delivery at once.
  private var dueAtOnceGainNotice = false
  /// Whether the policy is sampled at every step; otherwise at events and on its own clock.
  @inline(__always) private var samplesSteps: Bool { !Policy.decidesOnlyOnNotifications }
  /// The instant of the policy-clock sample queued last, if any.
  private var policyClockAt: Instant?
  /// For a policy sampled at events alone: its answer, once asked since the last notification
  /// reached it, and the instant until which that answer holds (the policy's
  /// `nextDecisionChange`, or `distantFuture`). By the contract of
  /// `decidesOnlyOnNotifications`, `decision(at:)` is the same at every instant before then, so
  /// asking again would give the same answer; see `currentDecision()`.
  private var cachedDecision: Decision?
  private var cachedDecisionHoldsUntil = Instant.distantPast

  private struct InFlight: Sendable {
    var sentAt: Instant
    var copies: Int8
    /// Whether the notification no longer counts as on its way (`undelivered`,
    /// `gainNoticesPending`): the policy accepted it, or refused it. A refused notification is
    /// still redelivered on the store's schedule, but no longer excuses what the policy answers
    /// meanwhile: the policy heard it and said no.
    var delivered: Bool
    var gainNotice: Bool
    var attempts: Int32
  }

  public init(
    store: Store, policy: Policy = Policy(context: .default), payments: Payments, observer: Observer,
    subscriber: UInt64 = 1, start: Instant, step: TimeSpan = .hours(1),
    delivery: DeliverySettings = .onTime
  ) {
    precondition(step.seconds > 0, "the step must be positive")
    self.store = store
    self.policy = policy
    self.payments = payments
    self.observer = observer
    self.record = SubscriptionRecord(subscriber: subscriber)
    self.now = start
    self.start = start
    self.step = step
    self.delivery = delivery
    self.nextStep = start + step
    inFlight.reserveCapacity(16)
    freeSlots.reserveCapacity(16)
  }

  /// Starts over for another subscriber, keeping every buffer's capacity.
  public mutating func reset(
    subscriber: UInt64, start newStart: Instant, policy: Policy = Policy(context: .default),
    payments: Payments,
    observer: Observer, delivery: DeliverySettings = .onTime
  ) {
    self.payments = payments
    self.observer = observer
    reset(subscriber: subscriber, start: newStart, policy: policy, delivery: delivery)
  }

  /// Starts over for another subscriber as ``reset(subscriber:start:policy:payments:observer:delivery:)``
  /// does, but keeps the payment processor and the observer for the caller to reset where they
  /// lie (`engine.observer.reset(…)`): building new ones and assigning them copied each.
  /// Inlined, so that the policy is copied once, from the caller's into the engine's, not into
  /// an argument first (584 bytes for the reference policy).
  @inline(__always)
  public mutating func reset(
    subscriber: UInt64, start newStart: Instant, policy: Policy = Policy(context: .default),
    delivery: DeliverySettings = .onTime
  ) {
    queue.removeAll()
    inFlight.removeAllKeepingCapacity()
    flightNotifications.removeAll()
    scheduledSettings.removeAllKeepingCapacity()
    freeSlots.removeAllKeepingCapacity()
    effects.removeAll()
    self.policy = policy
    self.delivery = delivery
    record = SubscriptionRecord(subscriber: subscriber)
    start = newStart
    now = newStart
    nextStep = newStart + step
    sequence = 0
    undelivered = 0
    gainNoticesPending = 0
    policyClockAt = nil
    cachedDecision = nil
    cachedDecisionHoldsUntil = .distantPast
    contractBreach = nil
    deliveriesNotAccepted = 0
  }

  /// Swaps the engine's policy with `other`. A subscriber with several sources is played by one
  /// engine per source, which take turns holding the subscriber's one policy.
  public mutating func exchangePolicy(_ other: inout Policy) {
    swap(&policy, &other)
    // The policy that comes in may have heard notifications this engine never delivered: the
    // answer kept for the one that left says nothing of it.
    cachedDecision = nil
    cachedDecisionHoldsUntil = .distantPast
  }

  /// The policy's answer now.
  @inlinable public var decision: Decision { policy.decision(at: now) }

  /// The policy's answer now, the same as `decision`. A policy sampled at events alone is
  /// asked once per notification that reaches it (and once more where its answer changes on its
  /// own clock): between those, by the contract of `decidesOnlyOnNotifications`, its answer
  /// cannot change. The reference policy no longer copies itself per question, but working out
  /// an answer still costs more than returning the kept one, and the engine and the Monte Carlo
  /// driver ask after every event: measured (release, 2 shared cores), the typical population's
  /// 100,000 subscribers took 0.42–0.50 s on one thread with the cache and 0.53–0.59 s without;
  /// the engine benchmark's figure moved within its noise.
  @inline(__always)
  mutating func currentDecision() -> Decision {
    guard !samplesSteps else { return policy.decision(at: now) }
    if now >= cachedDecisionHoldsUntil {
      cachedDecision = nil
      cachedDecisionHoldsUntil = policy.nextDecisionChange(after: now) ?? .distantFuture
    }
    if let cachedDecision {
      if checksKeptDecisions { checkKept(cachedDecision) }
      return cachedDecision
    }
    let answer = policy.decision(at: now)
    cachedDecision = answer
    return answer
  }

  /// Compares `kept`, the answer kept since the last notification, with a fresh one, and keeps
  /// the first difference as the policy's contract breach.
  @inline(never)
  private mutating func checkKept(_ kept: Decision) {
    guard contractBreach == nil else { return }
    let fresh = policy.decision(at: now)
    if fresh != kept { contractBreach = ContractBreach(at: now, kept: kept, fresh: fresh) }
  }

  /// Counts a delivery the policy did not accept, tells the observer when the store tries
  /// again, and returns that instant (`nil`: the store gives up). `attempts` is the flight's
  /// failed attempts, this one counted.
  @inline(never)
  private mutating func notAccepted(_ notification: StoreNotification, attempts: Int32) -> Instant? {
    deliveriesNotAccepted += 1
    let retryAt = Store.redeliveryDelay(afterFailedAttempt: attempts).map { now + $0 }
    observer.engineDeliveryNotAccepted(notification, attempt: attempts, retryAt: retryAt, at: now)
    return retryAt
  }

  /// A notification delivered at once and not accepted: put in a slot of its own, as sent now,
  /// and queued for the store's next attempt. Returns whether it was (else the store gave up).
  @inline(never)
  private mutating func redeliverLater(effect i: Int, gainNotice: Bool) -> Bool {
    let notification = effects.notificationSlots[i]
    guard let retryAt = notAccepted(notification, attempts: 1) else { return false }
    let flight = InFlight(sentAt: now, copies: 1, delivered: true, gainNotice: gainNotice, attempts: 1)
    let slot: Int32
    if let free = freeSlots.popLast() {
      slot = free
      inFlight[Int(slot)] = flight
      flightNotifications[Int(slot)] = notification
    } else {
      slot = Int32(inFlight.count)
      inFlight.append(flight)
      flightNotifications.append(notification)
    }
    enqueue(retryAt, rank: Rank.delivery, .delivery(slot: slot))
    return true
  }

  /// Whether any work is still queued.
  public var hasPendingWork: Bool { !queue.isEmpty }

  /// The instant of the next queued work, if any.
  public var nextEventInstant: Instant? { queue.first?.instant }

  // MARK: Scheduling

  /// The subscriber does `action` at `instant`. Actions at one instant run in the order they
  /// were scheduled, before the store's own timers at that instant.
  public mutating func schedule(_ action: SubscriberAction, at instant: Instant) {
    queue.makeUnique()
    enqueue(instant, rank: Rank.subscriber, .action(action))
  }

  /// The delivery faults change at `instant`.
  public mutating func schedule(_ settings: DeliverySettings, at instant: Instant) {
    scheduledSettings.append(settings)
    queue.makeUnique()
    enqueue(instant, rank: Rank.subscriber, .deliverySettings(index: Int32(scheduledSettings.count - 1)))
  }

  /// `run(until:)` stops at `instant` and returns `.marker(id)`. With `afterEverything`, the
  /// marker comes after all other work at that instant (to check expectations); otherwise it
  /// comes in line with the subscriber's actions (to insert actions in file order).
  public mutating func scheduleMarker(_ id: UInt32, at instant: Instant, afterEverything: Bool) {
    queue.makeUnique()
    enqueue(instant, rank: afterEverything ? Rank.endOfInstant : Rank.subscriber, .marker(id))
  }

  /// Queues `kind` at `instant`. Work of one instant and rank runs in the order queued, or,
  /// with `newestFirst`, in the reverse order, after all that runs in the order queued. The
  /// queue must be the engine's alone: each public entry point makes it so first, once.
  @inline(__always)
  private mutating func enqueue(
    _ instant: Instant, rank: UInt8, _ kind: EventQueue.Kind, newestFirst: Bool = false
  ) {
    sequence &+= 1
    let order = newestFirst ? Int64.max / 2 - sequence : sequence
    queue.insert(EventQueue.Entry(instant: instant, rank: rank, order: order, kind: kind))
  }

  // MARK: Running

  /// Why `run(until:)` returned.
  public enum Stop: Hashable, Sendable {
    /// Everything up to and including the limit has happened.
    case reachedLimit
    /// A marker set with `scheduleMarker` is due; `now` is its instant.
    case marker(UInt32)
    /// The current period's end or number changed (only with `stopsWhenRenewalMoves`).
    case renewalMoved
  }

  /// Processes all work up to and including `limit`, sampling the policy after each event and
  /// at each step; stops early at a marker. Calling it again continues where it stopped.
  public mutating func run(until limit: Instant) -> Stop {
    queue.makeUnique()
    while let next = queue.first, next.instant <= limit {
      sampleSteps(before: next.instant)
      guard let entry = queue.popFirst() else { break }
      if let stop = process(entry) { return stop }
    }
    sampleSteps(before: limit + .seconds(1))
    if limit > now { now = limit }
    return .reachedLimit
  }

  /// Processes work instant by instant, exactly as `run(until:)` does with each next instant as
  /// its limit, but returns between two instants only when the observer asks
  /// (``EngineObserver/wantsToStop(before:)``) or no work is left, with `.reachedLimit`: the
  /// limit is the observer's. Stops early at a marker too. Unlike `run(until:)` it never samples
  /// past the last event nor moves `now` beyond it.
  ///
  /// For a caller that reacts to a few instants only, as the Monte Carlo driver does: it pays
  /// one call and one return per instant it reacts to, not per instant played (a Google Play
  /// subscriber in account hold has a retry a day, and nothing to react to in most of them).
  /// Between two instants the observer may queue an action of the subscriber's
  /// (``EngineObserver/engineFinishedInstant(_:record:)``) without the caller.
  public mutating func runWhileObserverContinues() -> Stop {
    queue.makeUnique()
    while let next = queue.first {
      if next.instant > now {
        if let scheduled = observer.engineFinishedInstant(now, record: record) {
          enqueue(scheduled.instant, rank: Rank.subscriber, .action(scheduled.action))
          continue
        }
        if observer.wantsToStop(before: next.instant) { break }
      }
      sampleSteps(before: next.instant)
      guard let entry = queue.popFirst() else { break }
      if let stop = process(entry) { return stop }
    }
    return .reachedLimit
  }

  /// Does one piece of queued work and samples after it; returns why to stop, if the caller
  /// must.
  @inline(__always)
  private mutating func process(_ entry: EventQueue.Entry) -> Stop? {
    now = entry.instant
    let periodEnd = record.periodEnd
    let periodNumber = record.periodNumber
    switch entry.kind {
    case .marker(let id):
      return .marker(id)
    case .action(let action):
      applyStoreStep(periodEnd: periodEnd, periodNumber: periodNumber) {
        store, record, payments, effects, now in
        store.apply(action, to: &record, at: now, payments: &payments, effects: &effects)
      }
      observer.engineDidApply(action, at: now, record: record)
    case .timer(let timer, let epoch):
      guard epoch == record.epoch else { return nil }
      applyStoreStep(periodEnd: periodEnd, periodNumber: periodNumber) {
        store, record, payments, effects, now in
        store.fire(timer, to: &record, at: now, payments: &payments, effects: &effects)
      }
      observer.engineDidFire(timer, at: now, record: record)
    case .delivery(let slot):
      deliver(slot: slot)
    case .deliverySettings(let index):
      let settings = scheduledSettings[Int(index)]
      delivery = settings
      observer.engineDeliveryChanged(settings, at: now)
    case .policyClock:
      policyClockAt = nil
      schedulePolicyClock()
    }
    sample(
      afterEvent: true, decision: currentDecision(), deliveriesDueNow: dueAtOnce > 0 || deliveryQueuedNow)
    if dueAtOnce > 0 { deliverDueAtOnce() }
    if stopsWhenRenewalMoves, record.periodEnd != periodEnd || record.periodNumber != periodNumber {
      return .renewalMoved
    }
    return nil
  }

  @inline(__always)
  private mutating func applyStoreStep(
    periodEnd: Instant, periodNumber: Int32,
    _ rule: (Store, inout SubscriptionRecord, inout Payments, inout StoreEffects, Instant) -> Void
  ) {
    let before = record.truth
    effects.removeAll()
    rule(store, &record, &payments, &effects, now)
    let after = record.truth
    if before != after {
      observer.engineTruthChanged(from: before, to: after, at: now, record: record)
    }
    if effects.timerCount > 0 {
      // The first timer (usually the only one) read where it lies; a loop over all of them had
      // the optimiser load every inline slot before it, used or not.
      let first = effects.firstTimers.0
      enqueue(first.instant, rank: Rank.store, .timer(first.timer, epoch: first.epoch))
      if effects.timerCount > 1 { enqueueTimers(from: 1) }
    }
    guard effects.notificationCount > 0 else { return }
    let renewalMoved = record.periodEnd != periodEnd || record.periodNumber != periodNumber
    // The notices of a move into access, and of a step that keeps it (a renewal, the start of
    // grace), excuse a lockout until they arrive: the stores charge a renewal before the
    // period ends, so in the store's own timing they reach the server before the expiry it
    // knows passes (docs/STORE-MODELS.md, "A renewal and its notice").
    sendEffects(
      gainsAccess: after.isEntitled && (!before.isEntitled || before != after || renewalMoved),
      renewalMoved: renewalMoved)
  }

  /// Queues the timers of the store step just applied, from the `first`-th on.
  @inline(never)
  private mutating func enqueueTimers(from first: Int) {
    var t = first
    while t < effects.timerCount {
      let scheduled = effects.timer(at: t)
      enqueue(scheduled.instant, rank: Rank.store, .timer(scheduled.timer, epoch: scheduled.epoch))
      t += 1
    }
  }

  /// Sends the notifications of the store step just applied: at once (delivered after the
  /// step's sample) or through slots and the queue. Kept apart from `applyStoreStep`: with this
  /// inside it, the optimiser stopped inlining `applyStoreStep` into the loop, about 500 more
  /// instructions per subscriber-year.
  private mutating func sendEffects(gainsAccess: Bool, renewalMoved: Bool) {
    let count = effects.notificationCount
    if deliversAtOnce(renewalMoved: renewalMoved) {
      var i = 0
      while i < count {
        observer.engineDidSend(effects.notificationSlots[i], at: now)
        i += 1
      }
      undelivered += Int32(count)
      if gainsAccess { gainNoticesPending += Int32(count) }
      dueAtOnce = count
      dueAtOnceGainNotice = gainsAccess
      return
    }
    // Nothing in flight (every slot free), as when each notification arrives before the next
    // event: the effects' buffer becomes the slots' buffer, the i-th notification slot i, and
    // no notification is copied. Otherwise each is copied once, from the effects into a slot.
    let inPlace = freeSlots.count == inFlight.count
    if inPlace {
      inFlight.removeAllKeepingCapacity()
      freeSlots.removeAllKeepingCapacity()
      effects.exchangeNotifications(with: &flightNotifications)
    }
    var i = 0
    while i < count {
      send(effect: i, gainNotice: gainsAccess, inPlace: inPlace)
      i += 1
    }
  }

  /// Whether the notifications of the store step just applied are delivered right after its
  /// sample, from the effects' buffer, instead of through a slot and the queue: when each would
  /// arrive now, once, and be the next work played (nothing queued before a delivery now), and
  /// the caller is not to be stopped by the step first. Played in the same order with the same
  /// samples as through the queue, without the slot bookkeeping, a queue insert and a pop per
  /// notification: the case of every notification of a Monte Carlo run.
  @inline(__always)
  private func deliversAtOnce(renewalMoved: Bool) -> Bool {
    guard !delivery.duplicate, delivery.delay.seconds == 0, delivery.reorderWindow.seconds == 0,
      !delivery.isOutage(at: now), !(stopsWhenRenewalMoves && renewalMoved)
    else { return false }
    guard let first = queue.first else { return true }
    return first.instant > now || first.rank > Rank.delivery
  }

  /// Delivers the notifications sent by the store step just played, in order, each followed by
  /// its sample, as their queued deliveries would have been. Each is prepared where it lies in
  /// the effects' buffer (see `arrive`) and handed from there: nothing else touches the buffer
  /// before the next store step. (Taking the buffer out and back, around a closure over its
  /// pointer, cost a release and a uniqueness check per step.)
  private mutating func deliverDueAtOnce() {
    let count = dueAtOnce
    dueAtOnce = 0
    var i = 0
    while i < count {
      let outcome = Self.deliverAtOnce(
        i, of: effects.notificationSlots, store: store, record: record, policy: &policy,
        observer: &observer, at: now)
      // Refused: the store tries again later, but the policy has heard it and said no, so it
      // excuses nothing from now on (see `InFlight.delivered`).
      if outcome != .accepted { _ = redeliverLater(effect: i, gainNotice: dueAtOnceGainNotice) }
      let answer = answerAfterDelivery()
      undelivered -= 1
      if dueAtOnceGainNotice { gainNoticesPending -= 1 }
      i += 1
      sample(afterEvent: true, decision: answer, deliveriesDueNow: i < count)
    }
  }

  /// Sends the `i`-th notification of the current effects; `inPlace` when it already lies in
  /// slot `i`.
  private mutating func send(effect i: Int, gainNotice: Bool, inPlace: Bool) {
    let copies: Int8 = delivery.duplicate ? 2 : 1
    let flight = InFlight(
      sentAt: now, copies: copies, delivered: false, gainNotice: gainNotice, attempts: 0)
    let slot: Int32
    if inPlace {
      observer.engineDidSend(flightNotifications[i], at: now)
      slot = Int32(i)
      inFlight.append(flight)
    } else {
      observer.engineDidSend(effects.notificationSlots[i], at: now)
      if let free = freeSlots.popLast() {
        slot = free
        inFlight[Int(slot)] = flight
        flightNotifications[Int(slot)] = effects.notificationSlots[i]
      } else {
        slot = Int32(inFlight.count)
        inFlight.append(flight)
        flightNotifications.append(effects.notificationSlots[i])
      }
    }
    undelivered += 1
    if gainNotice { gainNoticesPending += 1 }
    let arrival = delivery.arrival(ofNotificationSentAt: now)
    // In a reorder window, held to the window's end and delivered newest first.
    let newestFirst = delivery.reorderWindow.seconds > 0
    for _ in 0..<copies {
      enqueue(arrival, rank: Rank.delivery, .delivery(slot: slot), newestFirst: newestFirst)
    }
  }

  private mutating func deliver(slot: Int32) {
    let index = Int(slot)
    if delivery.isOutage(at: now) {
      inFlight[index].attempts += 1
      let attempts = inFlight[index].attempts
      let retryAt = Store.redeliveryDelay(afterFailedAttempt: attempts).map { now + $0 }
      observer.engineDeliveryFailed(flightNotifications[index], attempt: attempts, retryAt: retryAt, at: now)
      if let retryAt {
        enqueue(retryAt, rank: Rank.delivery, .delivery(slot: slot))
      } else {
        releaseCopy(slot: slot)
      }
      return
    }
    let outcome = Self.arrive(
      slot: index, in: &flightNotifications, store: store, record: record, policy: &policy,
      observer: &observer, sentAt: inFlight[index].sentAt, at: now)
    schedulePolicyClock()
    if outcome != .accepted {
      // A failed attempt, as in an outage, but the policy has heard it: it no longer excuses.
      settle(slot: index)
      inFlight[index].attempts += 1
      if let retryAt = notAccepted(flightNotifications[index], attempts: inFlight[index].attempts) {
        enqueue(retryAt, rank: Rank.delivery, .delivery(slot: slot))
      } else {
        releaseCopy(slot: slot)
      }
      return
    }
    settle(slot: index)
    releaseCopy(slot: slot)
  }

  /// The notification in `index` no longer counts as on its way: accepted, or refused.
  @inline(__always)
  private mutating func settle(slot index: Int) {
    guard !inFlight[index].delivered else { return }
    inFlight[index].delivered = true
    undelivered -= 1
    if inFlight[index].gainNotice { gainNoticesPending -= 1 }
  }

  /// After a delivery: queues the policy's clock (``schedulePolicyClock()``) and returns its
  /// answer now, kept as `currentDecision()` would keep it. Asked together, so that the loads
  /// behind both questions stay on the path that needs them: sampled through
  /// `currentDecision()`, which may ask for the next change again, the reference policy's four
  /// sources were read and kept aside after every delivery for the merging it rarely does.
  @inline(__always)
  private mutating func answerAfterDelivery() -> Decision {
    guard !samplesSteps else { return policy.decision(at: now) }
    let (answer, change) = policy.decisionAndNextChange(at: now)
    schedulePolicyClock(at: change)
    cachedDecision = answer
    return answer
  }

  /// Queues a sample where the policy says its answer next changes on its own, unless one is
  /// queued for that instant already. Only for a policy sampled at events alone.
  private mutating func schedulePolicyClock() {
    guard !samplesSteps else { return }
    schedulePolicyClock(at: policy.nextDecisionChange(after: now))
  }

  /// ``schedulePolicyClock()`` with the policy's next change, `change`, asked already.
  @inline(__always)
  private mutating func schedulePolicyClock(at change: Instant?) {
    // Called after each delivery and at each policy-clock sample: the answer may have changed.
    cachedDecision = nil
    cachedDecisionHoldsUntil = change ?? .distantFuture
    guard let next = change, next != policyClockAt else { return }
    policyClockAt = next
    enqueue(next, rank: Rank.endOfInstant, .policyClock)
  }

  /// Prepares a notification for its arrival and hands it to the policy and the observer where
  /// it lies in its slot, through the buffer: copying a 360-byte App Store notification out of
  /// the slot and into each call cost more than the policy's own work. Preparing in place is
  /// safe because a store's `prepareDelivery` only sets what the server fetches at arrival
  /// (Google's resource, from the record) and leaves what was sent alone, so a duplicate or a
  /// redelivery of the same slot, prepared again, is what preparing the sent notification gives.
  @inline(__always)
  private static func arrive(
    slot index: Int, in notifications: inout SlotBuffer<StoreNotification>, store: Store,
    record: SubscriptionRecord, policy: inout Policy, observer: inout Observer, sentAt: Instant,
    at now: Instant
  ) -> DeliveryOutcome {
    notifications.withUnsafeMutableBufferPointer { buffer in
      store.prepareDelivery(&buffer[index], record: record, at: now)
      let outcome = policy.receive(buffer[index], at: now)
      observer.engineDidDeliver(buffer[index], sentAt: sentAt, at: now)
      return outcome
    }
  }

  /// Hands the `index`-th notification of the store step, completed for its arrival now, to the
  /// policy and the observer, leaving it as sent where it lies: nothing reads it there again
  /// (the next step writes over its slot), and reading the list instead of taking it for writing
  /// saves a uniqueness check per delivery (measured in docs/MONTE-CARLO.md).
  @inline(__always)
  private static func deliverAtOnce(
    _ index: Int, of notifications: SlotBuffer<StoreNotification>, store: Store, record: SubscriptionRecord,
    policy: inout Policy, observer: inout Observer, at now: Instant
  ) -> DeliveryOutcome {
    var outcome = DeliveryOutcome.accepted
    notifications.withUnsafeBufferPointer { buffer in
      store.withDelivered(buffer[index], record: record, at: now) { delivered in
        outcome = policy.receive(delivered, at: now)
        observer.engineDidDeliver(delivered, sentAt: now, at: now)
      }
    }
    return outcome
  }

  private mutating func releaseCopy(slot: Int32) {
    let index = Int(slot)
    inFlight[index].copies -= 1
    if inFlight[index].copies == 0 {
      // A notification lost for good stays "undelivered": its excuse never ends. This is the
      // scenario contract read literally ("excused while some notification the store sent has
      // not reached the policy yet"); it means a lost notification excuses the mismatches it
      // leaves behind for the rest of the run, which the docs say.
      freeSlots.append(slot)
    }
  }

  /// Samples every step strictly before `instant`; a step that falls on `instant` itself is
  /// covered by the event sampled there.
  private mutating func sampleSteps(before instant: Instant) {
    guard samplesSteps else { return }
    while nextStep < instant {
      if nextStep > now { now = nextStep }
      sample(afterEvent: false)
      nextStep = nextStep + step
    }
    if nextStep == instant { nextStep = nextStep + step }
  }

  @inline(__always)
  private mutating func sample(afterEvent: Bool) {
    sample(afterEvent: afterEvent, decision: currentDecision())
  }

  /// Whether the next queued work is a delivery at this very instant that the policy has not
  /// refused before (a redelivery of a refused one excuses nothing).
  @inline(__always)
  private var deliveryQueuedNow: Bool {
    guard let first = queue.first, first.instant == now, case .delivery(let slot) = first.kind else {
      return false
    }
    return inFlight[Int(slot)].attempts == 0
  }

  /// Samples with `decision`, the policy's answer now. `deliveriesDueNow`: a notification is
  /// still to reach the policy at this very instant. A store's step and the notices it sends
  /// at once are one instant (the App Store charges a renewal before the period ends, so its
  /// notice reaches the server before the old expiry passes: docs/STORE-MODELS.md, "A renewal
  /// and its notice"), so no lockout begins at an answer given before they arrive
  /// (``EngineSample/deliveriesDueNow``).
  @inline(__always)
  private mutating func sample(afterEvent: Bool, decision: Decision, deliveriesDueNow: Bool = false) {
    observer.engineSample(
      EngineSample(
        instant: now, truth: record.truth, decision: decision, afterEvent: afterEvent,
        undelivered: undelivered, awaitingGainNotice: gainNoticesPending > 0,
        deliveriesDueNow: deliveriesDueNow))
  }
}

/// Where work stands among other work at the same instant.
private enum Rank {
  /// The subscriber's actions and delivery changes, in the order scheduled.
  static let subscriber: UInt8 = 0
  /// The store's own timers: after the subscriber, so `card-fails` at `renewal 1` counts.
  static let store: UInt8 = 1
  /// Deliveries, after what sent them.
  static let delivery: UInt8 = 2
  /// Markers that check the instant once everything in it has happened.
  static let endOfInstant: UInt8 = 3
}
