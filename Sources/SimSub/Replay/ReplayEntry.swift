import SubscriptionPolicy

/// One notification of a production log, as `simsub replay` reads it: where it stands in the
/// log, when the app's server received it, and the body decoded losslessly.
struct ReplayEntry: Sendable {
  /// The log file, as given.
  var file: String
  /// The 1-based line the entry starts on (for a page of several, the page's line).
  var line: Int
  /// Which of the log formats it came in.
  var format: ReplayFormat
  /// When the app's server received it: the log's `received`, the App Store's first
  /// successful send attempt, or, for a bare body, when the store sent it.
  var received: Instant
  /// For an App Store history item: whether any send attempt succeeded (`false`: the
  /// production server never received it).
  var receivedInProduction: Bool
  /// The request's headers, when the log kept them.
  var headers: [(name: String, value: String)]
  /// The document, with a Google Play notification given the `subscriptionsv2` resource the
  /// log kept beside it (``ReplayFormat/receivedRequest``'s `subscriptionsv2`).
  var document: WireDocument
  /// That resource's JSON, as logged.
  var subscriptionsV2: JSONValue?
  /// The body's bytes as logged (for an App Store history item, its `signedPayload`): what a
  /// process or server policy is delivered (``ReplayExternalPolicy``).
  var body: [UInt8] = []

  /// The notification a policy receives, or `nil` for a body no policy receives (a test
  /// notification, a voided purchase, a Stripe event about another object).
  var notification: StoreNotification? { document.notification }
}

/// The log formats `simsub replay` reads, detected per file and, in JSON lines, per line.
enum ReplayFormat: String, CaseIterable, Sendable {
  /// `{"received": "<RFC 3339>", "headers": {…}, "body": "<exact text>" | {…}}`, one per line:
  /// what a team's webhook handler logs; for Google Play, optionally with `"subscriptionsv2":
  /// {…}`, the resource the handler fetched on receiving it (without it, a replay knows only
  /// the RTDN's code, and tokens chain only where a resource names `linkedPurchaseToken`).
  case receivedRequest = "received-request"
  /// The App Store Server API's Get Notification History page: `notificationHistory[]` of
  /// `signedPayload` and `sendAttemptResults[]` (`attemptDate`, `sendAttemptResult`).
  case appStoreHistory = "app-store-history"
  /// Stripe's `GET /v1/events` page: `{"object": "list", "data": [events…]}`.
  case stripeEventList = "stripe-event-list"
  /// A store body as received (a RevenueCat webhook, a Pub/Sub push, Apple's
  /// `{"signedPayload"}`, a Stripe event), one per line or one per file.
  case body
}

/// A part of a log that could not be read, with its place.
struct ReplayProblem: Hashable, Sendable, CustomStringConvertible {
  var file: String
  var line: Int
  /// The column, when the problem has one (a JSON error).
  var column: Int?
  var message: String

  /// The line as a report gave it, for a problem read back from one (``ReplayMerge``).
  var rendered: String?

  init(file: String, line: Int, column: Int?, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  init(rendered: String) {
    self.init(file: "", line: 0, column: nil, message: "")
    self.rendered = rendered
  }

  /// `file:line[:col]: error: message`.
  var description: String {
    rendered ?? "\(file):\(line)\(column.map { ":\($0)" } ?? ""): error: \(message)"
  }
}
