/// A Google Play real-time developer notification (`DeveloperNotification`), together with the
/// `subscriptionsv2.get` resource a server fetches on receiving it.
///
/// An RTDN only says *that* something changed; the fetched `subscription` says what the
/// subscription looks like now. simsub fills it as it stood when the server fetched it, that is
/// at the notification's arrival.
public struct GooglePlayNotification: Hashable, Sendable {
  /// `"1.0"`.
  public var version: Symbol
  public var packageName: Symbol
  /// `eventTimeMillis`: when the event happened.
  public var eventTime: Instant
  public var subscriptionNotification: SubscriptionNotification
  /// The `SubscriptionPurchaseV2` fetched for `purchaseToken`; `nil` when the fetch is not
  /// modelled (a bare RTDN decoded from a log).
  public var subscription: SubscriptionPurchaseV2? {
    @inlinable get { hasSubscription ? storedSubscription : nil }
    @inlinable set {
      // Not `newValue != nil`, which compares the payload field by field with `==`.
      if let newValue {
        hasSubscription = true
        storedSubscription = newValue
      } else {
        hasSubscription = false
        storedSubscription = .absent
      }
    }
  }

  // Stored unwrapped, with a flag (an absent resource holds `.absent`, so equal notifications
  // compare equal): wrapped in an optional, the resource set at each delivery was assembled in
  // a temporary and copied into place.
  @usableFromInline var storedSubscription: SubscriptionPurchaseV2
  @usableFromInline var hasSubscription: Bool

  @inlinable public init(
    version: Symbol = "1.0", packageName: Symbol, eventTime: Instant,
    subscriptionNotification: SubscriptionNotification, subscription: SubscriptionPurchaseV2? = nil
  ) {
    self.version = version
    self.packageName = packageName
    self.eventTime = eventTime
    self.subscriptionNotification = subscriptionNotification
    if let subscription {
      self.hasSubscription = true
      self.storedSubscription = subscription
    } else {
      self.hasSubscription = false
      self.storedSubscription = .absent
    }
  }
}

/// The RTDN's `subscriptionNotification` object.
public struct SubscriptionNotification: Hashable, Sendable {
  public var version: Symbol
  public var notificationType: GooglePlayNotificationType
  public var purchaseToken: PurchaseToken

  @inlinable public init(
    version: Symbol = "1.0", notificationType: GooglePlayNotificationType,
    purchaseToken: PurchaseToken
  ) {
    self.version = version
    self.notificationType = notificationType
    self.purchaseToken = purchaseToken
  }
}

/// `subscriptionNotification.notificationType`: a number, with Google's names.
public struct GooglePlayNotificationType: RawRepresentable, Hashable, Sendable, Codable {
  public var rawValue: Int32
  @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }

  @inlinable public static var subscriptionRecovered: Self { Self(rawValue: 1) }
  @inlinable public static var subscriptionRenewed: Self { Self(rawValue: 2) }
  @inlinable public static var subscriptionCanceled: Self { Self(rawValue: 3) }
  @inlinable public static var subscriptionPurchased: Self { Self(rawValue: 4) }
  @inlinable public static var subscriptionOnHold: Self { Self(rawValue: 5) }
  @inlinable public static var subscriptionInGracePeriod: Self { Self(rawValue: 6) }
  @inlinable public static var subscriptionRestarted: Self { Self(rawValue: 7) }
  @inlinable public static var subscriptionPriceChangeConfirmed: Self { Self(rawValue: 8) }
  @inlinable public static var subscriptionDeferred: Self { Self(rawValue: 9) }
  @inlinable public static var subscriptionPaused: Self { Self(rawValue: 10) }
  @inlinable public static var subscriptionPauseScheduleChanged: Self { Self(rawValue: 11) }
  @inlinable public static var subscriptionRevoked: Self { Self(rawValue: 12) }
  @inlinable public static var subscriptionExpired: Self { Self(rawValue: 13) }
  @inlinable public static var subscriptionPendingPurchaseCanceled: Self { Self(rawValue: 20) }
  @inlinable public static var subscriptionPriceChangeUpdated: Self { Self(rawValue: 19) }
  /// The subscription's items changed (an add-on added or removed, a plan replaced).
  @inlinable public static var subscriptionItemsChanged: Self { Self(rawValue: 17) }
  /// The subscriber scheduled a cancellation for the period's end.
  @inlinable public static var subscriptionCancellationScheduled: Self { Self(rawValue: 18) }
  /// The subscriber's consent to a price step-up changed, or its period began.
  @inlinable public static var subscriptionPriceStepUpConsentUpdated: Self { Self(rawValue: 22) }

  /// Every code Google documents as of November 2026, with its name.
  public static let documented: [(Self, String)] = [
    (.subscriptionRecovered, "SUBSCRIPTION_RECOVERED"),
    (.subscriptionRenewed, "SUBSCRIPTION_RENEWED"),
    (.subscriptionCanceled, "SUBSCRIPTION_CANCELED"),
    (.subscriptionPurchased, "SUBSCRIPTION_PURCHASED"),
    (.subscriptionOnHold, "SUBSCRIPTION_ON_HOLD"),
    (.subscriptionInGracePeriod, "SUBSCRIPTION_IN_GRACE_PERIOD"),
    (.subscriptionRestarted, "SUBSCRIPTION_RESTARTED"),
    (.subscriptionPriceChangeConfirmed, "SUBSCRIPTION_PRICE_CHANGE_CONFIRMED"),
    (.subscriptionDeferred, "SUBSCRIPTION_DEFERRED"),
    (.subscriptionPaused, "SUBSCRIPTION_PAUSED"),
    (.subscriptionPauseScheduleChanged, "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED"),
    (.subscriptionRevoked, "SUBSCRIPTION_REVOKED"),
    (.subscriptionExpired, "SUBSCRIPTION_EXPIRED"),
    (.subscriptionItemsChanged, "SUBSCRIPTION_ITEMS_CHANGED"),
    (.subscriptionCancellationScheduled, "SUBSCRIPTION_CANCELLATION_SCHEDULED"),
    (.subscriptionPriceChangeUpdated, "SUBSCRIPTION_PRICE_CHANGE_UPDATED"),
    (.subscriptionPendingPurchaseCanceled, "SUBSCRIPTION_PENDING_PURCHASE_CANCELED"),
    (.subscriptionPriceStepUpConsentUpdated, "SUBSCRIPTION_PRICE_STEP_UP_CONSENT_UPDATED"),
  ]

  /// Google's name for the code (`SUBSCRIPTION_ON_HOLD`), or `UNKNOWN_<code>`.
  public var name: String {
    Self.documented.first(where: { $0.0 == self })?.1 ?? "UNKNOWN_\(rawValue)"
  }

  /// The code with Google's name, or `nil` for a name Google does not document.
  public init?(name: String) {
    guard let found = Self.documented.first(where: { $0.1 == name }) else { return nil }
    self = found.0
  }
}
