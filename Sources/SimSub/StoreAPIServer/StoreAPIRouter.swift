import Foundation

/// How one HTTP request to one of the store APIs is answered.
///
/// - The instant: the request's `X-Simsub-Now` (one RFC 3339 instant; anything else is 400)
///   when it carries one, so a handler that forwards the header it received is answered at that
///   instant; otherwise the clock's instant for the subscriber whose subscription is looked at.
/// - `GET` and `HEAD` of a path ``StoreAPI`` serves: its answer, the store's 404 for an unknown
///   id. Repeated slashes are read as one, so `$SIMSUB_APPLE_API/inApps/…` works with the
///   base URL's trailing slash; the query is ignored.
/// - Google's `POST …/purchases/subscriptions/{subscriptionId}/tokens/{token}:acknowledge`: 204
///   for a token the store issued (nothing else changes: later answers keep the store's
///   `acknowledgementState`), Google's 404 otherwise.
/// - Another method on a served path: 405 with `Allow`; a path not served: 404 whose `message`
///   names the paths that are.
enum StoreAPIRouter {
  static let nowHeader = "X-Simsub-Now"
  static let acknowledge = ":acknowledge"

  static func respond(
    to request: HTTPRequest, api: StoreAPIKind, subscribers: StoreAPISubscribers, clock: StoreAPIServer.Clock
  ) -> HTTPResponse {
    var now: Instant?
    let stated = request.headers.values(nowHeader)
    if !stated.isEmpty {
      guard stated.count == 1, let instant = RFC3339.parse(stated[0]) else {
        let found = stated.map { "'\($0)'" }.joined(separator: ", ")
        return answer(
          api, status: 400,
          message:
            "\(nowHeader) must be one RFC 3339 instant such as 2026-02-01T09:00:00Z; found \(found)")
      }
      now = instant
    }
    let path = request.path
    let purchase = String(path.dropLast(acknowledge.count))
    if api == .google, path.hasSuffix(acknowledge), StoreAPI.components(purchase).count == 9,
      api.answer(purchase, at: now ?? Instant(secondsSinceEpoch: 0), among: [])
        != StoreAPI.notServed(purchase, serving: api.paths)
    {
      guard request.method == "POST" else { return notAllowed(api, request, allow: "POST") }
      let found = lookUp(api, purchase, subscribers: subscribers, now: now, clock: clock)
      return found.status == 200 ? HTTPResponse(status: 204) : answer(api, found)
    }
    // The answer among no subscriptions: the served paths' 404 (RevenueCat's empty subscriber)
    // or the 404 of a path not served.
    let unserved = StoreAPI.notServed(path, serving: api.paths)
    guard api.answer(path, at: now ?? Instant(secondsSinceEpoch: 0), among: []) != unserved else {
      return answer(api, unserved)
    }
    guard request.method == "GET" || request.method == "HEAD" else {
      return notAllowed(api, request, allow: "GET, HEAD")
    }
    return answer(api, lookUp(api, path, subscribers: subscribers, now: now, clock: clock))
  }

  /// The answer of the subscriber the path names, at that subscriber's instant: the first
  /// subscriber's that is not a 404 (those the id is known to belong to asked first), or the
  /// store's 404.
  static func lookUp(
    _ api: StoreAPIKind, _ path: String, subscribers: StoreAPISubscribers, now: Instant?,
    clock: StoreAPIServer.Clock
  ) -> WireResponse {
    if api == .revenuecat {
      let user = StoreAPI.components(path).last?.removingPercentEncoding ?? ""
      return api.answer(path, at: now ?? clock(user), among: subscribers.subscriptions(of: user))
    }
    var missing: WireResponse?
    for group in subscribers.groups(for: StoreAPI.components(path).last ?? "", on: api) {
      let r = api.answer(path, at: now ?? clock(group.id), among: group.subscriptions)
      if r.status != 404 { return r }
      missing = missing ?? r
    }
    return missing ?? api.answer(path, at: now ?? Instant(secondsSinceEpoch: 0), among: [])
  }

  static func answer(_ api: StoreAPIKind, _ r: WireResponse) -> HTTPResponse {
    HTTPResponse(status: r.status, contentType: api.contentType, body: r.json)
  }

  static func answer(_ api: StoreAPIKind, status: Int, message: String) -> HTTPResponse {
    answer(api, WireResponse(status: status, body: ["message": .string(message)]))
  }

  static func notAllowed(_ api: StoreAPIKind, _ request: HTTPRequest, allow: String) -> HTTPResponse {
    var r = answer(
      api, status: 405,
      message:
        "simsub's \(api.title) answers \(allow.replacingOccurrences(of: ", ", with: " and ")) on \(request.path), not \(request.method)"
    )
    r.headers.append("Allow", allow)
    return r
  }
}
