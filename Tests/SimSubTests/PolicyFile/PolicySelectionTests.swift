import Foundation
import Testing

@testable import SimSub

extension PolicyFileTests {
  /// `--policy X`: a built-in name or a `.policy` file, and what is said when it is neither.
  @Suite struct PolicySelectionTests {
    /// A fresh directory holding `adapter.policy` and `bad.policy`, removed after `body`.
    static func withDirectory(_ body: (String) throws -> Void) throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "policy-selection-\(UInt64.random(in: 0...UInt64.max))")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      try PolicyFileTesting.process.write(
        to: directory.appendingPathComponent("adapter.policy"), atomically: true, encoding: .utf8)
      try "name: bad\ncommand: [x]\ntimeout: 10\n".write(
        to: directory.appendingPathComponent("bad.policy"), atomically: true, encoding: .utf8)
      try body(directory.path)
    }

    static func failure(_ argument: String, relativeTo directory: String? = nil) -> PolicySelection.Failure? {
      do {
        _ = try PolicySelection.resolve(argument, relativeTo: directory)
        return nil
      } catch {
        return error
      }
    }

    @Test func aBuiltInNameIsTheBuiltInPolicy() throws {
      for name in PolicyRegistry.names {
        let selection = try PolicySelection.resolve(name)
        #expect(selection == .builtIn(name: name))
        #expect(selection.name == name)
      }
    }

    @Test func aPathEndingInPolicyIsAFile() throws {
      try Self.withDirectory { directory in
        let relative = try PolicySelection.resolve("adapter.policy", relativeTo: directory)
        guard case .file(let file) = relative else {
          Issue.record("expected a file, found \(relative)")
          return
        }
        #expect(file.path == directory + "/adapter.policy")
        #expect(relative.name == "adapter")
        // An absolute path is not joined to the directory.
        let absolute = try PolicySelection.resolve(directory + "/adapter.policy", relativeTo: "/elsewhere")
        #expect(absolute.name == "adapter")
      }
    }

    @Test func aMisspeltNameSuggestsTheBuiltInOne() {
      #expect(
        Self.failure("refrence")?.description == "unknown policy 'refrence' — did you mean 'reference'?")
    }

    @Test func aNameFarFromAnyListsThemAndMentionsFiles() {
      #expect(
        Self.failure("zzzzzzzzzzzz")?.description
          == "unknown policy 'zzzzzzzzzzzz' — the built-in policies are "
          + PolicyRegistry.names.joined(separator: ", ") + ", or a policy file ending in '.policy'")
    }

    @Test func aNameWithAFileOfThatNameSuggestsTheFile() throws {
      try Self.withDirectory { directory in
        #expect(
          Self.failure("adapter", relativeTo: directory)?.description
            == "unknown policy 'adapter' — did you mean the policy file '\(directory)/adapter.policy'?")
      }
    }

    @Test func aPathWithoutTheExtensionIsRefused() {
      #expect(
        Self.failure("policies/adapter.yaml")?.description
          == "policies/adapter.yaml: error: a policy file's name ends in '.policy'; built-in policies are named without a '/'"
      )
    }

    @Test func aFileThatIsMissingOrWrongIsItsDiagnostics() throws {
      try Self.withDirectory { directory in
        #expect(
          Self.failure("missing.policy", relativeTo: directory)?.description
            == "\(directory)/missing.policy: error: cannot read the file")
        #expect(
          Self.failure("bad.policy", relativeTo: directory)?.description == """
            \(directory)/bad.policy:3:10: error: '10' needs a unit: ms, s or min, as in '10s'
              timeout: 10
                       ^

            """)
      }
    }
  }
}
