/// simsub's command-line interface: every command, argument and option, with its help.
///
/// This table is the only place the interface is written down. The parser accepts what it
/// declares, `--help` shows what it declares, and each command's implementation reads its values
/// by the long names used here (`parsed.value("policy")`).
extension CommandTable {
  /// The `simsub` tool.
  public static let simsub = CommandTable(root: SimSubCommands.root, version: simsubVersion)
}

/// The declarations behind ``CommandTable/simsub``, one per command, so an implementation can
/// refer to its own spec.
public enum SimSubCommands {
  /// The report formats of commands that report on checks (`run`, `check`, `gate`).
  public static let checkFormats = ["text", "json", "markdown", "junit", "html"]
  /// `run`'s formats: those of checks, and the timeline pictures alone.
  public static let runFormats = checkFormats + ["svg"]
  /// The report formats of Monte Carlo results, which are not a list of checks.
  public static let estimateFormats = ["text", "json", "markdown", "html"]

  static let populationSVGOption = OptionSpec.option(
    "svg", value: "path",
    help: """
      Also write the recovery curve (per store, per policy with --compare) and where episodes \
      ended as one SVG at <path>, atomically.
      """)

  public static let root = CommandSpec(
    name: "simsub",
    abstract: """
      simsub plays the billing rules of the App Store, Google Play and Stripe in simulated time \
      and feeds their notifications, or RevenueCat's webhooks, to your entitlement policy.
      """,
    discussion: """
      It answers what a store sandbox cannot: when a renewal payment fails, does your policy keep \
      paying users in, lock the right users out, and bring them back when they pay?

      Exit status: 0 when every check held, 1 when a check failed, 2 for bad input or usage \
      (an unreadable file, an unknown option) or output that cannot be written (a full disk, \
      a closed pipe). Text output is coloured only on a terminal and \
      never when NO_COLOR is set.
      """,
    subcommands: [
      run, check, requests, serveStoreAPI, decode, replay, policies, montecarlo, merge, gate, policyTable,
      benchmark,
      CommandTable.helpCommand(),
    ])

  // MARK: Options shared by several commands

  static func policyOption(overriding source: String) -> OptionSpec {
    .option(
      "policy", value: "name",
      help:
        "The built-in policy to play, in place of the \(source)'s 'policy:'. 'simsub policies' lists them.")
  }

  /// `--policy` for the commands that also take a policy file.
  /// `--policy` for the commands that also take a policy file.
  static func policyOrFileOption(overriding source: String) -> OptionSpec {
    .option(
      "policy", value: "name|file",
      help:
        "The policy to play, in place of the \(source)'s 'policy:': a built-in name ('simsub policies' lists them) or a .policy file."
    )
  }

  /// `--concurrency`, for the commands that play policy files.
  static let concurrencyOption = OptionSpec.option(
    "concurrency", value: "n",
    help:
      "With a policy file, play <n> scenarios at once: against one server, or each on a process of its own.",
    default: .value("1"))

  /// `--store`, for `check`: the scenarios of some stores only.
  static let storeOption = OptionSpec.option(
    "store", value: "stores",
    help: """
      Play only the scenarios whose every subscription is of these stores, comma-separated \
      (apple, google, stripe, revenuecat: RevenueCat's scenarios in front of either store); the \
      others are reported as skipped.
      """)

  static func formatOption(_ formats: [String]) -> OptionSpec {
    .option("format", value: "format", help: "The report format.", default: .value("text"), allowed: formats)
  }

  static let outputOption = OptionSpec.option(
    "output", value: "path",
    help: """
      Write the report to <path> instead of standard output. The file is replaced atomically, so \
      an interrupted run never leaves half a report.
      """)

  static let stepOption = OptionSpec.option(
    "step", value: "duration",
    help: """
      How often to sample the policy between events, in place of the scenario's 'step:' \
      (for example 1h or 30min).
      """)

  // MARK: Commands

  public static let run = CommandSpec(
    name: "run",
    abstract: "Play scenarios and print each one's timeline and checks.",
    discussion: """
      Each <file> is a .scn scenario: one subscriber's story with the expectations and \
      invariants to check along the way. A path that does not exist is matched without regard \
      to case, so scenarios/card-expired.scn finds Scenarios/card-expired.scn.
      """,
    arguments: [ArgumentSpec("file", help: "A scenario file (.scn) to play.", isRepeating: true)],
    options: [
      policyOrFileOption(overriding: "scenario"), formatOption(runFormats), outputOption, stepOption,
      .option(
        "svg", value: "path",
        help: """
          Also write each scenario's timeline chart to <path>, atomically: one SVG, with the \
          charts of several scenarios stacked in it.
          """),
      concurrencyOption,
    ])

  public static let check = CommandSpec(
    name: "check",
    abstract: "Play every scenario under the given paths and print one line each and a summary.",
    arguments: [
      ArgumentSpec(
        "path", help: "A scenario file, or a directory searched recursively for .scn files.",
        isRepeating: true, defaultValue: "Scenarios/")
    ],
    options: [
      policyOrFileOption(overriding: "scenario"), formatOption(checkFormats), outputOption, stepOption,
      concurrencyOption, storeOption,
    ])

  public static let requests = CommandSpec(
    name: "requests",
    abstract: "Print every delivery attempt of scenarios as the HTTP request the store sends.",
    discussion: """
      One JSON line per attempt, failed, redelivered and duplicated ones included, with the keys \
      scenario, source, at, attempt, store, method, path, headers and body (the exact text). \
      Apple's signedPayload is signed for the LocalTesting environment (Apple's libraries skip \
      signature checks there), Stripe's events carry a real Stripe-Signature, Google's come in \
      the Pub/Sub push envelope. Identifiers are new in every run unless --salt is given.
      """,
    arguments: [
      ArgumentSpec(
        "path", help: "A scenario file, or a directory searched recursively for .scn files.",
        isRepeating: true)
    ],
    options: [
      .option(
        "output", value: "dir",
        help: """
          Write one file per request into <dir>, with each Google request's subscriptionsv2 \
          resource beside it and an index.json, instead of JSON lines on standard output.
          """),
      .flag(
        "log-lines",
        help: """
          Print each request the server took as the line a handler's log keeps ({"received", \
          "headers", "body"}, with "subscriptionsv2" beside a Google body): a log 'simsub \
          replay' reads.
          """),
      .option(
        "stripe-secret", value: "secret", help: "The endpoint secret Stripe-Signature is computed with.",
        default: .value(WireSettings.defaultStripeSecret)),
      .option(
        "revenuecat-authorization", value: "value",
        help: "The Authorization header of RevenueCat's webhooks.",
        default: .value(WireSettings.defaultRevenueCatAuthorization)),
    ] + WireSettingsOptions.identity)

  public static let serveStoreAPI = CommandSpec(
    name: "serve-store-api",
    abstract: "Serve the store APIs of a scenario on loopback, at one simulated instant, until Ctrl-C.",
    discussion: """
      Plays <file> and serves what its stores answer: the App Store Server API, Google Play's \
      subscriptionsv2 (and v1), Stripe's subscriptions, customers and invoices, and RevenueCat's \
      subscribers, each on a port of its own at the root of its base URL. Prints the base URLs \
      as SIMSUB_GOOGLE_API, SIMSUB_APPLE_API, SIMSUB_STRIPE_API and SIMSUB_REVENUECAT_API lines, \
      then the URLs that find each subscription. Every request is answered at --at, or at the \
      instant of its X-Simsub-Now header. Identifiers are new in every run unless --salt is \
      given (the same --salt as 'simsub requests' gives the same identifiers).
      """,
    arguments: [ArgumentSpec("file", help: "A scenario file (.scn) to play.")],
    options: [
      .option(
        "at", value: "instant",
        help: """
          The simulated instant to answer at: an RFC 3339 instant, or a duration after the \
          scenario's start such as 30d.
          """,
        default: .described("the end of the run")),
      .option(
        "port", value: "n",
        help: "Listen on ports <n> to <n>+3 (Google, Apple, Stripe, RevenueCat) instead of free ones."),
    ] + WireSettingsOptions.identity)

  public static let policies = CommandSpec(
    name: "policies",
    abstract: "List the built-in policies.",
    discussion: """
      The reference policy is the one simsub recommends. The others each keep one known mistake, \
      under its name, so you can watch the checks catch it.
      """)

  public static let montecarlo = CommandSpec(
    name: "montecarlo",
    abstract: "Estimate recovery rate, involuntary churn and revenue over a population of subscribers.",
    discussion: """
      The same file, seed and options print the same numbers, to the last digit, whatever the \
      thread count or machine.
      """,
    arguments: [ArgumentSpec("file", help: "A population file (.pop).")],
    options: [
      .option("users", value: "n", help: "How many subscribers to play, in place of the file's 'users:'."),
      .option("seed", value: "n", help: "The random seed, in place of the file's 'seed:'."),
      .option(
        "horizon", value: "duration",
        help: """
          The span in which billing-issue episodes may begin (each is followed to its end), in place \
          of the file's 'horizon:' (for example 365d).
          """),
      policyOption(overriding: "file"),
      .option(
        "compare", value: "policy",
        help: "Also play <policy> on the same random draws and report the difference between the two."),
      .option(
        "threads", value: "n", help: "How many threads to use; the numbers do not depend on it.",
        default: .described("all cores")),
      formatOption(estimateFormats),
      outputOption,
      populationSVGOption,
      .option(
        "shard", value: "k/n",
        help: """
          Play only slice k of n disjoint slices of the population, k counting from 1; 'simsub \
          merge' combines the JSON results of all n into the numbers one run would print.
          """),
      .option(
        "counterexamples", value: "dir",
        help: """
          Write a scenario (.scn) into <dir> for each counterexample found: the first subscriber \
          a policy wrongly locked out and the first it let in for free, to replay with 'simsub run'.
          """, default: .described("Reports/counterexamples")),
      .option(
        "sweep", value: "key=v1,v2,...",
        help: """
          Play the population at each value of one setting, on the same random draws, and report \
          every estimate per value with its paired difference from the first value: \
          apple.grace, google.grace, google.hold, stripe.grace, stripe.window, \
          STORE.renewal-failure, STORE.retry-success.REASON, cancels-per-period, \
          opens-app-per-day, opens-app-per-day-without-access, fixes-card-per-day.PROMPT, \
          prompt-wears-off-per-day, leaves-when-locked-out, leaves-per-day-without-access. Given twice, play every pair of values (a grid, at most \
          36 points). With --compare, play both policies at every value. Only the policy at the \
          first value decides the exit status.
          """, repeating: true),
      .option(
        "sweep-metric", value: "name",
        help: "The estimate a sweep's chart draws against the value, by its JSON key.",
        default: .described("recovery-rate-30d")),
    ])

  public static let merge = CommandSpec(
    name: "merge",
    abstract: "Combine the JSON results of 'simsub montecarlo --shard' or 'simsub replay --shard' runs.",
    discussion: """
      The merged numbers are exactly those one run over the whole population would print. The \
      JSON reports of 'simsub replay --shard k/n' merge into the report one replay of the whole \
      logs prints (exit status 1 when it fails).
      """,
    arguments: [
      ArgumentSpec("part.json", help: "The JSON result of one shard.", isRepeating: true)
    ],
    options: [formatOption(estimateFormats), outputOption, populationSVGOption])

  public static let gate = CommandSpec(
    name: "gate",
    abstract: "Compare every scenario, a fixed-seed Monte Carlo run and the policy table with the baseline.",
    discussion: """
      The baseline is Reports/baseline.json. A policy change that breaks a scenario, changes a \
      decision in the policy table, or moves a Monte Carlo figure beyond its tolerance fails with \
      exit status 1 and a diff.

      With --replay, the gate also plays production logs (as 'simsub replay' reads them) under \
      the baseline's policy and the policy at the gate, and fails for every subscriber the \
      policy at the gate wrongly locks out, or lets in free, where the baseline's policy did not.
      """,
    options: [
      .flag(
        "update",
        help: "Write the current results as the new baseline and policy table, and print what changed."),
      .option(
        "policy", value: "name|file",
        help: "The policy to gate: a built-in name or a .policy file (its scenarios and --replay).",
        default: .described("reference")),
      .option(
        "replay", value: "log",
        help: """
          A production notification log to replay against the baseline's policy (the reference \
          policy when the baseline's is not built in); repeat for several logs.
          """, repeating: true),
      formatOption(checkFormats),
      outputOption,
    ])

  public static let policyTable = CommandSpec(
    name: "policy-table",
    abstract: "Print every notification from every prior state and a policy's decision, as a table to diff.",
    options: [
      .option(
        "policy", value: "name", help: "The built-in policy to tabulate.", default: .value("reference")),
      formatOption(["text", "markdown"]),
      outputOption,
    ])

  public static let benchmark = CommandSpec(
    name: "benchmark",
    abstract: "Measure how fast scenarios play, and print the figures beside their targets.",
    discussion: """
      Plays every .scn file under <path> (as 'simsub check' does) and a built-in five-year \
      scenario with hourly steps, each several times, and prints the best time of each. Build \
      in release for figures to compare with the targets: swift run -c release simsub benchmark. \
      It also measures the engine (100,000 subscriber-years), App Store request bodies decoded \
      and encoded per second on one core, HTTP round trips on loopback, the store APIs' answers \
      on loopback (every subscription under <path> served at once), when Node is installed, a \
      policy process's round trips and the requests per second through the server transport \
      to the Node example server, and a replay's notifications per second with its peak \
      memory at two log lengths; --only measures one part alone.
      """,
    arguments: [
      ArgumentSpec("path", help: "The scenario folder to play.", isOptional: true, defaultValue: "Scenarios")
    ],
    options: [
      .option(
        "repeat", value: "n", help: "How many times to play each, keeping the best.", default: .value("5")),
      .option(
        "only", value: "part",
        help:
          "Measure one part alone: the scenarios, the engine, the App Store wire bodies, HTTP, the store APIs, a policy process, a policy server, replay or a Monte Carlo sweep.",
        default: .described("all"),
        allowed: ["scenarios", "engine", "wire", "http", "store-api", "process", "server", "replay", "sweep"]),
    ])

  public static let replay = CommandSpec(
    name: "replay",
    abstract:
      "Play a production notification log through a policy and list who it locks out or lets in free.",
    discussion: """
      Each <log> is JSON lines of received requests ({"received": "<RFC 3339>", "headers": {…}, \
      "body": "<exact text>"}, with "subscriptionsv2": {…} beside a Google Play body when the \
      handler logged the resource it fetched), of store bodies (RevenueCat webhooks, Pub/Sub \
      pushes, Apple's {"signedPayload"}, Stripe events), App Store Server API notification \
      history pages or Stripe event list pages; a file that is one JSON value (a page saved \
      pretty-printed) is read whole. '-' reads standard input.

      Notifications are grouped by subscriber (App Store originalTransactionId, Google purchase \
      tokens and their linkedPurchaseToken chains, Stripe subscription and customer, RevenueCat \
      app_user_id with aliases and transfers, and across stores the app's own account id) and \
      delivered at the instants they were received. The policy is sampled at each and at every \
      step after it; wherever the payloads tell the store's truth, simsub checks that a \
      subscriber the store entitles has access and one it does not has none.

      A policy file's process or server is delivered each notification as the request the \
      app's server logged (its headers and exact body; Stripe signed again with the file's \
      secret, RevenueCat's Authorization set as the file says) and asked at each sample.

      A record that cannot be read is a warning at <log>:<line> and is skipped (with --strict, \
      an error and exit status 2). Exit status 1 when the policy broke an invariant or failed.
      """,
    arguments: [ArgumentSpec("log", help: "A log to replay, or '-' for standard input.", isRepeating: true)],
    options: [
      .option(
        "policy", value: "name|file",
        help: "The policy to play: a built-in name ('simsub policies' lists them) or a .policy file.",
        default: .value("reference")),
      .option(
        "compare", value: "name|file",
        help: """
          Also play <policy> (a built-in name or a .policy file) and list every subscriber it \
          answers differently from --policy, from when and how: a new lockout, new free access \
          (both fail the run), a prompt change, other.
          """),
      .option(
        "step", value: "duration", help: "How often the policy is sampled between notifications.",
        default: .value("1h")),
      .flag("strict", help: "Refuse the whole log when any record cannot be read."),
      .option(
        "shard", value: "k/n",
        help: """
          Play only slice k of n disjoint slices of the subscribers (by a stable hash of their \
          ids), k counting from 1; 'simsub merge' combines the JSON reports of all n into the \
          report of one run.
          """),
      .option(
        "counterexamples", value: "dir",
        help: """
          Write into <dir> a scenario (.scn) that reproduces each violation where the log \
          allows, the first 20 per invariant, to replay with 'simsub run'.
          """),
      formatOption(checkFormats),
      outputOption,
    ])

  public static let decode = CommandSpec(
    name: "decode",
    abstract: "Read store bodies and print what each says and what the reference policy would decide.",
    discussion: """
      Each <file> is one body as a server receives it, or as a store API answers: Apple's \
      {"signedPayload": …}, a bare JWS (a notification, a transaction or a renewal info) or a \
      decoded payload; Google's Pub/Sub push envelope, a DeveloperNotification or a \
      subscriptionsv2 resource; a Stripe event; a RevenueCat webhook. simsub recognises which, \
      and prints the store, the type and subtype, the ids, every date in RFC 3339 (to the \
      millisecond, as sent), the subscription's status, and the reference policy's decision \
      from this body alone. '-' reads standard input. Signatures are not verified.

      A <file> of the JSON lines `simsub requests` prints is read as the requests it holds, each \
      body summarised under <file>:<line> and where it came from: \
      `simsub requests FILE.scn | simsub decode -` decodes every request of a scenario.

      A body that cannot be read is reported as <file>:<line>:<column>: error: …, at the field \
      (or the JWS or base64 string holding it), and the exit status is 2.
      """,
    arguments: [
      ArgumentSpec("file", help: "A body to read, or '-' for standard input.", isRepeating: true)
    ],
    options: [
      .option(
        "format", value: "format",
        help: """
          text: a summary of each body. json: each body as JSON with every JWS and base64 payload \
          expanded (an array when several files, or request lines, are given).
          """, default: .value("text"), allowed: ["text", "json"]),
      outputOption,
    ])
}
