import SubscriptionPolicy

/// Opens the policy types a replay names for ``ReplayPlayer``'s generic play and compare, so
/// each built-in policy runs specialised (``BuiltInPolicyDispatch``).
enum ReplayDispatch {
  /// `player.play` under `policy`.
  static func play(
    _ policy: any EntitlementPolicy.Type, player: ReplayPlayer, entries: [ReplayEntry],
    subscribers: ReplaySubscribers
  ) -> ReplayPlayer.Outcome {
    BuiltInPolicyDispatch.open(policy, with: Play(player: player, entries: entries, subscribers: subscribers))
  }

  /// `player.compare` of `old` and `new`.
  static func compare(
    _ old: any EntitlementPolicy.Type, _ new: any EntitlementPolicy.Type, player: ReplayPlayer,
    entries: [ReplayEntry], subscribers: ReplaySubscribers
  ) -> [ReplayPlayer.Difference] {
    BuiltInPolicyDispatch.open(
      old, with: CompareOld(player: player, entries: entries, subscribers: subscribers, new: new))
  }

  /// `player.compare` of the built-in `old` and any policy type `New` (an app's own, in its gate).
  static func compare<New: EntitlementPolicy>(
    _ old: any EntitlementPolicy.Type, _ new: New.Type, player: ReplayPlayer, entries: [ReplayEntry],
    subscribers: ReplaySubscribers
  ) -> [ReplayPlayer.Difference] {
    BuiltInPolicyDispatch.open(
      old, with: CompareNew<New>(player: player, entries: entries, subscribers: subscribers))
  }

  private struct Play: PolicyVisitor {
    let player: ReplayPlayer
    let entries: [ReplayEntry]
    let subscribers: ReplaySubscribers
    func visit<Policy: EntitlementPolicy>(_ type: Policy.Type) -> ReplayPlayer.Outcome {
      player.play(type, entries: entries, subscribers: subscribers)
    }
  }

  private struct CompareOld: PolicyVisitor {
    let player: ReplayPlayer
    let entries: [ReplayEntry]
    let subscribers: ReplaySubscribers
    let new: any EntitlementPolicy.Type
    func visit<Old: EntitlementPolicy>(_ type: Old.Type) -> [ReplayPlayer.Difference] {
      BuiltInPolicyDispatch.open(
        new, with: CompareBoth<Old>(player: player, entries: entries, subscribers: subscribers))
    }
  }

  private struct CompareBoth<Old: EntitlementPolicy>: PolicyVisitor {
    let player: ReplayPlayer
    let entries: [ReplayEntry]
    let subscribers: ReplaySubscribers
    func visit<New: EntitlementPolicy>(_ type: New.Type) -> [ReplayPlayer.Difference] {
      player.compare(Old.self, type, entries: entries, subscribers: subscribers)
    }
  }

  private struct CompareNew<New: EntitlementPolicy>: PolicyVisitor {
    let player: ReplayPlayer
    let entries: [ReplayEntry]
    let subscribers: ReplaySubscribers
    func visit<Old: EntitlementPolicy>(_ type: Old.Type) -> [ReplayPlayer.Difference] {
      player.compare(type, New.self, entries: entries, subscribers: subscribers)
    }
  }
}

extension ReplayDispatch {
  typealias Streamed<T> = Result<(index: ReplayStream.Index, result: T), ReplayLogReader.FileError>

  /// The logs of `stream` played under `policy`, as they are read.
  static func play(_ policy: any EntitlementPolicy.Type, stream: ReplayStream) -> Streamed<
    ReplayPlayer.Outcome
  > {
    BuiltInPolicyDispatch.open(policy, with: StreamPlay(stream: stream))
  }

  /// The logs of `stream` played under `old` and `new` side by side, as they are read.
  static func compare(
    _ old: any EntitlementPolicy.Type, _ new: any EntitlementPolicy.Type, stream: ReplayStream
  ) -> Streamed<[ReplayPlayer.Difference]> {
    BuiltInPolicyDispatch.open(old, with: StreamCompareOld(stream: stream, new: new))
  }

  /// The same, for any policy type `New` (an app's own, in its gate).
  static func compare<New: EntitlementPolicy>(
    _ old: any EntitlementPolicy.Type, _ new: New.Type, stream: ReplayStream
  ) -> Streamed<[ReplayPlayer.Difference]> {
    BuiltInPolicyDispatch.open(old, with: StreamCompareNew<New>(stream: stream))
  }

  static func streamCompare<Old: EntitlementPolicy, New: EntitlementPolicy>(
    _ old: Old.Type, _ new: New.Type, stream: ReplayStream
  ) -> Streamed<[ReplayPlayer.Difference]> {
    let settings = stream.settings
    let found = Found<[ReplayPlayer.Difference]>([])
    do throws(ReplayLogReader.FileError) {
      let index = try stream.run({ ReplayComparePlay<Old, New>(settings: settings) }) {
        (d: ReplayPlayer.Difference?) in
        if let d { found.value.append(d) }
      }
      return .success((index, found.value))
    } catch {
      return .failure(error)
    }
  }

  private struct StreamPlay: PolicyVisitor {
    let stream: ReplayStream
    func visit<Policy: EntitlementPolicy>(_ type: Policy.Type) -> Streamed<ReplayPlayer.Outcome> {
      let settings = stream.settings
      let found = Found(ReplayPlayer.Outcome())
      do throws(ReplayLogReader.FileError) {
        let index = try stream.run({ ReplayPolicyPlay<Policy>(settings: settings) }) {
          (o: ReplayPlayer.Outcome) in found.value.add(o)
        }
        return .success((index, found.value))
      } catch {
        return .failure(error)
      }
    }
  }

  private struct StreamCompareOld: PolicyVisitor {
    let stream: ReplayStream
    let new: any EntitlementPolicy.Type
    func visit<Old: EntitlementPolicy>(_ type: Old.Type) -> Streamed<[ReplayPlayer.Difference]> {
      BuiltInPolicyDispatch.open(new, with: StreamCompareBoth<Old>(stream: stream))
    }
  }

  private struct StreamCompareBoth<Old: EntitlementPolicy>: PolicyVisitor {
    let stream: ReplayStream
    func visit<New: EntitlementPolicy>(_ type: New.Type) -> Streamed<[ReplayPlayer.Difference]> {
      ReplayDispatch.streamCompare(Old.self, type, stream: stream)
    }
  }

  private struct StreamCompareNew<New: EntitlementPolicy>: PolicyVisitor {
    let stream: ReplayStream
    func visit<Old: EntitlementPolicy>(_ type: Old.Type) -> Streamed<[ReplayPlayer.Difference]> {
      ReplayDispatch.streamCompare(type, New.self, stream: stream)
    }
  }
}

/// What a streamed play gathers, as subscribers end.
private final class Found<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
