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
  /// The tree, when the body was parsed into one; `nil` when it was read from its bytes
  /// (`init(indexingWebhookBody:maxDepth:)`), whose tree is built from `source` when asked.
  private let parsedTree: JSONValue?
  /// The bytes read, for a body read from its bytes.
  private let source: [UInt8]
  /// The index those bytes were read through and the event's members in it, kept so that
  /// ``eventStrings(_:)`` finds the arrays the typed event leaves out without indexing again.
  private let sourceIndex: (index: JSONByteIndex, event: JSONByteIndex.Object)?

  /// The tree, as read.
  public var tree: JSONValue {
    if let parsedTree { return parsedTree }
    // Checked to be JSON when read (by `JSONByteIndex`), so this cannot fail.
    return (try? JSONValue(parsing: source, maxDepth: .max)) ?? .null
  }

  public init(_ value: JSONValue, form: Form) throws(JSONDecodingError) {
    self.form = form
    parsedTree = value
    source = []
    sourceIndex = nil
    let root = JSONCursor(value)
    decoded = form == .webhookBody ? try RevenueCatEvent(json: root) : try RevenueCatEvent(eventJSON: root)
    event = decoded
  }

  /// A document read through `index` (of its bytes), its tree left to be built when asked;
  /// `event` is the event object's members in `index`.
  init(form: Form, decoded: RevenueCatEvent, index: JSONByteIndex, event eventObject: JSONByteIndex.Object) {
    self.form = form
    self.decoded = decoded
    event = decoded
    parsedTree = nil
    source = index.bytes
    sourceIndex = (index, eventObject)
  }

  // Equal by what it says, however it was read.
  public static func == (a: Self, b: Self) -> Bool {
    a.form == b.form && a.event == b.event && a.decoded == b.decoded && a.tree == b.tree
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(form)
    hasher.combine(event)
    hasher.combine(decoded)
    hasher.combine(tree)
  }

  /// The strings of the event's array members `keys` as read (`aliases`, `transferred_from`,
  /// `transferred_to`: what the typed event does not keep), in the order of `keys`, skipping
  /// elements that are not strings and keys with no array. For a body read from its bytes, only
  /// those members are parsed, found through the index it was read with, where `tree` would
  /// parse the whole body.
  public func eventStrings(_ keys: [String]) -> [String] {
    let arrays: [JSONValue?]
    if let parsedTree {
      let event = form == .webhookBody ? parsedTree["event"] : parsedTree
      arrays = keys.map { event?[$0] }
    } else if let (j, event) = sourceIndex {
      arrays = keys.map { key in
        guard let m = j.member(named: key, in: event), m.kind == .array else { return nil }
        return try? JSONValue(parsing: j.bytes[Int(m.valueStart)..<Int(m.valueEnd)], maxDepth: .max)
      }
    } else {
      arrays = keys.map { _ in nil }
    }
    return arrays.flatMap { $0?.arrayValue?.compactMap(\.stringValue) ?? [] }
  }

  /// ``eventStrings(_:)`` as symbols (`Symbol(_:)` of each string). For a body read from its
  /// bytes whose arrays hold only strings without escapes, each is made from the bytes, as the
  /// typed event's symbols are, with no `String` or tree; any other body goes through
  /// ``eventStrings(_:)``.
  package func eventSymbols(_ keys: [StaticString]) -> [Symbol] {
    if parsedTree == nil, let (j, event) = sourceIndex, let symbols = j.plainStringSymbols(keys, in: event) {
      return symbols
    }
    return eventStrings(keys.map { $0.description }).map { Symbol($0) }
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
