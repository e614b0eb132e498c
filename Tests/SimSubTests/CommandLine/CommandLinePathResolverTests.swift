import Foundation
import Testing

@testable import SimSub

/// Paths typed in the wrong case still find the one file they mean, on any file system.
@Suite struct CommandLinePathResolverTests {
  @Test func existingPathsAreReturnedAsTyped() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("Scenarios/card-expired.scn")
    let resolver = PathResolver(baseDirectory: dir.path)
    #expect(try resolver.resolve("Scenarios/card-expired.scn") == "Scenarios/card-expired.scn")
    #expect(try resolver.resolve("./Scenarios/") == "./Scenarios/")
    #expect(try resolver.resolve(dir.at("Scenarios")) == dir.at("Scenarios"))
  }

  @Test func wrongCaseIsMatchedComponentByComponent() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("Scenarios/populations/typical.pop")
    try dir.file("Scenarios/card-expired.scn")
    let resolver = PathResolver(baseDirectory: dir.path)
    #expect(try resolver.resolve("scenarios/card-expired.scn").lowercased() == "scenarios/card-expired.scn")
    #expect(try resolver.resolve("scenarios/card-expired.scn").hasSuffix("/card-expired.scn"))
    let resolved = try resolver.resolve("SCENARIOS/Populations/TYPICAL.POP")
    #expect(FileManager.default.fileExists(atPath: dir.at(resolved)))
    #expect(resolved.lowercased() == "scenarios/populations/typical.pop")
    // Absolute paths stay absolute; `.` and `..` are kept.
    let absolute = try resolver.resolve(dir.at("scenarios/./populations/../card-expired.scn"))
    #expect(absolute.hasPrefix("/"))
    #expect(FileManager.default.fileExists(atPath: absolute))
    // A trailing slash is kept, so "a directory was meant" survives.
    #expect(try resolver.resolve("scenarios/").hasSuffix("/"))
  }

  @Test func onACaseSensitiveFileSystemTheRealNameIsReturned() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("Scenarios/card-expired.scn")
    try #require(!FileManager.default.fileExists(atPath: dir.at("scenarios")), "case-insensitive file system")
    #expect(
      try PathResolver(baseDirectory: dir.path).resolve("scenarios/card-expired.scn")
        == "Scenarios/card-expired.scn")
  }

  @Test func missingPathsAreReported() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("Scenarios/card-expired.scn")
    let resolver = PathResolver(baseDirectory: dir.path)
    #expect(throws: PathResolutionError.notFound(path: "scenarios/nope.scn")) {
      try resolver.resolve("scenarios/nope.scn")
    }
    #expect(throws: PathResolutionError.notFound(path: "elsewhere/card-expired.scn")) {
      try resolver.resolve("elsewhere/card-expired.scn")
    }
    #expect(throws: PathResolutionError.notFound(path: "")) { try resolver.resolve("") }
    #expect(
      PathResolutionError.notFound(path: "scenarios/nope.scn").description
        == "No such file or directory: 'scenarios/nope.scn'")
  }

  @Test func twoCaseVariantsAreAmbiguous() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("Data/a.scn")
    try dir.file("DATA/a.scn")
    // Only a case-sensitive file system can hold both.
    try #require(try dir.entries().count == 2, "case-insensitive file system")
    let resolver = PathResolver(baseDirectory: dir.path)
    let expected = PathResolutionError.ambiguous(
      path: "data/a.scn", component: "data", candidates: ["DATA", "Data"])
    #expect(throws: expected) { try resolver.resolve("data/a.scn") }
    #expect(
      expected.description
        == "'data' in 'data/a.scn' matches 'DATA', 'Data', which differ only in case; write the path exactly")
    // Typed exactly, either one is found.
    #expect(try resolver.resolve("Data/a.scn") == "Data/a.scn")
  }
}
