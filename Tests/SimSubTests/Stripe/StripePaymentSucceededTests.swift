import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// `invoice.payment_succeeded` follows every `invoice.paid`, with the same invoice, a trial's $0
/// invoice included; a failed attempt gets neither.
@Suite("Stripe model: invoice.payment_succeeded")
struct StripePaymentSucceededTests {
  let jan31 = ST.at(2026, 1, 31, 9)

  @Test func everyPaidInvoiceIsFollowedByPaymentSucceededWithTheSameInvoice() throws {
    var e = ST.engine(ST.model([ST.product(trial: .days(7))]))
    e.schedule(.subscribe(product: 0, trial: true), at: jan31)
    e.schedule(.cardFails(.declined), at: jan31 + .days(20))
    e.schedule(.updateCard, at: ST.at(2026, 3, 9, 9))
    _ = e.run(until: ST.at(2026, 3, 10))
    let sent = e.observer.stripeSent
    let paid = sent.indices.filter { sent[$0].type == "invoice.paid" }
    // The trial's $0 invoice, the conversion, and the card update paying the failed renewal.
    #expect(paid.count == 3)
    for i in paid {
      #expect(sent[i + 1].type == "invoice.payment_succeeded")
      #expect(sent[i + 1].instant == sent[i].instant)
      #expect(sent[i + 1].invoice == sent[i].invoice)
    }
    #expect(sent.filter { $0.type == "invoice.payment_succeeded" }.count == 3)
    #expect(sent[paid[0] + 1].invoice?.amountPaid == 0)
    #expect(sent[paid[0] + 1].invoice?.attempted == false)
    // A declined renewal sends no payment_succeeded.
    #expect(
      e.observer.stripeTypes(at: ST.at(2026, 3, 7, 9)) == [
        "invoice.payment_failed", "customer.subscription.updated",
      ])
  }
}
