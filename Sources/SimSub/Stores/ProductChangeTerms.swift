/// How a product change is billed, as the app asks its store for it: Google Play's replacement
/// mode and Stripe's proration behaviour. Each store reads its own and ignores the other's; the
/// App Store has neither (Apple decides by the products' levels). `nil` is what the store does
/// when the app names none (``GoogleReplacementMode/storeDefault``,
/// ``StripeProrationBehavior/storeDefault``).
public struct ProductChangeTerms: Hashable, Sendable {
  /// Google Play: the `ReplacementMode` of the purchase flow's `SubscriptionUpdateParams`.
  public var replacementMode: GoogleReplacementMode?
  /// Stripe: the update's `proration_behavior`.
  public var proration: StripeProrationBehavior?

  public init(replacementMode: GoogleReplacementMode? = nil, proration: StripeProrationBehavior? = nil) {
    self.replacementMode = replacementMode
    self.proration = proration
  }

  /// Each store's default.
  public static let storeDefault = ProductChangeTerms()
}
