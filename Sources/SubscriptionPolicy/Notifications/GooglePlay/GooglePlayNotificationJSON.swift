/// Google Play notifications as JSON: the real-time developer notification
/// (`DeveloperNotification`) Google publishes, and simsub's log line that pairs it with the
/// `subscriptionsv2` resource the server fetched.
///
/// The `DeveloperNotification` shape was checked against Google's RTDN reference
/// (developer.android.com/google/play/billing/rtdn-reference), read in November 2026:
///
/// ```json
/// {
///   "version": "1.0",
///   "packageName": "com.example.news",
///   "eventTimeMillis": "1767225600000",
///   "subscriptionNotification": {
///     "version": "1.0",
///     "notificationType": 4,
///     "purchaseToken": "…"
///   }
/// }
/// ```
///
/// `eventTimeMillis` is documented as a `long` and sent as a string of digits (proto3 JSON's
/// spelling of 64-bit integers): simsub writes a string and reads either. Notifications of other
/// kinds (`oneTimeProductNotification`, `voidedPurchaseNotification`, `testNotification`) are
/// not subscription notifications and fail to decode here with an error saying so;
/// `GooglePlayDocument` reads them (as `GooglePlayOtherNotification`).
extension GooglePlayNotification: JSONRepresentable {
  /// The `DeveloperNotification` alone, as published to Pub/Sub (no fetched resource).
  public var developerNotificationJSON: JSONValue {
    var o = JSONObject()
    o.append("version", .symbol(version))
    o.append("packageName", .symbol(packageName))
    o.append("eventTimeMillis", .string(String(eventTime.millisecondsSinceEpoch)))
    o.append("subscriptionNotification", subscriptionNotification.json)
    return .object(o)
  }

  /// Decodes a `DeveloperNotification`; `subscription` (the fetched resource) is `nil`.
  public init(developerNotification json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let sub = json["subscriptionNotification"]
    if !sub.isPresent,
      let other = ["oneTimeProductNotification", "voidedPurchaseNotification", "testNotification"]
        .first(where: { json[$0].isPresent })
    {
      throw sub.error("missing: this is a \(other), and simsub models subscription notifications only")
    }
    self.init(
      version: try json["version"].ifPresent?.symbol() ?? "1.0",
      packageName: try json["packageName"].symbol(),
      eventTime: Instant(millisecondsSinceEpoch: try json["eventTimeMillis"].int64OrDecimalString()),
      subscriptionNotification: try sub.decode())
  }

  /// simsub's log line for a Google notification: the RTDN and the resource fetched for it.
  ///
  /// An RTDN only says that something changed; a server then calls `subscriptionsv2.get`, and
  /// its decision depends on both. So a replayable log line carries both, under Google's own
  /// names for each, in that order:
  ///
  /// ```json
  /// {"rtdn": {…DeveloperNotification…}, "subscriptionsv2": {…SubscriptionPurchaseV2…}}
  /// ```
  ///
  /// `subscriptionsv2` is omitted when no fetch is modelled. Reading also accepts a bare
  /// `DeveloperNotification` (an object with `subscriptionNotification` and no `rtdn`), so a log
  /// of the RTDNs alone replays too.
  public var json: JSONValue {
    var o = JSONObject()
    o.append("rtdn", developerNotificationJSON)
    o.append("subscriptionsv2", subscription?.json)
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    if !json["rtdn"].isPresent, json["subscriptionNotification"].isPresent {
      try self.init(developerNotification: json)
      return
    }
    try self.init(developerNotification: json["rtdn"])
    subscription = try json["subscriptionsv2"].ifPresent?.decode()
  }
}

/// The RTDN's `subscriptionNotification`: `version`, the numeric `notificationType`, and the
/// `purchaseToken`. Any integer type decodes (an unknown code keeps its number).
extension SubscriptionNotification: JSONRepresentable {
  public var json: JSONValue {
    var o = JSONObject()
    o.append("version", .symbol(version))
    o.append("notificationType", .int(Int64(notificationType.rawValue)))
    o.append("purchaseToken", .symbol(purchaseToken))
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    self.init(
      version: try json["version"].ifPresent?.symbol() ?? "1.0",
      notificationType: GooglePlayNotificationType(rawValue: try json["notificationType"].int32()),
      purchaseToken: try json["purchaseToken"].symbol())
  }
}
