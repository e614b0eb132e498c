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
