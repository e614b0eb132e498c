/// Why a body could not be read, and where in its text: 1-based line and column (in Unicode
/// scalars), and the byte offset.
///
/// A field of the wrong kind is reported at the field's value; a field inside a JWS or a base64
/// payload, at the string that carries it, with the path inside named in the message:
/// `1:18: signedPayload.data.status: expected an integer that fits in 32 bits, found 1.5`.
public struct WireDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var offset: Int
  public var message: String

  public init(line: Int, column: Int, offset: Int, message: String) {
    self.line = line
    self.column = column
    self.offset = offset
    self.message = message
  }

  init(offset: Int, in bytes: [UInt8], _ message: String) {
    let e = JSONError(offset: offset, in: bytes, message)
    self.init(line: e.line, column: e.column, offset: offset, message: message)
  }

  /// A decoding error, placed at its path's value in `bytes`.
  init(_ error: JSONDecodingError, in bytes: [UInt8]) {
    let offset = JSONLocator.offset(of: error.path, in: bytes) ?? 0
    self.init(offset: offset, in: bytes, error.description)
  }

  /// `line:column: message`.
  public var description: String { "\(line):\(column): \(message)" }
}
