/// Writes a typed value's changes back into the document it was decoded from, keeping every
/// member the type does not model.
///
/// A store payload carries far more than simsub's typed values hold (Apple's `appAccountToken`
/// and `storefrontId`, Google's second line item, Stripe's `metadata`, fields a store adds
/// tomorrow). The typed values stay small, because the engine copies them at every step; what
/// they leave out stays in the document's tree. Encoding a document is then a three-way merge:
///
/// - `original`: the tree as read;
/// - `baseline`: the typed value *as decoded*, written as JSON;
/// - `current`: the typed value now, written as JSON.
///
/// Where `current` says what `baseline` says, nothing was changed and the original text stays,
/// digit for digit (a fractional millisecond, a number written `1.50`, a member the typed value
/// filled in from a default). Where they differ, `current` wins. Objects merge member by member
/// and arrays element by element, so a member or element the type does not model is never
/// touched. A member `current` adds is placed after the member it follows in `current`.
public enum JSONMerge {
  /// `original` with the changes from `baseline` to `current` applied.
  public static func merge(original: JSONValue, baseline: JSONValue?, current: JSONValue?) -> JSONValue? {
    if baseline == current { return original }
    guard let current else { return nil }
    switch (original, baseline, current) {
    case (.object(let o), .object(let b)?, .object(let c)):
      return .object(mergeObjects(o, b, c))
    case (.array(let o), .array(let b)?, .array(let c)):
      return .array(mergeArrays(o, b, c))
    default:
      return current
    }
  }

  static func mergeObjects(_ original: JSONObject, _ baseline: JSONObject, _ current: JSONObject)
    -> JSONObject
  {
    var members: [JSONObject.Member] = []
    members.reserveCapacity(original.count + 2)
    for member in original {
      if let value = merge(
        original: member.value, baseline: baseline[member.key], current: current[member.key])
      {
        members.append(JSONObject.Member(key: member.key, value: value))
      }
    }
    // Members the typed value gained: absent from the original, and not merely written from a
    // default the baseline wrote too.
    for (index, member) in current.enumerated() where original[member.key] == nil {
      guard baseline[member.key] != member.value else { continue }
      var position = members.count
      var previous = index - 1
      while previous >= 0 {
        let key = current[previous].key
        if let found = members.firstIndex(where: { $0.key == key }) {
          position = found + 1
          break
        }
        previous -= 1
      }
      if previous < 0 { position = 0 }
      members.insert(member, at: position)
    }
    return JSONObject(uniqueMembers: members)
  }

  static func mergeArrays(_ original: [JSONValue], _ baseline: [JSONValue], _ current: [JSONValue])
    -> [JSONValue]
  {
    var out: [JSONValue] = []
    out.reserveCapacity(max(original.count, current.count))
    for (i, element) in original.enumerated() {
      if i < baseline.count {
        // An element the type modelled: merged, or dropped when the type dropped it.
        if let value = merge(
          original: element, baseline: baseline[i], current: i < current.count ? current[i] : nil)
        {
          out.append(value)
        }
      } else {
        // An element the type never saw (Google's line items after the first): kept.
        out.append(element)
      }
    }
    // Elements the typed value gained go after everything kept.
    if current.count > baseline.count { out.append(contentsOf: current[baseline.count...]) }
    return out
  }
}
