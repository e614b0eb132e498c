import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// Any request, however mangled, is answered with one of the router's statuses and a JSON body
/// (204 without one): seeded mutations of every real path, sent mostly to its own API and
/// sometimes to another, with every method and good and bad `X-Simsub-Now` values.
@Suite struct StoreAPIRouterPropertyTests {
  @Test func mangledRequestsGetAnAnswer() throws {
    let all = StoreAPIServing.runs.prefix(12).flatMap { $0 }
    let subscribers = StoreAPISubscribers(all)
    let end = Instant(secondsSinceEpoch: 1_800_000_000)
    var seeds = all.flatMap { $0.apiPaths(at: end) }
    seeds += StoreAPIKind.allCases.flatMap { api in api.paths.map { (api, $0) } }
    let acknowledge = try #require(seeds.first { $0.api == .google && $0.path.contains("/subscriptions/") })
    seeds += Array(repeating: (.google, acknowledge.path + ":acknowledge"), count: 20)
    try #require(seeds.count > 20)
    let alphabet = Array("/:%?#._-~aZ09{}\u{00E9} ")
    let methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get"]
    let nows = [nil, "2026-01-01T00:00:00Z", "2026-02-30T00:00:00Z", "", "now", "+999999-12-31T23:59:59Z"]
    var random = SplitMix64(seed: 18)
    func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    var statuses: [Int: Int] = [:]
    for _ in 0..<4_000 {
      let (api, path) = seeds[pick(seeds.count)]
      var chars = Array(path)
      for _ in 0..<pick(4) {
        let at = chars.isEmpty ? 0 : pick(chars.count)
        switch pick(3) {
        case 0: chars.insert(alphabet[pick(alphabet.count)], at: at)
        case 1: if !chars.isEmpty { chars.remove(at: at) }
        default: if !chars.isEmpty { chars[at] = alphabet[pick(alphabet.count)] }
        }
      }
      var headers = HTTPHeaders()
      if let now = nows[pick(nows.count)] { headers.append("X-Simsub-Now", now) }
      let request = HTTPRequest(method: methods[pick(methods.count)], target: String(chars), headers: headers)
      let response = StoreAPIRouter.respond(
        to: request, api: pick(5) == 0 ? StoreAPIKind.allCases[pick(4)] : api, subscribers: subscribers,
        clock: { _ in end })
      statuses[response.status, default: 0] += 1
      #expect([200, 204, 400, 404, 405].contains(response.status), "\(request.method) \(request.target)")
      if response.status == 204 {
        #expect(response.body.isEmpty)
      } else {
        #expect(response.json != nil, "\(request.method) \(request.target)")
      }
    }
    // The mutations reach every answer, not only the 404s.
    #expect(Set(statuses.keys) == [200, 204, 400, 404, 405], "\(statuses)")
  }
}
