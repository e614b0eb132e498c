/// One delivery attempt of a scenario as a wire request, with where it came from: one line of
/// `simsub requests`.
public struct RequestRecord: Hashable, Sendable {
  /// The scenario's path, as given.
  public var scenario: String
  /// The source's name (the store's, for a scenario of one subscription); a family member's
  /// run adds `/family member N`.
  public var source: String
  /// When the attempt was made (simulated time).
  public var at: Instant
  public var attempt: Int32
  /// `apple`, `google`, `stripe` or `revenuecat`.
  public var store: String
  public var request: WireRequest
  /// Whether the server took it (`false` in an outage): in the index of `--output`.
  public var delivered: Bool
  /// The notification's name (`DID_FAIL_TO_RENEW/GRACE_PERIOD`): in the index of `--output`.
  public var name: String
  /// For Google Play, the `subscriptionsv2` resource the server fetched at this attempt.
  public var subscriptionsV2: SubscriptionsV2?

  /// A `subscriptionsv2.get` call and its answer.
  public struct SubscriptionsV2: Hashable, Sendable {
    public var path: String
    public var body: JSONValue
  }

  /// The line `simsub requests` prints: `scenario`, `source`, `at`, `attempt`, `store`,
  /// `method`, `path`, `headers`, `body`, in that order.
  public var json: JSONValue {
    var headers = JSONObject()
    for header in request.headers { headers.append(header.name, .string(header.value)) }
    var o = JSONObject()
    o.append("scenario", .string(scenario))
    o.append("source", .string(source))
    o.append("at", .string(RFC3339.format(at)))
    o.append("attempt", .int(Int64(attempt)))
    o.append("store", .string(store))
    o.append("method", .string(request.method))
    o.append("path", .string(request.path))
    o.append("headers", .object(headers))
    o.append("body", .string(request.body))
    return .object(o)
  }
}

extension RequestRecord {
  /// The line an app's server that logs what it receives would keep for this attempt, as
  /// `simsub replay` reads it: `received` (to the millisecond), `headers`, `body` and, beside a
  /// Google body, the `subscriptionsv2` resource the handler fetched. `nil` for an attempt the
  /// server did not take (an outage): no log holds it.
  public var logLine: JSONValue? {
    guard delivered else { return nil }
    var headers = JSONObject()
    for header in request.headers { headers.append(header.name, .string(header.value)) }
    var o = JSONObject()
    o.append("received", .string(RFC3339.formatWithMilliseconds(at)))
    o.append("headers", .object(headers))
    o.append("body", .string(request.body))
    if let subscriptionsV2 { o.append("subscriptionsv2", subscriptionsV2.body) }
    return .object(o)
  }

  /// Every delivery attempt of `result` (the purchaser's run and each family member's, in time
  /// order, purchaser first within an instant) as requests.
  public static func records(of result: ScenarioResult, settings: WireSettings) -> [RequestRecord] {
    var all: [(order: Int, record: RequestRecord)] = []
    for run in result.runs {
      for attempt in run.attempts {
        let sourceName = attempt.source ?? result.scenario.subscriptions[0].name
        let context = WireContext(
          settings: settings, scenario: result.scenario, source: attempt.source, member: run.member)
        let request = WireRequestBuilder.request(
          attempt.notification, sentAt: attempt.sentAt, context: context)
        let resource =
          attempt.delivered
          ? WireRequestBuilder.subscriptionsV2(attempt.notification, context: context) : nil
        let record = RequestRecord(
          scenario: result.scenario.path,
          source: run.member > 0 ? "\(sourceName)/family member \(run.member)" : sourceName,
          at: attempt.instant, attempt: attempt.attempt,
          store: WireRequestBuilder.storeTag(attempt.notification),
          request: request, delivered: attempt.delivered, name: attempt.notification.name,
          subscriptionsV2: resource.map { SubscriptionsV2(path: $0.path, body: $0.body) })
        all.append((all.count, record))
      }
    }
    return all.sorted { a, b in
      a.record.at != b.record.at ? a.record.at < b.record.at : a.order < b.order
    }.map(\.record)
  }

  /// The JSON lines of `records`, each ending in a newline.
  public static func jsonLines(_ records: [RequestRecord]) -> String {
    records.map { $0.json.serialized() + "\n" }.joined()
  }

  /// The log lines of `records` the server took (``logLine``), each ending in a newline.
  public static func logLines(_ records: [RequestRecord]) -> String {
    records.compactMap { $0.logLine.map { $0.serialized() + "\n" } }.joined()
  }

  /// The files of `--output DIR`, index last: `NNNN-<store>.json` per request (the line's
  /// object, pretty), `NNNN-subscriptionsv2.json` beside a Google request whose resource was
  /// fetched (`path` and `body`), and `index.json`, listing each request's file with its
  /// scenario, source, instant, attempt, store, notification name and whether it was delivered.
  public static func outputFiles(_ records: [RequestRecord], directory: String) -> [(
    path: String, text: String
  )] {
    let base = directory.hasSuffix("/") ? directory : directory + "/"
    var files: [(path: String, text: String)] = []
    var index: [JSONValue] = []
    for (i, record) in records.enumerated() {
      var number = String(i + 1)
      number = String(repeating: "0", count: max(0, 4 - number.count)) + number
      let name = "\(number)-\(record.store).json"
      files.append((base + name, record.json.serialized(.pretty) + "\n"))
      var entry = JSONObject()
      entry.append("file", .string(name))
      entry.append("scenario", .string(record.scenario))
      entry.append("source", .string(record.source))
      entry.append("at", .string(RFC3339.format(record.at)))
      entry.append("attempt", .int(Int64(record.attempt)))
      entry.append("store", .string(record.store))
      entry.append("notification", .string(record.name))
      entry.append("delivered", .bool(record.delivered))
      if let resource = record.subscriptionsV2 {
        let resourceName = "\(number)-subscriptionsv2.json"
        let doc: JSONValue = ["path": .string(resource.path), "body": resource.body]
        files.append((base + resourceName, doc.serialized(.pretty) + "\n"))
        entry.append("subscriptionsv2", .string(resourceName))
      }
      index.append(.object(entry))
    }
    files.append((base + "index.json", JSONValue.array(index).serialized(.pretty) + "\n"))
    return files
  }
}
