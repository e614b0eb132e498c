import Foundation

/// Writes files so that readers see the old content or the new, never a mix.
///
/// Reports are written to a temporary file in the same directory, flushed to disk, then renamed
/// over the destination. `rename` is atomic within a file system, which is why the temporary file
/// lives beside the destination rather than in `/tmp`. If anything fails, the temporary file is
/// removed and the destination is left as it was.
public enum AtomicFile {
  /// Replaces (or creates) the file at `path` with `data`. An existing file keeps its
  /// permissions; a symbolic link at `path` is replaced, not followed.
  public static func write(_ data: Data, to path: String) throws(AtomicFileError) {
    try write(data, to: path, beforeRename: { _ in })
  }

  /// Replaces (or creates) the file at `path` with `text` in UTF-8.
  public static func write(_ text: String, to path: String) throws(AtomicFileError) {
    try write(Data(text.utf8), to: path)
  }

  /// The write, with a hook between the temporary file's completion and the rename, so tests can
  /// fail there and check that the destination is untouched.
  static func write(
    _ data: Data, to path: String, beforeRename: (String) throws -> Void
  ) throws(AtomicFileError) {
    let temporary = try stage(data, for: path)
    do {
      try beforeRename(temporary)
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw AtomicFileError(path: path, reason: Self.reason(error))
    }
    try commit(temporary, to: path)
  }

  /// Writes several files so that none is replaced unless all were written: every temporary
  /// file is completed first, then they are renamed in order. Put the file whose old content
  /// matters most last (a baseline after the files it refers to).
  public static func writeAll(_ files: [(path: String, text: String)]) throws(AtomicFileError) {
    var staged: [String] = []
    for (path, text) in files {
      do {
        staged.append(try stage(Data(text.utf8), for: path))
      } catch {
        for temporary in staged { try? FileManager.default.removeItem(atPath: temporary) }
        throw error
      }
    }
    for (index, (temporary, file)) in zip(staged, files).enumerated() {
      do {
        try commit(temporary, to: file.path)
      } catch {
        // `commit` removed its own temporary file; the ones not yet renamed go too.
        for later in staged[(index + 1)...] { try? FileManager.default.removeItem(atPath: later) }
        throw error
      }
    }
  }

  /// Writes `data` to a temporary file beside `path`, flushed to disk, with `path`'s
  /// permissions; returns the temporary file's path.
  private static func stage(_ data: Data, for path: String) throws(AtomicFileError) -> String {
    let destination = URL(fileURLWithPath: path)
    let temporary = destination.deletingLastPathComponent()
      .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
    let files = FileManager.default
    do {
      try data.write(to: temporary, options: .withoutOverwriting)
    } catch {
      throw AtomicFileError(path: path, reason: Self.reason(error))
    }
    do {
      // Only a regular file's permissions carry over: the attributes of a symbolic link are the
      // link's own (0777), not its target's, and the link is replaced rather than followed.
      if let existing = try? files.attributesOfItem(atPath: path),
        existing[.type] as? FileAttributeType == .typeRegular,
        let permissions = existing[.posixPermissions]
      {
        try files.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
      }
      let handle = try FileHandle(forWritingTo: temporary)
      try handle.synchronize()
      try handle.close()
    } catch {
      try? files.removeItem(at: temporary)
      throw AtomicFileError(path: path, reason: Self.reason(error))
    }
    return temporary.path
  }

  /// Renames a staged file over `path`.
  private static func commit(_ temporary: String, to path: String) throws(AtomicFileError) {
    if rename(temporary, path) != 0 {
      let code = errno
      try? FileManager.default.removeItem(atPath: temporary)
      throw AtomicFileError(path: path, reason: String(cString: strerror(code)))
    }
  }

  /// A short reason for the message, without Foundation's long error descriptions where the
  /// underlying POSIX error says it better.
  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    // On Linux the underlying error is a Swift `POSIXError`, which `as? NSError` does not match.
    for candidate in [nsError.userInfo[NSUnderlyingErrorKey] as? any Error, error].compactMap({ $0 }) {
      if let posix = candidate as? POSIXError {
        return String(cString: strerror(posix.code.rawValue))
      }
      let bridged = candidate as NSError
      if bridged.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(bridged.code)))
      }
    }
    return nsError.localizedDescription
  }
}

/// A file that could not be written; the destination is unchanged.
public struct AtomicFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The destination path, as given.
  public var path: String
  /// Why, e.g. `No such file or directory`.
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "cannot write '\(path)': \(reason)" }
}
