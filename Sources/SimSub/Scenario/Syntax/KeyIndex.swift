/// The keys of one mapping seen so far, for finding duplicates: a linear scan while the
/// mapping is small (most are), a dictionary once it is not, so a huge mapping stays linear.
struct KeyIndex {
  private var index: [String: Int]? = nil

  /// Records `key`; returns the earlier key with the same text, if any.
  mutating func insert(_ key: YAMLKey, entries: [(key: YAMLKey, value: YAMLNode)]) -> YAMLKey? {
    if entries.count < 16 {
      return entries.first { $0.key.text == key.text }?.key
    }
    if index == nil {
      var built: [String: Int] = [:]
      for (i, entry) in entries.enumerated() where built[entry.key.text] == nil {
        built[entry.key.text] = i
      }
      index = built
    }
    if let i = index?[key.text] { return entries[i].key }
    index?[key.text] = entries.count
    return nil
  }
}
