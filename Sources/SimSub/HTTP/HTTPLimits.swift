/// What a message read by simsub may hold at most: beyond these the reader stops with an
/// error instead of buffering without end.
///
/// The defaults are generous for webhooks and store APIs (the largest store body simsub
/// sends or reads is a few KiB) and bound what a broken or hostile peer can make simsub keep.
package struct HTTPLimits: Sendable, Equatable {
  /// The start line and header fields together, their line ends included; also the bound on
  /// a chunked body's trailer section.
  package var headBytes: Int
  /// The body, after chunked decoding.
  package var bodyBytes: Int
  /// Header fields (and trailer fields) counted one per line.
  package var headerFields: Int
  /// One chunk-size line with its extensions.
  package var chunkLineBytes: Int

  package init(
    headBytes: Int = 64 * 1024, bodyBytes: Int = 16 * 1024 * 1024, headerFields: Int = 100,
    chunkLineBytes: Int = 4 * 1024
  ) {
    self.headBytes = headBytes
    self.bodyBytes = bodyBytes
    self.headerFields = headerFields
    self.chunkLineBytes = chunkLineBytes
  }

  package static let standard = HTTPLimits()
}
