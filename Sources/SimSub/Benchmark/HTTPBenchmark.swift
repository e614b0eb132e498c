import Foundation

/// `simsub benchmark`'s HTTP figure: requests per second from ``HTTPClient`` to
/// ``LoopbackHTTPServer`` on loopback, one request at a time over one keep-alive connection,
/// with small JSON bodies each way (a delivery's shape: a POST with `X-Simsub-Now`, answered by
/// an entitlement-like document).
///
/// One request at a time is how a store delivers to one subscriber's server, so this is the
/// round trip's cost: writing, the kernel's loopback, the server's thread reading, the handler,
/// the answer read back. It bounds from above what a policy server in another language can
/// reach through the same client.
package enum HTTPBenchmark {
  package struct Figures: Sendable {
    package var requests: Int
    package var seconds: Double
    package var requestBytes: Int
    package var answerBytes: Int
    package var connections: Int

    package var requestsPerSecond: Double { Double(requests) / seconds }
  }

  /// Why the benchmark could not run: a failed request, or a server that did not start.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  static let answer = Array(#"{"access":true,"state":"active","prompt":null}"#.utf8)

  package static func measure(requests: Int = 5_000, repetitions: Int = 5) throws -> Figures {
    let server: LoopbackHTTPServer
    do {
      server = try LoopbackHTTPServer { request in
        HTTPResponse(
          status: request.method == "POST" && !request.body.isEmpty ? 200 : 400,
          headers: ["Content-Type": "application/json"], body: answer)
      }
    } catch { throw Failure(description: "the benchmark's HTTP server did not start: \(error)") }
    defer { server.stop() }
    let client = HTTPClient(timeout: .seconds(10))
    defer { client.closeIdleConnections() }
    let url = server.url("/notifications/apple")
    let body = Array(
      #"{"signedPayload":"eyJhbGciOiJub25lIn0.eyJub3RpZmljYXRpb25UeXBlIjoiRElEX1JFTkVXIn0."}"#.utf8)
    let headers: HTTPHeaders = ["Content-Type": "application/json", "X-Simsub-Now": "2026-01-01T00:00:00Z"]
    var best = Double.infinity
    var answerBytes = 0
    for _ in 0..<max(1, repetitions) {
      let start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<requests {
        switch client.send("POST", url, headers: headers, body: body) {
        case .success(let response) where response.status == 200: answerBytes = response.body.count
        case .success(let response):
          throw Failure(description: "the benchmark's server answered \(response.status)")
        case .failure(let error): throw Failure(description: "a benchmark request failed: \(error)")
        }
      }
      best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    let requestBytes =
      (try? HTTPMessageWriter.request(
        HTTPRequest(method: "POST", target: url.target, headers: headers, body: body),
        authority: url.authority
      ).count) ?? 0
    return Figures(
      requests: requests, seconds: best, requestBytes: requestBytes, answerBytes: answerBytes,
      connections: client.connectionsOpened)
  }
}
