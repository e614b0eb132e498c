import SubscriptionPolicy

/// Every date in a store body, found by the store's own conventions and written in RFC 3339 to
/// the precision sent.
///
/// The stores write dates in their own units: Apple milliseconds in members named `…Date`
/// (with a fraction when Xcode signs), Google RFC 3339 strings in `…Time` members and a string
/// of milliseconds in `eventTimeMillis`, Stripe Unix seconds in `created` and `…_at`, `…_start`,
/// `…_end`, `…_date`, `…_anchor`, `…_attempt` and a line's `period`, RevenueCat milliseconds in
/// `…_ms`. Found by name, so a date field a store adds tomorrow is listed too.
enum WireDates {
  /// `(path, RFC 3339)` for each date in `json`, in document order.
  static func collect(_ json: JSONValue, store: String) -> [(path: String, date: String)] {
    var out: [(String, String)] = []
    func walk(_ value: JSONValue, _ path: JSONPath, key: String?, parent: String?) {
      switch value {
      case .object(let o):
        for m in o { walk(m.value, path.appending(.key(m.key)), key: m.key, parent: key) }
      case .array(let a):
        for (i, v) in a.enumerated() { walk(v, path.appending(.index(i)), key: key, parent: parent) }
      default:
        guard let key, let date = date(value, key: key, parent: parent, store: store) else { return }
        out.append((path.description, date))
      }
    }
    walk(json, .root, key: nil, parent: nil)
    return out
  }

  static func date(_ value: JSONValue, key: String, parent: String?, store: String) -> String? {
    switch (store, value) {
    case (StoreNotification.appleTag, .number(let n)) where key.hasSuffix("Date"):
      return milliseconds(n.text)
    case (StoreNotification.googleTag, .string(let s)) where key.hasSuffix("Time"):
      return RFC3339.parse(s) == nil ? nil : s
    case (StoreNotification.googleTag, .string(let s)) where key == "eventTimeMillis":
      return milliseconds(s)
    case (StoreNotification.stripeTag, .number(let n)):
      let suffixes = ["_at", "_start", "_end", "_date", "_anchor", "_attempt"]
      let named = key == "created" || suffixes.contains { key.hasSuffix($0) }
      let period = parent == "period" && (key == "start" || key == "end")
      guard named || period, let seconds = n.int64, seconds > 0 else { return nil }
      return RFC3339.format(Instant(secondsSinceEpoch: seconds))
    case (StoreNotification.revenueCatTag, .number(let n)) where key.hasSuffix("_ms"):
      return milliseconds(n.text)
    default:
      return nil
    }
  }

  /// A count of milliseconds since the epoch (`1767225600123`, `1767225600123.456`) as RFC 3339
  /// with every digit of its fraction: `2026-01-01T00:00:00.123Z`, `…00.123456Z`.
  static func milliseconds(_ text: String) -> String? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let ms = Int64(parts[0]), ms >= 0, parts.count == 1 || parts[1].allSatisfy(\.isNumber) else {
      return nil
    }
    var fraction = String(repeating: "0", count: 3 - min(3, String(ms % 1000).count)) + String(ms % 1000)
    if parts.count == 2 {
      let extra = parts[1].reversed().drop { $0 == "0" }.reversed()
      fraction += String(extra)
    }
    var s = RFC3339.format(Instant(millisecondsSinceEpoch: ms))
    s.removeLast()
    return s + "." + fraction + "Z"
  }
}
