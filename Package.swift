// swift-tools-version: 6.0
import PackageDescription

// `simsub --version` names the commit it was built from when built from a git checkout: SwiftPM's
// git information, given to a small C target as a define (no build plugin, no generated file).
let gitInformation = Context.gitInformation
let buildInfoSettings: [CSetting] =
  (gitInformation.map { [.define("SIMSUB_COMMIT", to: $0.currentCommit)] } ?? [])
  + (gitInformation?.hasUncommittedChanges == true ? [.define("SIMSUB_DIRTY")] : [])

let package = Package(
  name: "simsub",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "SubscriptionPolicy", targets: ["SubscriptionPolicy"]),
    .library(name: "SimSub", targets: ["SimSub"]),
    .executable(name: "simsub", targets: ["simsub"]),
  ],
  targets: [
    // The policy module an app server ships: notifications as the stores shape them,
    // the normalised entitlement, the policy protocol and the reference policy. Knows nothing
    // of simulation.
    .target(name: "SubscriptionPolicy"),
    // The simulator as a library: time, store models, engine, scenarios, Monte Carlo, reports,
    // and the known-bad policies with the registry of built-in ones.
    .target(name: "SimSub", dependencies: ["SubscriptionPolicy"]),
    // The command-line tool: gathers arguments and terminal facts, calls SimSub, prints, exits.
    .executableTarget(name: "simsub", dependencies: ["SimSub", "SimSubBuildInfo"]),
    // The commit `simsub --version` prints (read by the executable only).
    .target(name: "SimSubBuildInfo", cSettings: buildInfoSettings),
    // Helpers shared by the test targets.
    .target(name: "TestSupport", dependencies: ["SimSub"], path: "Tests/TestSupport"),
    // The wire fixtures are read through #filePath, not bundled. SimSub for the known-bad
    // policies and the registry, tested here on the reference policy's fixtures.
    .testTarget(
      name: "SubscriptionPolicyTests", dependencies: ["SubscriptionPolicy", "SimSub", "TestSupport"],
      exclude: ["Fixtures/AppStore", "Fixtures/GooglePlay", "Fixtures/Stripe", "Fixtures/RevenueCat"]),
    // Golden files are read through #filePath, not bundled.
    .testTarget(name: "SimSubTests", dependencies: ["SimSub", "TestSupport"], exclude: ["Report/Golden"]),
    .testTarget(name: "simsubTests", dependencies: ["simsub", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
