import TestSupport
import Testing

@testable import SimSub

/// The namespace of the scenario-syntax tests, so `swift test --filter SyntaxTests` runs them
/// all: the parser, diagnostics, durations and the mapping reader.
@Suite enum SyntaxTests {}

/// Shared helpers for the syntax tests.
enum SyntaxTesting {
  /// The keys a scenario must have, as the scenario decoder will pass them.
  static let scenarioKeys = ["name", "store", "product", "timeline"]

  /// Parses `text`, returning the tree or the thrown diagnostics.
  static func parse(_ text: String, expectedKeys: [String] = scenarioKeys)
    -> Result<YAMLNode, DiagnosticError>
  {
    Result { () throws(DiagnosticError) in
      try YAMLParser.parse(text, file: "t.scn", expectedKeys: expectedKeys)
    }
  }

  /// Parses bytes, returning the tree or the thrown diagnostics.
  static func parse(bytes: [UInt8]) -> Result<YAMLNode, DiagnosticError> {
    Result { () throws(DiagnosticError) in
      try YAMLParser.parse(bytes: bytes, file: "t.scn", expectedKeys: scenarioKeys)
    }
  }

  /// `line:column: message` of each diagnostic, the form the error tables are written in.
  static func summary(_ error: DiagnosticError) -> [String] {
    error.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
  }

  /// The diagnostics of parsing `text` as summaries; empty when it parsed.
  static func errors(_ text: String) -> [String] {
    switch parse(text) {
    case .success: return []
    case .failure(let error): return summary(error)
    }
  }
}

/// The random-input tests' seeded generator (TestSupport's, SimSub's SplitMix64), under the
/// name they use.
typealias SplitMix64 = SeededGenerator
