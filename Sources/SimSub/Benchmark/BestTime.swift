import Foundation

/// How the benchmark times a piece of work: the least wall time of several runs, the one the
/// rest of the machine disturbed least.
enum BestTime {
  /// The least wall time of `repetitions` runs of `body` (at least one), in seconds.
  static func seconds(of repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<max(1, repetitions) {
      let start = DispatchTime.now().uptimeNanoseconds
      try body()
      best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
  }
}
