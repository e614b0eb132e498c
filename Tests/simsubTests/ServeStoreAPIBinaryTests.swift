import Foundation
import SimSub
import TestSupport
import Testing

/// `simsub serve-store-api` as a user runs it: it prints the base URLs, answers on them, and on
/// Ctrl-C (SIGINT) closes its ports and ends by that signal.
@Suite struct ServeStoreAPIBinaryTests {
  @Test func servesUntilInterruptedThenReleasesItsPorts() throws {
    let executable = try #require(SimSubBinary.executable)
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.url("stdout")
    let err = scratch.url("stderr")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["serve-store-api", "Scenarios/card-expired.scn", "--salt", "s", "--at", "20d"]
    process.currentDirectoryURL = SimSubBinary.packageRoot
    process.environment = [:]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    var printed = ""
    let deadline = Date().addingTimeInterval(60)
    while !printed.contains("Serving until Ctrl-C.\n") && process.isRunning && Date() < deadline {
      usleep(20_000)
      printed = (try? scratch.read("stdout")) ?? ""
    }
    try #require(
      printed.contains("Serving until Ctrl-C.\n"), "\(printed)\n\((try? scratch.read("stderr")) ?? "")")
    var bases: [String: String] = [:]
    for line in printed.split(separator: "\n") where line.hasPrefix("SIMSUB_") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      bases[parts[0]] = parts[1]
    }
    #expect(
      Set(bases.keys) == [
        "SIMSUB_GOOGLE_API", "SIMSUB_APPLE_API", "SIMSUB_STRIPE_API", "SIMSUB_REVENUECAT_API",
      ])
    #expect(printed.contains("at 2026-02-20T09:00:00Z;"))
    // Every URL printed for the subscriber answers 200.
    let client = HTTPClient(timeout: .seconds(5))
    let urls = printed.split(separator: "\n").filter { $0.hasPrefix("  http://") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(urls.count == 4)
    for url in urls {
      #expect(try client.send("GET", HTTPURL(url)).get().status == 200, "\(url)")
    }
    process.interrupt()
    let end = Date().addingTimeInterval(20)
    while process.isRunning && Date() < end { usleep(10_000) }
    #expect(!process.isRunning)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
    #expect(try scratch.read("stderr") == "Stopped; the ports are closed.\n")
    client.closeIdleConnections()
    for base in bases.values {
      #expect(client.send("GET", try HTTPURL(base)).failure == .refused, "\(base)")
    }
  }
}

extension Result where Success == HTTPResponse {
  fileprivate var failure: Failure? {
    guard case .failure(let f) = self else { return nil }
    return f
  }
}
