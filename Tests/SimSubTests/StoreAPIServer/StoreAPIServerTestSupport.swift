import Foundation
import SubscriptionPolicy

@testable import SimSub

/// A played subscription of a shipped scenario with the subscriptions of its run, for the
/// server's tests: what they serve and what the direct ``StoreAPI`` answers are compared with.
enum StoreAPIServing {
  static let runs: [[SimulatedSubscription]] = WireTesting.shipped.map {
    SimulatedSubscription.all(in: $0, settings: WireTesting.settings())
  }

  /// The first purchaser's subscription of `store` in the shipped runs, with its run's
  /// subscriptions.
  static func first(_ store: StoreKind) -> (
    subscription: SimulatedSubscription, all: [SimulatedSubscription]
  )? {
    for all in runs {
      if let s = all.first(where: { $0.store == store && $0.member == 0 }) { return (s, all) }
    }
    return nil
  }

  /// The run's end: the last instant its records changed.
  static func end(_ s: SimulatedSubscription) -> Instant? { s.history.entries.last?.instant }

  /// `GET` (or `method`) of `path` on `api` of `server`.
  static func send(
    _ client: HTTPClient, _ server: StoreAPIServer, _ api: StoreAPIKind, _ path: String,
    method: String = "GET",
    headers: HTTPHeaders = [:]
  ) throws -> HTTPResponse {
    let url = HTTPURL(host: .ipv4Loopback, port: server.port(api), target: path)
    return try client.send(method, url, headers: headers).get()
  }
}

extension HTTPResponse {
  var text: String { String(decoding: body, as: UTF8.self) }
  var json: JSONValue? { try? JSONValue(parsing: text) }
}

/// A clock a test sets, that also records which subscribers it was asked about.
final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var instant: Instant
  private var asked: [String] = []

  init(_ instant: Instant) { self.instant = instant }

  func set(_ instant: Instant) { lock.withLock { self.instant = instant } }

  var subscribersAsked: [String] { lock.withLock { asked } }

  var reading: StoreAPIServer.Clock {
    { [self] subscriber in
      lock.withLock {
        asked.append(subscriber)
        return instant
      }
    }
  }
}
