import Foundation

/// Reads `.pop` files into ``Population`` values: the file, then the YAML subset (the same
/// parser as scenarios), then the population's own keys, collecting every error before
/// reporting.
public enum PopulationLoader {
  /// Why a population could not be loaded, rendered the one way every input error is.
  public struct Failure: Error, Sendable {
    public var path: String
    public var diagnostics: DiagnosticError?
    public var source: String?
    public var message: String?

    /// `path:line:col: error: message`, the line and a caret, for each diagnostic.
    public var rendered: String {
      if let diagnostics {
        let renderer = DiagnosticRenderer(file: path, text: source ?? "")
        return renderer.render(DiagnosticError(diagnostics.sortedByLocation))
      }
      return "\(path): error: \(message ?? "cannot read the file")"
    }
  }

  /// Loads the population at `path`.
  public static func load(path: String) throws(Failure) -> Population {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(path: path, message: "cannot read the file")
    }
    let bytes = [UInt8](data)
    do {
      let root = try YAMLParser.parse(bytes: bytes, file: path, expectedKeys: PopulationDecoder.requiredKeys)
      return try PopulationDecoder.decode(root, path: path)
    } catch {
      throw Failure(path: path, diagnostics: error, source: String(decoding: bytes, as: UTF8.self))
    }
  }

  /// Decodes population text already in memory (tests, tools).
  public static func decode(_ text: String, path: String = "<input>") throws(Failure) -> Population {
    do {
      let root = try YAMLParser.parse(text, file: path, expectedKeys: PopulationDecoder.requiredKeys)
      return try PopulationDecoder.decode(root, path: path)
    } catch {
      throw Failure(path: path, diagnostics: error, source: text)
    }
  }
}
