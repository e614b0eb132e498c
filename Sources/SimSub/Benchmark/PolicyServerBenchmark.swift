import Foundation
import SubscriptionPolicy

/// `simsub benchmark`'s policy server figures: requests per second through the server transport
/// to the Node example server (docs/examples/node-server), started as its policy file says.
///
/// The requests are those of a real run: every delivered request of the scenarios under the
/// benchmark's path, each followed by the entitlement question once its instant's deliveries are
/// in, with the store APIs served on loopback for the server's Google Play calls. One at a time
/// (a run plays a subscriber's story in order), and from `concurrency` threads at once, each
/// with its own scenarios (as `--concurrency` plays several subscribers against one server).
/// Each figure is the best of `repetitions` passes after a warm-up pass.
package enum PolicyServerBenchmark {
  /// Where the example server is, from the repository's root.
  package static let serverPath = "docs/examples/node-server/server.mjs"

  package struct Figures: Sendable {
    /// Requests per pass: deliveries and questions.
    package var requests: Int
    package var oneAtATimeSeconds: Double
    package var concurrentSeconds: Double
    package var concurrency: Int

    package var oneAtATimePerSecond: Double { Double(requests) / oneAtATimeSeconds }
    package var concurrentPerSecond: Double { Double(requests) / concurrentSeconds }
  }

  /// Why the figures could not be measured.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// One request of a pass.
  private enum Step: Sendable {
    case deliver(WireRequest, Instant)
    case decide(String, Instant)
  }

  package static func measure(
    server script: String, libraryPaths: [String], concurrency: Int = 4, repetitions: Int = 3
  ) throws -> Figures {
    let settings = WireSettings(salt: "benchmark", wallClock: { Int64(Date().timeIntervalSince1970) })
    let results = try libraryPaths.map { try ScenarioPlayer.play(try ScenarioLoader.load(path: $0)) }
    var steps: [Step] = []
    var subscriptions: [SimulatedSubscription] = []
    for result in results {
      subscriptions += SimulatedSubscription.all(in: result, settings: settings)
      for run in result.runs {
        let delivered = run.attempts.filter(\.delivered)
        for (index, attempt) in delivered.enumerated() {
          let context = WireContext(
            settings: settings, scenario: result.scenario, source: attempt.source, member: run.member)
          steps.append(
            .deliver(
              WireRequestBuilder.request(attempt.notification, sentAt: attempt.sentAt, context: context),
              attempt.instant))
          if index + 1 == delivered.count || delivered[index + 1].instant != attempt.instant {
            steps.append(.decide(context.subscriberId, attempt.instant))
          }
        }
      }
    }
    let api = try StoreAPIServer(subscriptions: subscriptions, clock: { _ in Instant(secondsSinceEpoch: 0) })
    defer { api.stop() }
    let listener = try LoopbackListener()
    let port = listener.port
    listener.close()
    let base = "http://127.0.0.1:\(port)"
    func url(_ path: String) throws -> LoopbackURL {
      guard case .success(let url) = LoopbackURL.parse(base + path) else {
        throw Failure(description: "not a URL: \(base + path)")
      }
      return url
    }
    let secret = "whsec_benchmark"
    guard case .success(let access) = JSONPointer.parse("/premium") else {
      throw Failure(description: "pointer")
    }
    let server = PolicyFile.Server(
      start: .arguments(["node", script]), ready: try url("/health"),
      webhooks: PolicyFile.Webhooks(
        apple: try url("/notifications/apple"), google: try url("/notifications/google"),
        stripe: PolicyFile.Stripe(url: try url("/api/billing/webhook"), secret: secret),
        revenuecat: PolicyFile.RevenueCat(url: try url("/api/iap/webhook"))),
      entitlement: PolicyFile.Entitlement(url: try url("/entitlements/{subscriber}"), access: access))
    let file = PolicyFile(
      path: "benchmark.policy", name: "node-server", mode: .server(server),
      environment: [.init("PORT", "\(port)"), .init("STRIPE_WEBHOOK_SECRET", secret)])
    let started = try StartedPolicyServer(
      file: file, server: server, environment: api.environment, console: CapturingConsole())
    defer { started.stop() }
    let connection = PolicyServerConnection(server: server)

    @Sendable func play(_ steps: ArraySlice<Step>) -> String? {
      for step in steps {
        switch step {
        case .deliver(let request, let at):
          let attempt = connection.deliver(request, at: at)
          guard attempt.isAccepted else { return "a delivery was \(attempt)" }
        case .decide(let subscriber, let at):
          if case .failure(let fault) = connection.decide(subscriber: subscriber, at: at) {
            return "\(fault)"
          }
        }
      }
      return nil
    }
    /// After a warm-up pass (Node compiles the server's hot functions on first use).
    func best(_ pass: () throws -> Void) throws -> Double {
      try pass()
      return try BestTime.seconds(of: repetitions, pass)
    }
    let one = try best {
      if let problem = play(steps[...]) { throw Failure(description: problem) }
    }
    let slices = (0..<concurrency).map { k in
      steps[(steps.count * k / concurrency)..<(steps.count * (k + 1) / concurrency)]
    }
    let together = try best {
      let problems = ProblemBox()
      DispatchQueue.concurrentPerform(iterations: concurrency) { k in
        if let problem = play(slices[k]) { problems.set(problem) }
      }
      if let problem = problems.value { throw Failure(description: problem) }
    }
    return Figures(
      requests: steps.count, oneAtATimeSeconds: one, concurrentSeconds: together, concurrency: concurrency)
  }

  /// The first problem of concurrent passes.
  private final class ProblemBox: @unchecked Sendable {
    private let lock = NSLock()
    private var first: String?
    var value: String? { lock.withLock { first } }
    func set(_ problem: String) { lock.withLock { if first == nil { first = problem } } }
  }
}
