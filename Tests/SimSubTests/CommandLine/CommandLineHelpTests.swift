import Testing

@testable import SimSub

/// Help screens: their exact layout for the screens users see most, and for every command that
/// they render, fit the width and agree with `simsub help <command>`.
@Suite struct CommandLineHelpTests {
  let renderer = HelpRenderer(table: .simsub)

  @Test func topLevelHelpIsExact() {
    let expected = """
      OVERVIEW: simsub plays the billing rules of the App Store, Google Play and
      Stripe in simulated time and feeds their notifications, or RevenueCat's
      webhooks, to your entitlement policy.

      It answers what a store sandbox cannot: when a renewal payment fails, does your
      policy keep paying users in, lock the right users out, and bring them back when
      they pay?

      Exit status: 0 when every check held, 1 when a check failed, 2 for bad input or
      usage (an unreadable file, an unknown option) or output that cannot be written
      (a full disk, a closed pipe). Text output is coloured only on a terminal and
      never when NO_COLOR is set.

      USAGE: simsub <subcommand>

      OPTIONS:
        --version               Show the version.
        -h, --help              Show help information.

      SUBCOMMANDS:
        run                     Play scenarios and print each one's timeline and
                                checks.
        check                   Play every scenario under the given paths and print
                                one line each and a summary.
        requests                Print every delivery attempt of scenarios as the HTTP
                                request the store sends.
        serve-store-api         Serve the store APIs of a scenario on loopback, at
                                one simulated instant, until Ctrl-C.
        decode                  Read store bodies and print what each says and what
                                the reference policy would decide.
        replay                  Play a production notification log through a policy
                                and list who it locks out or lets in free.
        policies                List the built-in policies.
        montecarlo              Estimate recovery rate, involuntary churn and revenue
                                over a population of subscribers.
        merge                   Combine the JSON results of 'simsub montecarlo
                                --shard' or 'simsub replay --shard' runs.
        gate                    Compare every scenario, a fixed-seed Monte Carlo run
                                and the policy table with the baseline.
        policy-table            Print every notification from every prior state and a
                                policy's decision, as a table to diff.
        benchmark               Measure how fast scenarios play, and print the
                                figures beside their targets.
        help                    Show subcommand help information.

        See 'simsub help <subcommand>' for detailed help.

      """
    #expect(renderer.help(for: []) == expected)
  }

  @Test func runHelpIsExact() {
    // A leaf's screen ends in a blank line, as swift-argument-parser prints it.
    let expected = """
      OVERVIEW: Play scenarios and print each one's timeline and checks.

      Each <file> is a .scn scenario: one subscriber's story with the expectations
      and invariants to check along the way. A path that does not exist is matched
      without regard to case, so scenarios/card-expired.scn finds
      Scenarios/card-expired.scn.

      USAGE: simsub run <file> ... [--policy <name|file>] [--format <format>] [--output <path>] [--step <duration>] [--svg <path>] [--concurrency <n>]

      ARGUMENTS:
        <file>                  A scenario file (.scn) to play.

      OPTIONS:
        --policy <name|file>    The policy to play, in place of the scenario's
                                'policy:': a built-in name ('simsub policies' lists
                                them) or a .policy file.
        --format <format>       The report format. (values: text, json, markdown,
                                junit, html, svg; default: text)
        --output <path>         Write the report to <path> instead of standard
                                output. The file is replaced atomically, so an
                                interrupted run never leaves half a report.
        --step <duration>       How often to sample the policy between events, in
                                place of the scenario's 'step:' (for example 1h or
                                30min).
        --svg <path>            Also write each scenario's timeline chart to <path>,
                                atomically: one SVG, with the charts of several
                                scenarios stacked in it.
        --concurrency <n>       With a policy file, play <n> scenarios at once:
                                against one server, or each on a process of its own.
                                (default: 1)
        -h, --help              Show help information.


      """
    #expect(renderer.help(for: ["run"]) == expected)
  }

  @Test func montecarloHelpPutsALongLabelInTheColumnAndShowsDescribedDefaults() {
    let help = renderer.help(for: ["montecarlo"])
    #expect(help.contains("  --counterexamples <dir> Write a scenario (.scn) into <dir> for each\n"))
    #expect(help.contains("(default: all cores)"))
    #expect(help.contains("(values: text, json, markdown,\n                          html; default: text)"))
  }

  static let allPaths: [[String]] =
    [[]] + CommandTable.simsub.root.subcommands.map { [$0.name] }

  @Test(arguments: allPaths)
  func everyScreenRendersWithinTheWidth(path: [String]) {
    let help = renderer.help(for: path)
    #expect(help.hasPrefix("OVERVIEW: "))
    #expect(help.contains("\nUSAGE: \(renderer.synopsis(for: path))\n\n"))
    #expect(help.contains("OPTIONS:\n"))
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    // The usage line is never wrapped (swift-argument-parser does not wrap it either).
    for line in lines where !line.hasPrefix("USAGE: ") {
      #expect(line.count <= 80, "\(line)")
      #expect(!line.hasSuffix(" "), "trailing space in '\(line)'")
    }
    // `-h, --help` is the last option of every screen.
    let helpLine = "  -h, --help              Show help information.\n"
    if path.isEmpty {
      #expect(help.contains(helpLine + "\nSUBCOMMANDS:\n"))
    } else {
      #expect(help.hasSuffix(helpLine + "\n"))
    }
  }

  @Test(arguments: allPaths)
  func helpCommandShowsTheSameScreenAsTheHelpOption(path: [String]) {
    let viaCommand = respond(["help"] + path)
    let viaOption = respond(path + ["--help"])
    let viaShort = respond(path + ["-h"])
    #expect(viaCommand == viaOption)
    #expect(viaShort == viaOption)
    #expect(viaOption.output == renderer.help(for: path))
    #expect(viaOption.error.isEmpty)
    #expect(viaOption.response == .finished(.success))
  }

  @Test func topLevelWithoutASubcommandShowsHelp() {
    let bare = respond([])
    #expect(bare.output == renderer.help(for: []))
    #expect(bare.response == .finished(.success))
  }

  @Test func helpWinsOverErrorsAndStopsAtTheTerminator() {
    #expect(CommandParser(table: .simsub).parse(["run", "--sed", "--help"]) == .help(commandPath: ["run"]))
    #expect(
      CommandParser(table: .simsub).parse(["montecarlo", "x", "-h"]) == .help(commandPath: ["montecarlo"]))
    guard case .run(let parsed) = CommandParser(table: .simsub).parse(["run", "--", "--help"]) else {
      Issue.record("`--help` after `--` should be a file name")
      return
    }
    #expect(parsed.argument("file") == ["--help"])
  }

  @Test func versionIsPrintedOnStandardOutput() {
    let result = respond(["--version"])
    #expect(result.output == simsubVersion + "\n")
    #expect(result.error.isEmpty)
    #expect(result.response == .finished(.success))
  }

  @Test func widerTerminalsWrapLater() {
    let wide = HelpRenderer(table: .simsub, width: 120).help(for: ["run"])
    #expect(
      wide.contains(
        "  --format <format>       The report format. (values: text, json, markdown, junit, html, svg; default: text)\n"
      )
    )
    #expect(wide.contains("'simsub policies'\n                          lists them) or a .policy file.\n"))
  }

  // MARK: Helpers

  struct Result: Equatable {
    var response: CommandLineResponder.Response
    var output: String
    var error: String
  }

  func respond(_ arguments: [String]) -> Result {
    let console = CapturingConsole()
    let response = CommandLineResponder(table: .simsub).respond(to: arguments, console: console)
    return Result(response: response, output: console.standardOutput, error: console.standardError)
  }
}
