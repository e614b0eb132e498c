// A policy process that checks how Monte Carlo names its subscribers (Tests/SimSubTests,
// MonteCarloPolicyFileTests): every request's subscriber is a UUID, a forgotten subscriber is
// never heard of again, and no more subscribers are open at once than OPEN_AT_MOST (one per
// worker thread). Any breach is written to standard error and ends the process with status 3.
//
// It decides from the RevenueCat CustomerInfo snapshot, as the CustomerInfo adapter does: access
// while the entitlement is active, asked again when it expires (`grace-ends`).
//
//   CRASH_AFTER=N   ends the process with status 3 after N requests, saying "dying".
//   RECORD=FILE     writes how many requests of each op it was sent to FILE at the end of its
//                   input, as a JSON object ({"hello": 1, "deliver": …, "decide": …, "forget": …}).
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const openAtMost = Number(process.env.OPEN_AT_MOST ?? "1");
const crashAfter = Number(process.env.CRASH_AFTER ?? "0");
const open = new Set();
const forgotten = new Set();
let requests = 0;
const sent = { hello: 0, deliver: 0, decide: 0, forget: 0 };

function fail(message) {
  process.stderr.write(message + "\n");
  process.exit(3);
}

function hear(subscriber) {
  if (!uuid.test(subscriber)) fail(`not a UUID: ${subscriber}`);
  if (forgotten.has(subscriber)) fail(`subscriber ${subscriber} heard of after forget`);
  open.add(subscriber);
  if (open.size > openAtMost) fail(`${open.size} subscribers open at once`);
}

function decide(customerInfo) {
  const entitlement = customerInfo?.entitlements?.all?.premium;
  if (!entitlement?.isActive) return { access: false };
  return { access: true, "grace-ends": entitlement.expirationDate ?? null };
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  requests += 1;
  sent[request.op] = (sent[request.op] ?? 0) + 1;
  if (crashAfter > 0 && requests > crashAfter) {
    process.stderr.write("dying\n");
    process.exit(3);
  }
  let answer;
  switch (request.op) {
    case "hello":
      answer = { id: request.id, name: "subscriber-ledger", "decides-only-on-notifications": true };
      break;
    case "deliver":
      hear(request.subscriber);
      answer = { id: request.id, status: 200 };
      break;
    case "decide":
      hear(request.subscriber);
      answer = { id: request.id, ...decide(request.snapshot?.revenuecat) };
      break;
    case "forget":
      if (!open.delete(request.subscriber)) fail(`forget of ${request.subscriber}, never heard of`);
      forgotten.add(request.subscriber);
      answer = { id: request.id };
      break;
    default:
      answer = { id: request.id };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
lines.on("close", () => {
  if (process.env.RECORD) writeFileSync(process.env.RECORD, JSON.stringify(sent));
});
