import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

extension PolicyProcessSuites {
  /// Each way a policy process can answer wrongly, as a distinct error naming the request.
  @Suite struct PolicyChannelFaultTests {
    let now = RFC3339.parse("2026-01-31T09:00:00Z")!

    /// Answers the first request with `answer` and then waits for its input to end.
    func answering(_ answer: String) throws -> PolicyProcess {
      let quoted = answer.replacingOccurrences(of: "'", with: #"'\''"#)
      return try PolicyProcessFixtures.shell("read -r line; printf '%s\\n' '\(quoted)'; cat > /dev/null")
    }

    func failure(
      of request: PolicyRequest, from process: PolicyProcess, timeout: Double = 1
    ) -> PolicyChannelError? {
      let channel = PolicyChannel(process: process, timeout: timeout)
      do {
        let answer = try channel.call(request)
        Issue.record("expected a failure, got \(answer)")
        return nil
      } catch {
        // Broken from then on: the same failure again.
        #expect(throws: error) { try channel.send(.forget(subscriber: "x")) }
        return error
      }
    }

    struct Garbage: Sendable, CustomTestStringConvertible {
      var answer: String
      var op: String
      var fault: PolicyFault
      var testDescription: String { answer }
    }

    static let garbage: [Garbage] = [
      Garbage(answer: "[1,2]", op: "decide", fault: .notJSON("it is an array")),
      Garbage(answer: #"{"id":7,"access":true}"#, op: "decide", fault: .wrongID(found: "7")),
      Garbage(answer: #"{"access":true}"#, op: "decide", fault: .missingMember("id")),
      Garbage(
        answer: #"{"id":"1","access":true}"#, op: "decide",
        fault: .illTyped(member: "id", found: "a string", expected: "a number")),
      Garbage(answer: #"{"id":1}"#, op: "decide", fault: .missingMember("access")),
      Garbage(
        answer: #"{"id":1,"access":"yes"}"#, op: "decide",
        fault: .illTyped(member: "access", found: "a string", expected: "true or false")),
      Garbage(
        answer: #"{"id":1,"access":true,"state":"in_grace"}"#, op: "decide",
        fault: .illTyped(
          member: "state", found: "'in_grace'",
          expected: "one of never, active, grace, hold, paused, expired, revoked; did you mean 'grace'?")),
      Garbage(
        answer: #"{"id":1,"access":true,"prompt":7}"#, op: "decide",
        fault: .illTyped(member: "prompt", found: "a number", expected: "one of none, soft, hard")),
      Garbage(
        answer: #"{"id":1,"access":true,"grace-ends":"tomorrow"}"#, op: "decide",
        fault: .illTyped(member: "grace-ends", found: "a string", expected: "an RFC 3339 timestamp")),
      Garbage(
        answer: #"{"id":1,"status":"200"}"#, op: "deliver",
        fault: .illTyped(member: "status", found: "a string", expected: "an HTTP status, 100 to 599")),
      Garbage(
        answer: #"{"id":1,"decides-only-on-notifications":true}"#, op: "hello", fault: .missingMember("name")),
    ]

    @Test(arguments: garbage) func aGarbageAnswerNamesTheRequest(_ garbage: Garbage) throws {
      let process = try answering(garbage.answer)
      defer { process.stop() }
      let request: PolicyRequest =
        switch garbage.op {
        case "hello": .hello(settings: [:], apis: [:])
        case "deliver":
          .deliver(
            subscriber: "s9", now: now, store: "google",
            request: PolicyHTTPRequest(method: "POST", path: "/g", headers: [], body: "{}"))
        default: .decide(subscriber: "s9", now: now, snapshot: nil)
        }
      let error = try #require(failure(of: request, from: process))
      #expect(error.fault == garbage.fault)
      #expect(error.request == PolicyRequestLabel(op: garbage.op, id: 1, subscriber: request.subscriber))
      #expect(error.quoted == garbage.answer)
      #expect(error.exit == nil)
    }

    @Test func anAnswerThatIsNotJSONIsQuoted() throws {
      let process = try answering("this is not json")
      defer { process.stop() }
      let error = try #require(failure(of: .decide(subscriber: "s9", now: now, snapshot: nil), from: process))
      guard case .notJSON = error.fault else {
        Issue.record("expected notJSON, got \(error.fault)")
        return
      }
      #expect(error.quoted == "this is not json")
      #expect(
        error.description.hasPrefix(
          "policy 'sh' failed on decide #1 (subscriber s9): its answer is not a JSON object ("))
      #expect(error.description.hasSuffix("\n  it wrote: this is not json"))
    }

    @Test func halfALineThenExitIsAHalfAnswerWithTheExitAndStandardError() throws {
      let process = try PolicyProcessFixtures.shell(
        #"read -r line; printf '{"id":1,"acc'; echo 'dying' >&2; exit 3"#)
      defer { process.stop() }
      let error = try #require(failure(of: .decide(subscriber: "s9", now: now, snapshot: nil), from: process))
      #expect(error.fault == .halfAnswer)
      #expect(error.quoted == #"{"id":1,"acc"#)
      #expect(error.exit == .status(3))
      #expect(error.standardError == ["dying"])
      #expect(
        error.description == """
          policy 'sh' failed on decide #1 (subscriber s9): its output ended in the middle of an answer
            it wrote: {"id":1,"acc
            the process ended: exit status 3
            its last lines of standard error:
              dying
          """)
    }

    @Test func anExitMidRunGivesItsStatusAndLastLines() throws {
      // Answers hello, then dies on the next request.
      let process = try PolicyProcessFixtures.shell(
        #"read -r line; echo '{"id":1,"name":"x"}'; read -r line; echo 'boom: cannot decide' >&2; exit 4"#)
      defer { process.stop() }
      let channel = PolicyChannel(process: process, timeout: 1)
      #expect(
        try channel.call(.hello(settings: [:], apis: [:]))
          == .hello(name: "x", decidesOnlyOnNotifications: false))
      #expect {
        try channel.call(.decide(subscriber: "s2", now: now, snapshot: nil))
      } throws: { error in
        guard let error = error as? PolicyChannelError else { return false }
        return error.fault == .endOfOutput && error.exit == .status(4)
          && error.standardError == ["boom: cannot decide"]
          && error.request == PolicyRequestLabel(op: "decide", id: 2, subscriber: "s2")
      }
    }

    @Test func aChildKilledBySignalSaysWhich() throws {
      let process = try PolicyProcessFixtures.shell("read -r line; kill -KILL $$")
      defer { process.stop() }
      let error = try #require(failure(of: .forget(subscriber: "s3"), from: process))
      #expect(error.fault == .endOfOutput)
      #expect(error.exit == .signal(SIGKILL))
      #expect(error.description.contains("the process ended: killed by signal 9 (SIGKILL)"))
    }

    @Test func aHangIsATimeout() throws {
      let process = try PolicyProcessFixtures.shell("read -r line; sleep 30")
      defer { process.stop() }
      let start = Date()
      let error = try #require(
        failure(of: .decide(subscriber: "s9", now: now, snapshot: nil), from: process, timeout: 0.3))
      let elapsed = Date().timeIntervalSince(start)
      #expect(error.fault == .timeout(seconds: 0.3))
      #expect(error.exit == nil)
      #expect(elapsed >= 0.3 && elapsed < 1.5)
      #expect(
        error.description.hasPrefix("policy 'sh' failed on decide #1 (subscriber s9): no answer within 0.3 s")
      )
    }

    @Test func aLineOverOneMebibyteIsRefused() throws {
      let process = try PolicyProcessFixtures.shell(
        #"read -r line; head -c 1100000 /dev/zero | tr '\0' a; echo; cat > /dev/null"#)
      defer { process.stop() }
      let error = try #require(failure(of: .decide(subscriber: "s9", now: now, snapshot: nil), from: process))
      #expect(error.fault == .lineTooLong(limit: 1 << 20))
      let quoted = try #require(error.quoted)
      #expect(quoted.hasPrefix(String(repeating: "a", count: 200) + "… ("))
      #expect(quoted.utf8.count < 230)
    }

    @Test func aProcessThatClosedItsInputFailsTheWrite() throws {
      let process = try PolicyProcessFixtures.shell("exec 0<&-; echo closing >&2; sleep 30")
      defer { process.stop() }
      #expect(PolicyProcessFixtures.waitForLine(process) { $0 == "closing" } != nil)
      let error = try #require(failure(of: .forget(subscriber: "s1"), from: process, timeout: 0.3))
      #expect(error.fault == .writeFailed(code: EPIPE))
      #expect(error.request == PolicyRequestLabel(op: "forget", id: 1, subscriber: "s1"))
    }
  }
}
