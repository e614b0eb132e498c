import Foundation
import MyAppPolicy
import SimSub
import Testing

/// MyApp's policy in front of simsub, from MyApp's own test suite.
@Suite("MyApp policy")
struct MyAppPolicyGateTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  @Test func passesTheGate() throws {
    let result = try Gate.run(MyAppPolicy.self, paths: Gate.Paths(root: Self.root))
    #expect(result.passed, "\(GateReport.text(result))")
    #expect(result.scenarios.count == 3)
  }

  @Test func keepsAGraceSubscriberIn() throws {
    let scenario = try ScenarioLoader.load(path: Self.root + "/Scenarios/card-expired.scn")
    let result = try ScenarioPlayer.play(scenario, policy: MyAppPolicy.self)
    #expect(result.passed)
    #expect(result.violations.isEmpty)
  }
}
