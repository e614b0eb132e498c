/// Reads `.policy` files into ``PolicyFile`` values: the file, then the YAML subset (the same
/// parser as scenarios and populations), then the policy file's own keys, collecting every
/// error before reporting.
package enum PolicyFileLoader {
  /// Why a policy file could not be loaded, rendered the one way every input error is.
  package typealias Failure = InputFile.Failure

  /// The extension a policy file has.
  package static let fileExtension = "policy"

  /// Loads the policy file at `path`.
  package static func load(path: String) throws(Failure) -> PolicyFile {
    try InputFile.load(
      path: path, expectedKeys: PolicyFileDecoder.requiredKeys, decode: PolicyFileDecoder.decode)
  }

  /// Decodes policy-file text already in memory (tests, tools).
  package static func decode(_ text: String, path: String = "<input>") throws(Failure) -> PolicyFile {
    try InputFile.decode(
      text, path: path, expectedKeys: PolicyFileDecoder.requiredKeys, decode: PolicyFileDecoder.decode)
  }
}
