/// An `http://` URL on this machine's loopback interface: where a policy server's webhooks and
/// entitlement endpoint live, and where simsub serves the store APIs.
///
/// Only plain HTTP to `127.0.0.1`, `localhost` or `[::1]` is accepted: simsub talks to servers
/// it or its user started beside it, never across a network, so there is no TLS and no name
/// resolution. The port defaults to 80 (RFC 9110 §4.2.1); an empty path is `/`; a fragment is
/// dropped, as it is never sent (RFC 9110 §7.1).
package struct HTTPURL: Sendable, Equatable, CustomStringConvertible {
  package enum Host: Sendable, Equatable {
    case ipv4Loopback
    case localhost
    case ipv6Loopback

    /// How the host is written in a URL and in the `Host` header.
    package var text: String {
      switch self {
      case .ipv4Loopback: "127.0.0.1"
      case .localhost: "localhost"
      case .ipv6Loopback: "[::1]"
      }
    }
  }

  /// Why a text is not a loopback `http://` URL.
  package enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    case notAbsolute(String)
    case https(String)
    case unsupportedScheme(String)
    case userInfo(String)
    case notLoopback(String)
    case invalidPort(String)
    case invalidCharacter(String, Character)

    package var description: String {
      switch self {
      case .notAbsolute(let text): "'\(text)' is not an absolute URL: expected http://127.0.0.1:PORT/PATH"
      case .https(let text): "'\(text)' uses https: simsub speaks plain HTTP on loopback only, use http://"
      case .unsupportedScheme(let scheme): "unsupported URL scheme '\(scheme)': only http:// is supported"
      case .userInfo(let text): "'\(text)' has a user name or password: not supported"
      case .notLoopback(let host):
        "host '\(host)' is not loopback: expected 127.0.0.1, localhost or [::1]"
      case .invalidPort(let port): "invalid port '\(port)': expected a number from 1 to 65535"
      case .invalidCharacter(let text, let character):
        "'\(text)' contains \(character.unicodeScalars.first.map { "U+" + String($0.value, radix: 16, uppercase: true) } ?? "a character") not allowed in a URL"
      }
    }
  }

  package var host: Host
  package var port: Int
  /// The request target: the path and, after `?`, the query.
  package var target: String

  package init(host: Host, port: Int, target: String = "/") {
    self.host = host
    self.port = port
    self.target = target
  }

  package init(_ text: String) throws(Error) {
    guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else {
      throw .notAbsolute(text)
    }
    let scheme = text[..<colon].lowercased()
    if scheme == "https" { throw .https(text) }
    guard scheme == "http" else { throw .unsupportedScheme(String(text[..<colon])) }
    for character in text
    where character.isWhitespace
      || character.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0.value > 0x7E })
    {
      throw .invalidCharacter(text, character)
    }
    var rest = text[text.index(colon, offsetBy: 3)...]
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    var target = String(rest[authorityEnd...])
    if target.isEmpty || target.hasPrefix("?") { target = "/" + target }
    if authority.contains("@") { throw .userInfo(text) }
    let hostText: Substring
    let portText: Substring?
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { throw .notLoopback(String(authority)) }
      hostText = authority[...close]
      let after = authority[authority.index(after: close)...]
      if after.isEmpty {
        portText = nil
      } else if after.hasPrefix(":") {
        portText = after.dropFirst()
      } else {
        throw .invalidPort(String(after))
      }
    } else if let portColon = authority.lastIndex(of: ":") {
      hostText = authority[..<portColon]
      portText = authority[authority.index(after: portColon)...]
    } else {
      hostText = authority
      portText = nil
    }
    switch hostText.lowercased() {
    case "127.0.0.1": host = .ipv4Loopback
    case "localhost": host = .localhost
    case "[::1]", "[0:0:0:0:0:0:0:1]": host = .ipv6Loopback
    default: throw .notLoopback(String(hostText))
    }
    if let portText {
      guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(portText), (1...65535).contains(number)
      else { throw .invalidPort(String(portText)) }
      port = number
    } else {
      port = 80
    }
    self.target = target
  }

  /// The `Host` header's value (RFC 9110 §7.2): the host and the port.
  package var authority: String { "\(host.text):\(port)" }

  /// Where a connection goes: the host and port, without the target.
  package var endpoint: HTTPEndpoint { HTTPEndpoint(host: host, port: port) }

  package var description: String { "http://\(authority)\(target)" }
}

/// A loopback host and port: what the client keeps connections open to.
package struct HTTPEndpoint: Sendable, Hashable, CustomStringConvertible {
  package var host: HTTPURL.Host
  package var port: Int

  package init(host: HTTPURL.Host, port: Int) {
    self.host = host
    self.port = port
  }

  package var description: String { "\(host.text):\(port)" }
}
