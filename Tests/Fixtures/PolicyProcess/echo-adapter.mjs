// A well-behaved policy process for simsub's process protocol (docs/POLICY-PROCESS.md), with
// Node's standard library only: it answers every op, in order, echoing what it was sent.
//
// - hello: name "echo"; decides-only-on-notifications as settings["decides-only-on-notifications"].
// - deliver: keeps the delivery for the subscriber; the status is the request's
//   x-echo-status header, or 200.
// - decide: access when the subscriber has a delivery kept; state "active" or "never";
//   grace-ends is the request's now, echoed. A snapshot's "echo" object is copied into the answer
//   over those members, so a test can make it answer anything.
// - forget: drops the subscriber.
// Standard input's end ends it. One line on standard error for hello.
import { createInterface } from "node:readline";

const delivered = new Map();
let queued = [];
let scheduled = false;

function answer(line) {
  queued.push(line);
  if (!scheduled) {
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const text = queued.join("\n") + "\n";
      queued = [];
      process.stdout.write(text);
    });
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  switch (request.op) {
    case "hello":
      process.stderr.write(`hello from echo (simsub ${request.simsub})\n`);
      answer(JSON.stringify({
        id: request.id,
        name: "echo",
        "decides-only-on-notifications": request.settings?.["decides-only-on-notifications"] === true,
      }));
      break;
    case "deliver": {
      delivered.set(request.subscriber, request.request.body);
      const status = Number(request.request.headers["x-echo-status"] ?? 200);
      answer(JSON.stringify({ id: request.id, status }));
      break;
    }
    case "decide": {
      const known = delivered.has(request.subscriber);
      const reply = {
        id: request.id,
        access: known,
        state: known ? "active" : "never",
        "grace-ends": request.now,
        ...(request.snapshot?.echo ?? {}),
      };
      answer(JSON.stringify(reply));
      break;
    }
    case "forget":
      delivered.delete(request.subscriber);
      answer(JSON.stringify({ id: request.id }));
      break;
    default:
      process.stderr.write(`unknown op ${request.op}\n`);
      process.exit(2);
  }
});
lines.on("close", () => {
  if (queued.length > 0) process.stdout.write(queued.join("\n") + "\n");
  process.exit(0);
});
