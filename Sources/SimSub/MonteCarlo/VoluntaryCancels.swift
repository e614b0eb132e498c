/// A subscriber's voluntary cancels: at the start of each paid period, the subscriber turns
/// auto-renew off during it with `cancels-per-period`, at a uniformly drawn minute, from their
/// own cancels stream.
public struct VoluntaryCancels: Sendable {
  public var rng: Xoshiro256StarStar
  public let chance: Chance
  /// Whether the Monte Carlo observer draws at the end of the instant a period began
  /// (``PopulationObserver/engineFinishedInstant(_:record:)``) rather than the driver: one
  /// return to the driver fewer per period. The driver draws when it writes a replay's story.
  public let drawnByObserver: Bool

  public init(rng: Xoshiro256StarStar, chance: Chance, drawnByObserver: Bool) {
    self.rng = rng
    self.chance = chance
    self.drawnByObserver = drawnByObserver
  }

  /// No cancels, drawn by the driver: for an observer outside a population's run.
  public static let never = VoluntaryCancels(
    rng: Xoshiro256StarStar(s0: 1, s1: 2, s2: 3, s3: 4), chance: Chance(0), drawnByObserver: false)

  /// The cancel of the period `periodStart ..< periodEnd` at `now`, if the subscriber cancels
  /// in it before `horizonEnd`.
  mutating func draw(periodStart: Instant, periodEnd: Instant, at now: Instant, horizonEnd: Instant)
    -> Instant?
  {
    guard rng.happens(chance) else { return nil }
    let from = max(periodStart, now)
    let minutes = (periodEnd - from).seconds / 60
    guard minutes >= 2 else { return nil }
    let at = from + .minutes(1 + Int64(rng.next(below: UInt64(minutes - 1))))
    guard at <= horizonEnd else { return nil }
    return at
  }
}
