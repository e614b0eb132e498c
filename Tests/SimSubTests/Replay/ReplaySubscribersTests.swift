import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// Grouping a log by subscriber: the requests of every shipped scenario, mixed into one log,
/// fall into exactly one group per subscriber the scenarios played.
@Suite("Replay: subscribers")
struct ReplaySubscribersTests {
  func entries(_ logged: [ReplayLogReaderTests.Logged]) -> [ReplayEntry] {
    var reader = ReplayLogReader()
    reader.read(
      bytes: Array(logged.map(ReplayLogReaderTests.receivedLine).joined(separator: "\n").utf8), file: "log")
    #expect(reader.problems == [])
    return reader.entries
  }

  /// The partition by subscriber is the scenarios' own: each run's requests (a purchaser's or
  /// a family member's, over one store or several) form one group, and no group mixes runs.
  @Test func everyShippedRunIsOneSubscriber() throws {
    let logged = ReplayLogReaderTests.logged
    let entries = entries(logged)
    try #require(entries.count == logged.count)
    let subscribers = ReplaySubscribers(entries)
    #expect(subscribers.unattached.isEmpty)
    var runOfGroup: [String] = []
    for group in subscribers.groups {
      let runs = Set(group.entries.map { logged[$0].run })
      #expect(runs.count == 1, "a group mixes \(runs.count) runs: \(group.ids)")
      runOfGroup.append(logged[group.entries[0]].run)
    }
    let split = Dictionary(grouping: subscribers.groups, by: { logged[$0.entries[0]].run }).filter {
      $0.value.count > 1
    }
    #expect(
      split.isEmpty,
      "runs split over several groups: \(split.values.map { $0.map { g in g.ids } })")
    #expect(Set(runOfGroup) == Set(logged.map(\.run)))
    // Each group's entries in received order.
    for group in subscribers.groups {
      let received = group.entries.map { entries[$0].received }
      #expect(received == received.sorted())
    }
  }

  /// A subscriber on two stores is one subscriber, through the app's account id.
  @Test func twoStoresOfOnePersonJoinThroughTheAccountId() throws {
    let byRun = Dictionary(grouping: ReplayLogReaderTests.logged, by: \.run)
    let twoStores = try #require(byRun.values.first { Set($0.map(\.store)).count > 1 })
    let subscribers = ReplaySubscribers(entries(twoStores))
    #expect(subscribers.groups.count == 1)
    let ids = try #require(subscribers.groups.first?.ids)
    #expect(ids.contains { $0.hasPrefix("account ") })
  }

  /// Without the resources a Google Play handler fetched, a new purchase token (an upgrade, a
  /// resubscription) cannot be chained to the old: the log's bare RTDNs split such a subscriber.
  @Test func googleTokensChainOnlyThroughTheFetchedResource() throws {
    let byRun = Dictionary(grouping: ReplayLogReaderTests.logged, by: \.run)
    let chained = try #require(
      byRun.values.first { logs in
        logs.allSatisfy { $0.store == "google" }
          && logs.contains { $0.resource?["linkedPurchaseToken"] != nil }
      })
    #expect(ReplaySubscribers(entries(chained)).groups.count == 1)
    var bare = ReplayLogReader()
    bare.read(bytes: Array(chained.map(\.body).joined(separator: "\n").utf8), file: "log")
    #expect(ReplaySubscribers(bare.entries).groups.count > 1)
  }

  /// RevenueCat's aliases and transfers join the users they name.
  @Test func aliasesAndTransfersJoin() throws {
    func revenueCat(_ type: String, user: String, extra: String) -> String {
      #"{"api_version":"1.0","event":{"type":"\#(type)","id":"\#(UUID().uuidString)","app_user_id":"\#(user)","event_timestamp_ms":1767225600000,"product_id":"p","period_type":"NORMAL","store":"APP_STORE","environment":"PRODUCTION"\#(extra)}}"#
    }
    let events = [
      revenueCat(
        "INITIAL_PURCHASE", user: "a",
        extra:
          #","aliases":["a","$RCAnonymousID:1"],"purchased_at_ms":1767225600000,"expiration_at_ms":1769904000000"#
      ),
      revenueCat(
        "RENEWAL", user: "$RCAnonymousID:1",
        extra: #","purchased_at_ms":1769904000000,"expiration_at_ms":1772323200000"#),
      revenueCat("TRANSFER", user: "b", extra: #","transferred_from":["a"],"transferred_to":["b"]"#),
      revenueCat(
        "INITIAL_PURCHASE", user: "c",
        extra: #","purchased_at_ms":1767225600000,"expiration_at_ms":1769904000000"#),
    ]
    var rc = ReplayLogReader()
    rc.read(bytes: Array(events.joined(separator: "\n").utf8), file: "rc")
    #expect(rc.problems == [], "\(rc.problems)")
    let groups = ReplaySubscribers(rc.entries).groups
    #expect(groups.map(\.entries) == [[0, 1, 2], [3]])
  }
}
