import Foundation
import Testing

@testable import SimSub

extension PolicyFileTests {
  /// Valid policy files decode to what they say, with the documented defaults.
  @Suite struct DecoderTests {
    @Test func aProcessPolicyTakesTheDefaults() throws {
      let file = try PolicyFileTesting.decode(PolicyFileTesting.process).get()
      #expect(file.path == "t.policy")
      #expect(file.name == "adapter")
      #expect(file.mode == .process(PolicyFile.Process(command: .arguments(["node", "adapter.mjs"]))))
      #expect(file.decidesOnlyOnNotifications == false)
      #expect(file.timeout == .seconds(10))
      #expect(file.environment.isEmpty)
    }

    @Test func aBlockListIsACommandToo() throws {
      let file = try PolicyFileTesting.decode(
        "name: a\ncommand:\n  - python3\n  - -m\n  - 'my adapter'\nsnapshots: [storekit, revenuecat]\n"
      ).get()
      #expect(
        file.mode
          == .process(
            PolicyFile.Process(
              command: .arguments(["python3", "-m", "my adapter"]), snapshots: [.storekit, .revenuecat])))
    }

    /// `deliveries: no` says the process is client code that is sent no notification; a process
    /// is sent them by default, and a server always (its `webhooks`).
    @Test func deliveriesSayWhetherAProcessIsSentNotifications() throws {
      let without = try PolicyFileTesting.decode("name: a\ncommand: [node, a.mjs]\ndeliveries: no\n").get()
      #expect(
        without.mode
          == .process(PolicyFile.Process(command: .arguments(["node", "a.mjs"]), receivesDeliveries: false)))
      #expect(!without.receivesDeliveries)
      let with = try PolicyFileTesting.decode("name: a\ncommand: [node, a.mjs]\ndeliveries: yes\n").get()
      #expect(with.receivesDeliveries)
      #expect(try PolicyFileTesting.decode(PolicyFileTesting.process).get().receivesDeliveries)
      #expect(try PolicyFileTesting.decode(PolicyFileTesting.server).get().receivesDeliveries)
    }

    @Test func aStringCommandIsAShellCommandLine() throws {
      let file = try PolicyFileTesting.decode("name: a\ncommand: node adapter.mjs --strict\n").get()
      guard case .process(let process) = file.mode else {
        Issue.record("expected a process, found \(file.mode)")
        return
      }
      #expect(process.command == .shell("node adapter.mjs --strict"))
      // Not split by simsub: the shell reads the line, quotes and all.
      #expect(process.command.argv == ["/bin/sh", "-c", "node adapter.mjs --strict"])
      #expect(PolicyCommand.arguments(["node", "a b.mjs"]).argv == ["node", "a b.mjs"])
    }

    @Test func aServerPolicyWithEveryKey() throws {
      let file = try PolicyFileTesting.decode(PolicyFileTesting.server).get()
      #expect(file.name == "worker")
      #expect(file.decidesOnlyOnNotifications)
      #expect(file.timeout == .milliseconds(2_500))
      #expect(file.environment == [.init("PORT", "8787"), .init("NODE_ENV", "test")])
      guard case .server(let server) = file.mode else {
        Issue.record("expected a server, found \(file.mode)")
        return
      }
      #expect(server.start == .shell("node server.mjs"))
      #expect(server.ready?.text == "http://127.0.0.1:8787/health")
      #expect(server.readyTimeout == .seconds(45))
      #expect(server.webhooks.apple?.text == "http://127.0.0.1:8787/notifications/apple")
      #expect(server.webhooks.google?.host == "localhost")
      #expect(server.webhooks.stripe?.url.target == "/api/billing/webhook")
      #expect(server.webhooks.stripe?.secret == "whsec_test")
      #expect(server.webhooks.revenuecat?.url.host == "[::1]")
      #expect(server.webhooks.revenuecat?.url.port == 8787)
      #expect(server.webhooks.revenuecat?.authorization == "Bearer test")
      let entitlement = server.entitlement
      #expect(entitlement.access.tokens == ["premium"])
      #expect(entitlement.state?.text == "/state")
      #expect(entitlement.prompt?.text == "/banner")
      #expect(entitlement.stateWords == ["in_grace": .grace, "on_hold": .hold])
      #expect(entitlement.promptWords == ["warn": .soft, "block": .hard])
      #expect(
        entitlement.url(for: "0b7c9a52-4d2e-4f1a-9c3b-5e6f7a8b9c0d")
          == "http://127.0.0.1:8787/entitlements/0b7c9a52-4d2e-4f1a-9c3b-5e6f7a8b9c0d?fresh=1")
      // The server's words first, then simsub's own; anything else is unknown.
      #expect(entitlement.state(forWord: "in_grace") == .grace)
      #expect(entitlement.state(forWord: "expired") == .expired)
      #expect(entitlement.state(forWord: "gone") == nil)
      #expect(entitlement.prompt(forWord: "block") == .hard)
      #expect(entitlement.prompt(forWord: "none") == RecoveryPrompt.none)
    }

    @Test func aServerStartedByHandNeedsOnlyWebhooksAndEntitlement() throws {
      let file = try PolicyFileTesting.decode(
        """
        name: by-hand
        webhooks:
          stripe: {url: http://127.0.0.1/hook, secret: whsec_abc}
        entitlement:
          url: http://127.0.0.1/e/{subscriber}
          access: ''

        """
      ).get()
      guard case .server(let server) = file.mode else {
        Issue.record("expected a server, found \(file.mode)")
        return
      }
      #expect(server.start == nil)
      #expect(server.ready == nil)
      #expect(server.readyTimeout == .seconds(30))
      #expect(server.webhooks.apple == nil)
      #expect(server.webhooks.stripe?.url.port == 80)
      // The empty pointer is the whole answer (RFC 6901).
      #expect(server.entitlement.access.tokens.isEmpty)
      #expect(server.entitlement.state == nil)
      #expect(server.entitlement.stateWords.isEmpty)
      #expect(file.timeout == .seconds(10))
      #expect(!file.decidesOnlyOnNotifications)
    }

    @Test func aStartCommandMayBeAList() throws {
      let text = PolicyFileTesting.server.replacingOccurrences(
        of: "start: node server.mjs", with: "start: [node, server.mjs]")
      guard case .server(let server) = try PolicyFileTesting.decode(text).get().mode else {
        Issue.record("expected a server")
        return
      }
      #expect(server.start == .arguments(["node", "server.mjs"]))
    }

    @Test func loadsAFileFromDisk() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "policy-file-\(UInt64.random(in: 0...UInt64.max))")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let path = directory.appendingPathComponent("adapter.policy").path
      try PolicyFileTesting.process.write(toFile: path, atomically: true, encoding: .utf8)
      let file = try PolicyFileLoader.load(path: path)
      #expect(file.path == path)
      #expect(file.name == "adapter")
      #expect(throws: InputFile.Failure.self) { try PolicyFileLoader.load(path: path + ".missing") }
    }
  }
}
