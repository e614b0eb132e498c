/// An `http://` URL on this machine's loopback interface: the only place a policy file may
/// send the stores' requests, which carry simulated time and test secrets.
///
/// `http://HOST[:PORT][/PATH][?QUERY]` with HOST `127.0.0.1`, `localhost` or `[::1]` (scheme
/// and host in any case, RFC 3986 section 3.1 and 3.2.2), PORT from 1 to 65535 (80 when left
/// out, RFC 7230 section 2.7.1), and a path and query of printable ASCII. Refused, each with
/// its own message: `https` (simsub speaks plain HTTP on loopback), any other host, user
/// information (`user@`), a fragment (`#…`, never sent to a server), spaces, and characters
/// outside ASCII (percent-encode them).
///
/// The port may be `{port}` (``PolicyFile/portPlaceholder``): the free port simsub chooses for
/// a server it starts, filled in with ``withPort(_:)`` before any request is sent.
package struct LoopbackURL: Hashable, Sendable, CustomStringConvertible {
  /// The hosts that name the loopback interface.
  package static let hosts = ["127.0.0.1", "localhost", "[::1]"]

  /// The host, in lower case and as written otherwise: `127.0.0.1`, `localhost` or `[::1]`.
  package var host: String
  /// The port, given or 80; 0 while it is the placeholder (``choosesPort``). Setting it fills
  /// the placeholder in.
  package var port: Int {
    didSet { choosesPort = false }
  }
  /// Whether the port is written `{port}`: the one simsub chooses for the server it starts.
  package private(set) var choosesPort = false
  /// The request target: the path (at least `/`) and the query, if any.
  package var target: String

  /// The URL as written, scheme and host in lower case, with `/` for an empty path.
  package var text: String {
    "http://\(host)\(choosesPort ? ":\(PolicyFile.portPlaceholder)" : hasExplicitPort ? ":\(port)" : "")\(target)"
  }
  private var hasExplicitPort: Bool

  package var description: String { text }

  /// The URL with its `{port}` filled in with `port`; the URL itself when its port is written.
  package func withPort(_ port: Int) -> LoopbackURL {
    guard choosesPort else { return self }
    var url = self
    url.port = port
    return url
  }

  /// The URL as the HTTP client takes it, with `target` in place of its own when given (a
  /// placeholder filled in).
  package func http(target: String? = nil) -> HTTPURL {
    let host: HTTPURL.Host =
      switch self.host {
      case "localhost": .localhost
      case "[::1]": .ipv6Loopback
      default: .ipv4Loopback
      }
    return HTTPURL(host: host, port: port, target: target ?? self.target)
  }

  /// Why a text is not a loopback URL, and where in it (a character offset from its start).
  package struct Failure: Error, Hashable, Sendable {
    package var message: String
    package var offset: Int
  }

  /// Parses and checks `text`.
  package static func parse(_ text: String) -> Result<LoopbackURL, Failure> {
    let scalars = Array(text.unicodeScalars)
    func fail(_ message: String, _ offset: Int) -> Result<LoopbackURL, Failure> {
      .failure(Failure(message: message, offset: offset))
    }
    // Characters: printable ASCII only, so offsets are characters and the request line is clean.
    for (i, s) in scalars.enumerated() {
      if s == " " {
        return fail("a URL cannot hold a space: write it as '%20'", i)
      }
      if s.value < 0x21 || s.value == 0x7F {
        return fail("a URL cannot hold a control character", i)
      }
      if s.value > 0x7E {
        return fail("a URL holds only ASCII: percent-encode '\(s)' (its UTF-8 bytes as %XX)", i)
      }
    }
    let lower = String(String.UnicodeScalarView(scalars)).lowercased()
    let schemeEnd = lower.firstRange(of: "://").map {
      lower.distance(from: lower.startIndex, to: $0.lowerBound)
    }
    guard let schemeEnd else {
      return fail("expected an http:// URL such as 'http://127.0.0.1:8787/webhook'", 0)
    }
    let scheme = String(lower.prefix(schemeEnd))
    if scheme == "https" {
      return fail("https is not supported: simsub talks to servers on loopback over plain http://", 0)
    }
    guard scheme == "http" else {
      return fail("unsupported scheme '\(YAMLNode.clipped(scheme))': expected http://", 0)
    }
    let authorityStart = schemeEnd + 3
    var end = authorityStart
    while end < scalars.count, !"/?#".unicodeScalars.contains(scalars[end]) { end += 1 }
    let authority = String(String.UnicodeScalarView(scalars[authorityStart..<end]))
    if let at = authority.firstIndex(of: "@") {
      let offset = authorityStart + authority.distance(from: authority.startIndex, to: at)
      return fail(
        "a URL here takes no user information ('user@'): send credentials in the file's keys", offset)
    }
    // Host, then an optional `:port`; an IPv6 literal is bracketed.
    var hostEnd = authority.unicodeScalars.count
    if authority.hasPrefix("[") {
      if let close = authority.unicodeScalars.firstIndex(of: "]") {
        hostEnd = authority.unicodeScalars.distance(from: authority.unicodeScalars.startIndex, to: close) + 1
      }
    } else if let colon = authority.unicodeScalars.firstIndex(of: ":") {
      hostEnd = authority.unicodeScalars.distance(from: authority.unicodeScalars.startIndex, to: colon)
    }
    let host = String(authority.unicodeScalars.prefix(hostEnd)).lowercased()
    guard !host.isEmpty else {
      return fail("expected a host after 'http://': 127.0.0.1, localhost or [::1]", authorityStart)
    }
    guard hosts.contains(host) else {
      return fail(
        "'\(YAMLNode.clipped(host))' is not loopback: simsub sends only to 127.0.0.1, localhost or [::1]",
        authorityStart)
    }
    var port = 80
    var explicitPort = false
    var choosesPort = false
    let afterHost = authority.unicodeScalars.dropFirst(hostEnd)
    if let first = afterHost.first {
      let portOffset = authorityStart + hostEnd + 1
      guard first == ":" else {
        return fail("expected ':' and a port after the host", authorityStart + hostEnd)
      }
      let digits = afterHost.dropFirst()
      if String(String.UnicodeScalarView(digits)) == PolicyFile.portPlaceholder {
        port = 0
        explicitPort = true
        choosesPort = true
      } else {
        guard !digits.isEmpty else {
          return fail("expected a port number after ':'", portOffset)
        }
        guard digits.count <= 5, digits.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }),
          let value = Int(String(String.UnicodeScalarView(digits))), (1...65535).contains(value)
        else {
          return fail(
            "'\(YAMLNode.clipped(String(String.UnicodeScalarView(digits))))' is not a port: expected 1 to 65535",
            portOffset)
        }
        port = value
        explicitPort = true
      }
    }
    let rest = scalars[end...]
    if let hash = rest.firstIndex(of: "#") {
      return fail("a URL here takes no fragment ('#…'): a fragment is never sent to the server", hash)
    }
    var target = String(String.UnicodeScalarView(rest))
    if target.isEmpty || target.hasPrefix("?") { target = "/" + target }
    var url = LoopbackURL(host: host, port: port, target: target, hasExplicitPort: explicitPort)
    url.choosesPort = choosesPort
    return .success(url)
  }
}

extension LoopbackURL {
  /// Where `{port}` is written as the port of a URL that parsed with ``choosesPort``: after
  /// the scheme and the host, which hold no brace.
  static func portPlaceholderOffsets(in characters: [Character]) -> Range<Int>? {
    let placeholder = Array(":" + PolicyFile.portPlaceholder)
    guard characters.count >= placeholder.count else { return nil }
    for i in 0...(characters.count - placeholder.count)
    where characters[i..<(i + placeholder.count)].elementsEqual(placeholder) {
      return (i + 1)..<(i + placeholder.count)
    }
    return nil
  }
}

extension YAMLNode {
  /// The node as a loopback URL, or a diagnostic pointing at the offending character. Braces
  /// are the entitlement URL's placeholder (checked by its decoder) and `{port}` as the port,
  /// and refused elsewhere.
  func decodeLoopbackURL(placeholders: Bool = false) throws(DiagnosticError) -> LoopbackURL {
    let text = try decodeText(expected: "a URL such as 'http://127.0.0.1:8787/webhook'")
    switch LoopbackURL.parse(text) {
    case .success(let url):
      let characters = Array(text)
      let port = url.choosesPort ? LoopbackURL.portPlaceholderOffsets(in: characters) : nil
      if !placeholders,
        let brace = characters.indices.first(where: {
          (characters[$0] == "{" || characters[$0] == "}") && !(port?.contains($0) ?? false)
        })
      {
        throw DiagnosticError(
          .error(
            "a URL cannot hold '\(characters[brace])': only the entitlement URL takes a placeholder, '{subscriber}', and any URL '\(PolicyFile.portPlaceholder)' as its port",
            at: offsetLocation(brace)))
      }
      return url
    case .failure(let failure):
      throw DiagnosticError(.error(failure.message, at: offsetLocation(failure.offset)))
    }
  }

  /// Where the character `offset` characters into a plain scalar is; a quoted scalar's own
  /// location (its quote), since escapes make offsets unreliable there.
  func offsetLocation(_ offset: Int) -> SourceLocation {
    var at = location
    if case .scalar(_, .plain) = kind { at.column += offset }
    return at
  }
}
