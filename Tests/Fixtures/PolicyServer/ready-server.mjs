// A stand-in for a team's server, for simsub's tests of starting and stopping a policy server.
// Node's standard library only. Listens on 127.0.0.1:$PORT; GET /health answers 200 once
// READY_AFTER_MS milliseconds have passed (503 before, and always with NEVER_READY=1); GET /env
// answers the SIMSUB_* variables it was started with, as JSON. Logs to standard output.
import http from "node:http";

const port = Number(process.env.PORT);
const readyAt = Date.now() + Number(process.env.READY_AFTER_MS ?? 0);
const server = http.createServer((request, response) => {
  if (request.url === "/health") {
    const ready = !process.env.NEVER_READY && Date.now() >= readyAt;
    response.writeHead(ready ? 200 : 503).end(ready ? "ok" : "starting");
  } else if (request.url === "/env") {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("SIMSUB_")));
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(env));
  } else {
    response.writeHead(404).end();
  }
});
server.listen(port, "127.0.0.1", () => console.log(`listening on ${port}`));
