import Foundation

/// The temporary files of writes in progress, so that a program stopped by a signal, or by a
/// write error on its own output, removes them before it ends.
///
/// A file is created and registered in one step under the registry's lock, and the cleanup takes
/// the same lock and keeps it: once the cleanup has begun no new temporary file can appear, so
/// none is left behind by a race between the two. Code that must not be cut in two by a signal
/// (the renames of ``AtomicFile/writeAll(_:)``) runs while holding the lock, which holds the
/// cleanup, and with it the signal's end of the program, until it is done.
enum TemporaryFiles {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var paths: Set<String> = []

  /// Creates the new file `path` (it must not exist) for writing, registered for cleanup;
  /// returns its descriptor, or the `errno` of the failure.
  static func create(_ path: String) -> Result<Int32, CreateFailure> {
    lock.lock()
    defer { lock.unlock() }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { return .failure(CreateFailure(code: errno)) }
    paths.insert(path)
    return .success(descriptor)
  }

  /// Removes `path` from the registry: it was renamed into place or removed.
  static func forget(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    paths.remove(path)
  }

  /// Whether `path` is a temporary file of this process still in progress.
  static func isRegistered(_ path: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return paths.contains(path)
  }

  /// Runs `body` with the cleanup held off until it returns.
  static func withCleanupHeld<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Removes every registered file, for a program about to end. The lock is kept: the program
  /// ends next, and no temporary file is created after this.
  static func removeAll() {
    lock.lock()
    for path in paths { unlink(path) }
    paths.removeAll()
  }

  /// Why a temporary file could not be created.
  struct CreateFailure: Error {
    var code: Int32
  }
}
