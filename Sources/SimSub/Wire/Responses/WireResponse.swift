import SubscriptionPolicy

/// A store API's answer: the HTTP status and the exact body, built from the simulated store at
/// an instant.
package struct WireResponse: Sendable, Equatable {
  package var status: Int
  package var body: JSONValue

  /// The body's text, keys in the order they were built.
  package var json: String { body.serialized() }
}
