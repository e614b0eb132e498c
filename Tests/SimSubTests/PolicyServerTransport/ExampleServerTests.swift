import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

extension PolicyProcessSuites {
  /// The example servers (docs/examples/node-server, docs/examples/python-server) against the
  /// reference policy: every delivered request of every shipped scenario sent to their webhooks
  /// over HTTP, and their entitlement answer after each instant's deliveries compared with the
  /// reference policy's decision at that instant in the same scenario, for the purchaser and each
  /// family member.
  ///
  /// The Python server needs the stores' libraries: its tests run when `SIMSUB_EXAMPLE_PYTHON`
  /// names a Python that has them (`.ci/run` gives the wire check's virtual environment), and
  /// are reported as skipped otherwise; `swift test` itself needs no Python.
  @Suite struct ExampleServerTests {
    /// An example server: its folder and the command that starts its server.
    struct Example {
      var folder: String
      var start: [String]

      static let node = Example(
        folder: WireTesting.root.appendingPathComponent("docs/examples/node-server").path,
        start: ["node", "server.mjs"])
      static let python: Example? = ProcessInfo.processInfo.environment["SIMSUB_EXAMPLE_PYTHON"].map {
        Example(
          folder: WireTesting.root.appendingPathComponent("docs/examples/python-server").path,
          start: [$0, "server.py"])
      }
    }

    /// The example's policy file `name` with its port moved to `port` and its server started by
    /// path, plus `variables` added to its environment.
    static func policy(_ name: String, of example: Example, port: Int, variables: [String: String] = [:])
      throws
      -> (PolicyFile, PolicyFile.Server)
    {
      let folder = example.folder
      var file = try PolicyFileLoader.load(path: "\(folder)/\(name)")
      guard case .server(var server) = file.mode else {
        Issue.record("\(name) is not a server policy")
        throw CancellationError()
      }
      func moved(_ url: LoopbackURL) -> LoopbackURL {
        var url = url
        url.port = port
        return url
      }
      server.start = .arguments([example.start[0]] + example.start.dropFirst().map { "\(folder)/\($0)" })
      server.ready = server.ready.map(moved)
      server.webhooks.apple = server.webhooks.apple.map(moved)
      server.webhooks.google = server.webhooks.google.map(moved)
      if let stripe = server.webhooks.stripe { server.webhooks.stripe?.url = moved(stripe.url) }
      if let revenueCat = server.webhooks.revenuecat {
        server.webhooks.revenuecat?.url = moved(revenueCat.url)
      }
      server.entitlement.url = moved(server.entitlement.url)
      // The files let simsub choose the port (`{port}`, passed as PORT): this test chooses it.
      file.environment =
        file.environment.filter { $0.name != "PORT" } + [PolicyFile.Variable("PORT", "\(port)")]
      for (name, value) in variables { file.environment.append(PolicyFile.Variable(name, value)) }
      file.mode = .server(server)
      return (file, server)
    }

    /// The mismatches of the example server, started from `name`, against the reference
    /// decisions of every shipped scenario: one server per length of the Stripe grace the
    /// scenarios promise (the server's `STRIPE_GRACE_DAYS`).
    static func mismatches(_ name: String, of example: Example) throws -> (checked: Int, [String]) {
      if example.start[0] == "node" { try PolicyProcessFixtures.requireNode() }
      let settings = WireTesting.settings()
      let results = WireTesting.shipped.compactMap {
        try? ScenarioPlayer.play($0.scenario, policy: "reference")
      }
      let byGrace = Dictionary(grouping: results) { $0.scenario.policySettings.stripeGracePeriod.seconds }
      let api = try StoreAPIServer(subscriptions: [], clock: { _ in Instant(secondsSinceEpoch: 0) })
      defer { api.stop() }
      var checked = 0
      var found: [String] = []
      for (graceSeconds, group) in byGrace.sorted(by: { $0.key < $1.key }) {
        let port = try PolicyServerFixtures.closedPort()
        let (file, server) = try policy(
          name, of: example, port: port, variables: ["STRIPE_GRACE_DAYS": "\(Double(graceSeconds) / 86_400)"])
        let started = try StartedPolicyServer(
          file: file, server: server, environment: api.environment, console: CapturingConsole())
        defer { started.stop() }
        let connection = PolicyServerConnection(server: server)
        for result in group {
          api.replaceSubscriptions(SimulatedSubscription.all(in: result, settings: settings))
          let (n, problems) = compare(result, connection: connection, settings: settings)
          checked += n
          found += problems
        }
      }
      return (checked, found)
    }

    /// Plays `result`'s delivered requests to `connection` and compares its answers with the
    /// reference decisions of `result`.
    static func compare(_ result: ScenarioResult, connection: PolicyServerConnection, settings: WireSettings)
      -> (checked: Int, [String])
    {
      var checked = 0
      var found: [String] = []
      for run in result.runs {
        let delivered = run.attempts.filter(\.delivered)
        for (index, attempt) in delivered.enumerated() {
          let context = WireContext(
            settings: settings, scenario: result.scenario, source: attempt.source, member: run.member)
          let request = WireRequestBuilder.request(
            attempt.notification, sentAt: attempt.sentAt, context: context)
          let outcome = connection.deliver(request, at: attempt.instant)
          let place =
            "\(result.scenario.path)\(run.runName.map { " (\($0))" } ?? "") at \(RFC3339.format(attempt.instant))"
          guard outcome.isAccepted else {
            found.append("\(place): \(attempt.notification.name) \(outcome)")
            continue
          }
          // Compared once the instant's deliveries are all in.
          if index + 1 < delivered.count, delivered[index + 1].instant == attempt.instant { continue }
          guard let row = run.rows.last(where: { $0.instant == attempt.instant }) else { continue }
          checked += 1
          switch connection.decide(subscriber: context.subscriberId, at: attempt.instant) {
          case .failure(let fault):
            found.append("\(place): \(fault)")
          case .success(let decision):
            let expected = row.decision
            if decision.access != expected.access || decision.state != expected.state
              || decision.prompt != expected.prompt
            {
              let server =
                "\(decision.access) \(decision.state.map(\.name) ?? "-") \(decision.prompt.map(\.name) ?? "-")"
              found.append(
                "\(place) after \(attempt.notification.name): server \(server), reference \(expected.access) \(expected.state.name) \(expected.prompt.name)"
              )
            }
          }
        }
      }
      return (checked, found)
    }

    @Test(.needsNode) func theNodeServerAnswersAsTheReferencePolicyDoes() throws {
      try Self.expectAgreement(Self.mismatches("server.policy", of: .node))
    }

    @Test(.needsNode) func theNodeServersActiveOnlyMistakeLocksOutSubscribersInGrace() throws {
      try Self.expectGraceLockoutsOnly(Self.mismatches("server-active-only.policy", of: .node))
    }

    @Test(
      .enabled(if: Example.python != nil, "SIMSUB_EXAMPLE_PYTHON names no Python with the stores' libraries"))
    func thePythonServerAnswersAsTheReferencePolicyDoes() throws {
      try Self.expectAgreement(Self.mismatches("server.policy", of: #require(Example.python)))
    }

    @Test(
      .enabled(if: Example.python != nil, "SIMSUB_EXAMPLE_PYTHON names no Python with the stores' libraries"))
    func thePythonServersActiveOnlyMistakeLocksOutSubscribersInGrace() throws {
      try Self.expectGraceLockoutsOnly(
        Self.mismatches("server-active-only.policy", of: #require(Example.python)))
    }

    static func expectAgreement(_ result: (checked: Int, [String])) {
      let (checked, found) = result
      #expect(checked > 200)
      #expect(
        found.count == 0,
        "\(found.count) of \(checked) answers differ:\n\(found.prefix(20).joined(separator: "\n"))")
    }

    static func expectGraceLockoutsOnly(_ result: (checked: Int, [String])) {
      let (checked, found) = result
      #expect(checked > 200)
      let lockouts = found.filter { $0.contains("server false grace") && $0.contains("reference true grace") }
      #expect(!lockouts.isEmpty)
      let others = found.filter { !lockouts.contains($0) }
      #expect(others.count == 0, "only grace differs:\n\(others.prefix(10).joined(separator: "\n"))")
    }
  }
}
