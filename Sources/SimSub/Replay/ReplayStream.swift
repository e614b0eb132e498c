import SubscriptionPolicy

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plays logs in memory bounded by the subscribers in flight, not by the logs' length.
///
/// Each entry of the logs is read and decoded once:
///
/// 1. **Index**: every entry's ids go into one union-find (``ReplaySubscribers``'s rules); per
///    group of ids, the ordinal of its first and last entry and its counts are kept. Nothing
///    of an entry is kept in memory but its ids, so this holds one record per id: per
///    subscriber, not per notification. What the play needs of each entry (its first id's key,
///    its ordinal and instant, its notification: a plain value) goes to a temporary file
///    (``ReplaySpill``), written and read back in fixed chunks.
/// 2. **Play**: read back from that file, each notification is handed to its subscriber's
///    walk (``ReplayWalk``: the store's truth and the policy's state, never the
///    notifications), and once the log passes the subscriber's last entry the walk is
///    finished, its result taken and the walk dropped.
/// 3. **Reorder**, only when needed: a subscriber with a notification received before one
///    already played is dropped in pass 2 and played here from their notifications gathered
///    and sorted (only theirs are held), read back from the file once more.
///
/// When no temporary file can be made or written, passes 2 and 3 read and decode the logs
/// again. Standard input (`-`) cannot be read twice, so it is held in memory. `shard` keeps
/// only the subscribers of one slice (``ReplayShard``); the log's unreadable records and the
/// bodies about no subscription are counted in slice 1 only, so the slices add up to one run.
struct ReplayStream {
  var logs: ReplayLogs
  var shard = ReplayShard.whole
  var step: TimeSpan = .hours(1)
  var settings = PolicySettings.default
  /// Called as subscribers are finished: how many, of how many.
  var progress: ((Int, Int) -> Void)?
  /// Asked once the logs are indexed: `true` stops the run before anything is played
  /// (`--strict` with unreadable records).
  var refuse: ((Index) -> Bool)?

  /// What the index found: the report's counts, and the subscribers of the shard by ids.
  struct Index {
    var subscribers: ReplaySubscribers
    var notifications = 0
    var perStore: [(store: String, count: Int)] = []
    var unattached = 0
    var problems: [ReplayProblem] = []
    var records = 0
    /// The logs' last received instant.
    var end = Instant(secondsSinceEpoch: 0)
    /// The most subscribers in flight at once in the play, and those replayed in received order
    /// (pass 3).
    var peakInFlight = 0
    var reordered = 0
  }

  private static let stores = [
    StoreNotification.appleTag, StoreNotification.googleTag, StoreNotification.stripeTag,
    StoreNotification.revenueCatTag,
  ]

  /// The index in ``stores`` of the store that sent `d`.
  private static func store(of d: WireDocument) -> Int {
    switch d {
    case .appStore, .appStoreTransaction, .appStoreRenewalInfo: 0
    case .googlePlay: 1
    case .stripe: 2
    case .revenueCat: 3
    }
  }

  /// Per root of the union-find: the group's entries, by ordinal.
  private struct Span {
    var first = Int.max
    var last = -1
    var perStore = [0, 0, 0, 0]
  }

  /// Standard input, read once.
  private final class Held {
    var bytes: [UInt8]?
  }
  private let held = Held()

  init(logs: ReplayLogs) { self.logs = logs }

  /// Reads every log, handing each entry to `each` with its ordinal; the reader's problems and
  /// records when `keep`.
  ///
  /// With `digesting`, the ids the stores make anew per notification are held as digests
  /// (`Symbol.digestingUniqueIdentifiers`), so the play's memory does not grow with the log.
  private func readLogs(digesting: Bool = false, _ each: @escaping (ReplayEntry, Int) -> Void)
    throws(ReplayLogReader.FileError) -> ReplayLogReader
  {
    guard !digesting else {
      let read = Symbol.$digestingUniqueIdentifiers.withValue(true) {
        Result { () throws(ReplayLogReader.FileError) in try readLogs(each) }
      }
      return try read.get()
    }
    var reader = ReplayLogReader()
    final class Counter { var n = 0 }
    let counter = Counter()
    reader.sink = { entry in
      each(entry, counter.n)
      counter.n += 1
    }
    for log in logs.logs {
      if log.path == "-" {
        if held.bytes == nil { held.bytes = Self.readAll(0) }
        reader.read(bytes: held.bytes ?? [], file: log.name)
      } else {
        try reader.read(file: log.path, named: log.name)
      }
    }
    return reader
  }

  private static func readAll(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      if n <= 0 { return bytes }
      bytes += chunk[0..<n]
    }
  }

  /// What the play needs of an entry about a subscriber, as the index decoded it: the
  /// union-find key of its first id, its ordinal, when it was received and its notification.
  private struct Played {
    var key: Int
    var ordinal: Int
    var received: Instant
    var notification: StoreNotification?
  }

  /// Pass 1, and the key of each subscriber in the shard: ids → key → group. Each entry about a
  /// subscriber goes to `spill` when given.
  private func index(spill: ReplaySpill<Played>? = nil) throws(ReplayLogReader.FileError) -> (
    Index, UnionFind, [Int: Int], [Int: Int]
  ) {
    final class State {
      var find = UnionFind()
      var spans: [Span] = []
      var unattached = 0
      var end = Instant(secondsSinceEpoch: 0)
    }
    let state = State()
    let reader = try readLogs(digesting: true) { entry, ordinal in
      state.end = max(state.end, entry.received)
      let ids = ReplaySubscribers.ids(of: entry)
      guard !ids.isEmpty else {
        state.unattached += 1
        return
      }
      var keys: [Int] = []
      keys.reserveCapacity(ids.count)
      for id in ids {
        let k = state.find.key(id)
        if k == state.spans.count { state.spans.append(Span()) }
        keys.append(k)
      }
      for k in keys.dropFirst() {
        let (a, b) = (state.find.root(keys[0]), state.find.root(k))
        guard a != b else { continue }
        state.find.union(a, b)
        let (kept, gone) = a < b ? (a, b) : (b, a)
        state.spans[kept].first = min(state.spans[kept].first, state.spans[gone].first)
        state.spans[kept].last = max(state.spans[kept].last, state.spans[gone].last)
        for s in 0..<4 { state.spans[kept].perStore[s] += state.spans[gone].perStore[s] }
      }
      let root = state.find.root(keys[0])
      state.spans[root].first = min(state.spans[root].first, ordinal)
      state.spans[root].last = ordinal
      state.spans[root].perStore[Self.store(of: entry.document)] += 1
      spill?.append(
        Played(key: keys[0], ordinal: ordinal, received: entry.received, notification: entry.notification))
    }
    var find = state.find
    // The groups in order of their first entry, as ``ReplaySubscribers`` numbers them.
    var idsOfRoot: [Int: [String]] = [:]
    for (key, id) in find.ids.enumerated() { idsOfRoot[find.root(key), default: []].append(id.name) }
    let roots = idsOfRoot.keys.sorted { state.spans[$0].first < state.spans[$1].first }
    var groups: [ReplaySubscribers.Group] = []
    var groupOfRoot: [Int: Int] = [:]
    var lastOfGroup: [Int: Int] = [:]
    var perStore = [0, 0, 0, 0]
    for root in roots {
      let ids = idsOfRoot[root]!.sorted()
      guard shard.contains(key: ids[0]) else { continue }
      groupOfRoot[root] = groups.count
      lastOfGroup[groups.count] = state.spans[root].last
      groups.append(ReplaySubscribers.Group(ids: ids, entries: []))
      for s in 0..<4 { perStore[s] += state.spans[root].perStore[s] }
    }
    let first = shard.index == 0
    var index = Index(subscribers: ReplaySubscribers(groups: groups))
    index.notifications = perStore.reduce(0, +)
    index.perStore = zip(Self.stores, perStore).filter { $0.1 > 0 }.map { ($0.0, $0.1) }
    if first {
      index.unattached = state.unattached
      index.notifications += state.unattached
      index.problems = reader.problems
    }
    index.records = reader.records
    index.end = state.end
    return (index, find, groupOfRoot, lastOfGroup)
  }

  /// Plays every subscriber of the shard with a fresh `make(group)` and hands `take` each result
  /// with the subscriber's group index, in the order the subscribers end in the log.
  func run<Play: ReplaySubscriberPlay>(
    _ make: @escaping (ReplaySubscribers.Group) -> Play, take: @escaping (Play.Result) -> Void
  ) throws(ReplayLogReader.FileError) -> Index {
    // What the index decoded is kept for the play in a temporary file, so no entry is read
    // or decoded twice; without one, or when the play delivers the requests as logged (a
    // process or a server), the logs are read again.
    let spill = Play.deliversLoggedRequests ? nil : ReplaySpill<Played>.make()
    let (indexed, findAtStart, groupOfRoot, lastOfGroup) = try index(spill: spill)
    let spilled = spill.flatMap { $0.broken ? nil : $0 }
    var index = indexed
    var find = findAtStart
    if refuse?(index) == true { return index }
    let total = index.subscribers.groups.count
    let state = WalksInFlight<Play>()
    let end = index.end
    let (step, settings, progress) = (self.step, self.settings, self.progress)
    func group(of entry: ReplayEntry, _ find: inout UnionFind) -> (key: Int, group: Int)? {
      guard let id = ReplaySubscribers.ids(of: entry).first, let key = find.existingKey(id),
        let g = groupOfRoot[find.root(key)]
      else {
        return nil
      }
      return (key, g)
    }
    /// Every entry about a subscriber of the shard, from the spill or from the logs again (then
    /// with the entry itself, when the play delivers the requests as logged).
    func replayed(_ each: (Int, Played, ReplayEntry?) -> Void) throws(ReplayLogReader.FileError) {
      if let spilled {
        do throws(ReplaySpill<Played>.ReadError) {
          try spilled.forEach { played in
            guard let g = groupOfRoot[find.root(played.key)] else { return }
            each(g, played, nil)
          }
        } catch {
          throw ReplayLogReader.FileError(
            file: "simsub's temporary file", message: "cannot read: \(String(cString: strerror(error.errno)))"
          )
        }
        return
      }
      let logged = Play.deliversLoggedRequests
      try withoutActuallyEscaping(each) { (each) throws(ReplayLogReader.FileError) in
        // The ids are digested as the index's were, so the notifications are the same values.
        _ = try readLogs(digesting: true) { entry, ordinal in
          guard let found = group(of: entry, &find) else { return }
          each(
            found.group,
            Played(
              key: found.key, ordinal: ordinal, received: entry.received, notification: entry.notification),
            logged ? entry : nil)
        }
      }
    }
    func finished(_ g: Int, _ result: Play.Result) {
      take(result)
      state.done += 1
      if state.done % 1024 == 0 || state.done == total { progress?(state.done, total) }
    }
    let groups = index.subscribers.groups
    try replayed { g, entry, logged in
      guard !state.reordered.contains(g) else { return }
      if let notification = entry.notification {
        var walk =
          state.walks.removeValue(forKey: g) ?? ReplayWalk(make(groups[g]), step: step, settings: settings)
        if let last = walk.last, entry.received < last {
          state.reordered.insert(g)
          return
        }
        walk.next(notification, logged: logged, received: entry.received)
        state.walks[g] = walk
        state.peak = max(state.peak, state.walks.count)
      }
      guard entry.ordinal == lastOfGroup[g] else { return }
      var walk =
        state.walks.removeValue(forKey: g) ?? ReplayWalk(make(groups[g]), step: step, settings: settings)
      walk.finish(end: end)
      finished(g, walk.play.result(subscriber: g))
    }
    index.peakInFlight = state.peak
    index.reordered = state.reordered.count
    guard !state.reordered.isEmpty else { return index }
    let gathered = GatheredStories()
    try replayed { g, entry, logged in
      guard state.reordered.contains(g) else { return }
      if let notification = entry.notification {
        gathered.stories[g, default: []].append((entry.received, entry.ordinal, notification, logged))
      }
      guard entry.ordinal == lastOfGroup[g] else { return }
      let story = (gathered.stories.removeValue(forKey: g) ?? []).sorted {
        $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1
      }
      var walk = ReplayWalk(make(groups[g]), step: step, settings: settings)
      for (received, _, notification, logged) in story {
        walk.next(notification, logged: logged, received: received)
      }
      walk.finish(end: end)
      finished(g, walk.play.result(subscriber: g))
    }
    return index
  }

  /// The entries of the subscribers `wanted` (by group index), for their counterexamples: a
  /// pass that keeps only theirs.
  func entries(of wanted: Set<Int>) throws(ReplayLogReader.FileError) -> (
    entries: [ReplayEntry], groups: [Int: ReplaySubscribers.Group]
  ) {
    let (index, findAtStart, groupOfRoot, _) = try index()
    var find = findAtStart
    final class Kept {
      var entries: [ReplayEntry] = []
      var groups: [Int: ReplaySubscribers.Group] = [:]
    }
    let kept = Kept()
    _ = try readLogs { entry, _ in
      guard let id = ReplaySubscribers.ids(of: entry).first, let key = find.existingKey(id),
        let g = groupOfRoot[find.root(key)], wanted.contains(g)
      else { return }
      kept.groups[g, default: ReplaySubscribers.Group(ids: index.subscribers.groups[g].ids, entries: [])]
        .entries.append(kept.entries.count)
      kept.entries.append(entry)
    }
    for g in kept.groups.keys {
      kept.groups[g]!.entries.sort { a, b in
        kept.entries[a].received != kept.entries[b].received
          ? kept.entries[a].received < kept.entries[b].received : a < b
      }
    }
    return (kept.entries, kept.groups)
  }
}

/// The walks of the subscribers in flight, by group, and those dropped for the reorder pass.
private final class WalksInFlight<Play: ReplaySubscriberPlay> {
  var walks: [Int: ReplayWalk<Play>] = [:]
  var reordered: Set<Int> = []
  var done = 0
  var peak = 0
}

/// The stories of the subscribers replayed in received order, by group, while in flight.
private final class GatheredStories {
  var stories: [Int: [(Instant, Int, StoreNotification, ReplayEntry?)]] = [:]
}
