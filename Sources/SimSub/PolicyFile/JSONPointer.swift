/// An RFC 6901 JSON pointer, such as `/premium` or `/subscriber/entitlements/pro/active`:
/// where a policy server's entitlement answer holds a value.
///
/// The pointer is `""` (the whole document) or a `/` before each reference token; in a token,
/// `~1` stands for `/` and `~0` for `~` (RFC 6901 section 3 and 4), and any other `~` is an
/// error. A token picks an object's member by name, or an array's element by a decimal index
/// without leading zeros; `-` (the element after the last) and a missing member pick nothing.
package struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
  /// The reference tokens, unescaped.
  package var tokens: [String]
  /// The pointer as written.
  package var text: String

  package var description: String { text }

  /// Why a text is not a JSON pointer, and where in it (a character offset from its start).
  package struct Failure: Error, Hashable, Sendable {
    package var message: String
    package var offset: Int
  }

  /// Parses `text`.
  package static func parse(_ text: String) -> Result<JSONPointer, Failure> {
    if text.isEmpty { return .success(JSONPointer(tokens: [], text: text)) }
    let characters = Array(text)
    guard characters[0] == "/" else {
      let fix = text.hasPrefix("#") ? "" : " — did you mean '/\(YAMLNode.clipped(text))'?"
      return .failure(
        Failure(
          message: "a JSON pointer starts with '/' (RFC 6901)\(fix)", offset: 0))
    }
    var tokens: [String] = []
    var token = ""
    var i = 1
    while i < characters.count {
      let c = characters[i]
      switch c {
      case "/":
        tokens.append(token)
        token = ""
      case "~":
        let next = i + 1 < characters.count ? characters[i + 1] : nil
        switch next {
        case "0": token.append("~")
        case "1": token.append("/")
        default:
          return .failure(
            Failure(
              message:
                "'~' in a JSON pointer is '~0' (for '~') or '~1' (for '/'), not '~\(next.map(String.init) ?? "")'",
              offset: i))
        }
        i += 1
      default:
        token.append(c)
      }
      i += 1
    }
    tokens.append(token)
    return .success(JSONPointer(tokens: tokens, text: text))
  }

  /// The value the pointer picks in `document`, or `nil` when there is none.
  package func evaluate(_ document: JSONValue) -> JSONValue? {
    var value = document
    for token in tokens {
      switch value {
      case .object(let object):
        guard let member = object[token] else { return nil }
        value = member
      case .array(let items):
        guard let index = Self.arrayIndex(token), index < items.count else { return nil }
        value = items[index]
      default:
        return nil
      }
    }
    return value
  }

  /// `0` or a decimal without a leading zero (RFC 6901 section 4); `nil` for anything else.
  private static func arrayIndex(_ token: String) -> Int? {
    let digits = token.utf8
    guard let first = digits.first, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      first != 0x30 || digits.count == 1
    else { return nil }
    return Int(token)
  }
}

extension YAMLNode {
  /// The node as a JSON pointer; `''` (quoted, since a bare `key:` is nothing) is the whole
  /// answer.
  func decodeJSONPointer() throws(DiagnosticError) -> JSONPointer {
    guard case .scalar(let text, let style) = kind, !(text.isEmpty && style == .plain) else {
      throw DiagnosticError(
        .error("expected a JSON pointer such as '/premium', found \(shapeDescription)", at: location))
    }
    switch JSONPointer.parse(text) {
    case .success(let pointer):
      return pointer
    case .failure(let failure):
      throw DiagnosticError(.error(failure.message, at: offsetLocation(failure.offset)))
    }
  }
}
