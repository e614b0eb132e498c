extension StringProtocol where SubSequence == Substring {
  /// Wraps the text to `width` columns, indenting every non-empty line by `indent` spaces.
  ///
  /// Help screens must look exactly like swift-argument-parser's, so this follows its rule rather
  /// than a "best fit": each line takes at most `width - indent` characters and breaks at the last
  /// space inside that window (a word longer than the window stays whole and breaks at the next
  /// space). Only the very end of the text may fill the window completely. Explicit newlines are
  /// kept, so a discussion can hold paragraphs and short lists.
  func wrapped(toWidth width: Int, indent: Int = 0) -> String {
    // A window of at least one column keeps a pathological width from looping or trapping.
    let window = Swift.max(width - indent, 1)
    var lines: [Substring] = []
    var rest = self[...]
    while true {
      let chunk = rest.prefix(window)
      if let newline = chunk.lastIndex(of: "\n") {
        lines.append(contentsOf: rest[..<newline].split(separator: "\n", omittingEmptySubsequences: false))
        rest = rest[rest.index(after: newline)...]
        continue
      }
      if chunk.endIndex == rest.endIndex {
        lines.append(rest)
        break
      }
      guard let breakAt = chunk.lastIndex(of: " ") ?? rest.firstIndex(of: " ") else {
        lines.append(rest)
        break
      }
      lines.append(rest[..<breakAt])
      rest = rest[rest.index(after: breakAt)...]
    }
    let margin = String(repeating: " ", count: Swift.max(indent, 0))
    return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
  }
}
