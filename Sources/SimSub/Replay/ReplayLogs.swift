/// The logs one replay reads: each as the user named it and where it lies on disk.
struct ReplayLogs: Sendable {
  var logs: [(name: String, path: String)]

  init(logs: [(name: String, path: String)]) { self.logs = logs }

  /// Resolves each name (`-` is standard input) against `resolver`; a name that does not
  /// resolve is an error naming it.
  init(_ names: [String], resolver: PathResolver) throws(ReplayLogReader.FileError) {
    var logs: [(String, String)] = []
    for name in names {
      if name == "-" {
        logs.append((name, name))
        continue
      }
      do { logs.append((name, try resolver.location(of: name))) } catch {
        throw ReplayLogReader.FileError(file: name, message: error.description)
      }
    }
    self.logs = logs
  }

  /// Every log read, in order.
  func read() throws(ReplayLogReader.FileError) -> ReplayLogReader {
    var reader = ReplayLogReader()
    for log in logs { try reader.read(file: log.path, named: log.name) }
    return reader
  }
}
