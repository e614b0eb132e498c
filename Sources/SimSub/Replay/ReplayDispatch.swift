import SubscriptionPolicy

/// Opens the policies a replay names for ``ReplayPlayer``'s and ``ReplayStream``'s generic
/// play and compare, so each built-in policy runs specialised (``BuiltInPolicyDispatch``) and a
/// policy file's process or server is played through the same walk (``ReplayPolicyChoice``).
enum ReplayDispatch {
  /// `player.play` under `policy`.
  static func play(
    _ policy: any EntitlementPolicy.Type, player: ReplayPlayer, entries: [ReplayEntry],
    subscribers: ReplaySubscribers
  ) -> ReplayPlayer.Outcome {
    BuiltInPolicyDispatch.open(policy, with: Play(player: player, entries: entries, subscribers: subscribers))
  }

  private struct Play: PolicyVisitor {
    let player: ReplayPlayer
    let entries: [ReplayEntry]
    let subscribers: ReplaySubscribers
    func visit<Policy: EntitlementPolicy>(_ type: Policy.Type) -> ReplayPlayer.Outcome {
      player.play(type, entries: entries, subscribers: subscribers)
    }
  }
}

extension ReplayDispatch {
  typealias Streamed<T> = Result<(index: ReplayStream.Index, result: T), ReplayLogReader.FileError>

  /// The logs of `stream` played under `policy`, as they are read.
  static func play(_ policy: any EntitlementPolicy.Type, stream: ReplayStream) -> Streamed<
    ReplayPlayer.Outcome
  > {
    play(.builtIn(policy), stream: stream)
  }

  /// The logs of `stream` played under `policy`, built in or a policy file's, as they are read.
  static func play(_ policy: ReplayPolicyChoice, stream: ReplayStream) -> Streamed<ReplayPlayer.Outcome> {
    policy.open(settings: stream.settings, with: StreamPlay(stream: stream))
  }

  /// The logs of `stream` played under `old` and `new` side by side, as they are read.
  static func compare(
    _ old: any EntitlementPolicy.Type, _ new: any EntitlementPolicy.Type, stream: ReplayStream
  ) -> Streamed<[ReplayPlayer.Difference]> {
    compare(.builtIn(old), .builtIn(new), stream: stream)
  }

  /// The same, either of them a policy file's.
  static func compare(
    _ old: ReplayPolicyChoice, _ new: ReplayPolicyChoice, stream: ReplayStream
  ) -> Streamed<[ReplayPlayer.Difference]> {
    old.open(settings: stream.settings, with: StreamCompareOld(stream: stream, new: new))
  }

  /// The same, for any policy type `New` (an app's own, in its gate).
  static func compare<New: EntitlementPolicy>(
    _ old: any EntitlementPolicy.Type, _ new: New.Type, stream: ReplayStream
  ) -> Streamed<[ReplayPlayer.Difference]> {
    ReplayPolicyChoice.builtIn(old).open(
      settings: stream.settings, with: StreamCompareWith<New>(stream: stream))
  }

  /// Plays every subscriber of `stream` with a fresh `make(group)`, gathering the results.
  private static func stream<Play: ReplaySubscriberPlay, Gathered>(
    _ stream: ReplayStream, _ make: @escaping (ReplaySubscribers.Group) -> Play, into start: Gathered,
    _ add: @escaping (inout Gathered, Play.Result) -> Void
  ) -> Streamed<Gathered> {
    let found = Found(start)
    do throws(ReplayLogReader.FileError) {
      let index = try stream.run(make) { add(&found.value, $0) }
      return .success((index, found.value))
    } catch {
      return .failure(error)
    }
  }

  private struct StreamPlay: ReplayedPolicyVisitor {
    let stream: ReplayStream
    func visit<Policy: ReplayedPolicy>(_ make: @escaping (ReplaySubscribers.Group) -> Policy) -> Streamed<
      ReplayPlayer.Outcome
    > {
      ReplayDispatch.stream(stream, { ReplayPolicyPlay(make($0)) }, into: ReplayPlayer.Outcome()) {
        $0.add($1)
      }
    }
  }

  private struct StreamCompareOld: ReplayedPolicyVisitor {
    let stream: ReplayStream
    let new: ReplayPolicyChoice
    func visit<Old: ReplayedPolicy>(_ makeOld: @escaping (ReplaySubscribers.Group) -> Old) -> Streamed<
      [ReplayPlayer.Difference]
    > {
      new.open(settings: stream.settings, with: StreamCompareNew(stream: stream, makeOld: makeOld))
    }
  }

  fileprivate struct StreamCompareNew<Old: ReplayedPolicy>: ReplayedPolicyVisitor {
    let stream: ReplayStream
    let makeOld: (ReplaySubscribers.Group) -> Old
    func visit<New: ReplayedPolicy>(_ makeNew: @escaping (ReplaySubscribers.Group) -> New) -> Streamed<
      [ReplayPlayer.Difference]
    > {
      let makeOld = makeOld
      return ReplayDispatch.stream(stream, { ReplayComparePlay(makeOld($0), makeNew($0)) }, into: []) {
        if let d = $1 { $0.append(d) }
      }
    }
  }
}

extension ReplayDispatch {
  /// A comparison with the compiled type `New` (an app's own, in its gate) as the new policy.
  private struct StreamCompareWith<New: EntitlementPolicy>: ReplayedPolicyVisitor {
    let stream: ReplayStream
    func visit<Old: ReplayedPolicy>(_ makeOld: @escaping (ReplaySubscribers.Group) -> Old) -> Streamed<
      [ReplayPlayer.Difference]
    > {
      let settings = stream.settings
      return StreamCompareNew(stream: stream, makeOld: makeOld).visit { _ in
        BuiltInReplayedPolicy<New>(settings: settings)
      }
    }
  }
}

/// What a streamed play gathers, as subscribers end.
private final class Found<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
