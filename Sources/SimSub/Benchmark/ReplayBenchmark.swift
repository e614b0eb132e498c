import Foundation
import SubscriptionPolicy

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `simsub benchmark --only replay`: a log replayed with the reference policy, notifications per
/// second (the whole replay: reading, decoding and grouping, then playing from the temporary
/// file), and the process's peak memory after a log of each of two lengths with the same
/// subscribers, to show that it does not grow with the log's length (docs/REPLAY.md, "Speed
/// and memory").
///
/// The log is written to a temporary file: `subscribers` RevenueCat subscribers, each renewing
/// monthly, one received-request line per renewal, the subscribers interleaved month by month
/// as a real log has them, so every subscriber is in flight from the first month to the last
/// (the most memory a streamed replay can need for them). The shorter log is played first: the
/// peak only grows, so a longer log that leaves it where it was needed no more.
enum ReplayBenchmark {
  struct Figures: Sendable {
    struct Run: Sendable {
      var months: Int
      var notifications: Int
      var seconds: Double
      /// The process's peak resident memory after the run, in bytes.
      var peakBytes: Int
      var peakInFlight: Int
      var notificationsPerSecond: Double { Double(notifications) / seconds }
    }
    var subscribers: Int
    var runs: [Run]
  }

  /// One RevenueCat renewal as a received-request line.
  static func line(subscriber: Int, month: Int) -> String {
    let start: Int64 = 1_767_225_600_000
    let at = start + Int64(month) * 2_592_000_000 + Int64(subscriber) * 1_000
    let user = "bench-\(subscriber)"
    let type = month == 0 ? "INITIAL_PURCHASE" : "RENEWAL"
    let body =
      "{\"api_version\":\"1.0\",\"event\":{\"type\":\"\(type)\",\"id\":\"EV-\(subscriber)-\(month)\",\"app_id\":\"app1a2b3c4d5e\",\"event_timestamp_ms\":\(at),\"app_user_id\":\"\(user)\",\"original_app_user_id\":\"\(user)\",\"product_id\":\"premium.monthly\",\"entitlement_ids\":[\"premium\"],\"period_type\":\"NORMAL\",\"purchased_at_ms\":\(at),\"expiration_at_ms\":\(at + 2_592_000_000),\"store\":\"APP_STORE\",\"environment\":\"PRODUCTION\",\"transaction_id\":\"\(3_000_000_000 + subscriber * 100 + month)\",\"original_transaction_id\":\"\(3_000_000_000 + subscriber * 100)\",\"is_family_share\":false,\"country_code\":\"US\",\"aliases\":[\"\(user)\"],\"subscriber_attributes\":{},\"currency\":\"USD\",\"price\":9.99}}"
    return "{\"received\":\"\(RFC3339.format(Instant(millisecondsSinceEpoch: at)))\",\"body\":\(body)}\n"
  }

  /// Writes the log of `months` months to `path`, a month at a time.
  static func write(subscribers: Int, months: Int, to path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    for month in 0..<months {
      var chunk = ""
      for s in 0..<subscribers { chunk += line(subscriber: s, month: month) }
      try handle.write(contentsOf: Data(chunk.utf8))
    }
  }

  static func peakBytes() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)
    #else
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Int(usage.ru_maxrss) * 1024
    #endif
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func measure(subscribers: Int = 5_000, months: [Int] = [12, 48], repetitions: Int) throws -> Figures
  {
    let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "simsub-replay-bench-\(getpid())")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var runs: [Figures.Run] = []
    for m in months.sorted() {
      let path = (folder as NSString).appendingPathComponent("log-\(m).jsonl")
      try write(subscribers: subscribers, months: m, to: path)
      let stream = ReplayStream(logs: ReplayLogs(logs: [(name: path, path: path)]))
      var best = Double.infinity
      var index: ReplayStream.Index?
      var outcome = ReplayPlayer.Outcome()
      for _ in 0..<max(1, repetitions) {
        let began = DispatchTime.now().uptimeNanoseconds
        switch ReplayDispatch.play(ReferencePolicy.self, stream: stream) {
        case .success(let done): (index, outcome) = (done.index, done.result)
        case .failure(let error): throw Failure(description: error.description)
        }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9)
      }
      guard let index, outcome.delivered == subscribers * m, outcome.violations.isEmpty else {
        throw Failure(description: "the benchmark log did not play as written")
      }
      runs.append(
        Figures.Run(
          months: m, notifications: index.notifications, seconds: best, peakBytes: peakBytes(),
          peakInFlight: index.peakInFlight))
      try? FileManager.default.removeItem(atPath: path)
    }
    return Figures(subscribers: subscribers, runs: runs)
  }
}
