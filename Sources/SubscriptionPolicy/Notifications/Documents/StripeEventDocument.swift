/// A Stripe event as it was read, every byte of it kept: the typed event the policies read, and
/// the JSON tree it came from.
///
/// The typed event keeps one subscription item and one invoice line, and none of `metadata`,
/// `request`, `automatic_tax` or the hundreds of other members Stripe sends; an event about an
/// object simsub does not play (`checkout.session`, `customer`) is typed by its name only. All
/// of it stays in the tree. Change `event` and `json` writes the change back (see `JSONMerge`).
public struct StripeEventDocument: Hashable, Sendable {
  /// The event; change it and `json` carries the change.
  public var event: StripeEvent
  /// The event as read.
  public let decoded: StripeEvent
  /// The event's tree, as read.
  public let tree: JSONValue

  public init(_ value: JSONValue) throws(JSONDecodingError) {
    tree = value
    decoded = try StripeEvent(json: JSONCursor(value))
    event = decoded
  }

  /// The event with `event`'s changes written in.
  public var json: JSONValue {
    if event == decoded { return tree }
    return JSONMerge.merge(original: tree, baseline: decoded.json, current: event.json) ?? tree
  }

  /// The event's text.
  public var text: String { json.serialized() }
}
