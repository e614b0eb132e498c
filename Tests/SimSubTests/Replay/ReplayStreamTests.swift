import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// A log streamed (``ReplayStream``) gives what it gives read whole; its shards merged give
/// one run's report; memory holds the subscribers in flight.
@Suite("Replay: streaming, shards and merging")
struct ReplayStreamTests {
  static let lines = ReplayLogReaderTests.logged.filter(\.delivered).map(ReplayLogReaderTests.receivedLine)

  func stream(_ dir: CommandLineScratchDirectory, _ name: String) throws -> ReplayStream {
    ReplayStream(logs: try ReplayLogs([name], resolver: PathResolver(baseDirectory: dir.path)))
  }

  /// The same verdicts, subscribers and counts as the play of the log held in memory, in the
  /// log's order and with its lines shuffled (subscribers out of received order are replayed
  /// in it, pass 3).
  @Test(arguments: [false, true])
  func aStreamedLogGivesWhatTheWholeLogGives(shuffled: Bool) throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    var lines = Self.lines
    if shuffled {
      var random = SplitMix64(seed: 7)
      for i in stride(from: lines.count - 1, to: 0, by: -1) {
        lines.swapAt(i, Int(random.next() % UInt64(i + 1)))
      }
    }
    let text = lines.joined(separator: "\n") + "\n"
    try dir.file("log.jsonl", text)
    var reader = ReplayLogReader()
    reader.read(bytes: Array(text.utf8), file: "log.jsonl")
    let subscribers = ReplaySubscribers(reader.entries)
    for policy in [ActiveOnlyPolicy.self, UnknownIsActivePolicy.self] as [any EntitlementPolicy.Type] {
      let whole = ReplayDispatch.play(
        policy, player: ReplayPlayer(), entries: reader.entries, subscribers: subscribers)
      let (index, streamed) = try ReplayDispatch.play(policy, stream: try stream(dir, "log.jsonl")).get()
      #expect(index.subscribers.groups.map(\.ids) == subscribers.groups.map(\.ids))
      #expect(index.notifications == reader.entries.count)
      #expect(streamed.samples == whole.samples && streamed.knownSamples == whole.knownSamples)
      #expect(streamed.delivered == whole.delivered)
      #expect(Set(streamed.violations) == Set(whole.violations))
      #expect(!whole.violations.isEmpty)
      #expect((index.reordered > 0) == shuffled)
    }
    let compared = try ReplayDispatch.compare(
      ReferencePolicy.self, ActiveOnlyPolicy.self, stream: try stream(dir, "log.jsonl")
    ).get().result
    let inMemory = ReplayPlayer().compare(
      ReferencePolicy.self, ActiveOnlyPolicy.self, entries: reader.entries, subscribers: subscribers)
    #expect(Set(compared) == Set(inMemory))
  }

  /// Subscribers who come and go: one cohort after another, each holding its own walks only, so
  /// the most in flight is one cohort's, not the log's.
  @Test func memoryHoldsTheSubscribersInFlight() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    // The shipped log's subscribers, in the order of their own stories: one after another.
    var reader = ReplayLogReader()
    reader.read(bytes: Array(Self.lines.joined(separator: "\n").utf8), file: "log")
    let subscribers = ReplaySubscribers(reader.entries)
    let byStory = subscribers.groups.flatMap(\.entries).map { Self.lines[$0] }
    try dir.file("log.jsonl", byStory.joined(separator: "\n") + "\n")
    let (index, _) = try ReplayDispatch.play(ReferencePolicy.self, stream: try stream(dir, "log.jsonl")).get()
    #expect(index.subscribers.groups.count == subscribers.groups.count)
    #expect(index.reordered == 0)
    #expect(index.peakInFlight == 1)
    // Interleaved as received, more are in flight, never more than there are.
    let asReceived = reader.entries.indices.sorted {
      reader.entries[$0].received != reader.entries[$1].received
        ? reader.entries[$0].received < reader.entries[$1].received : $0 < $1
    }
    try dir.file("mixed.jsonl", asReceived.map { Self.lines[$0] }.joined(separator: "\n") + "\n")
    let (mixed, _) = try ReplayDispatch.play(ReferencePolicy.self, stream: try stream(dir, "mixed.jsonl"))
      .get()
    #expect(mixed.peakInFlight > 1 && mixed.peakInFlight <= subscribers.groups.count)
  }

  /// `--shard k/n` for n = 1…4, merged by `simsub merge`, prints exactly one run's report, in
  /// JSON and as text; the slices hold disjoint subscribers that add up to the log's.
  @Test func shardsMergedEqualOneRun() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("log.jsonl", Self.lines.joined(separator: "\n") + "\nnot a record\n")
    for extra in [["--policy", "active-only"], ["--compare", "active-only"]] {
      let (oneStatus, one) = dir.simsub(["replay", "log.jsonl", "--format", "json"] + extra)
      #expect(oneStatus == .checkFailed)
      let oneText = dir.simsub(["replay", "log.jsonl"] + extra).1.standardOutput
      for n in 1...4 {
        var parts: [String] = []
        var subscribers = 0
        for k in 1...n {
          let (_, part) = dir.simsub(
            ["replay", "log.jsonl", "--format", "json", "--shard", "\(k)/\(n)"] + extra)
          try dir.file("part\(k).json", part.standardOutput)
          subscribers += Int(try JSONValue(parsing: part.standardOutput)["subscribers"]?.int64Value ?? -1)
          parts.append("part\(k).json")
        }
        #expect(
          subscribers == Int(try JSONValue(parsing: one.standardOutput)["subscribers"]?.int64Value ?? 0))
        let (status, merged) = dir.simsub(["merge"] + parts + ["--format", "json"])
        #expect(status == .checkFailed, "\(merged.standardError)")
        #expect(merged.standardOutput == one.standardOutput, "\(extra) n=\(n)")
        #expect(dir.simsub(["merge"] + parts).1.standardOutput == oneText, "\(extra) n=\(n)")
      }
    }
    // Shards of two different runs do not merge.
    let a = dir.simsub(["replay", "log.jsonl", "--format", "json", "--shard", "1/2"]).1.standardOutput
    let b = dir.simsub([
      "replay", "log.jsonl", "--format", "json", "--shard", "2/2", "--policy", "active-only",
    ]).1
      .standardOutput
    try dir.file("a.json", a)
    try dir.file("b.json", b)
    #expect(dir.simsub(["merge", "a.json", "b.json"]).0 == .badInput)
    #expect(dir.simsub(["replay", "log.jsonl", "--shard", "3/2"]).0 == .badInput)
    #expect(dir.simsub(["replay", "log.jsonl", "--shard", "x"]).0 == .badInput)
  }

  /// Progress goes to standard error at a terminal only.
  @Test func progressIsShownAtATerminalOnly() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("log.jsonl", Self.lines.joined(separator: "\n") + "\n")
    for terminal in [false, true] {
      let console = CapturingConsole()
      let facts = TerminalFacts(
        standardOutputIsTerminal: false, standardErrorIsTerminal: terminal, environment: [:])
      let status = SimSubMain.run(
        arguments: ["replay", "log.jsonl"], console: console, facts: facts, baseDirectory: dir.path)
      #expect(status == .success)
      #expect(console.standardError.contains("subscribers)") == terminal)
      #expect(!console.standardOutput.contains("\r"))
    }
  }
}
