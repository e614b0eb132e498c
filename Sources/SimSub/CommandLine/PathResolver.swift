import Foundation

/// Finds the file a user meant when the path they typed differs from the real one only in case.
///
/// simsub's documentation writes `scenarios/card-expired.scn`, the folder is `Scenarios/`, and
/// Linux file systems are case-sensitive. So a path that does not exist is matched again,
/// component by component, ignoring case. A path that exists is returned untouched, and a
/// component with two case variants (`Scenarios/` and `scenarios/`) is an error rather than a
/// guess.
public struct PathResolver: Sendable {
  /// The directory relative paths are resolved against; nil for the current directory.
  public var baseDirectory: String?

  public init(baseDirectory: String? = nil) {
    self.baseDirectory = baseDirectory
  }

  /// Where ``resolve(_:)``'s answer for `path` lies on disk: absolute, or relative to the
  /// current directory when there is no base directory.
  public func location(of path: String) throws(PathResolutionError) -> String {
    let resolved = try resolve(path)
    guard let baseDirectory, !resolved.hasPrefix("/") else { return resolved }
    return (baseDirectory as NSString).appendingPathComponent(resolved)
  }

  /// The existing path `path` denotes: `path` itself if it exists, otherwise the one path whose
  /// components equal `path`'s ignoring case. The result is relative when `path` is.
  public func resolve(_ path: String) throws(PathResolutionError) -> String {
    let files = FileManager.default
    let isAbsolute = path.hasPrefix("/")
    let base = baseDirectory ?? files.currentDirectoryPath
    func onDisk(_ relative: String) -> String {
      isAbsolute ? relative : (base as NSString).appendingPathComponent(relative)
    }
    guard !path.isEmpty else { throw .notFound(path: path) }
    if files.fileExists(atPath: onDisk(path)) { return path }

    var resolved: [String] = []
    var directory = isAbsolute ? "/" : base
    for component in path.split(separator: "/").map(String.init) {
      let exact = (directory as NSString).appendingPathComponent(component)
      if component == "." || component == ".." || files.fileExists(atPath: exact) {
        resolved.append(component)
        directory = exact
        continue
      }
      let entries = (try? files.contentsOfDirectory(atPath: directory)) ?? []
      let matches = entries.filter { $0.caseInsensitiveCompare(component) == .orderedSame }.sorted()
      guard let match = matches.first else { throw .notFound(path: path) }
      guard matches.count == 1 else {
        throw .ambiguous(path: path, component: component, candidates: matches)
      }
      resolved.append(match)
      directory = (directory as NSString).appendingPathComponent(match)
    }
    let joined = resolved.joined(separator: "/")
    let trailing = path.hasSuffix("/") && !joined.isEmpty ? "/" : ""
    return (isAbsolute ? "/" : "") + joined + trailing
  }
}

/// Why a path could not be resolved.
public enum PathResolutionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Nothing exists at the path, in any case.
  case notFound(path: String)
  /// `component` of `path` matches several entries that differ only in case; which one the user
  /// meant cannot be known.
  case ambiguous(path: String, component: String, candidates: [String])

  public var description: String {
    switch self {
    case .notFound(let path):
      return "No such file or directory: '\(path)'"
    case .ambiguous(let path, let component, let candidates):
      let list = candidates.map { "'\($0)'" }.joined(separator: ", ")
      return "'\(component)' in '\(path)' matches \(list), which differ only in case; write the path exactly"
    }
  }
}
