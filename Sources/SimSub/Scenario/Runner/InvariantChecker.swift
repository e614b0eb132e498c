/// Watches the engine's samples and records every span in which an invariant fails, with the
/// scenario format's excuse rules applied exactly:
///
/// - `no-lockout-in-grace`: the store entitles (`active`, `canceled`, `grace`) and the policy
///   denies access — excused while the notification of a move into access has not yet reached
///   the policy (`EngineSample.awaitingGainNotice`), and not begun before the notices sent at
///   the same instant have arrived (`EngineSample.deliveriesDueNow`): a renewal at a period's
///   end is no lockout before its own notice;
/// - `no-free-access`: the store does not entitle and the policy grants access — excused while
///   any notification sent so far is undelivered;
/// - `prompt-matches`: `soft` in grace, `hard` in hold, `none` in active and canceled — with the
///   same delivery excuse. For an Apple Family Sharing member (`familyMember`), `none` in all
///   four: the card that failed is the purchaser's, and the member cannot fix it.
///
/// A span begins at the first failing sample and ends at the first sample that holds again (or
/// at the end of the run). Samples come at every event and, for a policy that may change on its
/// own clock, at every step, so a span is measured to within one step.
public struct InvariantChecker: Sendable {
  /// A span in which an invariant failed.
  public struct Violation: Hashable, Sendable {
    public var invariant: Invariant
    public var start: Instant
    /// When it held again; `nil` while it still fails (closed at the end of the run).
    public var end: Instant?
    public var truth: StoreTruth
    public var decision: Decision
    /// The notification after which the policy last changed its answer before `start` (the
    /// answer it gave then is the one at fault), if any: the likely cause. `nil` with
    /// ``causeArrival`` set: the answer changed at that instant with no notification, on the
    /// policy's own clock (an expiry date it read passing).
    public var cause: StoreNotification?
    public var causeArrival: Instant?

    public var duration: TimeSpan? { end.map { $0 - start } }
  }

  public private(set) var violations: [Violation] = []
  /// Whether the run is a Family Sharing member's, who is never to be asked to fix a card.
  public var familyMember = false
  private var open: [Invariant: Int] = [:]
  private var lastDelivered: (StoreNotification, Instant)?
  /// The answer at the last sample, and what last changed it: the notification delivered just
  /// before, or none (the policy's clock), with the instant.
  private var lastAnswer: Decision?
  private var answerChange: (cause: StoreNotification?, at: Instant)?

  public init(familyMember: Bool = false) { self.familyMember = familyMember }

  /// Whether `sample` breaks `invariant`, after the excuses; `familyMember` for a Family Sharing
  /// member's run.
  public static func fails(
    _ invariant: Invariant, _ sample: EngineSample, familyMember: Bool = false
  ) -> Bool {
    let truth = sample.truth
    let decision = sample.decision
    switch invariant {
    case .noLockoutInGrace:
      return truth.isEntitled && !decision.access && !sample.awaitingGainNotice
    case .noFreeAccess:
      return !truth.isEntitled && decision.access && sample.undelivered == 0
    case .promptMatches:
      guard sample.undelivered == 0, decision.saysPrompt else { return false }
      if familyMember {
        switch truth {
        case .active, .canceled, .grace, .hold: return decision.prompt != .none
        default: return false
        }
      }
      switch truth {
      case .grace: return decision.prompt != .soft
      case .hold: return decision.prompt != .hard
      case .active, .canceled: return decision.prompt != .none
      default: return false
      }
    }
  }

  public mutating func delivered(_ notification: StoreNotification, at instant: Instant) {
    lastDelivered = (notification, instant)
  }

  public mutating func observe(_ sample: EngineSample) {
    if let last = lastAnswer,
      last.access != sample.decision.access || last.state != sample.decision.state
        || last.prompt != sample.decision.prompt
    {
      if let (notification, arrival) = lastDelivered, arrival == sample.instant {
        answerChange = (notification, arrival)
      } else {
        answerChange = (nil, sample.instant)
      }
    } else if lastAnswer == nil, let (notification, arrival) = lastDelivered {
      answerChange = (notification, arrival)
    }
    lastAnswer = sample.decision
    for invariant in Invariant.allCases {
      var failing = Self.fails(invariant, sample, familyMember: familyMember)
      // No lockout begins before the notices of this very instant have arrived
      // (``EngineSample/deliveriesDueNow``); a span that began before goes on through them.
      if sample.deliveriesDueNow {
        if open[invariant] != nil {
          failing = true
        } else if invariant == .noLockoutInGrace {
          failing = false
        }
      }
      if failing, open[invariant] == nil {
        open[invariant] = violations.count
        violations.append(
          Violation(
            invariant: invariant, start: sample.instant, end: nil, truth: sample.truth,
            decision: sample.decision, cause: answerChange?.cause, causeArrival: answerChange?.at))
      } else if !failing, let index = open[invariant] {
        violations[index].end = sample.instant
        open[invariant] = nil
      }
    }
  }

  /// Closes every open span at the end of the run.
  public mutating func finish(at instant: Instant) {
    for (_, index) in open { violations[index].end = instant }
    open.removeAll()
  }
}
