import Foundation
import Testing

@testable import SimSub

/// Reports are written whole or not at all.
@Suite struct CommandLineAtomicFileTests {
  struct Interrupted: Error {}

  @Test func writesANewFileAndLeavesNothingElse() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try AtomicFile.write("hello\n", to: dir.at("report.txt"))
    #expect(try dir.read("report.txt") == "hello\n")
    #expect(try dir.entries() == ["report.txt"])
  }

  @Test func replacesAnExistingFileAndKeepsItsPermissions() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("report.json", "old")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: dir.at("report.json"))
    try AtomicFile.write(Data("new".utf8), to: dir.at("report.json"))
    #expect(try dir.read("report.json") == "new")
    #expect(try dir.entries() == ["report.json"])
    let permissions = try FileManager.default.attributesOfItem(atPath: dir.at("report.json"))[
      .posixPermissions]
    #expect((permissions as? NSNumber)?.intValue == 0o600)
  }

  @Test func aMissingDirectoryIsAnErrorAndCreatesNothing() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let path = dir.at("Reports/report.json")
    #expect(throws: AtomicFileError.self) { try AtomicFile.write("x", to: path) }
    do {
      try AtomicFile.write("x", to: path)
    } catch {
      #expect(error.path == path)
      #expect(error.description == "cannot write '\(path)': \(error.reason)")
      #expect(error.reason.localizedCaseInsensitiveContains("no such file"))
    }
    #expect(try dir.entries().isEmpty)
  }

  @Test func anInterruptedWriteLeavesTheExistingFileIntact() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("baseline.json", "{\"old\": true}")
    var temporary = ""
    #expect(throws: AtomicFileError.self) {
      try AtomicFile.write(Data("{\"new\":".utf8), to: dir.at("baseline.json")) { path in
        temporary = path
        throw Interrupted()
      }
    }
    #expect(try dir.read("baseline.json") == "{\"old\": true}")
    #expect(!temporary.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: temporary))
    #expect(try dir.entries() == ["baseline.json"])
  }

  @Test func aFailedRenameLeavesTheDestinationAndNoTemporaryFile() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    // A non-empty directory cannot be replaced by a file.
    try dir.file("Reports/keep.txt", "kept")
    #expect(throws: AtomicFileError.self) { try AtomicFile.write("x", to: dir.at("Reports")) }
    #expect(try dir.read("Reports/keep.txt") == "kept")
    #expect(try dir.entries() == ["Reports"])
  }

  @Test func replacingASymbolicLinkDoesNotCopyTheLinksPermissions() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let files = FileManager.default
    try dir.file("target.txt", "target")
    try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: dir.at("target.txt"))
    try files.createSymbolicLink(atPath: dir.at("report.txt"), withDestinationPath: dir.at("target.txt"))
    try AtomicFile.write("new", to: dir.at("report.txt"))
    try AtomicFile.write("fresh", to: dir.at("fresh.txt"))
    // The link is replaced by a file with a new file's permissions, not the link's 0777.
    #expect(
      try files.attributesOfItem(atPath: dir.at("report.txt"))[.type] as? FileAttributeType == .typeRegular)
    let permissions = { (name: String) throws -> Int? in
      (try files.attributesOfItem(atPath: dir.at(name))[.posixPermissions] as? NSNumber)?.intValue
    }
    #expect(try dir.read("report.txt") == "new")
    #expect(try dir.read("target.txt") == "target")
    #expect(try permissions("report.txt") == permissions("fresh.txt"))
    #expect(try permissions("report.txt") != 0o777)
  }

  @Test func aFailedRenameInWriteAllLeavesNoTemporaryFiles() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    // The second destination is a non-empty directory, which a file cannot replace.
    try dir.file("Reports/keep.txt", "kept")
    #expect(throws: AtomicFileError.self) {
      try AtomicFile.writeAll([
        (dir.at("first.txt"), "1"), (dir.at("Reports"), "2"), (dir.at("third.txt"), "3"),
      ])
    }
    #expect(try dir.read("Reports/keep.txt") == "kept")
    #expect(try dir.entries() == ["Reports", "first.txt"])
  }
}
