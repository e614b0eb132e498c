import Foundation

/// Writes files so that readers see the old content or the new, never a mix.
///
/// Reports are written to a temporary file in the same directory, flushed to disk, then renamed
/// over the destination. `rename` is atomic within a file system, which is why the temporary file
/// lives beside the destination rather than in `/tmp`. If anything fails, the temporary file is
/// removed and the destination is left as it was.
///
/// No temporary file outlives its write: SIGINT, SIGTERM and SIGHUP remove it before the program
/// ends (``TemporaryFiles``, ``TerminationSignals``), and the leftover of a program that could
/// not clean up (SIGKILL, a power cut) is removed by the next write to the same destination. A
/// temporary file is named `.NAME.PID.UUID.tmp` after the destination's NAME and the writing
/// process, so the next write can tell a leftover (its process is gone) from another program's
/// write in progress.
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
      discard(temporary)
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
        for temporary in staged { discard(temporary) }
        throw error
      }
    }
    // The renames are not cut in two by a signal: its cleanup, and the end of the program,
    // wait until all are done. (Inside, the registry is not touched: its lock is held.)
    defer { for temporary in staged { TemporaryFiles.forget(temporary) } }
    try TemporaryFiles.withCleanupHeld { () throws(AtomicFileError) in
      for (index, (temporary, file)) in zip(staged, files).enumerated() {
        do throws(AtomicFileError) {
          try commit(temporary, to: file.path, cleanupHeld: true)
        } catch {
          // `commit` removed its own temporary file; the ones not yet renamed go too.
          for later in staged[(index + 1)...] { discard(later, cleanupHeld: true) }
          throw error
        }
      }
    }
  }

  /// Writes `data` to a temporary file beside `path`, flushed to disk, with `path`'s
  /// permissions; returns the temporary file's path. Leftovers of killed writes to `path` are
  /// removed first.
  private static func stage(_ data: Data, for path: String) throws(AtomicFileError) -> String {
    let destination = URL(fileURLWithPath: path)
    let directory = destination.deletingLastPathComponent().path
    let name = destination.lastPathComponent
    removeLeftovers(of: name, in: directory)
    let temporary = (directory as NSString).appendingPathComponent(
      ".\(name).\(getpid()).\(UUID().uuidString).tmp")
    let descriptor: Int32
    switch TemporaryFiles.create(temporary) {
    case .success(let opened): descriptor = opened
    case .failure(let failure): throw AtomicFileError(path: path, code: failure.code)
    }
    var failure = DescriptorWrite.write(data, to: descriptor)
    // Only a regular file's permissions carry over: the attributes of a symbolic link are the
    // link's own (0777), not its target's, and the link is replaced rather than followed.
    var existing = stat()
    if failure == nil, lstat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG,
      fchmod(descriptor, existing.st_mode & 0o7777) != 0
    {
      failure = errno
    }
    if failure == nil, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == nil { failure = errno }
    if let failure {
      discard(temporary)
      throw AtomicFileError(path: path, code: failure)
    }
    return temporary
  }

  /// Renames a staged file over `path`.
  private static func commit(
    _ temporary: String, to path: String, cleanupHeld: Bool = false
  ) throws(AtomicFileError) {
    if rename(temporary, path) != 0 {
      let code = errno
      discard(temporary, cleanupHeld: cleanupHeld)
      throw AtomicFileError(path: path, code: code)
    }
    if !cleanupHeld { TemporaryFiles.forget(temporary) }
  }

  /// Removes a staged file that will not be renamed.
  private static func discard(_ temporary: String, cleanupHeld: Bool = false) {
    unlink(temporary)
    if !cleanupHeld { TemporaryFiles.forget(temporary) }
  }

  /// Removes the temporary files of earlier writes to `name` in `directory` whose process has
  /// ended: `.NAME.PID.UUID.tmp` with no process PID (or this process, which has no such write
  /// in progress), and `.NAME.UUID.tmp` of versions that did not name the process. Other files,
  /// and the writes in progress of running programs, are left alone.
  static func removeLeftovers(of name: String, in directory: String) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    let prefix = ".\(name)."
    for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
      let middle = entry.dropFirst(prefix.count).dropLast(".tmp".count)
      let parts = middle.split(separator: ".", omittingEmptySubsequences: false)
      guard let uuid = parts.last, UUID(uuidString: String(uuid)) != nil, parts.count <= 2 else { continue }
      let path = (directory as NSString).appendingPathComponent(entry)
      if parts.count == 2 {
        guard let pid = Int32(parts[0]), pid > 0 else { continue }
        let running =
          pid == getpid() ? TemporaryFiles.isRegistered(path) : kill(pid, 0) == 0 || errno != ESRCH
        if running { continue }
      }
      unlink(path)
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

  /// The error for a failed system call, with its `errno`.
  init(path: String, code: Int32) {
    self.init(path: path, reason: String(cString: strerror(code)))
  }

  public var description: String { "cannot write '\(path)': \(reason)" }
}
