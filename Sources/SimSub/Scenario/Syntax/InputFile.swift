import Foundation

/// Reading a YAML-subset input file (`.scn`, `.pop`): the file, then the syntax, then the
/// document's own keys through `decode`, with every failure rendered the one way input errors
/// are.
public enum InputFile {
  /// Why a file could not be loaded.
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

  /// Loads and decodes the file at `path`.
  static func load<T>(
    path: String, expectedKeys: [String], decode: (YAMLNode, String) throws(DiagnosticError) -> T
  ) throws(Failure) -> T {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(path: path, message: "cannot read the file")
    }
    let bytes = [UInt8](data)
    do {
      return try decode(try YAMLParser.parse(bytes: bytes, file: path, expectedKeys: expectedKeys), path)
    } catch {
      throw Failure(path: path, diagnostics: error, source: String(decoding: bytes, as: UTF8.self))
    }
  }

  /// Decodes text already in memory (tests, tools).
  static func decode<T>(
    _ text: String, path: String, expectedKeys: [String],
    decode: (YAMLNode, String) throws(DiagnosticError) -> T
  ) throws(Failure) -> T {
    do {
      return try decode(try YAMLParser.parse(text, file: path, expectedKeys: expectedKeys), path)
    } catch {
      throw Failure(path: path, diagnostics: error, source: text)
    }
  }
}
