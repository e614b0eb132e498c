import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

extension PolicyProcessSuites {
  /// The channel against the Node echo adapter: every op, and pipelining.
  @Suite struct PolicyChannelTests {
    let now = RFC3339.parse("2026-01-31T09:00:00Z")!

    func delivery(status: Int? = nil) -> PolicyHTTPRequest {
      PolicyHTTPRequest(
        method: "POST", path: "/notifications/apple",
        headers: [("content-type", "application/json")]
          + (status.map { [("x-echo-status", String($0))] } ?? []),
        body: #"{"signedPayload":"a.b.c"}"#)
    }

    @Test(.needsNode) func everyOpIsAnswered() throws {
      let console = CapturingConsole()
      let process = try PolicyProcessFixtures.echo(console: console)
      defer { process.stop() }
      let channel = PolicyChannel(process: process, timeout: 5)
      #expect(
        try channel.call(.hello(settings: ["decides-only-on-notifications": true], apis: [:]))
          == .hello(name: "echo", decidesOnlyOnNotifications: true))
      #expect(
        try channel.call(.decide(subscriber: "s1", now: now, snapshot: nil))
          == .decide(PolicyDecision(access: false, state: .never, graceEnds: now)))
      #expect(
        try channel.call(.deliver(subscriber: "s1", now: now, store: "apple", request: delivery()))
          == .deliver(status: 200))
      #expect(
        try channel.call(.deliver(subscriber: "s2", now: now, store: "apple", request: delivery(status: 503)))
          == .deliver(status: 503))
      let later = now + .seconds(86_400)
      #expect(
        try channel.call(.decide(subscriber: "s1", now: later, snapshot: nil))
          == .decide(PolicyDecision(access: true, state: .active, graceEnds: later)))
      #expect(
        try channel.call(
          .decide(subscriber: "s1", now: now, snapshot: ["echo": ["state": "grace", "prompt": "hard"]]))
          == .decide(PolicyDecision(access: true, state: .grace, prompt: .hard, graceEnds: now)))
      #expect(try channel.call(.forget(subscriber: "s1")) == .forget)
      #expect(
        try channel.call(.decide(subscriber: "s1", now: now, snapshot: nil))
          == .decide(PolicyDecision(access: false, state: .never, graceEnds: now)))
      #expect(process.stop() == .status(0))
      _ = process.lastStandardErrorLines(waitingUpTo: 1)
      #expect(console.standardError == "[echo] hello from echo (simsub 1)\n")
    }

    @Test(.needsNode) func aThousandDecidesWrittenBeforeAnyIsRead() throws {
      let process = try PolicyProcessFixtures.echo()
      defer { process.stop() }
      let channel = PolicyChannel(process: process, timeout: 5)
      _ = try channel.call(.hello(settings: [:], apis: [:]))
      var deliveries: [PolicyTicket] = []
      for i in stride(from: 0, to: 1_000, by: 2) {
        deliveries.append(
          try channel.send(.deliver(subscriber: "s\(i)", now: now, store: "apple", request: delivery())))
      }
      var decides: [PolicyTicket] = []
      for i in 0..<1_000 {
        decides.append(
          try channel.send(.decide(subscriber: "s\(i)", now: now + .seconds(Int64(i)), snapshot: nil)))
      }
      // The last answer first: every answer before it is read, in order, and kept.
      let last = try channel.receive(decides[999])
      #expect(last == .decide(PolicyDecision(access: false, state: .never, graceEnds: now + .seconds(999))))
      for ticket in deliveries { #expect(try channel.receive(ticket) == .deliver(status: 200)) }
      for (i, ticket) in decides.enumerated().dropLast() {
        let even = i % 2 == 0
        #expect(
          try channel.receive(ticket)
            == .decide(
              PolicyDecision(
                access: even, state: even ? .active : .never, graceEnds: now + .seconds(Int64(i)))))
      }
      #expect(decides.map(\.id) == Array(502...1_501))
    }
  }
}

extension PolicyProcessSuites {
  @Suite struct PolicyProcessBenchmarkTests {
    @Test(.needsNode) func theBenchmarkMeasuresBothDepths() throws {
      try PolicyProcessFixtures.requireNode()
      let figures = try PolicyProcessBenchmark.measure(
        adapter: PolicyProcessFixtures.echoAdapter, requests: 640, depth: 64, repetitions: 1)
      #expect(figures.requests == 640 && figures.depth == 64)
      #expect(figures.oneAtATimeSeconds > 0 && figures.oneAtATimeSeconds.isFinite)
      #expect(figures.pipelinedSeconds > 0 && figures.pipelinedSeconds.isFinite)
    }
  }
}
