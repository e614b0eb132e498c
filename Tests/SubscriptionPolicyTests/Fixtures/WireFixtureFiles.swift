import Foundation

@testable import SubscriptionPolicy

/// The wire fixtures under `Fixtures/<Store>/`: one body per file, as the store sends it, read
/// through `#filePath` (see each folder's README for where the fields come from).
enum WireFixtureFiles {
  static let stores = ["AppStore", "GooglePlay", "Stripe", "RevenueCat"]

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  /// The store tag each folder's bodies decode to.
  static func tag(of store: String) -> String {
    switch store {
    case "AppStore": StoreNotification.appleTag
    case "GooglePlay": StoreNotification.googleTag
    case "Stripe": StoreNotification.stripeTag
    default: StoreNotification.revenueCatTag
    }
  }

  struct File: CustomStringConvertible, Sendable {
    var store: String
    var name: String
    var text: String
    var description: String { "\(store)/\(name)" }
    var bytes: [UInt8] { Array(text.utf8) }
    func document() throws -> WireDocument { try WireDocument(text: text) }
  }

  /// Every fixture body (README files excluded), sorted.
  static let all: [File] = stores.flatMap { store -> [File] in
    let folder = directory.appendingPathComponent(store)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".jws") }.sorted().compactMap { name in
      guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
        return nil
      }
      return File(store: store, name: name, text: text)
    }
  }

  static func named(_ store: String, _ name: String) -> File {
    all.first { $0.store == store && $0.name == name }!
  }
}

/// Where two JSON values differ: the paths of the leaves (or whole values) that are not equal.
func jsonDifferences(_ a: JSONValue?, _ b: JSONValue?, at path: JSONPath = .root) -> [String] {
  if a == b { return [] }
  switch (a, b) {
  case (.object(let x)?, .object(let y)?):
    guard x.keys.filter({ y[$0] != nil }) == y.keys.filter({ x[$0] != nil }) else {
      return [path.description]
    }
    let keys = x.keys + y.keys.filter { x[$0] == nil }
    return keys.flatMap { jsonDifferences(x[$0], y[$0], at: path.appending(.key($0))) }
  case (.array(let x)?, .array(let y)?) where x.count == y.count:
    return x.indices.flatMap { jsonDifferences(x[$0], y[$0], at: path.appending(.index($0))) }
  default:
    return [path.description]
  }
}
