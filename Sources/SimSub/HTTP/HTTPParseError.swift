/// Why bytes read from a connection are not an HTTP/1.1 message simsub accepts, and the offset
/// of the byte at fault, counted from the first byte the reader was given on the connection.
package struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
  package enum Kind: Sendable, Equatable {
    /// The start line and header fields (or the trailer section) exceed the limit.
    case headTooLarge(limit: Int)
    /// More header (or trailer) fields than the limit.
    case tooManyFields(limit: Int)
    /// The body, declared or read, exceeds the limit.
    case bodyTooLarge(limit: Int)
    /// Not `method SP request-target SP HTTP-version` (RFC 9112 §3).
    case invalidRequestLine
    /// Not `HTTP-version SP status-code SP [reason-phrase]` (RFC 9112 §4).
    case invalidStatusLine
    /// A version other than HTTP/1.x (RFC 9112 §2.3).
    case unsupportedVersion(String)
    /// A field name that is empty or not a token (RFC 9110 §5.1).
    case invalidFieldName
    /// Whitespace between a field name and its colon, which RFC 9112 §5.1 says must be
    /// rejected.
    case whitespaceBeforeColon
    /// A field line continued on the next line (obs-fold, RFC 9112 §5.2), which a server must
    /// reject in a request.
    case obsoleteLineFolding
    /// A field line without a colon, or a field value with a control character.
    case invalidFieldValue
    /// A carriage return not followed by a line feed (RFC 9112 §2.2).
    case bareCarriageReturn
    /// A `Content-Length` that is not a decimal number (RFC 9110 §8.6).
    case invalidContentLength
    /// Several `Content-Length` values that differ (RFC 9112 §6.3).
    case conflictingContentLength
    /// Both `Transfer-Encoding` and `Content-Length`, the request-smuggling shape RFC 9112 §6.3
    /// warns of; simsub refuses it rather than guessing.
    case contentLengthWithChunked
    /// A transfer coding other than `chunked` alone (simsub decodes no compression).
    case unsupportedTransferCoding(String)
    /// A chunk-size line that is not hexadecimal digits with optional extensions (RFC 9112 §7.1).
    case invalidChunkSize
    /// A chunk's data not followed by its line end.
    case invalidChunkEnd
    /// An HTTP/1.1 request without `Host` (RFC 9112 §3.2: answered 400).
    case missingHost
    /// An HTTP/1.1 request with more than one `Host` (RFC 9112 §3.2: answered 400).
    case multipleHost
    /// The peer closed the connection in the middle of a message.
    case truncated
  }

  package var kind: Kind
  package var offset: Int

  package init(_ kind: Kind, at offset: Int) {
    self.kind = kind
    self.offset = offset
  }

  package var message: String {
    switch kind {
    case .headTooLarge(let limit): "header section larger than \(limit) bytes"
    case .tooManyFields(let limit): "more than \(limit) header fields"
    case .bodyTooLarge(let limit): "body larger than \(limit) bytes"
    case .invalidRequestLine: "invalid request line (expected 'METHOD /path HTTP/1.1')"
    case .invalidStatusLine: "invalid status line (expected 'HTTP/1.1 200 OK')"
    case .unsupportedVersion(let version):
      "unsupported HTTP version '\(version)' (expected HTTP/1.1 or HTTP/1.0)"
    case .invalidFieldName: "invalid header field name"
    case .whitespaceBeforeColon: "whitespace between a header field name and its colon"
    case .obsoleteLineFolding: "header field folded over several lines (obs-fold)"
    case .invalidFieldValue: "invalid header field line"
    case .bareCarriageReturn: "carriage return not followed by a line feed"
    case .invalidContentLength: "invalid Content-Length"
    case .conflictingContentLength: "conflicting Content-Length values"
    case .contentLengthWithChunked: "both Content-Length and Transfer-Encoding"
    case .unsupportedTransferCoding(let coding):
      "unsupported Transfer-Encoding '\(coding)' (only chunked is read)"
    case .invalidChunkSize: "invalid chunk size line"
    case .invalidChunkEnd: "chunk data not followed by a line end"
    case .missingHost: "HTTP/1.1 request without a Host header"
    case .multipleHost: "request with more than one Host header"
    case .truncated: "connection closed before the end of the message"
    }
  }

  package var description: String { "\(message) at byte \(offset)" }
}
