/// `{port}`: a port simsub chooses for the server it starts, so that two policy files, or the
/// same one twice (`replay --compare`, `montecarlo --compare`), run side by side, and a server
/// left running on a fixed port is never the one asked.
///
/// Written in `start`, as the port of `ready`, of each webhook and of the entitlement URL, and in
/// `environment` values; simsub fills every one in with the same free loopback port, chosen
/// afresh for each server it starts (``withChosenPort()``), and passes it as `PORT` too. Only
/// with `start`: a server started by hand listens on a port of its own.
extension PolicyFile {
  /// The placeholder of the port simsub chooses.
  package static let portPlaceholder = "{port}"

  /// Whether the file asks simsub to choose its server's port: `{port}` in `start`, in a URL's
  /// port or in an `environment` value.
  package var choosesPort: Bool {
    guard case .server(let server) = mode else { return false }
    let placeholder = Self.portPlaceholder
    return server.start.map { $0.argv.contains { $0.contains(placeholder) } } ?? false
      || server.urls.contains(where: \.choosesPort)
      || environment.contains { $0.value.contains(placeholder) }
  }

  /// The file with every `{port}` filled in with `port`, and `PORT` set to it in the
  /// environment of the server (before the file's own variables, which may set it too).
  package func withPort(_ port: Int) -> PolicyFile {
    guard case .server(var server) = mode else { return self }
    let text = String(port)
    server.start = server.start?.replacingPlaceholder(Self.portPlaceholder, with: text)
    server.ready = server.ready?.withPort(port)
    server.webhooks.apple = server.webhooks.apple?.withPort(port)
    server.webhooks.google = server.webhooks.google?.withPort(port)
    if let stripe = server.webhooks.stripe { server.webhooks.stripe?.url = stripe.url.withPort(port) }
    if let revenueCat = server.webhooks.revenuecat {
      server.webhooks.revenuecat?.url = revenueCat.url.withPort(port)
    }
    server.entitlement.url = server.entitlement.url.withPort(port)
    var file = self
    file.mode = .server(server)
    file.environment =
      [Variable("PORT", text)]
      + environment.map { Variable($0.name, $0.value.replacingPlaceholder(Self.portPlaceholder, with: text)) }
    return file
  }

  /// The file with its `{port}` filled in with a free loopback port (``freeLoopbackPort()``),
  /// or itself when it has none.
  package func withChosenPort() throws(SocketError) -> PolicyFile {
    guard choosesPort else { return self }
    return withPort(try Self.freeLoopbackPort())
  }

  /// A TCP port nothing listens on now, on 127.0.0.1: one bound and closed again.
  ///
  /// Drawn at random below the systems' ephemeral ranges (Linux's from 32768, macOS's from
  /// 49152), which the system hands out for `bind(0)` and for every outgoing connection: a port
  /// from there could be taken by a connection between this check and the server's own bind.
  /// The system's pick (`bind(0)`) only when 64 draws were all taken.
  package static func freeLoopbackPort() throws(SocketError) -> Int {
    for _ in 0..<64 {
      let candidate = Int.random(in: 20_000..<32_768)
      if let listener = try? LoopbackListener(port: candidate) {
        listener.close()
        return candidate
      }
    }
    let listener = try LoopbackListener(port: 0)
    defer { listener.close() }
    return listener.port
  }
}

extension PolicyFile.Server {
  /// Every URL of the server: `ready`, the webhooks and the entitlement URL.
  package var urls: [LoopbackURL] {
    [ready, webhooks.apple, webhooks.google, webhooks.stripe?.url, webhooks.revenuecat?.url, entitlement.url]
      .compactMap { $0 }
  }
}

extension PolicyCommand {
  /// The command with every `placeholder` in its text replaced by `value`.
  func replacingPlaceholder(_ placeholder: String, with value: String) -> PolicyCommand {
    switch self {
    case .arguments(let arguments):
      .arguments(arguments.map { $0.replacingPlaceholder(placeholder, with: value) })
    case .shell(let line): .shell(line.replacingPlaceholder(placeholder, with: value))
    }
  }
}

extension YAMLNode {
  /// Every `{port}` in the scalars of this node and the nodes under it: the scalar, and the
  /// offset of the placeholder in its text.
  func portPlaceholders() -> [(node: YAMLNode, offset: Int)] {
    switch kind {
    case .scalar(let text, _):
      let characters = Array(text)
      let placeholder = Array(PolicyFile.portPlaceholder)
      guard characters.count >= placeholder.count else { return [] }
      return (0...(characters.count - placeholder.count)).filter {
        characters[$0..<($0 + placeholder.count)].elementsEqual(placeholder)
      }.map { (self, $0) }
    case .sequence(let items): return items.flatMap { $0.portPlaceholders() }
    case .mapping(let entries): return entries.flatMap { $0.value.portPlaceholders() }
    }
  }
}
