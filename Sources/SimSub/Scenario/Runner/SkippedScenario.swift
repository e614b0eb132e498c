/// A scenario `check` (or `run`, or the gate) did not play, and why: the policy takes no
/// notifications of one of its stores (a policy file whose server has no webhook for it), it
/// was written for another known-bad policy, or `--store` left its store out. The reports list
/// it apart from the scenarios that passed or failed, and count it apart in their summaries.
public struct SkippedScenario: Hashable, Sendable {
  /// The path as given (or found under a folder).
  public var path: String
  /// Why, in a phrase that follows "skipped: " (`the policy takes no google notifications`).
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The summary's words for `skipped`: `26 skipped: the policy takes no apple notifications
  /// (20); the policy takes no google notifications (6)`, or an empty string for none. Reasons
  /// are counted by what comes before their colon (`written for a known-bad policy: …`).
  public static func summary(_ skipped: [SkippedScenario]) -> String {
    guard !skipped.isEmpty else { return "" }
    var counts: [(reason: String, count: Int)] = []
    for s in skipped {
      let reason = s.reason.split(separator: ":", maxSplits: 1).first.map(String.init) ?? s.reason
      if let i = counts.firstIndex(where: { $0.reason == reason }) {
        counts[i].count += 1
      } else {
        counts.append((reason, 1))
      }
    }
    let reasons =
      counts.count == 1
      ? counts[0].reason : counts.map { "\($0.reason) (\($0.count))" }.joined(separator: "; ")
    return "\(skipped.count) skipped: \(reasons)"
  }
}

extension ScenarioChannel {
  /// The webhook a subscription of `store` on this channel sends to: `revenuecat` behind
  /// RevenueCat, else the store's own (`apple`, `google`, `stripe`).
  func webhookName(of store: StoreKind) -> String { self == .direct ? store.name : "revenuecat" }
}

extension ScenarioSource {
  /// The webhook this source's notifications go to (``ScenarioChannel/webhookName(of:)``).
  var webhookName: String { channel.webhookName(of: store) }
}

extension PolicyFile {
  /// The webhooks this file's policy takes, by name (`apple`, `google`, `stripe`,
  /// `revenuecat`): a server's, those the file gives; a process takes every store's.
  package var servedWebhooks: Set<String> {
    guard case .server(let server) = mode else { return Set(Webhooks.storeKeys) }
    var served: Set<String> = []
    if server.webhooks.apple != nil { served.insert("apple") }
    if server.webhooks.google != nil { served.insert("google") }
    if server.webhooks.stripe != nil { served.insert("stripe") }
    if server.webhooks.revenuecat != nil { served.insert("revenuecat") }
    return served
  }

  /// Why `scenario` is not played with this policy, when one of its sources sends to a webhook
  /// the file does not give: `the policy takes no google notifications`. A scenario of several
  /// sources is skipped as a whole.
  package func reasonToSkip(_ scenario: Scenario) -> String? {
    let served = servedWebhooks
    let missing = Webhooks.storeKeys.filter { key in
      !served.contains(key) && scenario.subscriptions.contains { $0.webhookName == key }
    }
    guard !missing.isEmpty else { return nil }
    return "the policy takes no \(missing.joined(separator: " or ")) notifications"
  }
}
