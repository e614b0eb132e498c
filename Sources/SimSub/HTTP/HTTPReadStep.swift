/// What a message reader gives after bytes arrive: a whole message, a request for more bytes,
/// the clean end of the connection between messages, or the error that ends reading.
package enum HTTPReadStep<Message: Sendable & Equatable>: Sendable, Equatable {
  case message(Message)
  case needMore
  /// The peer closed the connection where no message had begun.
  case end
  case failed(HTTPParseError)
}
