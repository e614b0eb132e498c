/// Reads `.pop` files into ``Population`` values: the file, then the YAML subset (the same
/// parser as scenarios), then the population's own keys, collecting every error before
/// reporting.
public enum PopulationLoader {
  /// Why a population could not be loaded, rendered the one way every input error is.
  public typealias Failure = InputFile.Failure

  /// Loads the population at `path`.
  public static func load(path: String) throws(Failure) -> Population {
    try InputFile.load(
      path: path, expectedKeys: PopulationDecoder.requiredKeys, decode: PopulationDecoder.decode)
  }

  /// Decodes population text already in memory (tests, tools).
  public static func decode(_ text: String, path: String = "<input>") throws(Failure) -> Population {
    try InputFile.decode(
      text, path: path, expectedKeys: PopulationDecoder.requiredKeys, decode: PopulationDecoder.decode)
  }

  /// Loads the population at `path` with its parsed document, which a sweep edits and decodes
  /// again at each value (``PopulationSweep``).
  public static func loadDocument(path: String) throws(Failure) -> (root: YAMLNode, population: Population) {
    try InputFile.load(path: path, expectedKeys: PopulationDecoder.requiredKeys) {
      (root, path) throws(DiagnosticError) -> (root: YAMLNode, population: Population) in
      (root, try PopulationDecoder.decode(root, path: path))
    }
  }
}
