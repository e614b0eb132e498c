import Testing

@testable import SimSub

extension PolicyFileTests {
  /// `{port}`: read as the port of every URL, in `start` and in `environment`, and filled in
  /// with one port for a started server, which is passed as `PORT` too.
  @Suite struct PolicyFilePortTests {
    static let text = """
      name: s
      start: node server.mjs --port {port}
      ready: http://127.0.0.1:{port}/health
      webhooks:
        apple: http://localhost:{port}/apple
        stripe: {url: 'http://127.0.0.1:{port}/stripe', secret: whsec_x}
      entitlement:
        url: http://127.0.0.1:{port}/e/{subscriber}
        access: /premium
      environment:
        BASE: http://127.0.0.1:{port}

      """

    @Test func theFileChoosesItsPortAndKeepsThePlaceholderUntilFilledIn() throws {
      let file = try PolicyFileLoader.decode(Self.text)
      #expect(file.choosesPort)
      guard case .server(let server) = file.mode else {
        Issue.record("not a server")
        return
      }
      #expect(server.ready?.text == "http://127.0.0.1:{port}/health")
      #expect(server.entitlement.url(for: "u") == "http://127.0.0.1:{port}/e/u")
      #expect(server.urls.allSatisfy { $0.choosesPort })
    }

    @Test func oneChosenPortFillsInEveryPlaceholderAndIsPassedAsPORT() throws {
      let file = try PolicyFileLoader.decode(Self.text).withPort(23_456)
      #expect(!file.choosesPort)
      guard case .server(let server) = file.mode else {
        Issue.record("not a server")
        return
      }
      #expect(server.start == .shell("node server.mjs --port 23456"))
      #expect(server.ready?.text == "http://127.0.0.1:23456/health")
      #expect(server.webhooks.apple?.text == "http://localhost:23456/apple")
      #expect(server.webhooks.stripe?.url.text == "http://127.0.0.1:23456/stripe")
      #expect(server.entitlement.url(for: "u") == "http://127.0.0.1:23456/e/u")
      #expect(server.urls.allSatisfy { $0.port == 23_456 && !$0.choosesPort })
      #expect(
        file.environment == [
          PolicyFile.Variable("PORT", "23456"), PolicyFile.Variable("BASE", "http://127.0.0.1:23456"),
        ])
    }

    @Test func aFileWithoutThePlaceholderKeepsItsPorts() throws {
      let file = try PolicyFileLoader.decode(
        "name: s\nwebhooks: {apple: 'http://127.0.0.1:8787/a'}\nentitlement: {url: 'http://127.0.0.1:8787/e/{subscriber}', access: /p}\n"
      )
      #expect(!file.choosesPort)
      #expect(try file.withChosenPort() == file)
    }

    @Test func aChosenPortIsFreeAndBelowTheEphemeralRange() throws {
      let port = try PolicyFile.freeLoopbackPort()
      #expect((1...65_535).contains(port))
      let listener = try LoopbackListener(port: port)
      listener.close()
    }
  }
}
