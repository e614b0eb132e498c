import Foundation
import TestSupport
import Testing

@testable import SimSub

extension PolicyFileTests {
  /// docs/POLICY-FILES.md and the fuzz seeds say what the decoder does: each example decodes,
  /// and the page's diagnostics are the decoder's, character for character.
  @Suite struct DocsTests {
    /// The page's fenced blocks, in order: the language and the text.
    static func blocks() throws -> [(language: String, text: String)] {
      let page = try String(
        contentsOf: packageRoot.appendingPathComponent("docs/POLICY-FILES.md"), encoding: .utf8)
      var blocks: [(String, String)] = []
      var current: (language: String, lines: [String])?
      for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") {
          if let open = current {
            blocks.append((open.language, open.lines.map { $0 + "\n" }.joined()))
            current = nil
          } else {
            current = (String(line.dropFirst(3)), [])
          }
        } else {
          current?.lines.append(String(line))
        }
      }
      return blocks
    }

    /// The file name a block's first line gives (`# worker.policy — …`), if any.
    static func fileName(_ text: String) -> String? {
      guard text.hasPrefix("# "), let end = text.firstRange(of: ".policy") else { return nil }
      return String(text[text.index(text.startIndex, offsetBy: 2)..<end.upperBound])
    }

    @Test func everyExampleOnThePageDecodes() throws {
      let blocks = try Self.blocks()
      var examples = 0
      for (i, block) in blocks.enumerated() where block.language == "yaml" {
        let name = try #require(Self.fileName(block.text), "a yaml block without its file name")
        if name == "mistakes.policy" {
          guard
            case .failure(let failure) = Result(catching: { () throws(InputFile.Failure) in
              try PolicyFileLoader.decode(block.text, path: name)
            })
          else {
            Issue.record("the page's mistakes decoded")
            continue
          }
          let output = try #require(blocks.dropFirst(i + 1).first { $0.language == "text" })
          #expect(output.text == failure.rendered)
        } else {
          let file = try PolicyFileLoader.decode(block.text, path: name)
          #expect(file.name + ".policy" == name)
          examples += 1
        }
      }
      #expect(examples == 3)
    }

    @Test func theSeedsAreThePageAndItsMistakes() throws {
      let directory = packageRoot.appendingPathComponent("Tests/Fuzz/corpus/policy-file")
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      #expect(names == ["adapter.policy", "by-hand.policy", "mistakes.policy", "worker.policy"])
      for name in names {
        let path = directory.appendingPathComponent(name).path
        if name == "mistakes.policy" {
          #expect(throws: InputFile.Failure.self) { try PolicyFileLoader.load(path: path) }
        } else {
          #expect(try PolicyFileLoader.load(path: path).name + ".policy" == name)
        }
      }
    }

    /// What the page's syntax section says of braces in flow collections.
    @Test func aPlaceholderInAFlowMappingIsQuoted() throws {
      let head = "name: s\nwebhooks: {apple: http://127.0.0.1/a}\n"
      #expect(
        !PolicyFileTesting.errors(head + "entitlement: {url: http://127.0.0.1/e/{subscriber}, access: /a}\n")
          .isEmpty)
      #expect(
        PolicyFileTesting.errors(head + "entitlement: {url: 'http://127.0.0.1/e/{subscriber}', access: /a}\n")
          .isEmpty)
      #expect(
        !PolicyFileTesting.errors(
          head.replacingOccurrences(of: "127.0.0.1", with: "[::1]")
            + "entitlement: {url: 'http://127.0.0.1/e/{subscriber}', access: /a}\n"
        ).isEmpty)
    }
  }
}
