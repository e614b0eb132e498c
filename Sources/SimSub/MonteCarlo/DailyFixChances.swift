/// The chance of fixing the card on one daily check, as thresholds: by the prompt shown, whether
/// the policy gives access, and the day of the prompt (``Behaviour/dailyFixChance(_:access:day:)``).
/// Built once per run, so a check is an integer comparison.
///
/// A prompt that wears off has a chance per day until its worn-off part no longer moves the
/// threshold; from then on (``days``) the last day's chance holds. One that does not wear off
/// has a single day.
struct DailyFixChances: Hashable, Sendable {
  /// One row of ``days`` chances per prompt with access, then per prompt without
  /// (``row(_:access:)``): the chance on day `d` of the prompt is `table[row + d]`.
  let table: [Chance]
  /// ``table``'s thresholds, for scanning (a certain chance's is `UInt64.max`, which no other
  /// chance's reaches).
  let thresholds: [UInt64]
  /// How many days of a prompt have a chance of their own.
  let days: Int
  /// Whether a day's chance depends on the access the policy gives: subscribers open the app
  /// at another rate without access.
  let dependOnAccess: Bool

  /// The longest a prompt is followed day by day: far longer than any store's retry window.
  static let mostDays = 400

  init(_ behaviour: Behaviour) {
    dependOnAccess = behaviour.opensApp(access: false) != behaviour.opensApp(access: true)
    func chance(_ prompt: RecoveryPrompt, _ access: Bool, _ day: Int) -> Chance {
      Chance(min(1, max(0, behaviour.dailyFixChance(prompt, access: access, day: day))))
    }
    var days = 1
    if behaviour.promptWearsOffPerDay > 0 {
      // Until no prompt's chance, with or without access, moves from one day to the next.
      while days < Self.mostDays {
        let moves = RecoveryPrompt.allCases.contains { prompt in
          [true, false].contains { chance(prompt, $0, days) != chance(prompt, $0, days - 1) }
        }
        guard moves else { break }
        days += 1
      }
    }
    self.days = days
    var table: [Chance] = []
    table.reserveCapacity(2 * RecoveryPrompt.allCases.count * days)
    for access in [true, false] {
      for prompt in RecoveryPrompt.allCases {
        table += (0..<days).map { chance(prompt, access, $0) }
      }
    }
    self.table = table
    thresholds = table.map(\.threshold)
  }

  /// Where the chances of `prompt` shown with or without `access` start in ``table``.
  @inline(__always)
  func row(_ prompt: RecoveryPrompt, access: Bool) -> Int {
    let accessRow = access || !dependOnAccess ? 0 : RecoveryPrompt.allCases.count
    return (accessRow + Int(prompt.rawValue)) * days
  }

  /// The chance on day `day` (from 0) of `prompt` shown with or without `access`.
  func chance(_ prompt: RecoveryPrompt, access: Bool, day: Int) -> Chance {
    table[row(prompt, access: access) + min(day, days - 1)]
  }
}
