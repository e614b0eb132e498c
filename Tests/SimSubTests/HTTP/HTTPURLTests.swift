import Testing

@testable import SimSub

/// Loopback `http://` URLs: the three hosts accepted, everything else a clear error.
@Suite("HTTP: URLs")
struct HTTPURLTests {
  @Test func loopbackURLs() throws {
    let url = try HTTPURL("http://127.0.0.1:8787/entitlements/abc?x=1#frag")
    #expect(url.host == .ipv4Loopback && url.port == 8787 && url.target == "/entitlements/abc?x=1")
    #expect(
      url.authority == "127.0.0.1:8787" && url.description == "http://127.0.0.1:8787/entitlements/abc?x=1")
    #expect(try HTTPURL("HTTP://LocalHost:1/") == HTTPURL(host: .localhost, port: 1, target: "/"))
    #expect(try HTTPURL("http://[::1]:65535") == HTTPURL(host: .ipv6Loopback, port: 65535, target: "/"))
    #expect(try HTTPURL("http://localhost?q") == HTTPURL(host: .localhost, port: 80, target: "/?q"))
    #expect(try HTTPURL("http://[::1]:9/a").authority == "[::1]:9")
  }

  @Test(arguments: [
    ("https://127.0.0.1:8787/", HTTPURL.Error.https("https://127.0.0.1:8787/")),
    ("ftp://127.0.0.1/", .unsupportedScheme("ftp")),
    ("127.0.0.1:8787/x", .notAbsolute("127.0.0.1:8787/x")),
    ("/health", .notAbsolute("/health")),
    ("http://example.com/", .notLoopback("example.com")),
    ("http://10.0.0.1:80/", .notLoopback("10.0.0.1")),
    ("http://[::2]:80/", .notLoopback("[::2]")),
    ("http://127.0.0.1:0/", .invalidPort("0")),
    ("http://127.0.0.1:65536/", .invalidPort("65536")),
    ("http://127.0.0.1:/", .invalidPort("")),
    ("http://127.0.0.1:80a/", .invalidPort("80a")),
    ("http://user:pw@127.0.0.1/", .userInfo("http://user:pw@127.0.0.1/")),
    ("http://127.0.0.1/a b", .invalidCharacter("http://127.0.0.1/a b", " ")),
  ])
  func refused(text: String, error: HTTPURL.Error) {
    #expect(throws: error) { try HTTPURL(text) }
  }

  @Test func messagesNameTheFault() {
    #expect(
      HTTPURL.Error.https("https://x").description
        == "'https://x' uses https: simsub speaks plain HTTP on loopback only, use http://")
    #expect(
      HTTPURL.Error.notLoopback("example.com").description
        == "host 'example.com' is not loopback: expected 127.0.0.1, localhost or [::1]")
    #expect(HTTPURL.Error.invalidCharacter("x", " ").description == "'x' contains U+20 not allowed in a URL")
  }
}
