import SubscriptionPolicy

/// What `simsub decode` prints for one body: the store and form, the type, the ids, every date,
/// the subscription's status, and the reference policy's decision from this body alone.
struct WireSummary {
  let document: WireDocument
  /// The fields the body lacked and the stand-ins it was read with (`AppStoreMissingFields`).
  let missing: [AppStoreMissingFields.Note]

  init(_ document: WireDocument, missing: [AppStoreMissingFields.Note] = []) {
    self.document = document
    self.missing = missing
  }

  func render(label: String) -> String {
    let expanded = document.expandedJSON
    var rows: [(String, String)] = [("type", type)]
    let ids = identifiers(in: expanded)
    if !ids.isEmpty { rows.append(("ids", ids.map { "\($0.0) \($0.1)" }.joined(separator: "\n"))) }
    let dates = WireDates.collect(expanded, store: document.store)
    if !dates.isEmpty {
      rows.append(("dates", dates.map { "\($0.path) \($0.date)" }.joined(separator: "\n")))
    }
    rows.append(("status", status))
    rows.append(("reference", decision))
    if !missing.isEmpty {
      rows.append(("missing", missing.map { "\($0.path), read as \($0.standIn)" }.joined(separator: "\n")))
    }
    var text = "\(label): \(kind)\n"
    let width = rows.map(\.0.count).max() ?? 0
    for (name, value) in rows {
      for (i, line) in value.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        text += "  \((i == 0 ? name : "").rightPadded(to: width))  \(line)\n"
      }
    }
    return text
  }

  /// The store and the form of the body.
  var kind: String {
    switch document {
    case .appStore(let d):
      let form =
        switch d.form {
        case .requestBody: "request body (signedPayload JWS)"
        case .signedPayload: "signedPayload JWS"
        case .decodedPayload: "decoded payload"
        }
      return
        "App Store Server Notification V2, \(form), environment \(d.notification.data.environment.rawValue)"
    case .appStoreTransaction(let d):
      return "App Store signed transaction (JWS), environment \(d.payload.environment.rawValue)"
    case .appStoreRenewalInfo(let d):
      return "App Store signed renewal info (JWS), environment \(d.payload.environment.rawValue)"
    case .googlePlay(let d):
      switch d.form {
      case .pushRequest: return "Google Play real-time developer notification, Pub/Sub push request"
      case .developerNotification:
        return "Google Play real-time developer notification (DeveloperNotification)"
      case .subscriptionsV2: return "Google Play subscriptionsv2 resource (SubscriptionPurchaseV2)"
      }
    case .stripe(let d):
      return "Stripe event about a \(d.event.object.objectName), API version \(d.event.apiVersion.text)"
    case .revenueCat(let d):
      return
        "RevenueCat webhook \(d.form == .webhookBody ? "body" : "event"), store \(d.event.store.rawValue)"
    }
  }

  var type: String {
    switch document {
    case .appStore(let d):
      let n = d.notification
      return n.subtype.map { "\(n.notificationType.rawValue) / \($0.rawValue)" }
        ?? n.notificationType.rawValue
    case .appStoreTransaction(let d):
      return "\(d.payload.type.rawValue), \(d.payload.transactionReason?.text ?? "no transactionReason")"
    case .appStoreRenewalInfo(let d):
      return "autoRenewStatus \(d.payload.autoRenewStatus)"
    case .googlePlay(let d):
      if let n = d.notification {
        let t = n.subscriptionNotification.notificationType
        return "\(t.name) (\(t.rawValue))"
      }
      if let o = d.otherNotification { return o.name }
      return d.subscription?.subscriptionState.rawValue ?? "resource"
    case .stripe(let d):
      return d.event.type.rawValue
    case .revenueCat(let d):
      return d.event.reason.map { "\(d.event.type.rawValue) / \($0.rawValue)" } ?? d.event.type.rawValue
    }
  }

  /// The members that identify the purchase, the subscriber or the delivery, by name.
  func identifiers(in json: JSONValue) -> [(String, String)] {
    let keys: Set<String>
    switch document {
    case .appStore, .appStoreTransaction, .appStoreRenewalInfo:
      keys = [
        "notificationUUID", "bundleId", "appAppleId", "originalTransactionId", "transactionId",
        "webOrderLineItemId", "productId", "autoRenewProductId", "appAccountToken", "appTransactionId",
      ]
    case .googlePlay:
      keys = [
        "messageId", "packageName", "purchaseToken", "subscriptionId", "sku", "orderId", "latestOrderId",
        "productId", "linkedPurchaseToken", "obfuscatedExternalAccountId",
      ]
    case .stripe:
      keys = [
        "id", "customer", "subscription", "invoice", "charge", "payment_intent", "user_id", "latest_invoice",
      ]
    case .revenueCat:
      keys = [
        "id", "app_id", "app_user_id", "original_app_user_id", "product_id", "new_product_id",
        "transaction_id", "original_transaction_id",
      ]
    }
    var out: [(String, String)] = []
    var seen = Set<String>()
    func walk(_ value: JSONValue, _ path: JSONPath, depth: Int) {
      guard depth < 8 else { return }
      switch value {
      case .object(let o):
        for m in o {
          let here = path.appending(.key(m.key))
          if keys.contains(m.key), let text = m.value.stringValue ?? m.value.numberValue?.text {
            if seen.insert("\(m.key)=\(text)").inserted { out.append((here.description, text)) }
          } else {
            walk(m.value, here, depth: depth + 1)
          }
        }
      case .array(let a):
        for (i, v) in a.enumerated() { walk(v, path.appending(.index(i)), depth: depth + 1) }
      default: break
      }
    }
    walk(json, .root, depth: 0)
    return out
  }

  var status: String {
    switch document {
    case .appStore(let d):
      guard let s = d.notification.data.status else { return "not in the notification (no data.status)" }
      let names = [1: "active", 2: "expired", 3: "billing retry", 4: "billing grace period", 5: "revoked"]
      return "\(s.rawValue) (\(names[Int(s.rawValue)] ?? "unknown"))"
    case .appStoreTransaction(let d):
      if let revoked = d.payload.revocationDate { return "revoked at \(revoked)" }
      return d.payload.expiresDate.map { "paid through \($0)" } ?? "no expiresDate"
    case .appStoreRenewalInfo(let d):
      return d.payload.isInBillingRetryPeriod == true ? "in billing retry" : "not in billing retry"
    case .googlePlay(let d):
      if let s = d.subscription ?? d.notification?.subscription { return s.subscriptionState.rawValue }
      return "not in the notification: a server fetches purchases.subscriptionsv2 for the token"
    case .stripe(let d):
      switch d.event.object {
      case .subscription(let s): return "subscription \(s.status.rawValue)"
      case .invoice(let i): return "invoice \(i.status.rawValue)"
      case .charge(let c): return "charge \(c.status.text)\(c.refunded ? ", refunded" : "")"
      case .other(let name): return "a \(name.text), not a subscription"
      }
    case .revenueCat(let d):
      let e = d.event
      return "period \(e.periodType.rawValue)\(e.expirationAt.map { ", expires \($0)" } ?? "")"
    }
  }

  /// The reference policy's decision, having received this notification alone at its sent date.
  var decision: String {
    guard let notification = document.notification else {
      return "no decision: simsub's policies receive subscription notifications, and this is not one"
    }
    var policy = ReferencePolicy()
    policy.receive(notification, at: notification.sentDate)
    let d = policy.decision(at: notification.sentDate)
    var text = "\(d.state.name), access \(d.access ? "yes" : "no"), prompt \(d.prompt.name)"
    if let grace = d.gracePeriodExpiresDate { text += ", grace until \(grace)" }
    return text + " (from this body alone, at \(notification.sentDate))"
  }
}
