import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// One server for every shipped run at once: each subscription's ids find it and only it, the
/// index asking the clock of its subscriber alone; an unknown id is looked for everywhere.
@Suite struct StoreAPIServerIndexTests {
  @Test func everyRunServedTogether() throws {
    let all = StoreAPIServing.runs.flatMap { $0 }
    let clock = TestClock(Instant(secondsSinceEpoch: 0))
    let server = try StoreAPIServer(subscriptions: all, clock: clock.reading)
    defer { server.stop() }
    let client = HTTPClient()
    var checked = 0
    for run in StoreAPIServing.runs {
      for s in run where s.member == 0 {
        guard let end = StoreAPIServing.end(s) else { continue }
        clock.set(end)
        let before = clock.subscribersAsked.count
        for (api, path) in s.apiPaths(at: end) where api != .revenuecat {
          let served = try StoreAPIServing.send(client, server, api, path)
          #expect(served.text == api.answer(path, at: end, among: run).json, "\(path)")
          checked += 1
        }
        #expect(Set(clock.subscribersAsked.dropFirst(before)) == [s.context.subscriberId])
      }
    }
    #expect(checked > 100)
    let groups = Set(all.map(\.context.subscriberId)).count
    let before = clock.subscribersAsked.count
    #expect(try StoreAPIServing.send(client, server, .apple, "/inApps/v1/transactions/1").status == 404)
    #expect(clock.subscribersAsked.count - before == groups)
  }

  @Test func groupsNamedByTheIndexComeFirst() throws {
    let all = StoreAPIServing.runs.flatMap { $0 }
    let subscribers = StoreAPISubscribers(all)
    let s = try #require(all.last { $0.store == .google })
    let end = try #require(StoreAPIServing.end(s))
    let token = try #require(
      s.apiPaths(at: end).first { $0.api == .google }.flatMap { $0.path.split(separator: "/").last })
    let ordered = subscribers.groups(for: String(token), on: .google)
    #expect(ordered.first?.id == s.context.subscriberId)
    #expect(ordered.count == subscribers.groups.count)
    #expect(Set(ordered.map(\.id)) == Set(subscribers.groups.map(\.id)))
    #expect(subscribers.groups(for: String(token), on: .stripe).map(\.id) == subscribers.groups.map(\.id))
  }
}
