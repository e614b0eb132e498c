import Foundation
import SubscriptionPolicy

/// `simsub benchmark`'s policy process figures: `decide` round trips per second through a
/// process adapter (the Node echo adapter of the tests), one request at a time and with 64 in
/// flight (pipelined, as one process serving many subscribers is driven).
///
/// Each figure is the best of `repetitions` passes of `requests` decides, after a warm-up pass
/// (Node compiles the adapter's hot functions on first use). The adapter's standard error is
/// kept, not printed.
package enum PolicyProcessBenchmark {
  /// Where the adapter is, from the repository's root.
  package static let adapterPath = "Tests/Fixtures/PolicyProcess/echo-adapter.mjs"

  package struct Figures: Sendable {
    package var requests: Int
    package var oneAtATimeSeconds: Double
    package var pipelinedSeconds: Double
    package var depth: Int

    package var oneAtATimePerSecond: Double { Double(requests) / oneAtATimeSeconds }
    package var pipelinedPerSecond: Double { Double(requests) / pipelinedSeconds }
  }

  /// Why the figures could not be measured.
  package enum Failure: Error, CustomStringConvertible {
    case start(PolicyProcessStartFailure)
    case channel(PolicyChannelError)
    case unexpected(PolicyAnswer)

    package var description: String {
      switch self {
      case .start(let failure): failure.description
      case .channel(let error): error.description
      case .unexpected(let answer): "the adapter answered \(answer)"
      }
    }
  }

  package static func measure(
    adapter: String, requests: Int = 5_000, depth: Int = 64, repetitions: Int = 3
  ) throws(Failure) -> Figures {
    let process: PolicyProcess
    do {
      process = try PolicyProcess(name: "echo", arguments: ["node", adapter], console: CapturingConsole())
    } catch {
      throw .start(error)
    }
    defer { process.stop() }
    let channel = PolicyChannel(process: process)
    let now = Instant(secondsSinceEpoch: 1_767_225_600)
    let subscribers = (0..<256).map { String(format: "00000000-0000-4000-8000-%012x", $0) }
    func pass(inFlight: Int) throws(Failure) -> Double {
      let start = DispatchTime.now().uptimeNanoseconds
      var tickets: [PolicyTicket] = []
      tickets.reserveCapacity(inFlight)
      var sent = 0
      var wrong: PolicyAnswer?
      do {
        while sent < requests {
          tickets.removeAll(keepingCapacity: true)
          for _ in 0..<min(inFlight, requests - sent) {
            let request = PolicyRequest.decide(
              subscriber: subscribers[sent % subscribers.count], now: now + .seconds(Int64(sent)),
              snapshot: nil)
            tickets.append(try channel.send(request))
            sent += 1
          }
          for ticket in tickets {
            let answer = try channel.receive(ticket)
            if case .decide = answer {} else { wrong = answer }
          }
        }
      } catch { throw .channel(error) }
      if let wrong { throw .unexpected(wrong) }
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    let hello: PolicyAnswer
    do { hello = try channel.call(.hello(settings: [:], apis: [:])) } catch { throw .channel(error) }
    guard case .hello = hello else { throw .unexpected(hello) }
    _ = try pass(inFlight: depth)
    var single = Double.infinity
    var pipelined = Double.infinity
    for _ in 0..<max(1, repetitions) {
      single = min(single, try pass(inFlight: 1))
      pipelined = min(pipelined, try pass(inFlight: depth))
    }
    return Figures(requests: requests, oneAtATimeSeconds: single, pipelinedSeconds: pipelined, depth: depth)
  }
}
