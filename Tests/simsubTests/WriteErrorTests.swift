import Foundation
import Testing

/// The built `simsub` writing to standard output or error when it cannot: a full disk
/// (`/dev/full`) and a pipe whose reader has gone, with SIGPIPE ignored as some CI runners and
/// process libraries leave it. Never a crash: exit status 2, one line on standard error when it
/// is still writable, nothing at all for a closed pipe.
@Suite struct WriteErrorTests {
  static let cardExpired = "Scenarios/card-expired.scn"

  /// How a run ended, and what it wrote to the stream that still worked.
  struct Ending: CustomStringConvertible {
    var status: Int32?
    var signal: Int32?
    var text: String
    var description: String {
      "status \(status.map(String.init) ?? "none"), signal \(signal.map(String.init) ?? "none"): \(text)"
    }
  }

  /// Runs `simsub arguments` through `sh`, which ignores SIGPIPE and then becomes simsub (an
  /// ignored signal stays ignored across exec), with the two streams given.
  static func run(_ arguments: [String], standardOutput: Any, standardError: Any) throws -> Ending {
    let executable = try #require(SimSubBinary.executable, "the simsub executable was not found")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "trap '' PIPE; exec \"$0\" \"$@\"", executable.path] + arguments
    process.currentDirectoryURL = SimSubBinary.packageRoot
    process.environment = [:]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    process.waitUntilExit()
    let exited = process.terminationReason == .exit
    return Ending(
      status: exited ? process.terminationStatus : nil, signal: exited ? nil : process.terminationStatus,
      text: "")
  }

  /// A pipe nobody reads: its reading end is closed before simsub starts, so its first write
  /// fails with EPIPE.
  static func closedPipe() -> Pipe {
    let pipe = Pipe()
    try? pipe.fileHandleForReading.close()
    return pipe
  }

  static func fullDisk() throws -> FileHandle {
    try #require(FileHandle(forWritingAtPath: "/dev/full"), "this system has no /dev/full")
  }

  @Test func aFullDiskOnStandardOutputIsOneLineOnStandardErrorAndStatusTwo() throws {
    let errors = Pipe()
    var ending = try Self.run(
      ["run", Self.cardExpired], standardOutput: try Self.fullDisk(), standardError: errors)
    try errors.fileHandleForWriting.close()
    ending.text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(ending.status == 2, "\(ending)")
    #expect(ending.text == "Error: cannot write to standard output: No space left on device\n")
  }

  @Test func aClosedPipeOnStandardOutputIsAQuietStatusTwo() throws {
    let errors = Pipe()
    var ending = try Self.run(
      ["check", "Scenarios"], standardOutput: Self.closedPipe(), standardError: errors)
    try errors.fileHandleForWriting.close()
    ending.text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(ending.status == 2, "\(ending)")
    #expect(ending.text == "")
  }

  @Test(arguments: [["run", "nope.scn"], ["run", "--sed", "1"]])
  func aFailingStandardErrorIsStatusTwo(arguments: [String]) throws {
    let full = try Self.run(
      arguments, standardOutput: FileHandle.nullDevice, standardError: try Self.fullDisk())
    #expect(full.status == 2, "\(full)")
    let closed = try Self.run(
      arguments, standardOutput: FileHandle.nullDevice, standardError: Self.closedPipe())
    #expect(closed.status == 2, "\(closed)")
  }

  @Test func helpToAClosedPipeIsStatusTwoNotACrash() throws {
    let ending = try Self.run(
      ["--help"], standardOutput: Self.closedPipe(), standardError: FileHandle.nullDevice)
    #expect(ending.status == 2, "\(ending)")
  }
}
