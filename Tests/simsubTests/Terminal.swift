import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `simsub` with its standard output and standard error on a pseudo-terminal, so it sees
/// a terminal as a person's shell gives it one, and returns everything it wrote there.
enum Terminal {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func run(
    _ arguments: [String], environment: [String: String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> String {
    let executable = try #require(SimSubBinary.executable, sourceLocation: sourceLocation)
    let (master, name) = try openPseudoTerminal()
    defer { close(master) }
    let slave = open(name, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw Failure(description: "cannot open the pseudo-terminal's other end") }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = SimSubBinary.packageRoot
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
    process.standardOutput = terminal
    process.standardError = terminal
    try process.run()
    try terminal.close()

    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = Date().addingTimeInterval(SimSubBinary.timeout)
    func drain() -> Bool {
      let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if n > 0 { output += buffer[..<n] }
      return n > 0
    }
    while process.isRunning && Date() < deadline {
      if !drain() { usleep(2_000) }
    }
    if process.isRunning {
      process.terminate()
      Issue.record(
        "simsub ran longer than \(Int(SimSubBinary.timeout)) s at a terminal", sourceLocation: sourceLocation)
    }
    process.waitUntilExit()
    while drain() {}
    return String(decoding: output, as: UTF8.self)
  }

  /// A new pseudo-terminal: the controlling side's descriptor and the path of the other side.
  static func openPseudoTerminal() throws -> (Int32, String) {
    #if os(Linux)
      // posix_openpt and its friends are not visible to Swift on Glibc; they are these calls.
      let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      guard master >= 0 else {
        throw Failure(description: "cannot open /dev/ptmx: \(String(cString: strerror(errno)))")
      }
      var unlock: Int32 = 0
      var number: UInt32 = 0
      let lockRequest: UInt = 0x4004_5431  // TIOCSPTLCK, _IOW('T', 0x31, int)
      let numberRequest: UInt = 0x8004_5430  // TIOCGPTN, _IOR('T', 0x30, unsigned int)
      guard ioctl(master, lockRequest, &unlock) == 0, ioctl(master, numberRequest, &number) == 0 else {
        close(master)
        throw Failure(description: "cannot set up the pseudo-terminal: \(String(cString: strerror(errno)))")
      }
      return (master, "/dev/pts/\(number)")
    #else
      let master = posix_openpt(O_RDWR | O_NOCTTY)
      guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
        throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
      }
      return (master, String(cString: name))
    #endif
  }
}
