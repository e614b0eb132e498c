import SubscriptionPolicy

/// A request simsub writes to a policy process, one JSON line (docs/POLICY-PROCESS.md).
///
/// The members are written in the order of the protocol's examples (`id`, `op`, then the
/// request's own), so a log of the requests reads as the documentation does.
package enum PolicyRequest: Hashable, Sendable {
  /// The first request: the protocol's version, the policy's settings and the base URLs of the
  /// store APIs simsub serves (`google`, `apple`, `stripe`, `revenuecat`).
  case hello(settings: JSONValue, apis: JSONObject)
  /// A store's notification for `subscriber` at `now`, as the exact HTTP request the store
  /// sends (WIRE.md); answered with the status the webhook would return.
  case deliver(subscriber: String, now: Instant, store: String, request: PolicyHTTPRequest)
  /// The policy's decision for `subscriber` at `now`, with the client-side snapshots
  /// (`revenuecat`, `storekit`) when the policy file asks for them.
  case decide(subscriber: String, now: Instant, snapshot: JSONValue?)
  /// The subscriber's story is over: the process may free what it kept for it.
  case forget(subscriber: String)

  /// The `op` member.
  package var op: String {
    switch self {
    case .hello: "hello"
    case .deliver: "deliver"
    case .decide: "decide"
    case .forget: "forget"
    }
  }

  /// The subscriber the request is about, if any.
  package var subscriber: String? {
    switch self {
    case .hello: nil
    case .deliver(let subscriber, _, _, _), .decide(let subscriber, _, _), .forget(let subscriber):
      subscriber
    }
  }

  /// The protocol's version, sent in `hello`.
  package static let protocolVersion: Int64 = 1

  /// The request as the JSON object written, with `id`.
  package func json(id: Int) -> JSONValue {
    var object: JSONObject = ["id": .int(Int64(id)), "op": .string(op)]
    switch self {
    case .hello(let settings, let apis):
      object.append("simsub", .int(Self.protocolVersion))
      object.append("settings", settings)
      object.append("apis", .object(apis))
    case .deliver(let subscriber, let now, let store, let request):
      object.append("subscriber", .string(subscriber))
      object.append("now", .string(RFC3339.format(now)))
      object.append("store", .string(store))
      object.append("request", request.json)
    case .decide(let subscriber, let now, let snapshot):
      object.append("subscriber", .string(subscriber))
      object.append("now", .string(RFC3339.format(now)))
      object.append("snapshot", snapshot)
    case .forget(let subscriber):
      object.append("subscriber", .string(subscriber))
    }
    return .object(object)
  }

  /// The request's line as `json(id:)` serializes it, appended to `out`; a `decide`'s and a
  /// `forget`'s are written straight into bytes.
  package func write(id: Int, into out: inout [UInt8]) {
    switch self {
    case .decide(let subscriber, let now, let snapshot):
      var writeSnapshot: ((inout [UInt8]) -> Void)?
      if let snapshot {
        writeSnapshot = { out in JSONWriter.write(snapshot, .compact, indent: 0, into: &out) }
      }
      Self.writeDecide(id: id, subscriber: subscriber, now: now, into: &out, snapshot: writeSnapshot)
    case .forget(let subscriber):
      Self.writeStart(id: id, op: "forget", subscriber: subscriber, into: &out)
      out.append(UInt8(ascii: "}"))
    case .hello, .deliver:
      JSONWriter.write(json(id: id), .compact, indent: 0, into: &out)
    }
  }

  /// A `decide` line as `json(id:)` serializes it, appended to `out`; `snapshot`, when given,
  /// writes the `snapshot` member's value.
  package static func writeDecide(
    id: Int, subscriber: String, now: Instant, into out: inout [UInt8], snapshot: ((inout [UInt8]) -> Void)?
  ) {
    writeStart(id: id, op: "decide", subscriber: subscriber, into: &out)
    out.append(contentsOf: #","now":""#.utf8)
    RFC3339.write(now, into: &out)
    out.append(UInt8(ascii: "\""))
    if let snapshot {
      out.append(contentsOf: #","snapshot":"#.utf8)
      snapshot(&out)
    }
    out.append(UInt8(ascii: "}"))
  }

  /// `{"id":…,"op":"…","subscriber":"…"`.
  private static func writeStart(id: Int, op: StaticString, subscriber: String, into out: inout [UInt8]) {
    out.append(contentsOf: #"{"id":"#.utf8)
    JSONWriter.writeInt(Int64(id), into: &out)
    out.append(contentsOf: #","op":""#.utf8)
    out.append(contentsOf: UnsafeBufferPointer(start: op.utf8Start, count: op.utf8CodeUnitCount))
    out.append(contentsOf: #"","subscriber":"#.utf8)
    JSONWriter.writeString(subscriber, into: &out)
  }
}

/// The HTTP request of a delivery, as the store sends it: method, path (with its query), the
/// header fields and the body's exact text.
package struct PolicyHTTPRequest: Hashable, Sendable {
  package var method: String
  package var path: String
  /// The header fields in the order sent; a name given twice has its values joined with
  /// `, ` in the JSON object, as HTTP allows a recipient to combine them (RFC 9110, 5.3).
  package var headers: [(name: String, value: String)]
  package var body: String

  package init(method: String, path: String, headers: [(name: String, value: String)], body: String) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
  }

  var json: JSONValue {
    var fields = JSONObject()
    for (name, value) in headers {
      if case .string(let earlier)? = fields[name] {
        fields[name] = .string(earlier + ", " + value)
      } else {
        fields.append(name, .string(value))
      }
    }
    return [
      "method": .string(method), "path": .string(path), "headers": .object(fields), "body": .string(body),
    ]
  }

  package static func == (a: Self, b: Self) -> Bool {
    a.method == b.method && a.path == b.path && a.body == b.body
      && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(method)
    hasher.combine(path)
    hasher.combine(body)
    for (name, value) in headers {
      hasher.combine(name)
      hasher.combine(value)
    }
  }
}
