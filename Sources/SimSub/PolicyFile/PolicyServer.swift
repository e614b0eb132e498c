extension PolicyFile {
  /// The server mode's settings: where the stores' webhooks go, where simsub asks for the
  /// entitlement, and how to start the server when simsub does.
  package struct Server: Hashable, Sendable {
    /// The default of `ready-timeout`: how long simsub polls `ready` (POLICY-PROTOCOL.md).
    package static let defaultReadyTimeout = Duration.seconds(30)

    /// The server's command, when simsub starts it; `nil` for a server started by hand.
    package var start: PolicyCommand?
    /// The URL polled until it answers 2xx before the first request; required with `start`.
    package var ready: LoopbackURL?
    /// How long simsub polls `ready` before giving up.
    package var readyTimeout: Duration
    package var webhooks: Webhooks
    package var entitlement: Entitlement

    package init(
      start: PolicyCommand? = nil, ready: LoopbackURL? = nil,
      readyTimeout: Duration = Server.defaultReadyTimeout, webhooks: Webhooks, entitlement: Entitlement
    ) {
      self.start = start
      self.ready = ready
      self.readyTimeout = readyTimeout
      self.webhooks = webhooks
      self.entitlement = entitlement
    }
  }

  /// Where each store's notifications are delivered. A store left out is one the server does
  /// not take notifications from; at least one is given.
  package struct Webhooks: Hashable, Sendable {
    /// App Store Server Notifications V2.
    package var apple: LoopbackURL?
    /// Google Play's real-time developer notifications, as Pub/Sub pushes them.
    package var google: LoopbackURL?
    /// Stripe's events, signed with the endpoint's secret.
    package var stripe: Stripe?
    /// RevenueCat's webhooks, with the `Authorization` header set in its dashboard.
    package var revenuecat: RevenueCat?

    package init(
      apple: LoopbackURL? = nil, google: LoopbackURL? = nil, stripe: Stripe? = nil,
      revenuecat: RevenueCat? = nil
    ) {
      self.apple = apple
      self.google = google
      self.stripe = stripe
      self.revenuecat = revenuecat
    }

    /// The stores' keys, in the order the docs list them.
    package static let storeKeys = ["apple", "google", "stripe", "revenuecat"]
  }

  /// Stripe's endpoint: its URL and the signing secret the server verifies
  /// `Stripe-Signature` with (Stripe, "Check the webhook signatures": `whsec_…`).
  package struct Stripe: Hashable, Sendable {
    package var url: LoopbackURL
    package var secret: String

    package init(url: LoopbackURL, secret: String) {
      self.url = url
      self.secret = secret
    }

    /// What every Stripe endpoint secret starts with.
    package static let secretPrefix = "whsec_"
  }

  /// RevenueCat's endpoint: its URL and the `Authorization` header value RevenueCat sends
  /// (RevenueCat, "Webhooks": an optional authorization header), `nil` when none is set.
  package struct RevenueCat: Hashable, Sendable {
    package var url: LoopbackURL
    package var authorization: String?

    package init(url: LoopbackURL, authorization: String? = nil) {
      self.url = url
      self.authorization = authorization
    }
  }

  /// Where simsub asks the server for one subscriber's entitlement, and how to read the answer.
  package struct Entitlement: Hashable, Sendable {
    /// The placeholder `url` must hold, replaced with the subscriber's id on each question.
    package static let placeholder = "{subscriber}"

    /// The URL, with ``placeholder`` in it at least once.
    package var url: LoopbackURL
    /// Where the answer holds whether the subscriber has access (a JSON boolean).
    package var access: JSONPointer
    /// Where the answer holds the entitlement state, when the server says it.
    package var state: JSONPointer?
    /// Where the answer holds the recovery prompt, when the server says it.
    package var prompt: JSONPointer?
    /// The server's words for states, by the server's word; a word not here is read as
    /// simsub's own.
    package var stateWords: [String: EntitlementState]
    /// The server's words for prompts, likewise.
    package var promptWords: [String: RecoveryPrompt]

    package init(
      url: LoopbackURL, access: JSONPointer, state: JSONPointer? = nil, prompt: JSONPointer? = nil,
      stateWords: [String: EntitlementState] = [:], promptWords: [String: RecoveryPrompt] = [:]
    ) {
      self.url = url
      self.access = access
      self.state = state
      self.prompt = prompt
      self.stateWords = stateWords
      self.promptWords = promptWords
    }

    /// The URL to ask about one subscriber: every ``placeholder`` replaced by `subscriber`
    /// (a UUID, which needs no escaping in a path or a query).
    package func url(for subscriber: String) -> String {
      url.text.replacingPlaceholder(Self.placeholder, with: subscriber)
    }

    /// The state an answer's word means: the server's word mapped by `values`, or simsub's own
    /// word; `nil` for a word that is neither.
    package func state(forWord word: String) -> EntitlementState? {
      stateWords[word] ?? EntitlementState(name: word)
    }

    /// The prompt an answer's word means, likewise.
    package func prompt(forWord word: String) -> RecoveryPrompt? {
      promptWords[word] ?? RecoveryPrompt(name: word)
    }
  }
}

extension String {
  /// Every occurrence of `placeholder` replaced by `value`.
  func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
    var out = ""
    var rest = self[...]
    while let range = rest.firstRange(of: placeholder) {
      out += rest[..<range.lowerBound]
      out += value
      rest = rest[range.upperBound...]
    }
    return out + rest
  }
}
