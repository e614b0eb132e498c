"""A team's entitlement server as simsub tests it, built on the stores' official libraries.

Webhooks for the App Store (Apple's app-store-server-library, SignedDataVerifier in
LOCAL_TESTING), Google Play (google-api-python-client's androidpublisher v3, pointed at simsub's
emulator), Stripe (stripe-python's Webhook.construct_event) and RevenueCat, and an entitlement
endpoint, following simsub's reference rules (docs/STORE-MODELS.md). The same rules as the Node
example (../node-server/server.mjs), which says more about each.

The clock is the request's X-Simsub-Now when simsub sends one, the wall clock otherwise.

  PORT                      where to listen on 127.0.0.1 (default 8788)
  APPLE_BUNDLE_ID           the app's bundle id (default com.example.app)
  STRIPE_WEBHOOK_SECRET     the Stripe endpoint's signing secret (whsec_…)
  REVENUECAT_AUTHORIZATION  the Authorization RevenueCat is configured to send
  STRIPE_GRACE_DAYS         how long a past_due Stripe subscriber keeps access (default: the
                            scenario's promise simsub passes as SIMSUB_STRIPE_GRACE_DAYS, else 14)
  SIMSUB_GOOGLE_API         the Google Play Developer API's base URL (simsub's emulator)
  MISTAKE=active-only       one real-world mistake: access only while the state is "active"
"""

import base64
import json
import os
import signal
import sys
import threading
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlparse

import stripe
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException
from google.auth.credentials import AnonymousCredentials
from googleapiclient.discovery import build

PORT = int(os.environ.get("PORT", "8788"))
STRIPE_SECRET = os.environ.get("STRIPE_WEBHOOK_SECRET", "")
REVENUECAT_AUTHORIZATION = os.environ.get("REVENUECAT_AUTHORIZATION")
STRIPE_GRACE_MS = float(os.environ.get("STRIPE_GRACE_DAYS", os.environ.get("SIMSUB_STRIPE_GRACE_DAYS", "14"))) * 86_400_000
MISTAKE = os.environ.get("MISTAKE", "")

apple = SignedDataVerifier(
    [], enable_online_checks=False, environment=Environment.LOCAL_TESTING,
    bundle_id=os.environ.get("APPLE_BUNDLE_ID", "com.example.app"))
google = None
if os.environ.get("SIMSUB_GOOGLE_API"):
    google = build("androidpublisher", "v3", credentials=AnonymousCredentials(), static_discovery=True,
                   client_options={"api_endpoint": os.environ["SIMSUB_GOOGLE_API"]})

# ---- Time ------------------------------------------------------------------------------------


def now_ms(headers):
    """Milliseconds since 1970 of the request's simulated instant, or of the wall clock."""
    text = headers.get("X-Simsub-Now")
    if text:
        try:
            return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)
        except ValueError:
            pass
    return int(datetime.now(timezone.utc).timestamp() * 1000)


def iso(ms):
    return datetime.fromtimestamp(ms / 1000, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# ---- What the server keeps per subscriber ------------------------------------------------------

lock = threading.Lock()
subscribers = {}  # subscriber -> {"sources": {source: reading}, "replaced": token}
stripe_owners = {}  # Stripe subscription and customer ids -> subscriber


def entry(subscriber):
    return subscribers.setdefault(subscriber, {"sources": {}, "replaced": None})


def apply(subscriber, source, sent, ident, reading):
    """Applies a source's reading in the order the store sent them: older is stale, the same
    notification again a duplicate."""
    sources = entry(subscriber)["sources"]
    last = sources.get(source)
    if last and sent < last["sent"]:
        return
    if last and sent == last["sent"] and ident in last["ids"]:
        return
    ids = last["ids"] + [ident] if last and sent == last["sent"] else [ident]
    sources[source] = {**reading, "sent": sent, "ids": ids}


def state_at(reading, at):
    ends = reading.get("appGraceEnds")
    return "hold" if ends is not None and at >= ends else reading["state"]


STANDING = {"active": 0, "grace": 1, "hold": 2, "paused": 3, "expired": 4, "revoked": 4, "never": 5}


def entitlement(subscriber, at):
    best = None
    for reading in subscribers.get(subscriber, {"sources": {}})["sources"].values():
        rank, paid = STANDING[state_at(reading, at)], reading.get("paidThrough") or 0
        if best is None or rank < best[0] or (rank == best[0] and paid > best[1]):
            best = (rank, paid, reading)
    reading = best[2] if best else None
    state = state_at(reading, at) if reading else "never"
    family = bool(reading and reading.get("familyShared"))
    access = state == "active" if MISTAKE == "active-only" else state in ("active", "grace")
    banner = "soft" if state == "grace" and not family else "hard" if state == "hold" and not family else "none"
    answer = {"premium": access, "state": state, "banner": banner}
    if state == "grace" and reading.get("graceEnds") is not None:
        answer["grace_ends"] = iso(reading["graceEnds"])
    return answer


# ---- App Store Server Notifications V2 ---------------------------------------------------------

APPLE_STATUS = {1: "active", 2: "expired", 3: "hold", 4: "grace", 5: "revoked"}
APPLE_TYPE_STATE = {"SUBSCRIBED": "active", "DID_RENEW": "active", "GRACE_PERIOD_EXPIRED": "hold",
                    "EXPIRED": "expired", "REFUND": "revoked", "REVOKE": "revoked"}
APPLE_THROUGH_STATUS = {"DID_CHANGE_RENEWAL_STATUS", "DID_CHANGE_RENEWAL_PREF", "OFFER_REDEEMED",
                        "PRICE_INCREASE", "REFUND_DECLINED", "REFUND_REVERSED", "RENEWAL_EXTENDED"}


def app_store(body):
    notification = apple.verify_and_decode_notification(json.loads(body)["signedPayload"])
    data = notification.data
    if data is None or data.signedTransactionInfo is None:
        return
    transaction = apple.verify_and_decode_signed_transaction(data.signedTransactionInfo)
    renewal = apple.verify_and_decode_renewal_info(data.signedRenewalInfo) if data.signedRenewalInfo else None
    kind = notification.rawNotificationType
    by_type = APPLE_TYPE_STATE.get(kind)
    if kind == "DID_FAIL_TO_RENEW":
        by_type = "grace" if notification.rawSubtype == "GRACE_PERIOD" else "hold"
    if by_type is None and kind not in APPLE_THROUGH_STATUS:
        return
    state = APPLE_STATUS.get(data.rawStatus, by_type)
    if state is None or transaction.appAccountToken is None:
        return
    apply(transaction.appAccountToken, "apple", notification.signedDate, notification.notificationUUID, {
        "state": state,
        "graceEnds": renewal.gracePeriodExpiresDate if renewal and state == "grace" else None,
        "familyShared": transaction.rawInAppOwnershipType == "FAMILY_SHARED",
        "paidThrough": transaction.expiresDate,
    })


# ---- Google Play real-time developer notifications ---------------------------------------------

GOOGLE_CODE_STATE = {1: "active", 2: "active", 3: "active", 4: "active", 7: "active", 5: "hold", 6: "grace",
                     10: "paused", 12: "revoked", 13: "expired"}
GOOGLE_RESOURCE_STATE = {
    "SUBSCRIPTION_STATE_ACTIVE": "active", "SUBSCRIPTION_STATE_CANCELED": "active",
    "SUBSCRIPTION_STATE_IN_GRACE_PERIOD": "grace", "SUBSCRIPTION_STATE_ON_HOLD": "hold",
    "SUBSCRIPTION_STATE_PAUSED": "paused", "SUBSCRIPTION_STATE_EXPIRED": "expired"}


def google_play(body, at):
    message = json.loads(body)["message"]
    rtdn = json.loads(base64.b64decode(message["data"]))
    notification = rtdn.get("subscriptionNotification")
    if notification is None or google is None:
        return
    code, token = notification["notificationType"], notification["purchaseToken"]
    # The RTDN only says that something changed: the subscriptionsv2 resource says what it is.
    request = google.purchases().subscriptionsv2().get(packageName=rtdn["packageName"], token=token)
    request.headers["X-Simsub-Now"] = iso(at)
    resource = request.execute()
    subscriber = resource.get("externalAccountIdentifiers", {}).get("obfuscatedExternalAccountId")
    if subscriber is None:
        return
    record = entry(subscriber)
    if resource.get("canceledStateContext", {}).get("replacementCancellation") is not None:
        return
    linked = resource.get("linkedPurchaseToken")
    if linked and linked != token:
        record["replaced"] = linked
    if token == record["replaced"]:
        return
    current = record["sources"].get("google", {}).get("state")
    state = GOOGLE_RESOURCE_STATE.get(resource.get("subscriptionState"), GOOGLE_CODE_STATE.get(code))
    if state is None:
        return
    if state == "expired" and (code == 12 or current == "revoked"):
        state = "revoked"
    items = resource.get("lineItems") or [{}]
    expiry = items[0].get("expiryTime")
    expiry_ms = now_ms({"X-Simsub-Now": expiry}) if expiry else None
    apply(subscriber, "google", int(rtdn["eventTimeMillis"]), f"{token}:{code}", {
        "state": state, "graceEnds": expiry_ms if state == "grace" else None, "paidThrough": expiry_ms})


# ---- Stripe ------------------------------------------------------------------------------------


def stripe_event(body, signature):
    # Verified by Stripe's library, then read as plain data (v16 objects are not dicts).
    event = stripe.Webhook.construct_event(body, signature, STRIPE_SECRET).to_dict()
    obj = event["data"]["object"]
    sent, ident = event["created"] * 1000, event["id"]

    def current(subscriber):
        return subscribers.get(subscriber, {"sources": {}})["sources"].get("stripe", {}).get("state")

    def past_due(subscriber, failed_seconds):
        end = failed_seconds * 1000 + STRIPE_GRACE_MS
        reading = {"state": "grace", "graceEnds": end, "appGraceEnds": end} if STRIPE_GRACE_MS > 0 else {"state": "hold"}
        apply(subscriber, "stripe", sent, ident, reading)

    kind = obj["object"]
    if kind == "subscription":
        subscriber = (obj.get("metadata") or {}).get("user_id")
        if subscriber is None:
            return
        stripe_owners[obj["id"]] = subscriber
        stripe_owners[obj["customer"]] = subscriber
        if not event["type"].startswith("customer.subscription."):
            return
        item = (obj.get("items") or {}).get("data", [{}])[0]
        status = obj["status"]
        if status in ("trialing", "active"):
            apply(subscriber, "stripe", sent, ident, {"state": "active", "paidThrough": item["current_period_end"] * 1000})
        elif status == "past_due":
            past_due(subscriber, item["current_period_start"])
        elif status in ("unpaid", "incomplete"):  # incomplete: the first invoice is unpaid
            apply(subscriber, "stripe", sent, ident, {"state": "hold"})
        elif status in ("canceled", "incomplete_expired"):
            apply(subscriber, "stripe", sent, ident, {"state": "revoked" if current(subscriber) == "revoked" else "expired"})
        elif status == "paused":
            apply(subscriber, "stripe", sent, ident, {"state": "paused"})
    elif kind == "invoice":
        details = (obj.get("parent") or {}).get("subscription_details") or {}
        subscriber = (details.get("metadata") or {}).get("user_id") or stripe_owners.get(details.get("subscription"))
        if subscriber is None:
            return
        if event["type"] in ("invoice.paid", "invoice.payment_succeeded"):
            apply(subscriber, "stripe", sent, ident, {"state": "active"})
        elif event["type"] == "invoice.payment_failed" and current(subscriber) in ("active", "grace"):
            past_due(subscriber, obj["created"])
    elif kind == "charge" and event["type"] == "charge.refunded" and obj.get("refunded"):
        subscriber = stripe_owners.get(obj.get("customer"))
        if subscriber is not None:
            apply(subscriber, "stripe", sent, ident, {"state": "revoked"})


# ---- RevenueCat --------------------------------------------------------------------------------


def revenue_cat(body):
    event = json.loads(body)["event"]
    subscriber = event["app_user_id"]
    current = subscribers.get(subscriber, {"sources": {}})["sources"].get("revenuecat", {}).get("state")
    kind, reading = event["type"], None
    if kind in ("INITIAL_PURCHASE", "RENEWAL", "UNCANCELLATION"):
        reading = {"state": "active"}
    elif kind == "BILLING_ISSUE":
        end = event.get("grace_period_expiration_at_ms")
        reading = {"state": "grace", "graceEnds": end} if end and end > event["event_timestamp_ms"] else {"state": "hold"}
    elif kind == "CANCELLATION":
        ends = event.get("expiration_at_ms")
        if event.get("cancel_reason") == "CUSTOMER_SUPPORT" and ends is not None and ends <= event["event_timestamp_ms"]:
            reading = {"state": "revoked"}
    elif kind in ("REFUND_REVERSED", "SUBSCRIPTION_EXTENDED"):
        # The refund is taken back, or the period extended (Apple) or deferred (Google): access
        # is due until expiration_at_ms.
        ends = event.get("expiration_at_ms")
        if ends is not None:
            reading = {"state": "active" if ends > event["event_timestamp_ms"] else "expired"}
    elif kind == "EXPIRATION":
        reading = {"BILLING_ERROR": {"state": "hold"}, "SUBSCRIPTION_PAUSED": {"state": "paused"},
                   "CUSTOMER_SUPPORT": {"state": "revoked"}}.get(
            event.get("expiration_reason"), {"state": "revoked" if current == "revoked" else "expired"})
    if reading is None:
        return
    apply(subscriber, "revenuecat", event["event_timestamp_ms"], event["id"], {
        **reading, "familyShared": event.get("is_family_share") is True, "paidThrough": event.get("expiration_at_ms")})


# ---- The server --------------------------------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes: without this, Nagle's algorithm holds the second
    # until the client's delayed acknowledgement, 40 ms per answer on Linux.
    disable_nagle_algorithm = True

    def reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        path = urlparse(self.path).path
        if path == "/health":
            return self.reply(200, {"ok": True})
        if path.startswith("/entitlements/"):
            with lock:
                return self.reply(200, entitlement(unquote(path[len("/entitlements/"):]), now_ms(self.headers)))
        self.reply(404, {"error": "not found"})

    def do_POST(self):
        path = urlparse(self.path).path
        body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode("utf-8")
        at = now_ms(self.headers)
        try:
            with lock:
                if path == "/notifications/apple":
                    app_store(body)
                elif path == "/notifications/google":
                    google_play(body, at)
                elif path == "/api/billing/webhook":
                    stripe_event(body, self.headers.get("Stripe-Signature", ""))
                elif path == "/api/iap/webhook":
                    if REVENUECAT_AUTHORIZATION and self.headers.get("Authorization") != REVENUECAT_AUTHORIZATION:
                        return self.reply(401, {"error": "unauthorized"})
                    revenue_cat(body)
                else:
                    return self.reply(404, {"error": "not found"})
        except (VerificationException, stripe.SignatureVerificationError) as error:
            return self.reply(400, {"error": f"not verified: {error}"})
        except Exception as error:  # noqa: BLE001 - a webhook answers 500 and the store retries
            print(f"POST {self.path}: {error!r}", file=sys.stderr, flush=True)
            return self.reply(500, {"error": str(error)})
        self.reply(200, {"received": True})

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    print(f"entitlement server on http://127.0.0.1:{PORT}", flush=True)
    server.serve_forever()
