import Foundation

/// `simsub serve-store-api FILE`: the store APIs of one played scenario on loopback, answering
/// at one simulated instant (or a request's `X-Simsub-Now`), until SIGINT stops them.
enum ServeStoreAPICommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let command = context.command
    let settings: WireSettings
    let port: Int
    do {
      settings = try WireSettingsOptions.settings(command)
      port =
        try command.value(
          "port", as: { Int($0).flatMap { (1...65_532).contains($0) ? $0 : nil } },
          reason: "expected a port from 1 to 65532 (four ports are used from it)") ?? 0
    } catch {
      return context.usage(error)
    }
    guard let file = command.argument("file").first else {
      return context.usage(.invalid("Missing expected argument '<file>'", commandPath: command.path))
    }
    guard let plays = ScenarioCommands.load(context, paths: [file], recursive: false, checksOutputs: false),
      plays.refused.isEmpty, let result = plays.results.first
    else {
      return .badInput
    }
    let instant: Instant
    if let text = command.value("at") {
      if let absolute = RFC3339.parse(text) {
        instant = absolute
      } else if case .success(let span) = DurationSyntax.parse(text) {
        instant = result.scenario.start + span
      } else {
        return context.usage(
          command.invalidValue(
            text, for: "at", reason: "expected an RFC 3339 instant or a duration such as 30d"))
      }
    } else {
      instant = result.end
    }
    let subscriptions = SimulatedSubscription.all(in: result, settings: settings)
    let server: StoreAPIServer
    do {
      server = try StoreAPIServer(subscriptions: subscriptions, port: port, clock: { _ in instant })
    } catch {
      return context.fail(
        "cannot listen on 127.0.0.1\(port == 0 ? "" : " ports \(port)-\(port + 3)"): \(error)")
    }
    context.console.out(
      describe(server, subscriptions: subscriptions, at: instant, file: file, end: result.end))
    // Serve until SIGINT; then close the ports before the program ends by that signal.
    let interrupted = DispatchSemaphore(value: 0)
    TerminationSignals.setInterruptHandler { interrupted.signal() }
    interrupted.wait()
    TerminationSignals.setInterruptHandler(nil)
    server.stop()
    context.console.error("Stopped; the ports are closed.\n")
    if TerminationSignals.isInstalled { TerminationSignals.end(by: SIGINT) }
    return .success
  }

  /// The base URLs, then the URLs of each subscription, then how to stop.
  static func describe(
    _ server: StoreAPIServer, subscriptions: [SimulatedSubscription], at instant: Instant, file: String,
    end: Instant
  ) -> String {
    var out = server.environmentLines
    out +=
      "\nThe store APIs of \(file) at \(RFC3339.format(instant))\(instant == end ? " (the end of the run)" : "")"
      + "; a request's X-Simsub-Now header sets another instant.\n"
    var seen: Set<String> = []
    for s in subscriptions {
      let who = s.member > 0 ? "family member \(s.member)" : "subscriber"
      let source = s.history.source.map { " (\($0))" } ?? ""
      let paths = s.apiPaths(at: instant).filter { seen.insert("\($0.api)\($0.path)").inserted }
      guard !paths.isEmpty else { continue }
      out += "\n\(s.store.name) \(who) \(s.context.subscriberId)\(source):\n"
      for (api, path) in paths {
        out += "  \(server.baseURL(api))\(path.dropFirst())\n"
      }
    }
    out += "\nServing until Ctrl-C.\n"
    return out
  }
}
