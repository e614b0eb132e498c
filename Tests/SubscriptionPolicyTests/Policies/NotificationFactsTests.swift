import Testing

@testable import SubscriptionPolicy

/// ``NotificationFacts`` reads a notification once for the reference policy; its answers must be
/// the ones the separate questions give, for every store's notifications and every state read
/// against.
@Suite("NotificationFacts")
struct NotificationFactsTests {
  static func everyFixture() throws -> [StoreNotification] {
    try AppleFixture.all.map { .appStore(try $0.decoded()) }
      + GoogleFixture.all.map { .googlePlay(try GooglePlayNotification(jsonText: $0.text)) }
      + StripeFixture.all.map { .stripe(try StripeEvent(jsonText: $0.text)) }
      + RevenueCatFixture.all.map { .revenueCat(try RevenueCatEvent(jsonText: $0.text)) }
  }

  /// The paid-through date each store's notification states, read the plain way.
  static func paidThrough(_ notification: StoreNotification) -> Instant? {
    switch notification {
    case .appStore(let n): n.data.transactionInfo?.expiresDate
    case .googlePlay(let n): n.subscription?.lineItem.expiryTime
    case .stripe(let e): e.subscription?.currentPeriodEnd
    case .revenueCat(let e): e.expirationAt
    }
  }

  @Test(arguments: [PolicySettings.default, PolicySettings(stripeGracePeriod: .zero)])
  func oneReadingAnswersAsTheSeparateQuestions(settings: PolicySettings) throws {
    let notifications = try Self.everyFixture()
    #expect(Set(notifications.map { SubscriptionSource($0) }) == Set(SubscriptionSource.allCases))
    for notification in notifications {
      for state in EntitlementState.allCases {
        let facts = NotificationFacts(notification, after: { _ in state }, settings: settings)
        #expect(facts.source == SubscriptionSource(notification))
        #expect(facts.identity == SameSecondIdentity(NotificationIdentity(notification)))
        #expect(facts.sentDate == notification.sentDate)
        #expect(facts.paidThrough == Self.paidThrough(notification))
        #expect(facts.reading == ReferenceRules.reading(of: notification, after: state, settings: settings))
        var fromFacts = ReplacedPurchase()
        var fromNotification = ReplacedPurchase()
        #expect(
          fromFacts.isAboutReplacedPurchase(facts.purchase)
            == fromNotification.isAboutReplacedPurchase(notification))
        #expect((facts.purchase != nil) == (facts.source == .googlePlay))
      }
    }
  }

  @Test func theStateReadAgainstIsTheNotificationsOwnSource() throws {
    // A Google notification read while only the App Store's state is `hold`: the reading must
    // be taken against Google's state, not another source's.
    let notification = StoreNotification.googlePlay(
      try GooglePlayNotification(jsonText: GoogleFixture.canceled.text))
    var asked: [SubscriptionSource] = []
    _ = NotificationFacts(
      notification,
      after: { source in
        asked.append(source)
        return .active
      }, settings: .default)
    #expect(asked == [.googlePlay])
  }
}
