import Testing

@testable import SimSub

extension PolicyFileTests {
  /// Random, truncated and mutated policy files: always a value or a diagnostic inside the
  /// file, never a crash or a hang.
  @Suite struct RobustnessTests {
    /// Decodes and checks the outcome is well-formed: a policy file, or diagnostics that point
    /// inside the file and render.
    static func checkOutcome(_ text: String) -> Bool {
      let lineCount = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count
      switch PolicyFileTesting.decode(text) {
      case .success(let file):
        #expect(!file.name.isEmpty)
        // The decoder keeps no state between calls.
        #expect((try? PolicyFileTesting.decode(text).get()) == file)
        return true
      case .failure(let failure):
        let diagnostics = failure.diagnostics?.diagnostics ?? []
        #expect(!diagnostics.isEmpty)
        for d in diagnostics {
          #expect(d.location.line >= 1 && d.location.line <= lineCount, "\(d) in \(text.debugDescription)")
          #expect(d.location.column >= 1)
          #expect(!d.message.isEmpty)
        }
        #expect(!failure.rendered.isEmpty)
        return false
      }
    }

    @Test func everyTruncationOfAValidFileGivesAValueOrADiagnostic() {
      for text in [PolicyFileTesting.server, PolicyFileTesting.process] {
        #expect(Self.checkOutcome(text))
        let characters = Array(text)
        var decoded = 0
        for end in 0..<characters.count where Self.checkOutcome(String(characters[..<end])) { decoded += 1 }
        // Some prefixes are whole files (the server's ends in optional keys), most are not.
        #expect(decoded < characters.count)
      }
    }

    @Test func randomPolicyishTextGivesAValueOrADiagnostic() {
      // The grammar's characters and the format's words, so decoding goes past the parser.
      let words = [
        "name: ", "command: ", "webhooks:", "entitlement:", "  url: ", "  access: ", "  state: ", "values: ",
        "apple: ", "stripe: ", "secret: ", "whsec_x", "http://127.0.0.1:8787/", "{subscriber}", "/a~1b", "~",
        "[", "]", "{", "}", ", ", "\n", "  ", "- ", "'", "\"", "#", "timeout: ", "10s", "start: ", "ready: ",
        "environment: ", "snapshots: ", "storekit", "grace", "yes", "é", "\t", ":", "a",
      ]
      var rng = SplitMix64(seed: 0x9011_C7)
      for _ in 0..<3_000 {
        var text = ""
        for _ in 0..<Int.random(in: 0..<24, using: &rng) {
          text += words[Int.random(in: 0..<words.count, using: &rng)]
        }
        _ = Self.checkOutcome(text)
      }
    }

    @Test func mutatedValidFilesGiveAValueOrADiagnostic() {
      let base = Array(PolicyFileTesting.server.unicodeScalars)
      let alphabet = Array(" \n:-{}[],'\"#~/a0é".unicodeScalars)
      var rng = SplitMix64(seed: 6901)
      var decoded = 0
      for _ in 0..<2_000 {
        var scalars = base
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
          let i = Int.random(in: 0..<scalars.count, using: &rng)
          switch Int.random(in: 0..<3, using: &rng) {
          case 0: scalars[i] = alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
          case 1: scalars.remove(at: i)
          default: scalars.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)], at: i)
          }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        if Self.checkOutcome(text) { decoded += 1 }
      }
      // Some mutations keep the file valid (a changed letter in a URL's path), so the check
      // also covers the success path.
      #expect(decoded > 0)
    }
  }
}
