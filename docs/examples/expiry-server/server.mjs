// An entitlement server written the common way: each webhook stores the dates the store sent
// (Apple's expiresDate and gracePeriodExpiresDate, Google's subscriptionsv2 state and expiryTime,
// Stripe's status and period, RevenueCat's expiration_at_ms), and the entitlement endpoint
// compares them with the clock. Unlike ../node-server, it does not follow simsub's reference
// rules: no notification-type tables, no state machine, just "is now before the date".
//
// Node 20, standard library only. The clock is the request's X-Simsub-Now when simsub sends
// one, the wall clock otherwise (only honour the header in test deployments).
//
//   PORT                      where to listen on 127.0.0.1 (default 8797)
//   STRIPE_WEBHOOK_SECRET     the Stripe endpoint's signing secret (whsec_…)
//   REVENUECAT_AUTHORIZATION  the Authorization header RevenueCat is configured to send
//   STRIPE_GRACE_DAYS         how long a past_due Stripe subscriber keeps access (default: the
//                             promise simsub passes as SIMSUB_STRIPE_GRACE_DAYS, else 14)
//   SIMSUB_GOOGLE_API         the Google Play Developer API's base URL (simsub's emulator)
//   MISTAKE=status-only       a known-bad variant: access only while the store's latest word is
//                             plainly "active" (Apple: the last notification was SUBSCRIBED or
//                             DID_RENEW), so every subscriber in a billing grace period is locked out
import http from "node:http";
import crypto from "node:crypto";

const port = Number(process.env.PORT ?? 8797);
const stripeSecret = process.env.STRIPE_WEBHOOK_SECRET ?? "";
const revenueCatAuthorization = process.env.REVENUECAT_AUTHORIZATION;
const stripeGraceDays = Number(process.env.STRIPE_GRACE_DAYS ?? process.env.SIMSUB_STRIPE_GRACE_DAYS ?? 14);
const DAY = 86_400_000;
const googleAPI = process.env.SIMSUB_GOOGLE_API ?? "https://androidpublisher.googleapis.com/";
const statusOnly = process.env.MISTAKE === "status-only";

/** Milliseconds since 1970 of the request's simulated instant, or of the wall clock. */
function now(request) {
  const simulated = Date.parse(request.headers["x-simsub-now"] ?? "");
  return Number.isNaN(simulated) ? Date.now() : simulated;
}

// ---- The "database": one row per subscriber and store ---------------------------------------

/** subscriber → { apple?, google: Map<token, row>, replacedTokens: Set, stripe?, revenuecat? } */
const db = new Map();

function row(subscriber) {
  let entry = db.get(subscriber);
  if (!entry) db.set(subscriber, (entry = { google: new Map(), replacedTokens: new Set() }));
  return entry;
}

// ---- App Store Server Notifications V2 ------------------------------------------------------

/**
 * A JWS's payload, without checking its signature. That is fine only for LocalTesting (and
 * Xcode), where Apple's own SignedDataVerifier skips the chain and signature checks too; a
 * production handler verifies the x5c chain against Apple's root certificate.
 */
function decodeJWS(jws) {
  if (typeof jws !== "string") return undefined;
  const payload = jws.split(".")[1];
  return payload === undefined ? undefined : JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
}

function appStoreWebhook(body) {
  const payload = decodeJWS(JSON.parse(body).signedPayload);
  if (!payload) throw new BadRequest("no signedPayload");
  const transaction = decodeJWS(payload.data?.signedTransactionInfo);
  const renewal = decodeJWS(payload.data?.signedRenewalInfo) ?? {};
  const subscriber = transaction?.appAccountToken;
  if (!subscriber) return; // a summary, a test notification, or a purchase without our account id
  const entry = row(subscriber);
  // Notifications can arrive out of order: keep the newest by the date Apple signed it.
  if (entry.apple && payload.signedDate < entry.apple.signedDate) return;
  entry.apple = {
    signedDate: payload.signedDate,
    type: payload.notificationType,
    expiresDate: transaction.expiresDate,
    gracePeriodExpiresDate: renewal.gracePeriodExpiresDate ?? null,
    revocationDate: transaction.revocationDate ?? null,
  };
}

function appleAccess(a, at) {
  if (statusOnly) return a.type === "SUBSCRIBED" || a.type === "DID_RENEW" ? a.expiresDate : null;
  if (a.revocationDate) return null;
  if (at < a.expiresDate) return a.expiresDate;
  if (a.gracePeriodExpiresDate && at < a.gracePeriodExpiresDate) return a.gracePeriodExpiresDate;
  return null;
}

// ---- Google Play real-time developer notifications -------------------------------------------

async function googlePlayWebhook(body, request) {
  const message = JSON.parse(body).message;
  if (!message?.data) throw new BadRequest("not a Pub/Sub push");
  const notification = JSON.parse(Buffer.from(message.data, "base64").toString("utf8"));
  const token = notification.subscriptionNotification?.purchaseToken;
  if (!token) return; // a test notification, a voided purchase, a one-time product
  // The RTDN only says that something changed: ask the Play Developer API what it is now.
  const url = `${googleAPI}androidpublisher/v3/applications/${encodeURIComponent(notification.packageName)}`
    + `/purchases/subscriptionsv2/tokens/${encodeURIComponent(token)}`;
  const headers = {};
  if (request.headers["x-simsub-now"]) headers["X-Simsub-Now"] = request.headers["x-simsub-now"];
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  const purchase = await response.json();
  const subscriber = purchase.externalAccountIdentifiers?.obfuscatedExternalAccountId;
  if (!subscriber) return;
  const entry = row(subscriber);
  const fetchedAt = now(request);
  const last = entry.google.get(token);
  if (last && fetchedAt < last.fetchedAt) return; // an answer older than the one kept
  const expiries = (purchase.lineItems ?? []).map((item) => Date.parse(item.expiryTime)).filter((t) => !Number.isNaN(t));
  entry.google.set(token, {
    fetchedAt,
    subscriptionState: purchase.subscriptionState,
    expiryTime: expiries.length ? Math.max(...expiries) : null,
  });
  // An upgrade or downgrade is a new purchase that names the one it replaces.
  if (purchase.linkedPurchaseToken) entry.replacedTokens.add(purchase.linkedPurchaseToken);
}

function googleAccess(g, at) {
  switch (g.subscriptionState) {
    case "SUBSCRIPTION_STATE_ACTIVE":
      return g.expiryTime;
    case "SUBSCRIPTION_STATE_IN_GRACE_PERIOD":
      return statusOnly ? null : g.expiryTime;
    case "SUBSCRIPTION_STATE_CANCELED":
      return g.expiryTime !== null && at < g.expiryTime ? g.expiryTime : null;
    default: // ON_HOLD, PAUSED, EXPIRED, PENDING, PENDING_PURCHASE_CANCELED, UNSPECIFIED
      return null;
  }
}

// ---- Stripe ----------------------------------------------------------------------------------

/** Stripe's signature check, done by hand ("Verify webhook signatures manually"). */
function verifyStripeSignature(body, header) {
  const fields = {};
  for (const part of (header ?? "").split(",")) {
    const [key, value] = part.split("=");
    (fields[key] ??= []).push(value);
  }
  const t = fields.t?.[0];
  if (!t) return false;
  const expected = crypto.createHmac("sha256", stripeSecret).update(`${t}.${body}`).digest();
  return (fields.v1 ?? []).some((signature) => {
    const given = Buffer.from(signature ?? "", "hex");
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

function stripeWebhook(body) {
  const event = JSON.parse(body);
  if (!event.type?.startsWith("customer.subscription.")) return; // invoices, charges: not needed
  const subscription = event.data.object;
  const subscriber = subscription.metadata?.user_id;
  if (!subscriber) return;
  const entry = row(subscriber);
  if (entry.stripe && event.created < entry.stripe.created) return; // an older event, late
  // API 2025-03-31.basil moved the billing period onto the subscription item.
  const item = subscription.items?.data?.[0] ?? {};
  entry.stripe = {
    created: event.created,
    status: subscription.status,
    currentPeriodStart: (item.current_period_start ?? subscription.current_period_start) * 1000,
    currentPeriodEnd: (item.current_period_end ?? subscription.current_period_end) * 1000,
  };
}

function stripeAccess(s, at) {
  switch (s.status) {
    case "active":
    case "trialing":
      return s.currentPeriodEnd;
    case "past_due": {
      // Stripe has no grace period: the app promises one. Stripe starts the new, unpaid period
      // at the renewal it could not charge, so the promise runs from current_period_start.
      if (statusOnly) return null;
      const graceEnd = s.currentPeriodStart + stripeGraceDays * DAY;
      return at < graceEnd ? graceEnd : null;
    }
    default: // canceled, unpaid, incomplete, incomplete_expired, paused
      return null;
  }
}

// ---- RevenueCat ------------------------------------------------------------------------------

function revenueCatWebhook(body) {
  const event = JSON.parse(body).event;
  const subscriber = event?.app_user_id;
  if (!subscriber) return;
  const entry = row(subscriber);
  if (entry.revenuecat && event.event_timestamp_ms < entry.revenuecat.eventTimestamp) return;
  entry.revenuecat = {
    eventTimestamp: event.event_timestamp_ms,
    type: event.type,
    expiration: event.expiration_at_ms ?? null,
    graceExpiration: event.grace_period_expiration_at_ms ?? null,
  };
}

function revenueCatAccess(r, at) {
  if (statusOnly && r.type === "BILLING_ISSUE") return null;
  if (r.expiration !== null && at < r.expiration) return r.expiration;
  if (r.graceExpiration !== null && at < r.graceExpiration) return r.graceExpiration;
  return null;
}

// ---- The entitlement: access if any source grants it ----------------------------------------

function entitlement(subscriber, at) {
  const entry = db.get(subscriber);
  if (!entry) return { premium: false, state: "none", valid_until: null };
  const grants = [];
  if (entry.apple) grants.push(appleAccess(entry.apple, at));
  for (const [token, g] of entry.google) if (!entry.replacedTokens.has(token)) grants.push(googleAccess(g, at));
  if (entry.stripe) grants.push(stripeAccess(entry.stripe, at));
  if (entry.revenuecat) grants.push(revenueCatAccess(entry.revenuecat, at));
  const until = grants.filter((g) => g !== null && g !== undefined);
  if (until.length === 0) return { premium: false, state: "lapsed", valid_until: null };
  const latest = Math.max(...until);
  return { premium: true, state: "subscribed", valid_until: Number.isFinite(latest) ? new Date(latest).toISOString() : null };
}

// ---- HTTP ------------------------------------------------------------------------------------

class BadRequest extends Error {}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

const server = http.createServer(async (request, response) => {
  const reply = (status, body) => {
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  };
  try {
    const path = new URL(request.url, "http://localhost").pathname;
    if (request.method === "GET" && path === "/health") return reply(200, { ok: true });
    if (request.method === "GET" && path.startsWith("/entitlements/")) {
      return reply(200, entitlement(decodeURIComponent(path.slice("/entitlements/".length)), now(request)));
    }
    if (request.method !== "POST") return reply(404, { error: "not found" });
    const body = await readBody(request);
    switch (path) {
      case "/webhooks/apple":
        appStoreWebhook(body);
        break;
      case "/webhooks/google":
        await googlePlayWebhook(body, request);
        break;
      case "/webhooks/stripe":
        if (!verifyStripeSignature(body, request.headers["stripe-signature"])) {
          return reply(400, { error: "invalid Stripe-Signature" });
        }
        stripeWebhook(body);
        break;
      case "/webhooks/revenuecat":
        if (revenueCatAuthorization && request.headers.authorization !== revenueCatAuthorization) {
          return reply(401, { error: "unauthorized" });
        }
        revenueCatWebhook(body);
        break;
      default:
        return reply(404, { error: "not found" });
    }
    reply(200, { received: true });
  } catch (error) {
    console.error(`${request.method} ${request.url}: ${error.message}`);
    reply(error instanceof BadRequest || error instanceof SyntaxError ? 400 : 500, { error: error.message });
  }
});

server.keepAliveTimeout = 60_000;
server.listen(port, "127.0.0.1", () => console.log(`expiry server on http://127.0.0.1:${port}`));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.close(() => process.exit(0)));
