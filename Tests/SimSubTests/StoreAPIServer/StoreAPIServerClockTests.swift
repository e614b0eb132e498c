import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// The server answers at the simulated instant of each request: the clock's for the subscriber
/// looked at, or the request's `X-Simsub-Now`.
@Suite struct StoreAPIServerClockTests {
  /// Two instants of `s` at which Apple's status answer differs, with the status path.
  func twoApartStatuses(_ s: SimulatedSubscription, among all: [SimulatedSubscription]) -> (
    Instant, Instant, String
  )? {
    let instants = s.history.entries.map(\.instant)
    guard let end = instants.last, let path = s.apiPaths(at: end).first(where: { $0.api == .apple })?.path
    else { return nil }
    for a in instants {
      let first = StoreAPI.appStore(path, at: a, among: all)
      guard first.status == 200 else { continue }
      for b in instants where b > a {
        let second = StoreAPI.appStore(path, at: b, among: all)
        if second.status == 200,
          first.body["data"]?[0]?["lastTransactions"]?[0]?["status"]
            != second.body["data"]?[0]?["lastTransactions"]?[0]?["status"]
        {
          return (a, b, path)
        }
      }
    }
    return nil
  }

  @Test func answersChangeWithTheClock() throws {
    let found = StoreAPIServing.runs.lazy.compactMap {
      all -> ([SimulatedSubscription], Instant, Instant, String)? in
      guard let s = all.first(where: { $0.store == .apple && $0.member == 0 }),
        let (a, b, path) = self.twoApartStatuses(s, among: all)
      else { return nil }
      return (all, a, b, path)
    }.first
    let (all, a, b, path) = try #require(found)
    let clock = StoreAPIClock(a)
    let server = try StoreAPIServer(subscriptions: all, clock: clock.reading)
    defer { server.stop() }
    let client = HTTPClient()
    let atA = try StoreAPIServing.send(client, server, .apple, path)
    #expect(atA.text == StoreAPI.appStore(path, at: a, among: all).json)
    clock.set(b)
    let atB = try StoreAPIServing.send(client, server, .apple, path)
    #expect(atB.text == StoreAPI.appStore(path, at: b, among: all).json)
    #expect(atA.text != atB.text)
    // Before the purchase the store knows no such transaction.
    clock.set(Instant(secondsSinceEpoch: a.secondsSinceEpoch - 400 * 86_400))
    let before = try StoreAPIServing.send(client, server, .apple, path)
    #expect(before.status == 404 && before.json == AppStoreResponses.notFound.body)
  }

  @Test func simsubNowHeaderWins() throws {
    let (s, all) = try #require(StoreAPIServing.first(.stripe))
    let end = try #require(StoreAPIServing.end(s))
    let start = try #require(s.history.entries.first?.instant)
    let clock = TestClock(start)
    let server = try StoreAPIServer(subscriptions: all, clock: clock.reading)
    defer { server.stop() }
    let client = HTTPClient()
    let path = "/v1/subscribers/\(s.context.subscriberId)"
    var headers = HTTPHeaders()
    headers.append("X-Simsub-Now", RFC3339.format(end))
    let stated = try StoreAPIServing.send(client, server, .revenuecat, path, headers: headers)
    #expect(stated.text == StoreAPI.revenueCat(path, at: end, among: all).json)
    #expect(clock.subscribersAsked.isEmpty)
    let clocked = try StoreAPIServing.send(client, server, .revenuecat, path)
    #expect(clocked.text == StoreAPI.revenueCat(path, at: start, among: all).json)
    #expect(clocked.text != stated.text)
    #expect(clock.subscribersAsked == [s.context.subscriberId])
    for bad in [["yesterday"], ["2026-02-30T00:00:00Z"], [RFC3339.format(end), RFC3339.format(end)]] {
      var h = HTTPHeaders()
      for value in bad { h.append("X-Simsub-Now", value) }
      let r = try StoreAPIServing.send(client, server, .stripe, "/v1/customers/cus_X", headers: h)
      #expect(r.status == 400)
      #expect(r.json?["message"]?.stringValue?.hasPrefix("X-Simsub-Now must be one RFC 3339 instant") == true)
    }
  }

  /// Each subscriber is looked at its own instant: a driver playing several at once answers
  /// each at its own.
  @Test func theClockIsAskedPerSubscriber() throws {
    let (s, all) = try #require(StoreAPIServing.first(.apple))
    let end = try #require(StoreAPIServing.end(s))
    let path = try #require(s.apiPaths(at: end).first { $0.api == .apple }?.path)
    let mine = s.context.subscriberId
    let never = Instant(secondsSinceEpoch: 0)
    let server = try StoreAPIServer(subscriptions: all, clock: { $0 == mine ? end : never })
    defer { server.stop() }
    let r = try StoreAPIServing.send(HTTPClient(), server, .apple, path)
    #expect(r.text == StoreAPI.appStore(path, at: end, among: all).json)
    let blind = try StoreAPIServer(subscriptions: all, clock: { $0 == mine ? never : end })
    defer { blind.stop() }
    #expect(try StoreAPIServing.send(HTTPClient(), blind, .apple, path).status == 404)
  }
}
