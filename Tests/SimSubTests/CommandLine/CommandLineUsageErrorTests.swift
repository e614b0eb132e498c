import Testing

@testable import SimSub

/// Every usage error's exact wording (swift-argument-parser's), its rendering and its stream and
/// exit status.
@Suite struct CommandLineUsageErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var help: String?
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(
      arguments: ["run"], message: "Missing expected argument '<file> ...'",
      help: "<file>  A scenario file (.scn) to play."),
    Case(
      arguments: ["montecarlo"], message: "Missing expected argument '<file>'",
      help: "<file>  A population file (.pop)."),
    Case(
      arguments: ["montecarlo", "p.pop", "--sed", "1"],
      message: "Unknown option '--sed'. Did you mean '--seed'?"),
    Case(
      arguments: ["run", "a.scn", "--polcy", "p"],
      message: "Unknown option '--polcy'. Did you mean '--policy'?"),
    Case(
      arguments: ["run", "a.scn", "-policy", "p"],
      message: "Unknown option '-policy'. Did you mean '--policy'?"),
    Case(arguments: ["run", "a.scn", "--verbose"], message: "Unknown option '--verbose'"),
    Case(arguments: ["run", "a.scn", "-x"], message: "Unknown option '-x'"),
    Case(arguments: ["--verison"], message: "Unknown option '--verison'. Did you mean '--version'?"),
    Case(
      arguments: ["run", "a.scn", "--policy"], message: "Missing value for '--policy <name|file>'",
      help:
        "--policy <name|file>  The policy to play, in place of the scenario's 'policy:': a built-in name ('simsub policies' lists them) or a .policy file."
    ),
    Case(
      arguments: ["run", "a.scn", "--policy", "--format", "json"],
      message: "Missing value for '--policy <name|file>'",
      help:
        "--policy <name|file>  The policy to play, in place of the scenario's 'policy:': a built-in name ('simsub policies' lists them) or a .policy file."
    ),
    Case(
      arguments: ["check", "--format", "xml"],
      message:
        "The value 'xml' is invalid for '--format <format>'. Please provide one of 'text', 'json', 'markdown', 'junit' or 'html'.",
      help: "--format <format>  The report format."),
    Case(
      arguments: ["policy-table", "--format=json"],
      message:
        "The value 'json' is invalid for '--format <format>'. Please provide one of 'text' and 'markdown'.",
      help: "--format <format>  The report format."),
    Case(arguments: ["rnu"], message: "Unknown subcommand 'rnu'. Did you mean 'run'?"),
    Case(
      arguments: ["montecralo", "p.pop"],
      message: "Unknown subcommand 'montecralo'. Did you mean 'montecarlo'?"),
    Case(arguments: ["polices"], message: "Unknown subcommand 'polices'. Did you mean 'policies'?"),
    Case(arguments: ["foo"], message: "Unknown subcommand 'foo'"),
    Case(arguments: ["help", "chek"], message: "Unknown subcommand 'chek'. Did you mean 'check'?"),
    Case(
      arguments: ["gate", "--update=yes"],
      message: "The option '--update' does not take any value, but 'yes' was specified."),
    Case(arguments: ["policies", "extra"], message: "Unexpected argument 'extra'"),
    Case(arguments: ["policies", "a", "b"], message: "2 unexpected arguments: 'a', 'b'"),
    Case(arguments: ["montecarlo", "a.pop", "b.pop"], message: "Unexpected argument 'b.pop'"),
    Case(arguments: ["--", "run"], message: "Unexpected argument 'run'"),
  ]

  @Test(arguments: cases)
  func message(_ c: Case) {
    guard case .usageError(let error) = CommandParser(table: .simsub).parse(c.arguments) else {
      Issue.record("expected a usage error")
      return
    }
    #expect(error.message == c.message)
    #expect(error.help == c.help)
  }

  @Test func renderedErrorIsExact() {
    let console = CapturingConsole()
    let response = CommandLineResponder(table: .simsub).respond(
      to: ["run", "a.scn", "--policy"], console: console)
    #expect(response == .finished(.badInput))
    #expect(console.standardOutput.isEmpty)
    #expect(
      console.standardError == """
        Error: Missing value for '--policy <name|file>'
        Help:  --policy <name|file>  The policy to play, in place of the scenario's 'policy:': a built-in name ('simsub policies' lists them) or a .policy file.
        Usage: simsub run <file> ... [--policy <name|file>] [--format <format>] [--output <path>] [--step <duration>] [--svg <path>] [--concurrency <n>]
          See 'simsub run --help' for more information.

        """)
  }

  @Test func errorsAtTheTopLevelShowItsUsage() {
    let console = CapturingConsole()
    let response = CommandLineResponder(table: .simsub).respond(to: ["rnu"], console: console)
    #expect(response == .finished(.badInput))
    #expect(
      console.standardError == """
        Error: Unknown subcommand 'rnu'. Did you mean 'run'?
        Usage: simsub <subcommand>
          See 'simsub --help' for more information.

        """)
  }

  @Test func commandsReportTheirOwnValidationErrorsTheSameWay() {
    let console = CapturingConsole()
    let status = CommandLineResponder(table: .simsub).report(
      .invalid("--compare names the policy already played", commandPath: ["montecarlo"]), console: console)
    #expect(status == .badInput)
    #expect(
      console.standardError.hasPrefix(
        "Error: --compare names the policy already played\nUsage: simsub montecarlo [<options>] <file>\n"))
    #expect(console.standardError.hasSuffix("\n  See 'simsub montecarlo --help' for more information.\n"))
  }

  @Test func exitStatusesAreSimsubsOwn() {
    #expect(ExitStatus.success.rawValue == 0)
    #expect(ExitStatus.checkFailed.rawValue == 1)
    #expect(ExitStatus.badInput.rawValue == 2)
  }

  // MARK: Rules that the simsub table does not exercise

  static let wideTable = CommandTable(
    root: CommandSpec(
      name: "tool", abstract: "",
      subcommands: [
        CommandSpec(
          name: "go", abstract: "Go.",
          arguments: [ArgumentSpec("input", help: "In.")],
          options: [
            .option("name", value: "name", help: "Who.", required: true),
            .option(
              "colour", value: "colour", help: "Which.",
              allowed: ["red", "orange", "yellow", "green", "blue", "violet"]),
            .option("tag", value: "tag", help: "Tags.", repeating: true),
          ] + (1...10).map { .flag("f\($0)", help: "") })
      ]))

  @Test func requiredOptions() {
    guard case .usageError(let error) = CommandParser(table: Self.wideTable).parse(["go", "in"]) else {
      Issue.record("--name is required")
      return
    }
    #expect(error.message == "Missing expected argument '--name <name>'")
    #expect(error.help == "--name <name>  Who.")
  }

  @Test func sixOrMoreAllowedValuesAreListed() {
    guard
      case .usageError(let error) = CommandParser(table: Self.wideTable).parse([
        "go", "in", "--colour", "pink",
      ])
    else {
      Issue.record("pink is not allowed")
      return
    }
    #expect(
      error.message == """
        The value 'pink' is invalid for '--colour <colour>'. Please provide one of the following:
          - red
          - orange
          - yellow
          - green
          - blue
          - violet
        """)
  }

  @Test func repeatingOptionsKeepEveryValue() {
    guard
      case .run(let command) = CommandParser(table: Self.wideTable).parse(
        ["go", "in", "--name", "n", "--tag", "a", "--tag=b"])
    else {
      Issue.record("should parse")
      return
    }
    #expect(command.values("tag") == ["a", "b"])
  }

  @Test func manyOptionsShortenTheSynopsis() {
    // Like swift-argument-parser: beyond twelve, optional ones give way to `[<options>]`.
    #expect(
      HelpRenderer(table: Self.wideTable).synopsis(for: ["go"]) == "tool go [<options>] <input> --name <name>"
    )
  }
}

extension CommandLineUsageErrorTests {
  static let builtInCases: [Case] = [
    Case(
      arguments: ["run", "a.scn", "--help=yes"],
      message: "The option '--help' does not take any value, but 'yes' was specified."),
    Case(
      arguments: ["--version=2"],
      message: "The option '--version' does not take any value, but '2' was specified."),
    Case(arguments: ["--hlep"], message: "Unknown option '--hlep'. Did you mean '--help'?"),
    Case(arguments: ["run", "a.scn", "--hlep"], message: "Unknown option '--hlep'. Did you mean '--help'?"),
    Case(arguments: ["--sed=1"], message: "Unknown option '--sed'"),
  ]

  @Test(arguments: builtInCases)
  func builtInOptions(_ c: Case) {
    message(c)
  }
}
