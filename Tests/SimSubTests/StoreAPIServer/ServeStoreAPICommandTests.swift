import Foundation
import TestSupport
import Testing

@testable import SimSub

/// `simsub serve-store-api`'s bad input: a usage error or the scenario's diagnostics, status 2,
/// before anything listens.
@Suite struct ServeStoreAPICommandTests {
  @Test func badOptionsAreUsageErrors() throws {
    let scratch = try CommandLineScratchDirectory()
    defer { scratch.remove() }
    let scenario = TestSupport.packageRoot.appendingPathComponent("Scenarios/card-expired.scn").path
    for (arguments, message) in [
      (["--at", "someday"], "expected an RFC 3339 instant or a duration such as 30d"),
      (["--port", "65533"], "expected a port from 1 to 65532"),
      (["--salt", ""], "expected a text, found nothing"),
      (["--bundle-id", "a b"], "expected letters, digits"),
    ] {
      let (status, console) = scratch.simsub(["serve-store-api", scenario] + arguments)
      #expect(status == .badInput, "\(arguments)")
      #expect(console.standardError.contains(message), "\(console.standardError)")
      #expect(console.standardOutput == "")
    }
    let (status, console) = scratch.simsub(["serve-store-api"])
    #expect(status == .badInput)
    #expect(console.standardError.contains("<file>"))
  }

  @Test func aScenarioThatCannotBePlayedIsReported() throws {
    let scratch = try CommandLineScratchDirectory()
    defer { scratch.remove() }
    try scratch.file("bad.scn", "name: x\nstart: tomorrow\n")
    let (status, console) = scratch.simsub(["serve-store-api", scratch.at("bad.scn")])
    #expect(status == .badInput)
    #expect(console.standardError.contains("bad.scn:2:8: error: expected an RFC 3339 instant"))
    #expect(console.standardOutput == "")
  }

  @Test func helpNamesTheEnvironment() throws {
    let scratch = try CommandLineScratchDirectory()
    defer { scratch.remove() }
    let (status, console) = scratch.simsub(["serve-store-api", "--help"])
    #expect(status == .success)
    for name in [
      "SIMSUB_GOOGLE_API", "SIMSUB_APPLE_API", "SIMSUB_STRIPE_API", "SIMSUB_REVENUECAT_API", "--at", "--port",
    ] {
      #expect(console.standardOutput.contains(name), "\(name)")
    }
  }
}
