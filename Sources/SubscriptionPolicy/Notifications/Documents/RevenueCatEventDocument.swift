/// A RevenueCat webhook as it was read, every byte of it kept: the typed event the policies
/// read, and the JSON tree it came from.
///
/// The typed event keeps the first of `entitlement_ids` and none of `aliases`, `price`,
/// `currency`, `subscriber_attributes`, `transferred_from`, `experiments`, …; the tree keeps
/// them all. Change `event` and `json` writes the change back (see `JSONMerge`).
public struct RevenueCatEventDocument: Hashable, Sendable {
  /// What the input was.
  public enum Form: Hashable, Sendable {
    /// `{"api_version": "1.0", "event": {…}}`, the body RevenueCat posts.
    case webhookBody
    /// The `event` object alone.
    case event
  }

  public let form: Form
  /// The event; change it and `json` carries the change.
  public var event: RevenueCatEvent
  /// The event as read.
  public let decoded: RevenueCatEvent
  /// The tree, as read.
  public let tree: JSONValue

  public init(_ value: JSONValue, form: Form) throws(JSONDecodingError) {
    self.form = form
    tree = value
    let root = JSONCursor(value)
    decoded = form == .webhookBody ? try RevenueCatEvent(json: root) : try RevenueCatEvent(eventJSON: root)
    event = decoded
  }

  /// The body or event with `event`'s changes written in.
  public var json: JSONValue {
    if event == decoded { return tree }
    let (baseline, current) =
      form == .webhookBody ? (decoded.json, event.json) : (decoded.eventJSON, event.eventJSON)
    return JSONMerge.merge(original: tree, baseline: baseline, current: current) ?? tree
  }

  /// The body's text.
  public var text: String { json.serialized() }
}
