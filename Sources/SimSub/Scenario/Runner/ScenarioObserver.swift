/// The scenario runner's observer: the timeline's rows, the notifications sent and delivered,
/// and the invariant checker.
public struct ScenarioObserver: EngineObserver {
  public var rows: [TimelineRow] = []
  public var checker = InvariantChecker()
  /// Every notification name sent, with its instant, for `sent:` expectations.
  public private(set) var sent: [(instant: Instant, name: String)] = []
  /// Every delivery, in arrival order, for failure reports.
  public private(set) var deliveries: [(instant: Instant, name: String)] = []
  /// Every delivery attempt, failed ones and duplicates included, in the order made: what the
  /// store put on the wire (`simsub requests`).
  public private(set) var attempts: [DeliveryAttempt] = []
  /// The store's record after each action and timer: what the store APIs answer from.
  package private(set) var records = RecordHistory()
  /// For each notification in flight (as sent), when it was sent and how many attempts it has had.
  private var flights: [StoreNotification: (sentAt: Instant, attempts: Int32)] = [:]
  private var current: TimelineRow?
  /// Samples and deliveries in the order they happened, kept only when not `nil`: how a
  /// scenario of several sources merges what each source's engine saw.
  var log: [LoggedEvent]?
  /// Whether ``checker`` watches the samples. Not for one source of several: the invariants
  /// are the subscriber's, checked on every source's samples merged (``MergedSources``), and
  /// one source's truth alone would misjudge the shared policy.
  var checksInvariants = true

  /// One entry of ``log``.
  enum LoggedEvent {
    case sample(EngineSample)
    case delivered(StoreNotification, Instant)
  }

  public init() {}

  /// Opens a row for something the runner did (a note).
  public mutating func note(_ text: String, at instant: Instant, truth: StoreTruth, decision: Decision) {
    flush()
    rows.append(TimelineRow(instant: instant, event: .note(text), truth: truth, decision: decision))
  }

  public mutating func engineDidApply(
    _ action: SubscriberAction, at instant: Instant, record: SubscriptionRecord
  ) {
    records.append(record, at: instant)
    begin(.action(action), at: instant)
  }
  public mutating func engineDidFire(_ timer: StoreTimer, at instant: Instant, record: SubscriptionRecord) {
    records.append(record, at: instant)
    begin(.timer(timer), at: instant)
  }
  public mutating func engineDidSend(_ notification: StoreNotification, at instant: Instant) {
    let name = notification.name
    sent.append((instant, name))
    pendingSent.append(name)
    flights[notification.asSent] = (instant, 0)
  }
  public mutating func engineDidDeliver(
    _ notification: StoreNotification, sentAt: Instant, at instant: Instant
  ) {
    if checksInvariants { checker.delivered(notification, at: instant) }
    log?.append(.delivered(notification, instant))
    deliveries.append((instant, notification.name))
    recordAttempt(notification, sentAt: sentAt, delivered: true, at: instant)
    begin(.delivered(notification.name, sentAt: sentAt), at: instant)
  }
  public mutating func engineDeliveryFailed(
    _ notification: StoreNotification, attempt: Int32, retryAt: Instant?, at instant: Instant
  ) {
    recordAttempt(notification, sentAt: nil, delivered: false, at: instant)
    begin(.deliveryFailed(notification.name, attempt: attempt, retryAt: retryAt), at: instant)
  }

  /// The policy heard `notification` and refused it: the attempt kept as delivered is one that
  /// failed, and the timeline says when the store tries again.
  public mutating func engineDeliveryNotAccepted(
    _ notification: StoreNotification, attempt: Int32, retryAt: Instant?, at instant: Instant
  ) {
    if let last = attempts.lastIndex(where: { $0.notification.asSent == notification.asSent }) {
      attempts[last].delivered = false
      attempts[last].refusal = "refused"
    }
    begin(.deliveryFailed(notification.name, attempt: attempt, retryAt: retryAt), at: instant)
  }

  /// Counts one more attempt at `notification` and keeps it.
  private mutating func recordAttempt(
    _ notification: StoreNotification, sentAt: Instant?, delivered: Bool, at instant: Instant
  ) {
    let key = notification.asSent
    var flight = flights[key] ?? (sentAt ?? instant, 0)
    flight.attempts += 1
    flights[key] = flight
    attempts.append(
      DeliveryAttempt(
        instant: instant, sentAt: sentAt ?? flight.sentAt, notification: notification,
        attempt: flight.attempts, delivered: delivered))
  }
  public mutating func engineDeliveryChanged(_ settings: DeliverySettings, at instant: Instant) {
    begin(.deliveryChanged(settings), at: instant)
  }
  public mutating func engineSample(_ sample: EngineSample) {
    if checksInvariants { checker.observe(sample) }
    log?.append(.sample(sample))
    guard sample.afterEvent, var row = current else { return }
    row.truth = sample.truth
    row.decision = sample.decision
    row.sent = pendingSent
    pendingSent.removeAll()
    rows.append(row)
    current = nil
  }

  private var pendingSent: [String] = []

  private mutating func begin(_ event: TimelineRow.Event, at instant: Instant) {
    flush()
    current = TimelineRow(instant: instant, event: event, truth: .never, decision: .never)
  }

  private mutating func flush() {
    if var row = current {
      row.sent = pendingSent
      pendingSent.removeAll()
      rows.append(row)
      current = nil
    }
  }
}

/// One row of a scenario's timeline: an event and the state just after it.
public struct TimelineRow: Hashable, Sendable {
  public enum Event: Hashable, Sendable {
    case action(SubscriberAction)
    case timer(StoreTimer)
    case delivered(String, sentAt: Instant)
    case deliveryFailed(String, attempt: Int32, retryAt: Instant?)
    case deliveryChanged(DeliverySettings)
    case note(String)
  }

  public var instant: Instant
  public var event: Event
  /// With several sources: the name of the source the event happened to.
  public var source: String?
  /// Notifications the store sent during the event.
  public var sent: [String] = []
  public var truth: StoreTruth
  public var decision: Decision
}
