import Foundation

@testable import SimSub

/// A fresh directory under the system's temporary directory for one test, removed by `remove()`.
///
/// Each test makes its own, so tests run in parallel without sharing files.
struct CommandLineScratchDirectory {
  let path: String

  init() throws {
    path = (NSTemporaryDirectory() as NSString).appendingPathComponent("simsub-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The absolute path of `relative` inside the directory.
  func at(_ relative: String) -> String { (path as NSString).appendingPathComponent(relative) }

  /// Creates the file (and its folders) with `text`.
  func file(_ relative: String, _ text: String = "") throws {
    let full = at(relative)
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: full))
  }

  func read(_ relative: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: at(relative))), as: UTF8.self)
  }

  func entries(_ relative: String = "") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? path : at(relative)).sorted()
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

extension CommandLineScratchDirectory {
  /// `simsub arguments…` through the whole command, in-process, with this directory as the
  /// base of relative paths and neither output a terminal.
  func simsub(_ arguments: [String]) -> (SimSub.ExitStatus, CapturingConsole) {
    let console = CapturingConsole()
    let facts = TerminalFacts(
      standardOutputIsTerminal: false, standardErrorIsTerminal: false, environment: [:])
    let status = SimSubMain.run(arguments: arguments, console: console, facts: facts, baseDirectory: path)
    return (status, console)
  }
}
