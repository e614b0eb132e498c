import Foundation
import TestSupport
import Testing

/// Runs the built `simsub` executable, the way a user or a CI job does, and captures what it
/// writes to each stream and how it exits.
///
/// The binary is found beside the test bundle (`swift test` builds every product of the
/// package before it runs the tests), the way swift-argument-parser's and swift-format's tests
/// find theirs; `.build/debug/simsub` under the package is the fallback.
struct SimSubBinary {
  struct Run: CustomStringConvertible {
    /// The exit status, or `nil` when the process died of a signal (a crash).
    var status: Int32?
    var signal: Int32?
    var standardOutput: String
    var standardError: String

    var description: String {
      "status \(status.map(String.init) ?? "none"), signal \(signal.map(String.init) ?? "none")\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
    }
  }

  /// The directory holding `Package.swift`.
  static var packageRoot: URL { TestSupport.packageRoot }

  /// The directory SwiftPM builds products into, found from the running test bundle.
  static var productsDirectory: URL {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    let main = Bundle.main.bundleURL
    return main.lastPathComponent.hasSuffix(".xctest") ? main.deletingLastPathComponent() : main
  }

  /// The `simsub` executable, or `nil` when it cannot be found.
  static let executable: URL? = {
    let candidates = [
      productsDirectory.appendingPathComponent("simsub"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "simsub"),
      packageRoot.appendingPathComponent(".build/debug/simsub"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// The longest a run may take before it counts as a hang.
  static let timeout: TimeInterval = 120

  /// Runs `simsub` with `arguments` in `directory` (the package root by default), with the
  /// environment given (nothing else is inherited, so `NO_COLOR` and `TERM` are the test's).
  /// Both streams go to files, so neither is a terminal.
  static func run(
    _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> Run {
    let executable = try #require(
      Self.executable, "the simsub executable was not found next to the tests (\(productsDirectory.path))",
      sourceLocation: sourceLocation)
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.url("stdout")
    let err = scratch.url("stderr")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let outHandle = try FileHandle(forWritingTo: out)
    let errHandle = try FileHandle(forWritingTo: err)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(2_000) }
    if process.isRunning {
      process.terminate()
      Issue.record(
        "simsub \(arguments.joined(separator: " ")) ran longer than \(Int(timeout)) s",
        sourceLocation: sourceLocation)
    }
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    let exited = process.terminationReason == .exit
    return Run(
      status: exited ? process.terminationStatus : nil, signal: exited ? nil : process.terminationStatus,
      standardOutput: String(decoding: try Data(contentsOf: out), as: UTF8.self),
      standardError: String(decoding: try Data(contentsOf: err), as: UTF8.self))
  }
}

/// A fresh directory for one test, removed by `remove()`.
struct Scratch {
  let path: String

  init() throws {
    path = (NSTemporaryDirectory() as NSString).appendingPathComponent("simsub-binary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  var directory: URL { URL(fileURLWithPath: path, isDirectory: true) }

  func url(_ name: String) -> URL { URL(fileURLWithPath: (path as NSString).appendingPathComponent(name)) }

  /// Writes `bytes` to `name` and returns its path.
  @discardableResult
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: url(name))
    return url(name).path
  }

  @discardableResult
  func file(_ name: String, _ text: String) throws -> String { try file(name, Array(text.utf8)) }

  func read(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: url(name)), as: UTF8.self)
  }

  func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}
