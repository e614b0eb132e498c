import Foundation

/// The files a command is about to write, checked before it does any work: each must be a file
/// in an existing, writable folder, none may be one of the command's inputs, and no two may be
/// the same file. A long Monte Carlo run that could never write its report, or a report written
/// over the scenario it came from, is refused at once with status 2.
struct OutputTargets {
  /// The files to write: the option that names each (`--output`) and its path as typed.
  var outputs: [(option: String, path: String)]
  /// The files the command reads, as typed or resolved.
  var inputs: [String]
  /// Where relative paths start.
  var baseDirectory: String

  /// The first problem, as a message for `Error: …`, or `nil` when every output can be written.
  func problem() -> String? {
    for (option, path) in outputs {
      if let problem = Self.locationProblem(absolute(path), typed: path) {
        return "\(option) '\(path)' \(problem)"
      }
    }
    let inputIdentities = inputs.map { (path: $0, identity: FileIdentity(absolute($0))) }
    for (index, (option, path)) in outputs.enumerated() {
      let identity = FileIdentity(absolute(path))
      if let input = inputIdentities.first(where: { $0.identity == identity }) {
        return
          "\(option) '\(path)' is the input '\(input.path)': writing it would replace what is being read; name another file"
      }
      if let earlier = outputs[..<index].first(where: { FileIdentity(absolute($0.path)) == identity }) {
        return "\(earlier.option) and \(option) name the same file ('\(path)'); give each its own"
      }
    }
    return nil
  }

  private func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : (baseDirectory as NSString).appendingPathComponent(path)
  }

  /// Why nothing can be written at `path` (typed as `typed`), or `nil`.
  static func locationProblem(_ path: String, typed: String) -> String? {
    var isDirectory: ObjCBool = false
    if path.hasSuffix("/")
      || FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    {
      return "is a directory; name a file in it"
    }
    let folder = (path as NSString).deletingLastPathComponent
    let typedFolder = (typed as NSString).deletingLastPathComponent
    let shown = typedFolder.isEmpty ? "." : typedFolder
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      return "cannot be written: there is no folder '\(shown)'"
    }
    guard isDirectory.boolValue else { return "cannot be written: '\(shown)' is not a folder" }
    guard access(folder, W_OK) == 0 else {
      return "cannot be written: the folder '\(shown)' is not writable"
    }
    return nil
  }
}

/// Which file a path denotes, whatever way it is spelt: an existing file by its device and
/// inode (so symbolic links, hard links, `..` and a case-insensitive disk all compare equal),
/// a new one by its folder's identity and its name.
enum FileIdentity: Equatable {
  case existing(device: UInt64, inode: UInt64)
  case new(folderDevice: UInt64, folderInode: UInt64, name: String)
  case unknown(String)

  init(_ path: String) {
    var status = stat()
    if stat(path, &status) == 0 {
      self = .existing(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
      return
    }
    let folder = (path as NSString).deletingLastPathComponent
    if stat(folder.isEmpty ? "." : folder, &status) == 0 {
      self = .new(
        folderDevice: UInt64(status.st_dev), folderInode: UInt64(status.st_ino),
        name: (path as NSString).lastPathComponent)
      return
    }
    self = .unknown((path as NSString).standardizingPath)
  }
}
