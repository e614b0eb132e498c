// A libFuzzer target for `.policy` files: any text in, a policy file or a failure whose
// diagnostics point inside the file out, the same each time. Built by `Tests/Fuzz/run.sh`.

@testable import SimSub

@_cdecl("LLVMFuzzerTestOneInput")
public func policyFileFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let lines = text.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
  do {
    let file = try PolicyFileLoader.decode(text, path: "fuzz.policy")
    // The decoder keeps no state between calls.
    precondition(
      (try? PolicyFileLoader.decode(text, path: "fuzz.policy")) == file, "decoded twice, differently")
    precondition(PolicyFileDecoder.isKebabCase(file.name), "a name that is not kebab-case")
    if case .server = file.mode {
      // `deliveries` is a process's key: a server is sent what its webhooks name.
      precondition(file.receivesDeliveries, "a server that receives no deliveries")
    }
    if case .server(let server) = file.mode {
      // Every URL that decodes reads back as itself, and the entitlement URL has its placeholder.
      let urls: [LoopbackURL?] = [
        server.ready, server.webhooks.apple, server.webhooks.google, server.webhooks.stripe?.url,
        server.webhooks.revenuecat?.url, server.entitlement.url,
      ]
      for url in urls {
        guard let url else { continue }
        precondition((try? LoopbackURL.parse(url.text).get()) == url, "a URL that does not read back")
      }
      precondition(
        server.entitlement.url.text.contains(PolicyFile.Entitlement.placeholder), "no {subscriber}")
    }
  } catch {
    for d in error.diagnostics?.diagnostics ?? [] {
      precondition(d.location.line >= 1 && d.location.line <= lines, "a diagnostic outside the file")
      precondition(d.location.column >= 1, "a column before the line")
    }
    precondition(!error.rendered.isEmpty, "a failure that says nothing")
  }
  return 0
}
