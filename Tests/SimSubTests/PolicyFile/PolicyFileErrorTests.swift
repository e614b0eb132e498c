import Testing

@testable import SimSub

extension PolicyFileTests {
  /// Every diagnostic of the policy-file decoder, with its exact message and position.
  @Suite struct ErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
      var label: String
      var text: String
      var errors: [String]
      var testDescription: String { label }
    }

    /// A server policy, lines 1 to 6, with one apple webhook on line 3 (its value from column
    /// 10), the entitlement URL on line 5 (from column 8) and its access pointer on line 6 (from
    /// column 11); `extra` follows on line 7.
    static func server(
      webhook: String = "apple: http://127.0.0.1:8787/apple",
      url: String = "http://127.0.0.1:8787/e/{subscriber}",
      access: String = "/premium", extra: String = ""
    ) -> String {
      "name: s\nwebhooks:\n  \(webhook)\nentitlement:\n  url: \(url)\n  access: \(access)\n\(extra)"
    }

    /// A process policy, lines 1 and 2; `extra` follows on line 3.
    static func process(_ extra: String = "") -> String { "name: p\ncommand: [node, a.mjs]\n\(extra)" }

    static let cases: [Case] = [
      // Unknown keys.
      Case(
        label: "unknown top-level key", text: process("timout: 5s\n"),
        errors: ["3:1: unknown key 'timout' — did you mean 'timeout'?"]),
      Case(
        label: "unknown entitlement key", text: server(extra: "  stat: /state\n"),
        errors: ["7:3: unknown key 'stat' — did you mean 'state'?"]),
      Case(
        label: "unknown key of a store's endpoint",
        text: server(webhook: "stripe: {url: http://127.0.0.1/s, secret: whsec_x, secert: y}"),
        errors: ["3:54: unknown key 'secert' — did you mean 'secret'?"]),
      Case(
        label: "unknown key of values", text: server(extra: "  state: /s\n  values: {states: {a: grace}}\n"),
        errors: ["8:12: unknown key 'states' — did you mean 'state'?"]),
      // The mode.
      Case(
        label: "both command and webhooks",
        text: process("webhooks: {apple: http://127.0.0.1/a}\n"),
        errors: [
          "3:1: 'webhooks' goes with a server policy, not with 'command': a policy is a process (command) or a server (webhooks and entitlement)"
        ]),
      Case(
        label: "neither command nor webhooks", text: "name: p\ntimeout: 1s\n",
        errors: [
          "1:1: expected 'command' (a process) or 'webhooks' and 'entitlement' (a server): a policy file says how simsub reaches the policy"
        ]),
      Case(
        label: "a server without entitlement", text: "name: s\nwebhooks: {apple: http://127.0.0.1/a}\n",
        errors: ["1:1: a server policy needs 'entitlement': where simsub asks for each decision"]),
      Case(
        label: "a server without webhooks",
        text: "name: s\nentitlement: {url: 'http://127.0.0.1/{subscriber}', access: /a}\n",
        errors: ["1:1: a server policy needs 'webhooks': where the stores' notifications go"]),
      Case(
        label: "a server key beside command", text: process("start: node s.mjs\n"),
        errors: [
          "3:1: 'start' goes with a server policy, not with 'command': a policy is a process (command) or a server (webhooks and entitlement)"
        ]),
      Case(
        label: "snapshots beside a server", text: server(extra: "snapshots: [revenuecat]\n"),
        errors: ["7:1: 'snapshots' goes with 'command' (a process), not with a server policy"]),
      Case(
        label: "deliveries beside a server", text: server(extra: "deliveries: no\n"),
        errors: [
          "7:1: 'deliveries' goes with 'command' (a process), not with a server policy: a server is sent the notifications of the stores its 'webhooks' name, and none of a store left out"
        ]),
      Case(
        label: "start without ready", text: server(extra: "start: node s.mjs\n"),
        errors: ["7:1: 'start' needs 'ready': the URL simsub polls until the server it started answers 2xx"]),
      Case(
        label: "ready-timeout without ready", text: server(extra: "ready-timeout: 5s\n"),
        errors: ["7:1: 'ready-timeout' goes with 'ready': there is nothing to wait for"]),
      Case(
        label: "environment for a server started by hand", text: server(extra: "environment: {PORT: '1'}\n"),
        errors: [
          "7:1: 'environment' goes with 'start': simsub passes it to a server it starts, not to one started by hand"
        ]),
      // `{port}`: only with `start`, only as a port.
      Case(
        label: "{port} for a server started by hand",
        text: server(webhook: "apple: http://127.0.0.1:{port}/apple"),
        errors: [
          "3:27: '{port}' is the port simsub chooses for a server it starts: it goes with 'start' (a server started by hand listens on a port of its own: write that port)"
        ]),
      Case(
        label: "{port} in a webhook's path",
        text: server(
          webhook: "apple: http://127.0.0.1:{port}/{port}",
          extra: "start: node s.mjs\nready: http://127.0.0.1:{port}/\n"),
        errors: [
          "3:34: a URL cannot hold '{': only the entitlement URL takes a placeholder, '{subscriber}', and any URL '{port}' as its port"
        ]),
      Case(
        label: "{port} in the entitlement URL's path",
        text: server(
          url: "http://127.0.0.1:{port}/e/{port}/{subscriber}",
          extra: "start: node s.mjs\nready: http://127.0.0.1:{port}/\n"),
        errors: [
          "5:34: '{port}' stands for a port only, after the host (as in 'http://127.0.0.1:{port}/entitlements/{subscriber}')"
        ]),
      // The entitlement URL.
      Case(
        label: "entitlement URL without the placeholder", text: server(url: "http://127.0.0.1:8787/e"),
        errors: [
          "5:8: the entitlement URL must hold '{subscriber}', where simsub puts the subscriber's id (as in 'http://127.0.0.1:8787/entitlements/{subscriber}')"
        ]),
      Case(
        label: "a misspelt placeholder", text: server(url: "http://127.0.0.1:8787/e/{subscribr}"),
        errors: ["5:32: unknown placeholder '{subscribr}' — did you mean '{subscriber}'?"]),
      Case(
        label: "a stray brace", text: server(url: "http://127.0.0.1:8787/e/{subscriber}}"),
        errors: ["5:44: a stray '}' in the URL: the only placeholder is '{subscriber}'"]),
      // URLs.
      Case(
        label: "a host that is not loopback", text: server(webhook: "apple: http://example.com/a"),
        errors: ["3:17: 'example.com' is not loopback: simsub sends only to 127.0.0.1, localhost or [::1]"]),
      Case(
        label: "an address that is not loopback", text: server(webhook: "apple: http://0.0.0.0:8787/a"),
        errors: ["3:17: '0.0.0.0' is not loopback: simsub sends only to 127.0.0.1, localhost or [::1]"]),
      Case(
        label: "https", text: server(url: "https://127.0.0.1/e/{subscriber}"),
        errors: ["5:8: https is not supported: simsub talks to servers on loopback over plain http://"]),
      Case(
        label: "another scheme", text: server(webhook: "apple: ftp://127.0.0.1/a"),
        errors: ["3:10: unsupported scheme 'ftp': expected http://"]),
      Case(
        label: "no scheme", text: server(webhook: "apple: 127.0.0.1:8787/a"),
        errors: ["3:10: expected an http:// URL such as 'http://127.0.0.1:8787/webhook'"]),
      Case(
        label: "a port out of range", text: server(webhook: "apple: http://127.0.0.1:99999/a"),
        errors: ["3:27: '99999' is not a port: expected 1 to 65535"]),
      Case(
        label: "port 0", text: server(webhook: "apple: http://localhost:0/a"),
        errors: ["3:27: '0' is not a port: expected 1 to 65535"]),
      Case(
        label: "a colon without a port", text: server(webhook: "apple: http://localhost:/a"),
        errors: ["3:27: expected a port number after ':'"]),
      Case(
        label: "a fragment", text: server(webhook: "apple: http://127.0.0.1/a#x"),
        errors: ["3:28: a URL here takes no fragment ('#…'): a fragment is never sent to the server"]),
      Case(
        label: "user information", text: server(webhook: "apple: http://me@127.0.0.1/a"),
        errors: ["3:19: a URL here takes no user information ('user@'): send credentials in the file's keys"]),
      Case(
        label: "a space in a quoted URL", text: server(webhook: "apple: 'http://127.0.0.1/a b'"),
        errors: ["3:10: a URL cannot hold a space: write it as '%20'"]),
      Case(
        label: "a character outside ASCII", text: server(webhook: "apple: http://127.0.0.1/café"),
        errors: ["3:30: a URL holds only ASCII: percent-encode 'é' (its UTF-8 bytes as %XX)"]),
      Case(
        label: "a placeholder in a webhook URL",
        text: server(webhook: "apple: http://127.0.0.1/a/{subscriber}"),
        errors: [
          "3:29: a URL cannot hold '{': only the entitlement URL takes a placeholder, '{subscriber}', and any URL '{port}' as its port"
        ]),
      Case(
        label: "a ready URL that is not loopback",
        text: server(extra: "start: x\nready: http://10.0.0.1/h\n"),
        errors: ["8:15: '10.0.0.1' is not loopback: simsub sends only to 127.0.0.1, localhost or [::1]"]),
      // Pointers.
      Case(
        label: "a pointer without its slash", text: server(access: "premium"),
        errors: ["6:11: a JSON pointer starts with '/' (RFC 6901) — did you mean '/premium'?"]),
      Case(
        label: "a bad escape in a pointer", text: server(access: "/a~2b"),
        errors: ["6:13: '~' in a JSON pointer is '~0' (for '~') or '~1' (for '/'), not '~2'"]),
      Case(
        label: "a tilde at the end of a pointer", text: server(access: "/a~"),
        errors: ["6:13: '~' in a JSON pointer is '~0' (for '~') or '~1' (for '/'), not '~'"]),
      Case(
        label: "a missing access pointer", text: server(access: ""),
        errors: ["6:10: expected a JSON pointer such as '/premium', found nothing"]),
      Case(
        label: "no access key",
        text:
          "name: s\nwebhooks: {apple: http://127.0.0.1/a}\nentitlement:\n  url: http://127.0.0.1/{subscriber}\n",
        errors: ["4:3: missing required key 'access'"]),
      // Timeouts.
      Case(
        label: "a timeout without a unit", text: process("timeout: 10\n"),
        errors: ["3:10: '10' needs a unit: ms, s or min, as in '10s'"]),
      Case(
        label: "an ambiguous m", text: process("timeout: 1s 5m\n"),
        errors: ["3:13: '5m' is ambiguous: did you mean '5min' or '5ms'?"]),
      Case(
        label: "a timeout in hours",
        text: server(extra: "start: x\nready: http://127.0.0.1/h\nready-timeout: 2h\n"),
        errors: ["9:16: '2h' is too long for a timeout: at most 60min"]),
      Case(
        label: "a timeout over the limit", text: process("timeout: 61min\n"),
        errors: ["3:10: '61min' is too long for a timeout: at most 60min"]),
      Case(
        label: "a zero timeout", text: process("timeout: 0s\n"),
        errors: ["3:10: a timeout must be longer than 0"]),
      Case(
        label: "a spelt-out unit", text: process("timeout: 3 seconds\n"),
        errors: ["3:10: '3' needs a unit: ms, s or min, as in '3s'"]),
      Case(
        label: "a unit given twice", text: process("timeout: 1s 2s\n"),
        errors: ["3:13: '1s 2s' gives the unit 's' twice: write each unit once"]),
      Case(
        label: "a fractional timeout", text: process("timeout: 1.5s\n"),
        errors: ["3:10: '1.5s' is not a whole number: write it in smaller units, as in '1500ms'"]),
      // Stripe and RevenueCat.
      Case(
        label: "a secret without whsec_",
        text: server(webhook: "stripe: {url: http://127.0.0.1/s, secret: sk_test_123}"),
        errors: [
          "3:45: a Stripe endpoint secret starts with 'whsec_': it is the endpoint's signing secret, not an API key"
        ]),
      Case(
        label: "a secret that is only the prefix",
        text: server(webhook: "stripe: {url: http://127.0.0.1/s, secret: whsec_}"),
        errors: ["3:45: the secret has nothing after 'whsec_'"]),
      Case(
        label: "stripe as a plain URL", text: server(webhook: "stripe: http://127.0.0.1/s"),
        errors: [
          "3:11: stripe needs the endpoint's signing secret to sign each event: write {url: …, secret: whsec_…}"
        ]),
      Case(
        label: "stripe without its URL", text: server(webhook: "stripe: {secret: whsec_x}"),
        errors: ["3:11: missing required key 'url'"]),
      Case(
        label: "an authorization with a line break",
        text: server(webhook: "revenuecat: {url: http://127.0.0.1/r, authorization: \"Bearer\\nx\"}"),
        errors: ["3:56: an Authorization header value holds no control character"]),
      // Stores.
      Case(
        label: "a misspelt store", text: server(webhook: "appel: http://127.0.0.1/a"),
        errors: ["3:3: unknown store 'appel' — did you mean 'apple'?"]),
      Case(
        label: "another name for a store", text: server(webhook: "googleplay: http://127.0.0.1/g"),
        errors: ["3:3: unknown store 'googleplay' — did you mean 'google'?"]),
      Case(
        label: "a store simsub does not model", text: server(webhook: "paddle: http://127.0.0.1/p"),
        errors: ["3:3: unknown store 'paddle': expected 'apple', 'google', 'stripe' or 'revenuecat'"]),
      Case(
        label: "no store at all",
        text: "name: s\nwebhooks: {}\nentitlement: {url: 'http://127.0.0.1/{subscriber}', access: /a}\n",
        errors: ["2:11: expected at least one store's webhook: 'apple', 'google', 'stripe' or 'revenuecat'"]),
      // Values.
      Case(
        label: "a value mapping to a misspelt state",
        text: server(extra: "  state: /s\n  values: {state: {in_grace: grase}}\n"),
        errors: ["8:30: unknown entitlement 'grase' — did you mean 'grace'?"]),
      Case(
        label: "a value mapping to a store's word",
        text: server(extra: "  state: /s\n  values: {state: {late: past_due}}\n"),
        errors: [
          "8:26: unknown entitlement 'past_due' — did you mean 'grace'? (stripe's past_due is 'grace' while the app's grace lasts, then 'hold')"
        ]),
      Case(
        label: "a value mapping to another tool's prompt",
        text: server(extra: "  prompt: /p\n  values: {prompt: {warn: banner}}\n"),
        errors: ["8:27: unknown prompt 'banner' — did you mean 'soft'?"]),
      Case(
        label: "a value mapping to no known word",
        text: server(extra: "  prompt: /p\n  values: {prompt: {warn: xyzzy}}\n"),
        errors: ["8:27: unknown prompt 'xyzzy': expected 'none', 'soft' or 'hard'"]),
      Case(
        label: "values without their pointer", text: server(extra: "  values: {state: {a: grace}}\n"),
        errors: ["7:12: values for 'state' go with a 'state' pointer: add 'state: /…' to the entitlement"]),
      // Names.
      Case(
        label: "a name that is not kebab-case", text: "name: My Server\ncommand: [x]\n",
        errors: [
          "1:7: 'My Server' is not a kebab-case name: lower-case letters and digits in words joined by '-', as in 'my-server'"
        ]),
      Case(
        label: "a built-in policy's name", text: "name: reference\ncommand: [x]\n",
        errors: [
          "1:7: 'reference' is the name of a built-in policy: choose another, so reports tell the two apart"
        ]),
      Case(
        label: "no name", text: "command: [x]\n", errors: ["1:1: missing required key 'name'"]),
      // Duplicate keys (the parser's), at every level.
      Case(
        label: "a duplicate top-level key", text: "name: a\ncommand: [x]\nname: b\n",
        errors: ["3:1: duplicate key 'name': already defined on line 1"]),
      Case(
        label: "a duplicate store",
        text: server(webhook: "apple: http://127.0.0.1/a\n  apple: http://127.0.0.1/b"),
        errors: ["4:3: duplicate key 'apple': already defined on line 3"]),
      Case(
        label: "a duplicate server word",
        text: server(extra: "  state: /s\n  values: {state: {a: grace, a: hold}}\n"),
        errors: ["8:30: duplicate key 'a': already defined on line 8"]),
      // Wrong types.
      Case(
        label: "a command that is a mapping", text: "name: a\ncommand: {run: x}\n",
        errors: [
          "2:10: expected a command such as [node, adapter.mjs] or 'node adapter.mjs', found a mapping"
        ]),
      Case(
        label: "an empty command list", text: "name: a\ncommand: []\n",
        errors: [
          "2:10: expected a command such as [node, adapter.mjs] or 'node adapter.mjs', found an empty list: 'command' needs a program to run"
        ]),
      Case(
        label: "a command with a list inside", text: "name: a\ncommand: [node, [a]]\n",
        errors: ["2:17: expected an argument (a string), found a list"]),
      Case(
        label: "an empty program", text: "name: a\ncommand: ['', a]\n",
        errors: ["2:11: expected a program, found an empty text"]),
      Case(
        label: "a command with nothing", text: "name: a\ncommand:\n",
        errors: ["2:9: expected a command such as [node, adapter.mjs] or 'node adapter.mjs', found nothing"]),
      Case(
        label: "a bool that is not one", text: process("decides-only-on-notifications: maybe\n"),
        errors: ["3:32: expected 'yes' or 'no' for decides-only-on-notifications, found 'maybe'"]),
      Case(
        label: "a timeout that is a list", text: process("timeout: [1s]\n"),
        errors: ["3:10: expected a timeout such as '10s' or '500ms', found a list"]),
      Case(
        label: "webhooks that are a URL",
        text:
          "name: s\nwebhooks: http://127.0.0.1/a\nentitlement: {url: 'http://127.0.0.1/{subscriber}', access: /a}\n",
        errors: [
          "2:11: expected a mapping by store such as {apple: http://127.0.0.1:8787/apple}, found 'http://127.0.0.1/a'"
        ]),
      Case(
        label: "an entitlement that is a URL",
        text: "name: s\nwebhooks: {apple: http://127.0.0.1/a}\nentitlement: http://127.0.0.1/e\n",
        errors: [
          "3:14: expected an entitlement mapping such as {url: …, access: /premium}, found 'http://127.0.0.1/e'"
        ]),
      Case(
        label: "a webhook that is a list", text: server(webhook: "apple: [http://127.0.0.1/a]"),
        errors: ["3:10: expected a URL such as 'http://127.0.0.1:8787/webhook', found a list"]),
      Case(
        label: "environment that is a list", text: process("environment: [A]\n"),
        errors: ["3:14: expected a mapping of variables such as {PORT: '8787'}, found a list"]),
      Case(
        label: "an environment value that is a list", text: process("environment: {A: [x]}\n"),
        errors: ["3:18: expected a value for A (a string), found a list"]),
      Case(
        label: "an environment name that is not one", text: process("environment: {1A: x, B-C: y}\n"),
        errors: [
          "3:15: '1A' is not a variable name: letters, digits and '_', not starting with a digit",
          "3:22: 'B-C' is not a variable name: letters, digits and '_', not starting with a digit",
        ]),
      Case(
        label: "simsub's own variable", text: process("environment: {SIMSUB_GOOGLE_API: x}\n"),
        errors: [
          "3:15: 'SIMSUB_GOOGLE_API' is simsub's: the SIMSUB_ variables (such as SIMSUB_GOOGLE_API) are set by simsub"
        ]),
      Case(
        label: "an unknown snapshot", text: process("snapshots: [revenuecat, storkit]\n"),
        errors: ["3:25: unknown snapshot 'storkit' — did you mean 'storekit'?"]),
      Case(
        label: "a snapshot twice", text: process("snapshots: [storekit, storekit]\n"),
        errors: ["3:23: snapshot 'storekit' is listed twice"]),
      Case(
        label: "deliveries neither yes nor no", text: process("deliveries: none\n"),
        errors: ["3:13: expected 'yes' or 'no' for deliveries, found 'none'"]),
      Case(
        label: "deliveries as a list", text: process("deliveries: [apple]\n"),
        errors: ["3:13: expected 'yes' or 'no' for deliveries, found a list"]),
      Case(
        label: "a document that is a list", text: "- name: a\n",
        errors: ["1:1: expected a policy mapping such as {name: x, command: …}, found a list"]),
      // Every mistake of a file in one run.
      Case(
        label: "several mistakes together",
        text: server(
          webhook: "aple: http://127.0.0.1/a", access: "premium", extra: "timeout: 10\ncolour: red\n"),
        errors: [
          "3:3: unknown store 'aple' — did you mean 'apple'?",
          "6:11: a JSON pointer starts with '/' (RFC 6901) — did you mean '/premium'?",
          "7:10: '10' needs a unit: ms, s or min, as in '10s'",
          "8:1: unknown key 'colour': expected 'name', 'command', 'snapshots', 'deliveries', 'start', 'ready', 'ready-timeout', 'webhooks', 'entitlement', 'decides-only-on-notifications', 'timeout' or 'environment'",
        ]),
    ]

    @Test(arguments: cases) func diagnoses(_ c: Case) {
      #expect(PolicyFileTesting.errors(c.text) == c.errors)
    }

    @Test func rendersLikeAScenarioError() throws {
      let text = Self.server(webhook: "apple: https://127.0.0.1:8787/apple")
      guard case .failure(let failure) = PolicyFileTesting.decode(text) else {
        Issue.record("expected a failure")
        return
      }
      #expect(
        failure.rendered == """
          t.policy:3:10: error: https is not supported: simsub talks to servers on loopback over plain http://
              apple: https://127.0.0.1:8787/apple
                     ^

          """)
    }

    @Test func aNoteShowsTheCommandBesideAServerKey() throws {
      guard case .failure(let failure) = PolicyFileTesting.decode(Self.process("ready: http://127.0.0.1/h\n"))
      else {
        Issue.record("expected a failure")
        return
      }
      #expect(failure.diagnostics?.diagnostics.first?.notes.first?.location?.line == 2)
      #expect(failure.rendered.contains("t.policy:2:1: note: 'command' is here\n"))
    }

    @Test func anUnreadableFileSaysSo() {
      #expect(throws: InputFile.Failure.self) { try PolicyFileLoader.load(path: "/nonexistent/x.policy") }
      do {
        _ = try PolicyFileLoader.load(path: "/nonexistent/x.policy")
      } catch {
        #expect(error.rendered == "/nonexistent/x.policy: error: cannot read the file")
      }
    }
  }
}
