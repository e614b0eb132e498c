// Client-side entitlement code in front of simsub: an app that decides from the RevenueCat SDK's
// CustomerInfo, as a policy process (docs/POLICY-PROCESS.md). Node 20, standard library only.
//
// The decision is the few lines an app writes against the SDK (`decide` below); the rest
// speaks simsub's JSON-lines protocol. Client code gets no webhooks: adapter.policy says
// `deliveries: no`, so simsub sends none (one sent all the same is answered 200 and ignored),
// and each question carries the CustomerInfo the SDK would hand the app at that instant
// (`snapshot.revenuecat`).
//
//   MISTAKE=will-renew   a real-world mistake: access only while `willRenew` is true, which
//                        RevenueCat sets false as soon as a billing issue is detected, so
//                        subscribers in grace are locked out.
const ENTITLEMENT = "premium";
const mistake = process.env.MISTAKE ?? "";

/** What the app shows, from CustomerInfo alone. */
function decide(customerInfo) {
  const entitlement = customerInfo?.entitlements?.all?.[ENTITLEMENT];
  if (!entitlement) return { access: false, state: "never" };
  const family = entitlement.ownershipType === "FAMILY_SHARED";
  const billingIssue = entitlement.billingIssueDetectedAt != null;
  if (entitlement.isActive) {
    // RevenueCat keeps the entitlement active through the store's grace period.
    const access = mistake === "will-renew" ? entitlement.willRenew : true;
    // In grace the entitlement expires when grace does, on the device's clock, with no update
    // from RevenueCat: say when, so the app is asked again then (`grace-ends`).
    return billingIssue
      ? { access, state: "grace", prompt: family ? "none" : "soft", "grace-ends": entitlement.expirationDate ?? null }
      : { access, state: "active", prompt: "none" };
  }
  // Not active: a billing issue still open is the store's retry without access; anything else
  // (expired, refunded, paused) CustomerInfo does not tell apart, so no state is claimed.
  if (billingIssue) return { access: false, state: "hold", prompt: family ? "none" : "hard" };
  return { access: false };
}

/** The answer to one request. */
function answer(request) {
  switch (request.op) {
    case "hello":
      return { id: request.id, name: "customerinfo-adapter" };
    case "deliver":
      return { id: request.id, status: 200 };
    case "decide":
      return { id: request.id, ...decide(request.snapshot?.revenuecat) };
    default:
      return { id: request.id };
  }
}

// One request per line. simsub pipelines its requests, so the lines that arrive together are
// answered together, in one write.
let partial = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  const lines = (partial + chunk).split("\n");
  partial = lines.pop();
  let out = "";
  for (const line of lines) {
    if (line !== "") out += JSON.stringify(answer(JSON.parse(line))) + "\n";
  }
  if (out !== "") process.stdout.write(out);
});
