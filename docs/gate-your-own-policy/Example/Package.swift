// swift-tools-version: 6.0
// The worked example of docs/gate-your-own-policy/README.md: an app's entitlement policy,
// gated by simsub from its own tests and CI. In a real app the dependency would be
// `.package(url: "<where simsub lives>", branch: "main")` (simsub has no release tag yet);
// here it is this repository.
import PackageDescription

let package = Package(
  name: "MyApp",
  platforms: [.macOS(.v13)],
  products: [.library(name: "MyAppPolicy", targets: ["MyAppPolicy"])],
  dependencies: [.package(name: "simsub", path: "../../..")],
  targets: [
    // The code the app's server runs: it depends on the policy module only.
    .target(name: "MyAppPolicy", dependencies: [.product(name: "SubscriptionPolicy", package: "simsub")]),
    // `swift run gate`: simsub's gate, for this policy.
    .executableTarget(
      name: "gate", dependencies: ["MyAppPolicy", .product(name: "SimSub", package: "simsub")]),
    .testTarget(
      name: "MyAppPolicyTests",
      dependencies: ["MyAppPolicy", .product(name: "SimSub", package: "simsub")]),
  ],
  swiftLanguageModes: [.v6]
)
