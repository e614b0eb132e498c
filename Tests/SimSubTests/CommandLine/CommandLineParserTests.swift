import Testing

@testable import SimSub

/// What the parser accepts, and the values a command receives.
@Suite struct CommandLineParserTests {
  let parser = CommandParser(table: .simsub)

  func parsed(_ arguments: [String]) -> ParsedCommand? {
    guard case .run(let command) = parser.parse(arguments) else { return nil }
    return command
  }

  @Test func separateAndJoinedValuesAreTheSame() throws {
    let separate = try #require(parsed(["run", "a.scn", "--policy", "reference", "--format", "json"]))
    let joined = try #require(parsed(["run", "a.scn", "--policy=reference", "--format=json"]))
    #expect(separate == joined)
    #expect(separate.name == "run")
    #expect(separate.path == ["run"])
    #expect(separate.value("policy") == "reference")
    #expect(separate.value("format") == "json")
    #expect(separate.argument("file") == ["a.scn"])
  }

  @Test func joinedValueMayContainEqualsSignsAndBeEmpty() throws {
    let command = try #require(parsed(["run", "a.scn", "--output=a=b.json", "--policy="]))
    #expect(command.value("output") == "a=b.json")
    #expect(command.value("policy") == "")
  }

  @Test func optionsAndArgumentsMayInterleave() throws {
    let command = try #require(parsed(["run", "--step", "1h", "a.scn", "--policy", "p", "b.scn"]))
    #expect(command.argument("file") == ["a.scn", "b.scn"])
    #expect(command.value("step") == "1h")
  }

  @Test func declaredDefaultsAreFilledIn() throws {
    let run = try #require(parsed(["run", "a.scn"]))
    #expect(run.value("format") == "text")
    #expect(run.value("policy") == nil)
    let check = try #require(parsed(["check"]))
    #expect(check.argument("path") == ["Scenarios/"])
    // A default that is only a description is left to the command.
    let montecarlo = try #require(parsed(["montecarlo", "typical.pop"]))
    #expect(montecarlo.value("threads") == nil)
  }

  @Test func doubleDashEndsOptions() throws {
    let command = try #require(parsed(["run", "--policy", "p", "--", "--odd.scn", "-x", "--policy"]))
    #expect(command.argument("file") == ["--odd.scn", "-x", "--policy"])
    #expect(command.value("policy") == "p")
  }

  @Test func loneDashIsAValue() throws {
    let command = try #require(parsed(["run", "-", "--output", "-"]))
    #expect(command.argument("file") == ["-"])
    #expect(command.value("output") == "-")
  }

  @Test func aNegativeNumberIsAValueAndRefusedForWhatItIs() throws {
    let command = try #require(parsed(["montecarlo", "p.pop", "--seed", "-1", "--horizon", "-3d"]))
    #expect(command.value("seed") == "-1")
    #expect(command.value("horizon") == "-3d")
    let console = CapturingConsole()
    let status = SimSubMain.run(
      arguments: ["montecarlo", "p.pop", "--seed", "-1"], console: console,
      facts: TerminalFacts(standardOutputIsTerminal: false, standardErrorIsTerminal: false, environment: [:]))
    #expect(status == .badInput)
    #expect(
      console.standardError.hasPrefix(
        "Error: The value '-1' is invalid for '--seed <n>': expected a whole number from 0 to 18446744073709551615\n"
      ))
    // A word that is not a number is still an option, and the value still missing.
    guard case .usageError(let error) = parser.parse(["montecarlo", "p.pop", "--seed", "-x"]) else {
      Issue.record("'-x' is not a value")
      return
    }
    #expect(error.message.hasPrefix("Missing value for '--seed <n>'"))
  }

  @Test func aRepeatedSingleOptionKeepsTheLastValue() throws {
    let command = try #require(parsed(["run", "a.scn", "--policy", "first", "--policy", "second"]))
    #expect(command.values("policy") == ["second"])
  }

  @Test func flags() throws {
    #expect(try #require(parsed(["gate", "--update"])).flag("update"))
    #expect(try #require(parsed(["gate"])).flag("update") == false)
  }

  @Test func everyCommandOfTheTableParsesWithItsRequiredArguments() {
    for command in CommandTable.simsub.root.subcommands {
      let arguments = command.arguments.filter { !$0.isOptional }.map { _ in "x" }
      let result = parser.parse([command.name] + arguments)
      if command.name == CommandTable.helpCommandName {
        #expect(result == .help(commandPath: []))
      } else {
        #expect(parsed([command.name] + arguments)?.name == command.name, "\(command.name)")
      }
    }
  }

  @Test func helpCommandNamesItsTarget() {
    #expect(parser.parse(["help"]) == .help(commandPath: []))
    #expect(parser.parse(["help", "montecarlo"]) == .help(commandPath: ["montecarlo"]))
    #expect(parser.parse(["help", "--help"]) == .help(commandPath: ["help"]))
  }

  @Test func versionOnlyAtTheTopLevel() {
    #expect(parser.parse(["--version"]) == .version)
    guard case .usageError(let error) = parser.parse(["run", "a.scn", "--version"]) else {
      Issue.record("--version is not an option of run")
      return
    }
    #expect(error.message == "Unknown option '--version'")
  }

  @Test func shortOptionsWhenDeclared() throws {
    let table = CommandTable(
      root: CommandSpec(
        name: "tool", abstract: "",
        subcommands: [
          CommandSpec(
            name: "go", abstract: "",
            options: [
              .option("output", short: "o", value: "path", help: "Where."),
              .flag("quiet", short: "q", help: ""),
            ])
        ]))
    guard case .run(let command) = CommandParser(table: table).parse(["go", "-o", "x", "-q"]) else {
      Issue.record("short options should parse")
      return
    }
    #expect(command.value("output") == "x")
    #expect(command.flag("quiet"))
    guard case .usageError(let error) = CommandParser(table: table).parse(["go", "-o"]) else {
      Issue.record("a short option without its value is an error")
      return
    }
    #expect(error.message == "Missing value for '-o <path>'")
    #expect(error.help == "-o <path>  Where.")
    #expect(HelpRenderer(table: table).help(for: ["go"]).contains("  -o, --output <path>     Where.\n"))
  }

  // MARK: Conversions by commands

  @Test func integerValues() throws {
    let good = try #require(parsed(["montecarlo", "p.pop", "--users", "1000"]))
    #expect(try good.integer("users", minimum: 1) == 1000)
    #expect(try good.integer("seed") == nil)

    let bad = try #require(parsed(["montecarlo", "p.pop", "--users", "many"]))
    #expect(throws: UsageError.self) { try bad.integer("users", minimum: 1) }
    do {
      _ = try bad.integer("users", minimum: 1)
    } catch {
      #expect(
        error.message
          == "The value 'many' is invalid for '--users <n>': expected a whole number of at least 1")
      #expect(error.commandPath == ["montecarlo"])
      #expect(error.help == "--users <n>  How many subscribers to play, in place of the file's 'users:'.")
    }
    let unbounded = try #require(parsed(["montecarlo", "p.pop", "--seed", "x"]))
    do {
      _ = try unbounded.integer("seed")
      Issue.record("'x' is no integer")
    } catch {
      #expect(error.message == "The value 'x' is invalid for '--seed <n>'")
    }
  }

  @Test func customConversions() throws {
    let command = try #require(parsed(["montecarlo", "p.pop", "--shard", "3/2"]))
    func shard(_ text: String) -> (Int, Int)? {
      let parts = text.split(separator: "/")
      guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), (1...n).contains(k) else {
        return nil
      }
      return (k, n)
    }
    do {
      _ = try command.value("shard", as: shard, reason: "expected k/n with 1 ≤ k ≤ n")
      Issue.record("3/2 is no shard")
    } catch {
      #expect(error.message == "The value '3/2' is invalid for '--shard <k/n>': expected k/n with 1 ≤ k ≤ n")
    }
  }
}
