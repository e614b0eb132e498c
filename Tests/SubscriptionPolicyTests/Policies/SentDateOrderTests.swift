import Foundation
import Testing

@testable import SubscriptionPolicy

private func id(_ n: UInt64) -> NotificationIdentity {
  .appStore(Apple.uuid(signed: start, discriminator: n))
}

private func admit<Identity>(
  _ order: inout SentDateOrder<Identity>, _ identity: Identity, sentDate: Instant
) -> Bool {
  order.admit(identity, sentDate: sentDate)
}

private func admit(_ order: inout ArrivalOrder, _ identity: NotificationIdentity) -> Bool {
  order.admit(identity)
}

@Suite("Ordering and deduplication")
struct SentDateOrderTests {
  @Test func staleIsRejectedNewerIsApplied() {
    var order = SentDateOrder<NotificationIdentity>()
    #expect(admit(&order, id(1), sentDate: start + .seconds(10)))
    #expect(!admit(&order, id(2), sentDate: start + .seconds(9)))
    #expect(admit(&order, id(3), sentDate: start + .seconds(11)))
    #expect(order.latest == start + .seconds(11))
  }

  @Test func sameSecondDistinctIsAppliedDuplicateIsNot() {
    var order = SentDateOrder<NotificationIdentity>()
    #expect(admit(&order, id(1), sentDate: start))
    #expect(admit(&order, id(2), sentDate: start))
    #expect(!admit(&order, id(1), sentDate: start))
    #expect(!admit(&order, id(2), sentDate: start))
    #expect(admit(&order, id(3), sentDate: start))
  }

  @Test func duplicateAfterNewerIsStale() {
    var order = SentDateOrder<NotificationIdentity>()
    #expect(admit(&order, id(1), sentDate: start))
    #expect(admit(&order, id(2), sentDate: start + .seconds(1)))
    #expect(!admit(&order, id(1), sentDate: start))
  }

  @Test("a notification identical but for its signed date is not a duplicate")
  func googleIdentityIncludesEventTime() {
    let a = Google.notification(.subscriptionRenewed, state: nil, event: renewal1)
    let b = Google.notification(.subscriptionRenewed, state: nil, event: renewal1 + .days(30))
    let c = Google.notification(
      .subscriptionRenewed, state: nil, event: renewal1, token: PurchaseToken(number: 5))
    let d = Google.notification(.subscriptionCanceled, state: nil, event: renewal1)
    // A redelivery: the same notification built again, not the same value compared with itself.
    let redelivered = Google.notification(.subscriptionRenewed, state: nil, event: renewal1)
    #expect(NotificationIdentity(a) == NotificationIdentity(redelivered))
    #expect(NotificationIdentity(a) != NotificationIdentity(b))
    #expect(NotificationIdentity(a) != NotificationIdentity(c))
    #expect(NotificationIdentity(a) != NotificationIdentity(d))
    // The fetched resource is not part of the identity: a redelivery may fetch a newer one.
    let refetched = Google.notification(.subscriptionRenewed, state: .canceled, event: renewal1)
    #expect(NotificationIdentity(a) == NotificationIdentity(refetched))
  }

  @Test("within one source and one second, the two-word identity tells apart what the full one does")
  func sameSecondIdentity() {
    // Google: the same RTDN redelivered, and ones that differ in token or type; the signed
    // second (eventTimeMillis) is shared, as it is for all the order compares.
    let a = Google.notification(.subscriptionRenewed, state: nil, event: renewal1)
    let redelivered = Google.notification(.subscriptionRenewed, state: .canceled, event: renewal1)
    let otherToken = Google.notification(
      .subscriptionRenewed, state: nil, event: renewal1, token: PurchaseToken(number: 5))
    let otherType = Google.notification(.subscriptionCanceled, state: nil, event: renewal1)
    let google = [a, redelivered, otherToken, otherType]
    let apple = (UInt64(1)...3).map { id($0) } + [id(1)]
    for identities in [google.map(NotificationIdentity.init), apple] {
      for x in identities {
        for y in identities {
          #expect((SameSecondIdentity(x) == SameSecondIdentity(y)) == (x == y))
        }
      }
    }
    var order = SentDateOrder<SameSecondIdentity>()
    #expect(admit(&order, SameSecondIdentity(NotificationIdentity(a)), sentDate: renewal1))
    #expect(admit(&order, SameSecondIdentity(NotificationIdentity(otherType)), sentDate: renewal1))
    #expect(!admit(&order, SameSecondIdentity(NotificationIdentity(redelivered)), sentDate: renewal1))
  }

  @Test("the ring remembers four identities and forgets the oldest")
  func ringCapacity() {
    var ring = RecentIdentities<NotificationIdentity>(id(1))
    #expect(ring.contains(id(1)))
    #expect(!(2...5).contains { ring.contains(id(UInt64($0))) })
    for n in UInt64(2)...4 { ring.insert(id(n)) }
    #expect((1...4).allSatisfy { ring.contains(id(UInt64($0))) })
    ring.insert(id(5))
    #expect(!ring.contains(id(1)))
    #expect((2...5).allSatisfy { ring.contains(id(UInt64($0))) })
    ring.insert(id(6))
    #expect(!ring.contains(id(2)))
    #expect((3...6).allSatisfy { ring.contains(id(UInt64($0))) })
  }

  @Test("the first notification is applied even when signed at the earliest instant")
  func firstAtDistantPast() {
    var order = SentDateOrder<NotificationIdentity>()
    #expect(admit(&order, id(1), sentDate: .distantPast))
    #expect(!admit(&order, id(1), sentDate: .distantPast))
    #expect(admit(&order, id(2), sentDate: .distantPast))
  }

  @Test("a newer second forgets the identities of the older one")
  func newerSecondClearsTheRing() {
    var order = SentDateOrder<NotificationIdentity>()
    #expect(admit(&order, id(1), sentDate: start))
    #expect(admit(&order, id(2), sentDate: start + .seconds(1)))
    // The same identity at the new second is a different delivery (ids are unique in practice;
    // this pins that only the latest second's identities are compared).
    #expect(admit(&order, id(1), sentDate: start + .seconds(1)))
  }

  @Test("arrival order applies older notifications, and skips only a recent repeat")
  func arrivalOrder() {
    var order = ArrivalOrder()
    #expect(admit(&order, id(2)))
    #expect(admit(&order, id(1)))
    #expect(!admit(&order, id(2)))
    for n in UInt64(3)...6 { #expect(admit(&order, id(n))) }
    #expect(admit(&order, id(2)))
  }
}
