import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// Every route of every store over real loopback HTTP answers the bytes ``StoreAPI`` computes,
/// with the store's 404 for an unknown id, 405 for another method and 404 for another path.
@Suite struct StoreAPIServerRouteTests {
  /// Each path the subscription is found at, served, is the direct answer at the clock's
  /// instant, byte for byte, with the API's content type.
  func servesEachRoute(of store: StoreKind, expecting counts: [StoreAPIKind: Int]) throws {
    let (s, all) = try #require(StoreAPIServing.first(store))
    let end = try #require(StoreAPIServing.end(s))
    let server = try StoreAPIServer(subscriptions: all, clock: { _ in end })
    defer { server.stop() }
    let client = HTTPClient(timeout: .seconds(10))
    let paths = s.apiPaths(at: end)
    #expect(Dictionary(grouping: paths, by: \.api).mapValues(\.count) == counts)
    for (api, path) in paths {
      let direct = api.answer(path, at: end, among: all)
      #expect(direct.status == 200, "\(path)")
      let served = try StoreAPIServing.send(client, server, api, path)
      #expect(served.status == direct.status, "\(path)")
      #expect(served.text == direct.json, "\(path)")
      #expect(served.headers["Content-Type"] == api.contentType)
      // The base URL's trailing slash followed by the path's own: read as one slash.
      let doubled = try StoreAPIServing.send(client, server, api, "/" + path + "?x=1")
      #expect(doubled.text == direct.json, "\(path)")
      let head = try StoreAPIServing.send(client, server, api, path, method: "HEAD")
      #expect(head.status == 200 && head.body.isEmpty)
      #expect(head.headers["Content-Length"] == String(direct.json.utf8.count))
    }
  }

  /// Every path `apiPaths` gives, for every subscription of every shipped run (family members
  /// and several sources included), at each instant its record changed, is found there.
  @Test func everyPathGivenIsFound() throws {
    var checked = 0
    for all in StoreAPIServing.runs {
      for s in all {
        for instant in s.history.entries.map(\.instant) {
          for (api, path) in s.apiPaths(at: instant) {
            let r = api.answer(path, at: instant, among: all)
            #expect(r.status == 200, "\(s.context.subscriberId) member \(s.member) \(path) at \(instant)")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 1000)
  }

  @Test func appStoreRoutes() throws {
    try servesEachRoute(of: .apple, expecting: [.apple: 3, .revenuecat: 1])
    let (s, all) = try #require(StoreAPIServing.first(.apple))
    let end = try #require(StoreAPIServing.end(s))
    let server = try StoreAPIServer(subscriptions: all, clock: { _ in end })
    defer { server.stop() }
    let client = HTTPClient()
    // The paths as StoreAPITests builds them, not through apiPaths.
    let record = try #require(AppStoreResponses.record(in: s.history, at: end))
    let original = s.context.ids.appleTransactionId(
      Symbol(number: AppStoreNotificationBuilder.originalTransactionId(subscriber: record.subscriber))
    ).text
    let model = try #require(s.appStoreModel)
    let status = try StoreAPIServing.send(client, server, .apple, "/inApps/v1/subscriptions/\(original)")
    #expect(
      status.text
        == AppStoreResponses.statusResponse(model: model, record: record, at: end, context: s.context).json)
    #expect(status.json?["bundleId"]?.stringValue == s.context.app.bundleId)
    let missing = try StoreAPIServing.send(client, server, .apple, "/inApps/v1/transactions/2000000000000001")
    #expect(missing.status == 404)
    #expect(missing.text == #"{"errorCode":4040010,"errorMessage":"Transaction id not found."}"#)
  }

  @Test func googlePlayRoutes() throws {
    try servesEachRoute(of: .google, expecting: [.google: 2, .revenuecat: 1])
    let (s, all) = try #require(StoreAPIServing.first(.google))
    let end = try #require(StoreAPIServing.end(s))
    let server = try StoreAPIServer(subscriptions: all, clock: { _ in end })
    defer { server.stop() }
    let client = HTTPClient()
    let base = "/androidpublisher/v3/applications/\(s.context.app.packageName)/purchases"
    let missing = try StoreAPIServing.send(client, server, .google, "\(base)/subscriptionsv2/tokens/nope")
    #expect(missing.status == 404)
    #expect(missing.json == GooglePlayResponses.notFound.body)
    #expect(missing.json?["error"]?["status"]?.stringValue == "NOT_FOUND")
    // Another app's package does not find the token.
    let token = try #require(s.apiPaths(at: end).first { $0.api == .google }?.path.split(separator: "/").last)
    let other = try StoreAPIServing.send(
      client, server, .google,
      "/androidpublisher/v3/applications/other.app/purchases/subscriptionsv2/tokens/\(token)"
    )
    #expect(other.status == 404)
  }

  /// `:acknowledge` is 204 for a token the store issued, Google's 404 for another, and only
  /// POST.
  @Test func googlePlayAcknowledge() throws {
    let (s, all) = try #require(StoreAPIServing.first(.google))
    let end = try #require(StoreAPIServing.end(s))
    let server = try StoreAPIServer(subscriptions: all, clock: { _ in end })
    defer { server.stop() }
    let client = HTTPClient()
    let v1 = try #require(
      s.apiPaths(at: end).first { $0.api == .google && $0.path.contains("/subscriptions/") })
    let before = try StoreAPIServing.send(client, server, .google, v1.path).text
    let ack = try StoreAPIServing.send(client, server, .google, v1.path + ":acknowledge", method: "POST")
    #expect(ack.status == 204 && ack.body.isEmpty)
    #expect(try StoreAPIServing.send(client, server, .google, v1.path).text == before)
    let unknown = v1.path.split(separator: "/").dropLast().joined(separator: "/") + "/nope:acknowledge"
    let missing = try StoreAPIServing.send(client, server, .google, "/" + unknown, method: "POST")
    #expect(missing.status == 404 && missing.json == GooglePlayResponses.notFound.body)
    let get = try StoreAPIServing.send(client, server, .google, v1.path + ":acknowledge")
    #expect(get.status == 405 && get.headers["Allow"] == "POST")
    // A path that is not a purchase's, with :acknowledge, is not served.
    let other = try StoreAPIServing.send(client, server, .google, "/x/y:acknowledge", method: "POST")
    #expect(
      other.status == 404 && other.json?["message"]?.stringValue?.hasPrefix("simsub does not serve") == true)
  }

  @Test func stripeRoutes() throws {
    try servesEachRoute(of: .stripe, expecting: [.stripe: 3, .revenuecat: 1])
    let (s, all) = try #require(StoreAPIServing.first(.stripe))
    let end = try #require(StoreAPIServing.end(s))
    let server = try StoreAPIServer(subscriptions: all, clock: { _ in end })
    defer { server.stop() }
    let client = HTTPClient()
    for (object, id) in [("subscription", "sub_1X"), ("customer", "cus_X"), ("invoice", "in_1X")] {
      let missing = try StoreAPIServing.send(client, server, .stripe, "/v1/\(object)s/\(id)")
      #expect(missing.status == 404)
      #expect(missing.json?["error"]?["code"]?.stringValue == "resource_missing")
      #expect(missing.json?["error"]?["message"]?.stringValue == "No such \(object): '\(id)'")
      #expect(missing.text == StripeResponses.notFound(object, id).json)
    }
  }

  @Test func revenueCatRoutes() throws {
    try servesEachRoute(of: .apple, expecting: [.apple: 3, .revenuecat: 1])
    let (s, all) = try #require(StoreAPIServing.first(.apple))
    let end = try #require(StoreAPIServing.end(s))
    let server = try StoreAPIServer(subscriptions: all, clock: { _ in end })
    defer { server.stop() }
    let client = HTTPClient()
    let known = try StoreAPIServing.send(
      client, server, .revenuecat, "/v1/subscribers/\(s.context.subscriberId)")
    #expect(known.json?["subscriber"]?["entitlements"]?.objectValue?.isEmpty == false)
    // A user RevenueCat has not seen: the empty subscriber it creates, at the clock's instant.
    let unknown = try StoreAPIServing.send(client, server, .revenuecat, "/v1/subscribers/someone%20else")
    #expect(unknown.status == 200)
    #expect(unknown.json?["subscriber"]?["subscriptions"] == .object([:]))
    #expect(unknown.json?["request_date"]?.stringValue == RFC3339.format(end))
  }

  @Test func otherMethodsAndPaths() throws {
    let (s, all) = try #require(StoreAPIServing.first(.stripe))
    let end = try #require(StoreAPIServing.end(s))
    let server = try StoreAPIServer(subscriptions: all, clock: { _ in end })
    defer { server.stop() }
    let client = HTTPClient()
    let sub = try #require(s.apiPaths(at: end).first { $0.api == .stripe }?.path)
    for method in ["POST", "DELETE", "PUT"] {
      let r = try StoreAPIServing.send(client, server, .stripe, sub, method: method)
      #expect(r.status == 405)
      #expect(r.headers["Allow"] == "GET, HEAD")
      #expect(
        r.json?["message"]?.stringValue?.contains("answers GET and HEAD on \(sub), not \(method)") == true)
    }
    for api in StoreAPIKind.allCases {
      for method in ["GET", "POST"] {
        let r = try StoreAPIServing.send(client, server, api, "/v2/nothing/here", method: method)
        #expect(r.status == 404)
        let message = try #require(r.json?["message"]?.stringValue)
        #expect(message.hasPrefix("simsub does not serve /v2/nothing/here; it serves "))
        for path in api.paths { #expect(message.contains(path)) }
      }
    }
    // Stripe's paths are not Apple's: each API is on its own port.
    #expect(try StoreAPIServing.send(client, server, .apple, sub).status == 404)
  }
}
