// A team's entitlement server as simsub tests it: webhooks for the App Store, Google Play,
// Stripe and RevenueCat, and an entitlement endpoint, following simsub's reference rules
// (docs/STORE-MODELS.md, Sources/SubscriptionPolicy/Policies/ReferenceRules.swift).
//
// Node 20, standard library only. The clock is the request's X-Simsub-Now when simsub sends
// one, the wall clock otherwise: the one place a server changes for simulated time.
//
//   PORT                 where to listen on 127.0.0.1 (default 8787)
//   STRIPE_WEBHOOK_SECRET  the Stripe endpoint's signing secret (whsec_…)
//   REVENUECAT_AUTHORIZATION  the Authorization RevenueCat is configured to send
//   STRIPE_GRACE_DAYS    how long a past_due Stripe subscriber keeps access (default: the
//                        scenario's promise simsub passes as SIMSUB_STRIPE_GRACE_DAYS, else 14)
//   SIMSUB_GOOGLE_API    the Google Play Developer API's base URL (simsub's emulator)
//   MISTAKE=active-only  one real-world mistake: access only while the state is "active"
import http from "node:http";
import crypto from "node:crypto";

const port = Number(process.env.PORT ?? 8787);
const stripeSecret = process.env.STRIPE_WEBHOOK_SECRET ?? "";
const revenueCatAuthorization = process.env.REVENUECAT_AUTHORIZATION;
const stripeGraceMs = Number(process.env.STRIPE_GRACE_DAYS ?? process.env.SIMSUB_STRIPE_GRACE_DAYS ?? 14) * 86_400_000;
const googleAPI = process.env.SIMSUB_GOOGLE_API;
const mistake = process.env.MISTAKE ?? "";

// ---- Time -------------------------------------------------------------------------------

/** Milliseconds since 1970 of the request's simulated instant, or of the wall clock. */
function now(request) {
  const simulated = Date.parse(request.headers["x-simsub-now"] ?? "");
  return Number.isNaN(simulated) ? Date.now() : simulated;
}

// ---- What the server keeps per subscriber ------------------------------------------------

/** subscriber → { sources: { apple|google|stripe|revenuecat: Reading }, replaced: token } */
const subscribers = new Map();
/** Stripe subscription and customer ids → subscriber, learnt from subscription events. */
const stripeOwners = new Map();

/**
 * A source's reading: { state, graceEnds, appGraceEnds, familyShared, paidThrough, sent, ids }.
 * `sent` and `ids` order the source's notifications: an older one is stale, one sent in the
 * same millisecond with a known id a duplicate.
 */
function apply(subscriber, source, sent, id, reading) {
  let entry = subscribers.get(subscriber);
  if (!entry) subscribers.set(subscriber, (entry = { sources: {}, replaced: null }));
  const last = entry.sources[source];
  if (last && sent < last.sent) return; // stale: an older notification arriving late
  if (last && sent === last.sent && last.ids.includes(id)) return; // a duplicate
  const ids = last && sent === last.sent ? [...last.ids, id] : [id];
  entry.sources[source] = { ...reading, sent, ids };
}

function stateAt(reading, at) {
  return reading.appGraceEnds !== undefined && at >= reading.appGraceEnds ? "hold" : reading.state;
}

const standing = { active: 0, grace: 1, hold: 2, paused: 3, expired: 4, revoked: 4, never: 5 };

/** The answer for a subscriber at `at`: the best-standing source's reading decides. */
function entitlement(subscriber, at) {
  const sources = Object.values(subscribers.get(subscriber)?.sources ?? {});
  let best = null;
  for (const reading of sources) {
    const rank = standing[stateAt(reading, at)];
    const bestRank = best && standing[stateAt(best, at)];
    if (!best || rank < bestRank || (rank === bestRank && (reading.paidThrough ?? 0) > (best.paidThrough ?? 0))) {
      best = reading;
    }
  }
  const state = best ? stateAt(best, at) : "never";
  const family = best?.familyShared ?? false;
  const access = mistake === "active-only" ? state === "active" : state === "active" || state === "grace";
  const banner = state === "grace" && !family ? "soft" : state === "hold" && !family ? "hard" : "none";
  const answer = { premium: access, state, banner };
  if (state === "grace" && best.graceEnds !== undefined) answer.grace_ends = new Date(best.graceEnds).toISOString();
  return answer;
}

// ---- App Store Server Notifications V2 ----------------------------------------------------

/** A JWS's payload. In LocalTesting the signature is not checked, as Apple's library does. */
function jwsPayload(jws) {
  const part = typeof jws === "string" ? jws.split(".")[1] : undefined;
  return part === undefined ? undefined : JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
}

const appleStatus = { 1: "active", 2: "expired", 3: "hold", 4: "grace", 5: "revoked" };
const appleTypeState = {
  SUBSCRIBED: "active", DID_RENEW: "active", GRACE_PERIOD_EXPIRED: "hold", EXPIRED: "expired",
  REFUND: "revoked", REVOKE: "revoked",
};
const appleThroughStatus = new Set([
  "DID_CHANGE_RENEWAL_STATUS", "DID_CHANGE_RENEWAL_PREF", "OFFER_REDEEMED", "PRICE_INCREASE",
  "REFUND_DECLINED", "REFUND_REVERSED", "RENEWAL_EXTENDED",
]);

function appStore(body) {
  const payload = jwsPayload(JSON.parse(body).signedPayload);
  const data = payload?.data ?? {};
  const transaction = jwsPayload(data.signedTransactionInfo) ?? {};
  const renewal = jwsPayload(data.signedRenewalInfo) ?? {};
  const type = payload.notificationType;
  let byType = appleTypeState[type];
  if (type === "DID_FAIL_TO_RENEW") byType = payload.subtype === "GRACE_PERIOD" ? "grace" : "hold";
  if (byType === undefined && !appleThroughStatus.has(type)) return; // not about the state
  const state = appleStatus[data.status] ?? byType;
  if (state === undefined || transaction.appAccountToken === undefined) return;
  apply(transaction.appAccountToken, "apple", payload.signedDate, payload.notificationUUID, {
    state,
    graceEnds: state === "grace" ? renewal.gracePeriodExpiresDate : undefined,
    familyShared: transaction.inAppOwnershipType === "FAMILY_SHARED",
    paidThrough: transaction.expiresDate,
  });
}

// ---- Google Play real-time developer notifications ----------------------------------------

const googleCodeState = {
  1: "active", 2: "active", 3: "active", 4: "active", 7: "active", 5: "hold", 6: "grace",
  10: "paused", 12: "revoked", 13: "expired",
};
const googleResourceState = {
  SUBSCRIPTION_STATE_ACTIVE: "active", SUBSCRIPTION_STATE_CANCELED: "active",
  SUBSCRIPTION_STATE_IN_GRACE_PERIOD: "grace", SUBSCRIPTION_STATE_ON_HOLD: "hold",
  SUBSCRIPTION_STATE_PAUSED: "paused", SUBSCRIPTION_STATE_EXPIRED: "expired",
};

async function googlePlay(body, at) {
  const message = JSON.parse(body).message;
  const rtdn = JSON.parse(Buffer.from(message.data, "base64").toString("utf8"));
  const notification = rtdn.subscriptionNotification;
  if (!notification) return; // a test, a voided purchase, a one-time product
  const code = notification.notificationType;
  const token = notification.purchaseToken;
  // The RTDN only says that something changed: the subscriptionsv2 resource says what it is.
  const url = `${googleAPI}androidpublisher/v3/applications/${encodeURIComponent(rtdn.packageName)}`
    + `/purchases/subscriptionsv2/tokens/${encodeURIComponent(token)}`;
  const answer = await fetch(url, { headers: { "X-Simsub-Now": new Date(at).toISOString() } });
  if (!answer.ok) throw new Error(`GET ${url}: ${answer.status}`);
  const resource = await answer.json();
  const subscriber = resource.externalAccountIdentifiers?.obfuscatedExternalAccountId;
  if (subscriber === undefined) return;
  let entry = subscribers.get(subscriber);
  if (!entry) subscribers.set(subscriber, (entry = { sources: {}, replaced: null }));
  // A replacement (upgrade, downgrade) names the purchase it replaced: that one's news is old.
  if (resource.canceledStateContext?.replacementCancellation) return;
  if (resource.linkedPurchaseToken && resource.linkedPurchaseToken !== token) entry.replaced = resource.linkedPurchaseToken;
  if (token === entry.replaced) return;
  const current = entry.sources.google?.state;
  let state = googleResourceState[resource.subscriptionState] ?? googleCodeState[code];
  if (state === undefined) return;
  if (state === "expired" && (code === 12 || current === "revoked")) state = "revoked";
  const expiry = Date.parse(resource.lineItems?.[0]?.expiryTime ?? "");
  apply(subscriber, "google", Number(rtdn.eventTimeMillis), `${token}:${code}`, {
    state,
    graceEnds: state === "grace" && !Number.isNaN(expiry) ? expiry : undefined,
    paidThrough: Number.isNaN(expiry) ? undefined : expiry,
  });
}

// ---- Stripe --------------------------------------------------------------------------------

/** Stripe's signature check ("Check the webhook signatures", verify manually). */
function verifyStripe(body, header) {
  const parts = Object.fromEntries((header ?? "").split(",").map((kv) => kv.split("=")));
  const expected = crypto.createHmac("sha256", stripeSecret).update(`${parts.t}.${body}`).digest("hex");
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === 32 && crypto.timingSafeEqual(given, Buffer.from(expected, "hex"));
}

function stripe(body) {
  const event = JSON.parse(body);
  const object = event.data.object;
  const sent = event.created * 1000;
  const current = (subscriber) => subscribers.get(subscriber)?.sources.stripe?.state;
  const pastDue = (subscriber, failedSeconds) => {
    const end = failedSeconds * 1000 + stripeGraceMs;
    apply(subscriber, "stripe", sent, event.id,
      stripeGraceMs > 0 ? { state: "grace", graceEnds: end, appGraceEnds: end } : { state: "hold" });
  };
  if (object.object === "subscription") {
    const subscriber = object.metadata?.user_id;
    if (subscriber === undefined) return;
    stripeOwners.set(object.id, subscriber);
    stripeOwners.set(object.customer, subscriber);
    if (!event.type.startsWith("customer.subscription.")) return;
    const item = object.items?.data?.[0] ?? {};
    const paidThrough = (item.current_period_end ?? object.current_period_end) * 1000;
    switch (object.status) {
      case "trialing":
      case "active":
        return apply(subscriber, "stripe", sent, event.id, { state: "active", paidThrough });
      case "past_due":
        return pastDue(subscriber, item.current_period_start ?? object.current_period_start);
      case "unpaid":
      case "incomplete": // the first invoice is unpaid: no access until it is paid
        return apply(subscriber, "stripe", sent, event.id, { state: "hold" });
      case "canceled":
      case "incomplete_expired":
        return apply(subscriber, "stripe", sent, event.id,
          { state: current(subscriber) === "revoked" ? "revoked" : "expired" });
      case "paused":
        return apply(subscriber, "stripe", sent, event.id, { state: "paused" });
    }
  } else if (object.object === "invoice") {
    const details = object.parent?.subscription_details;
    const subscriber = details?.metadata?.user_id ?? stripeOwners.get(details?.subscription);
    if (subscriber === undefined) return;
    if (event.type === "invoice.paid" || event.type === "invoice.payment_succeeded") {
      apply(subscriber, "stripe", sent, event.id, { state: "active" });
    } else if (event.type === "invoice.payment_failed") {
      const state = current(subscriber);
      if (state === "active" || state === "grace") pastDue(subscriber, object.created);
    }
  } else if (object.object === "charge" && event.type === "charge.refunded" && object.refunded) {
    const subscriber = stripeOwners.get(object.customer);
    if (subscriber !== undefined) apply(subscriber, "stripe", sent, event.id, { state: "revoked" });
  }
}

// ---- RevenueCat ------------------------------------------------------------------------------

function revenueCat(body) {
  const event = JSON.parse(body).event;
  const subscriber = event.app_user_id;
  const current = subscribers.get(subscriber)?.sources.revenuecat?.state;
  let reading;
  switch (event.type) {
    case "INITIAL_PURCHASE":
    case "RENEWAL":
    case "UNCANCELLATION":
      reading = { state: "active" };
      break;
    case "BILLING_ISSUE": {
      const end = event.grace_period_expiration_at_ms;
      reading = end && end > event.event_timestamp_ms ? { state: "grace", graceEnds: end } : { state: "hold" };
      break;
    }
    case "CANCELLATION":
      if (event.cancel_reason === "CUSTOMER_SUPPORT" && event.expiration_at_ms <= event.event_timestamp_ms) {
        reading = { state: "revoked" };
      }
      break;
    case "REFUND_REVERSED":
    case "SUBSCRIPTION_EXTENDED":
      // The refund is taken back, or the period extended (Apple) or deferred (Google): access
      // is due until expiration_at_ms.
      if (event.expiration_at_ms != null) {
        reading = { state: event.expiration_at_ms > event.event_timestamp_ms ? "active" : "expired" };
      }
      break;
    case "EXPIRATION":
      reading = {
        BILLING_ERROR: { state: "hold" }, SUBSCRIPTION_PAUSED: { state: "paused" },
        CUSTOMER_SUPPORT: { state: "revoked" },
      }[event.expiration_reason] ?? { state: current === "revoked" ? "revoked" : "expired" };
      break;
  }
  if (!reading) return;
  apply(subscriber, "revenuecat", event.event_timestamp_ms, event.id, {
    ...reading, familyShared: event.is_family_share === true, paidThrough: event.expiration_at_ms ?? undefined,
  });
}

// ---- The server ----------------------------------------------------------------------------

function read(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

const server = http.createServer(async (request, response) => {
  const at = now(request);
  const reply = (status, body) => {
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  };
  try {
    const path = new URL(request.url, "http://localhost").pathname;
    if (request.method === "GET" && path === "/health") return reply(200, { ok: true });
    if (request.method === "GET" && path.startsWith("/entitlements/")) {
      return reply(200, entitlement(decodeURIComponent(path.slice("/entitlements/".length)), at));
    }
    if (request.method !== "POST") return reply(404, { error: "not found" });
    const body = await read(request);
    switch (path) {
      case "/notifications/apple":
        appStore(body);
        break;
      case "/notifications/google":
        await googlePlay(body, at);
        break;
      case "/api/billing/webhook":
        if (!verifyStripe(body, request.headers["stripe-signature"])) return reply(400, { error: "bad signature" });
        stripe(body);
        break;
      case "/api/iap/webhook":
        if (revenueCatAuthorization && request.headers.authorization !== revenueCatAuthorization) {
          return reply(401, { error: "unauthorized" });
        }
        revenueCat(body);
        break;
      default:
        return reply(404, { error: "not found" });
    }
    reply(200, { received: true });
  } catch (error) {
    console.error(`${request.method} ${request.url}: ${error.message}`);
    reply(500, { error: error.message });
  }
});

server.keepAliveTimeout = 60_000;
server.listen(port, "127.0.0.1", () => console.log(`entitlement server on http://127.0.0.1:${port}`));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.close(() => process.exit(0)));
