import Testing

@testable import SimSub

/// The namespace of the policy-file tests, so `swift test --filter PolicyFileTests` runs them
/// all: the decoder, its diagnostics, URLs, pointers, timeouts and random input.
@Suite enum PolicyFileTests {}

/// Shared helpers for the policy-file tests.
enum PolicyFileTesting {
  /// The smallest process policy.
  static let process = "name: adapter\ncommand: [node, adapter.mjs]\n"

  /// A server policy with every key, the example of POLICY-PROTOCOL.md with a started server.
  static let server = """
    name: worker
    start: node server.mjs
    ready: http://127.0.0.1:8787/health
    ready-timeout: 45s
    webhooks:
      apple: http://127.0.0.1:8787/notifications/apple
      google: {url: http://localhost:8787/notifications/google}
      stripe: {url: http://127.0.0.1:8787/api/billing/webhook, secret: whsec_test}
      revenuecat: {url: 'http://[::1]:8787/api/iap/webhook', authorization: Bearer test}
    entitlement:
      url: http://127.0.0.1:8787/entitlements/{subscriber}?fresh=1
      access: /premium
      state: /state
      prompt: /banner
      values: {state: {in_grace: grace, on_hold: hold}, prompt: {warn: soft, block: hard}}
    decides-only-on-notifications: yes
    timeout: 2s 500ms
    environment:
      PORT: 8787
      NODE_ENV: test

    """

  /// Decodes `text`, returning the policy file or the failure.
  static func decode(_ text: String) -> Result<PolicyFile, InputFile.Failure> {
    Result { () throws(InputFile.Failure) in try PolicyFileLoader.decode(text, path: "t.policy") }
  }

  /// `line:column: message` of each diagnostic, in file order; empty when the text decoded.
  static func errors(_ text: String) -> [String] {
    switch decode(text) {
    case .success: return []
    case .failure(let failure):
      return (failure.diagnostics?.sortedByLocation ?? []).map {
        "\($0.location.line):\($0.location.column): \($0.message)"
      }
    }
  }
}
