import SubscriptionPolicy

/// Where a field of a JSON file is, for diagnostics that point into files simsub wrote and a
/// person may have edited (`Reports/baseline.json`, `montecarlo --format json` results): the
/// wire decoders' ``JSONLocator``, placed in a file.
///
/// The text must be a document that parsed. A path that does not exist (a missing key) gives
/// the place of its deepest existing part, the object the key is missing from.
extension JSONLocator {
  /// The 1-based line and column (in Unicode scalars, as ``JSONError`` counts) of the value at
  /// `path` in `text`.
  static func location(of path: JSONPath, in text: String, file: String) -> SourceLocation {
    let bytes = Array(text.utf8)
    let place = lineAndColumn(of: offset(of: path, in: bytes) ?? 0, in: bytes)
    return SourceLocation(file: file, line: place.line, column: place.column)
  }

  /// A located error about the field at `path`: `file:line:col: error: path: message`, the
  /// path left out at the document's root.
  static func diagnostic(_ message: String, at path: JSONPath, in text: String, file: String) -> Diagnostic {
    .error(
      path.components.isEmpty ? message : "\(path): \(message)",
      at: location(of: path, in: text, file: file))
  }
}
