/// Reads `.scn` files into `Scenario` values: the file, then the YAML subset, then the
/// scenario's own keys, collecting every semantic error before reporting.
public enum ScenarioLoader {
  /// Why a file could not be loaded, rendered the one way every input error is.
  public typealias Failure = InputFile.Failure

  /// Loads the scenario at `path`.
  public static func load(path: String) throws(Failure) -> Scenario {
    try InputFile.load(path: path, expectedKeys: ScenarioDecoder.requiredKeys, decode: ScenarioDecoder.decode)
  }

  /// Decodes scenario text already in memory (tests, tools).
  public static func decode(_ text: String, path: String = "<input>") throws(Failure) -> Scenario {
    try InputFile.decode(
      text, path: path, expectedKeys: ScenarioDecoder.requiredKeys, decode: ScenarioDecoder.decode)
  }
}
