import Foundation
import Testing

@testable import SimSub

extension PolicyProcessSuites {
  /// Starting a policy process, its standard error, and stopping it and its group.
  @Suite struct PolicyProcessLifetimeTests {
    @Test func standardErrorIsPrefixedLineByLineAndTheLastTwentyKept() throws {
      let console = CapturingConsole()
      let process = try PolicyProcessFixtures.shell(
        #"echo first >&2; i=1; while [ $i -le 25 ]; do echo "line $i" >&2; i=$((i+1)); done; printf 'no newline' >&2"#,
        console: console)
      #expect(process.stop() == .status(0))
      let kept = process.lastStandardErrorLines(waitingUpTo: 1)
      #expect(kept == (7...25).map { "line \($0)" } + ["no newline"])
      #expect(
        console.standardError == "[sh] first\n" + (1...25).map { "[sh] line \($0)\n" }.joined()
          + "[sh] no newline\n")
      #expect(console.standardOutput == "")
    }

    @Test func theCommandIsLookedUpInPATHWithTheEnvironmentAdded() throws {
      let process = try PolicyProcess(
        name: "env", arguments: ["sh", "-c", #"echo "api=$SIMSUB_GOOGLE_API" >&2"#],
        environment: ["SIMSUB_GOOGLE_API": "http://127.0.0.1:1234/"], console: CapturingConsole())
      #expect(process.stop() == .status(0))
      #expect(process.lastStandardErrorLines(waitingUpTo: 1) == ["api=http://127.0.0.1:1234/"])
    }

    @Test func aMissingCommandIsAStartFailure() {
      #expect {
        try PolicyProcess(
          name: "x", arguments: ["simsub-no-such-policy-program"], console: CapturingConsole())
      } throws: { error in
        guard let failure = error as? PolicyProcessStartFailure else { return false }
        return failure.code == ENOENT
          && failure.description
            == "cannot start 'simsub-no-such-policy-program': simsub-no-such-policy-program: command not found (searched PATH)"
      }
    }

    @Test func aWellBehavedChildEndsAtTheEndOfItsInput() throws {
      let process = try PolicyProcessFixtures.shell("cat > /dev/null; exit 5", grace: 5, exitWait: 5)
      let pid = process.pid
      let start = Date()
      #expect(process.stop() == .status(5))
      #expect(Date().timeIntervalSince(start) < 2)
      #expect(PolicyProcessFixtures.isGone(pid))
      #expect(!ProcessGroups.isRegistered(pid))
      #expect(process.stop() == .status(5))
    }

    @Test func aChildIgnoringSIGTERMIsKilledWithItsGroup() throws {
      let process = try PolicyProcessFixtures.shell(
        #"trap '' TERM; sleep 30 & echo "grandchild $!" >&2; wait"#, grace: 0.3, exitWait: 0.1)
      let line = try #require(PolicyProcessFixtures.waitForLine(process) { $0.hasPrefix("grandchild ") })
      let grandchild = try #require(pid_t(line.dropFirst("grandchild ".count)))
      #expect(getpgid(grandchild) == process.pid)
      let pid = process.pid
      let start = Date()
      #expect(process.stop() == .signal(SIGKILL))
      let elapsed = Date().timeIntervalSince(start)
      #expect(elapsed >= 0.4 && elapsed < 2)
      #expect(kill(pid, 0) == -1 && errno == ESRCH)
      #expect(PolicyProcessFixtures.waitUntilGone(grandchild))
    }

    @Test func aSecondChildDoesNotKeepTheFirstOnesInputOpen() throws {
      // Were the first child's input inherited by the second, the first would never see its
      // end and would be killed instead of ending with status 0.
      let first = try PolicyProcessFixtures.shell("cat > /dev/null", grace: 0.3, exitWait: 3)
      let second = try PolicyProcessFixtures.shell("sleep 30")
      defer { second.stop() }
      #expect(first.stop() == .status(0))
    }

    @Test func theTerminationPathStopsEveryStartedGroup() throws {
      let quiet = try PolicyProcessFixtures.shell("cat > /dev/null")
      let stubborn = try PolicyProcessFixtures.shell(#"trap '' TERM; echo ready >&2; sleep 30"#, grace: 0.3)
      #expect(PolicyProcessFixtures.waitForLine(stubborn) { $0 == "ready" } != nil)
      #expect(ProcessGroups.isRegistered(quiet.pid) && ProcessGroups.isRegistered(stubborn.pid))
      // What TerminationSignals.end(by:) calls before the program ends by the signal.
      ProcessGroups.stopAll()
      for process in [quiet, stubborn] {
        #expect(kill(process.pid, 0) == -1 && errno == ESRCH)
        #expect(!ProcessGroups.isRegistered(process.pid))
      }
      #expect(quiet.stop() == .signal(SIGTERM))
      #expect(stubborn.stop() == .signal(SIGKILL))
    }
  }
}

extension PolicyProcessSuites.PolicyProcessLifetimeTests {
  @Test func theChildDoesNotInheritSimsubsBlockedSignals() throws {
    // simsub blocks SIGTERM in every thread (TerminationSignals); a child inheriting that mask
    // would ignore the SIGTERM of stop() and be killed only by SIGKILL.
    var terminate = sigset_t()
    sigemptyset(&terminate)
    sigaddset(&terminate, SIGTERM)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &terminate, &previous)
    let started = Result { try PolicyProcessFixtures.shell("exec sleep 30", grace: 2, exitWait: 0.05) }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    let process = try started.get()
    #expect(process.stop() == .signal(SIGTERM))
  }
}
