/// The App Store's numbers: what Apple documents, and what simsub assumes where Apple is silent.
///
/// | number | value | kind |
/// |---|---|---|
/// | billing-retry window | 60 days from the failed renewal | documented: StoreKit, "Reducing involuntary subscriber churn" |
/// | grace lengths | 3, 16 or 28 days (since Jan 2023) | documented: Apple developer news 2023-01-30; App Store Connect Help, "Enable Billing Grace Period" |
/// | weekly grace cap | 6 days | secondary sources (Apple's 2019 announcement: weekly products had 6 days) |
/// | default grace | 16 days (weekly: 6) | **simsub's default**: App Store Connect's default is *off*; 16 days was Apple's fixed length for monthly-and-longer products before 2023 |
/// | retry cadence | 1, 3, 5, 7, 10, 14, 21, 28, 35, 42, 49, 56 days after the failure | **assumption**: Apple does not publish it; override with `retrySchedule` |
/// | notification redelivery | +1 h, +12 h, +24 h, +48 h, +72 h after the previous attempt | documented: "Responding to App Store Server Notifications" |
/// | Family Sharing | up to five family members besides the purchaser | documented: StoreKit, "Supporting Family Sharing in your app" |
public enum AppStoreDefaults {
  /// How long Apple keeps trying to collect a failed renewal, counted from the renewal that
  /// failed; billing grace sits at the start of this window. Documented: "the App Store
  /// attempts to collect payment for up to 60 days" (StoreKit, "Reducing involuntary
  /// subscriber churn").
  public static let billingRetryWindow = TimeSpan.days(60)

  /// The grace lengths App Store Connect offers (since 2023-01-30), besides off.
  public static let graceLengths: [TimeSpan] = [.days(3), .days(16), .days(28)]

  /// The longest grace a weekly product gets, whatever length the app chose.
  public static let weeklyGraceCap = TimeSpan.days(6)

  /// simsub's default grace: 16 days, 6 for weekly products.
  ///
  /// Not Apple's default (App Store Connect ships with billing grace off): simsub defaults to
  /// the lengths Apple used before grace became configurable, because a scenario about a failed
  /// renewal is nearly always about grace. Write `grace: 0d` for none.
  public static func grace(for period: BillingPeriod) -> TimeSpan {
    period == .oneWeek ? weeklyGraceCap : .days(16)
  }

  /// The billing-retry window left after grace: 60 days minus the grace, so retries stop
  /// 60 days after the failed renewal, as Apple documents.
  public static func hold(for period: BillingPeriod, grace: TimeSpan) -> TimeSpan {
    let rest = billingRetryWindow - grace
    return rest < .zero ? .zero : rest
  }

  /// When Apple retries a failed renewal, as offsets from the renewal that failed.
  ///
  /// An assumption: Apple does not publish its cadence. Frequent at first, then weekly, all
  /// inside the 60-day window. Override it with `AppStoreModel(products:retrySchedule:)`.
  public static let retrySchedule: [TimeSpan] = [1, 3, 5, 7, 10, 14, 21, 28, 35, 42, 49, 56].map {
    .days($0)
  }

  /// Delays between delivery attempts of a notification the app's server did not accept:
  /// "If the App Store server doesn't receive a success response from your server after the
  /// initial notification attempt, it retries as follows: 1, 12, 24, 48, and 72 hours after
  /// the previous attempt" ("Responding to App Store Server Notifications").
  public static let redeliveryDelays: [TimeSpan] = [
    .hours(1), .hours(12), .hours(24), .hours(48), .hours(72),
  ]

  /// The bundle id notifications carry unless the model is given one.
  public static let bundleId: Symbol = "com.example.app"

  /// The first `originalTransactionId`: simsub's ids are
  /// `2000000000000000 + subscriber × 1000000 + n`, the shape of production transaction ids, with
  /// room for a million transactions per subscriber.
  public static let transactionIdBase: UInt64 = 2_000_000_000_000_000
  public static let transactionIdsPerSubscriber: UInt64 = 1_000_000
  /// Family member N's ids are the purchaser's plus N × this, inside the subscriber's million.
  public static let familyMemberTransactionIdOffset: UInt64 = 100_000

  /// The most family members a purchase is shared with: "Family Sharing allows a customer to
  /// share access to auto-renewable subscriptions or non-consumables with up to five family
  /// members" (StoreKit, "Supporting Family Sharing in your app").
  public static let familyMembersMax = 5
}
