// A policy server for simsub's tests: it writes one line per request it receives
// ("POST /apple") to the file RECORD, answers every webhook with STATUS (200 by default),
// and answers every entitlement question with premium access (the tests look at the
// deliveries, not at the answers). Node 20, standard library only.
//
//   PORT    where to listen on 127.0.0.1
//   RECORD  the file each request's line is appended to
//   STATUS  the webhooks' status (400: a server whose signing secret is wrong)
import http from "node:http";
import fs from "node:fs";

const status = Number(process.env.STATUS ?? 200);
const record = process.env.RECORD;

http
  .createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url === "/health") return response.end("ok");
      if (record) fs.appendFileSync(record, `${request.method} ${request.url}\n`);
      if (request.method === "GET") {
        response.setHeader("Content-Type", "application/json");
        return response.end(JSON.stringify({ premium: true }));
      }
      response.statusCode = status;
      response.setHeader("Content-Type", "application/json");
      response.end(status < 300 ? "{}" : JSON.stringify({ error: "No signatures found matching the expected signature" }));
    });
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
