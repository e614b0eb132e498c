import Foundation
import Testing

@testable import SimSub

/// A write removes the temporary files that killed writes to the same destination left behind,
/// and nothing else.
@Suite struct AtomicFileLeftoverTests {
  /// A process number no process has: above every system's limit on them.
  static let deadProcess = Int32.max

  @Test func theNextWriteRemovesTheLeftoversOfKilledWrites() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let killed = ".out.json.\(Self.deadProcess).\(UUID().uuidString).tmp"
    let older = ".out.json.\(UUID().uuidString).tmp"
    try dir.file(killed, "{\"half\": ")
    try dir.file(older, "{")
    try AtomicFile.write("{}\n", to: dir.at("out.json"))
    #expect(try dir.entries() == ["out.json"])
    #expect(try dir.read("out.json") == "{}\n")
  }

  @Test func otherFilesAndWritesInProgressAreLeftAlone() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let keep = [
      // Another destination's leftover is removed by a write to that destination.
      ".other.json.\(Self.deadProcess).\(UUID().uuidString).tmp",
      // A running process's write (process 1 always runs).
      ".out.json.1.\(UUID().uuidString).tmp",
      // Not a temporary file of simsub's.
      ".out.json.notes.tmp", ".out.json.\(Self.deadProcess).tmp", "out.json.\(UUID().uuidString).tmp",
    ]
    for name in keep { try dir.file(name, "x") }
    try AtomicFile.write("{}\n", to: dir.at("out.json"))
    #expect(try dir.entries() == (keep + ["out.json"]).sorted())
  }

  @Test func aLeftoverOfThisProcessNotInProgressIsRemoved() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    // A leftover whose process number is now this one's (numbers are reused).
    try dir.file(".out.json.\(getpid()).\(UUID().uuidString).tmp", "x")
    try AtomicFile.writeAll([(path: dir.at("out.json"), text: "a"), (path: dir.at("b.json"), text: "b")])
    #expect(try dir.entries() == ["b.json", "out.json"])
  }
}
