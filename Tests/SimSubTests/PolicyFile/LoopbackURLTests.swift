import Testing

@testable import SimSub

extension PolicyFileTests {
  /// The URL check: http on loopback only, with a port and a request target.
  @Suite struct LoopbackURLTests {
    @Test(
      arguments: [
        ("http://127.0.0.1:8787/hook", "127.0.0.1", 8787, "/hook", "http://127.0.0.1:8787/hook"),
        (
          "http://localhost/hook?x=1&y=%20", "localhost", 80, "/hook?x=1&y=%20",
          "http://localhost/hook?x=1&y=%20"
        ),
        ("http://[::1]:1/", "[::1]", 1, "/", "http://[::1]:1/"),
        ("http://127.0.0.1:65535", "127.0.0.1", 65535, "/", "http://127.0.0.1:65535/"),
        ("HTTP://LocalHost:8787/Case", "localhost", 8787, "/Case", "http://localhost:8787/Case"),
        ("http://127.0.0.1?q", "127.0.0.1", 80, "/?q", "http://127.0.0.1/?q"),
      ])
    func acceptsLoopback(_ text: String, host: String, port: Int, target: String, normalised: String) throws {
      let url = try LoopbackURL.parse(text).get()
      #expect(url.host == host)
      #expect(url.port == port)
      #expect(url.target == target)
      #expect(url.text == normalised)
    }

    @Test(
      arguments: [
        (
          "https://127.0.0.1/a",
          "https is not supported: simsub talks to servers on loopback over plain http://", 0
        ),
        (
          "http://127.0.0.2/a",
          "'127.0.0.2' is not loopback: simsub sends only to 127.0.0.1, localhost or [::1]", 7
        ),
        ("http://[::2]/a", "'[::2]' is not loopback: simsub sends only to 127.0.0.1, localhost or [::1]", 7),
        ("http://[::1/a", "'[::1' is not loopback: simsub sends only to 127.0.0.1, localhost or [::1]", 7),
        ("http://[::1]x/a", "expected ':' and a port after the host", 12),
        ("http:///a", "expected a host after 'http://': 127.0.0.1, localhost or [::1]", 7),
        ("http://localhost:80a/", "'80a' is not a port: expected 1 to 65535", 17),
        ("http://localhost:123456/", "'123456' is not a port: expected 1 to 65535", 17),
        (
          "http://a:b@localhost/",
          "a URL here takes no user information ('user@'): send credentials in the file's keys", 10
        ),
        ("http://localhost/\u{7F}", "a URL cannot hold a control character", 17),
        ("", "expected an http:// URL such as 'http://127.0.0.1:8787/webhook'", 0),
      ])
    func refuses(_ text: String, message: String, offset: Int) {
      guard case .failure(let failure) = LoopbackURL.parse(text) else {
        Issue.record("'\(text)' parsed")
        return
      }
      #expect(failure.message == message)
      #expect(failure.offset == offset)
    }
  }
}
