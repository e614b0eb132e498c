import SubscriptionPolicy

/// The built-in policies, by name: what `simsub policies` lists and `--policy` and `policy:`
/// accept.
///
/// ```swift
/// for entry in PolicyRegistry.all { print(entry.name, entry.summary) }
/// let type = PolicyRegistry.entry(named: "reference")?.type      // any EntitlementPolicy.Type
/// let result = try PolicyRegistry.withPolicy(named: name, myVisitor)  // generic, unboxed
/// ```
///
/// Names are matched exactly, case included; ``nearestName(to:)`` and ``UnknownPolicyError``
/// turn a near miss into a suggestion.
public enum PolicyRegistry {
  /// One built-in policy.
  public struct Entry: Sendable {
    /// The policy's type, to instantiate or to open with a ``PolicyVisitor``.
    public let type: any EntitlementPolicy.Type

    public init(_ type: any EntitlementPolicy.Type) { self.type = type }

    /// The policy's kebab-case name (`reference`).
    public var name: String { type.name }
    /// One line for `simsub policies`.
    public var summary: String { type.summary }
  }

  /// Every built-in policy: the recommended one first, then the known-bad ones.
  public static let all: [Entry] = [
    Entry(ReferencePolicy.self),
    Entry(ActiveOnlyPolicy.self),
    Entry(UnknownIsActivePolicy.self),
    Entry(ArrivalOrderPolicy.self),
    Entry(PastDueIsFreePolicy.self),
    Entry(BillingErrorIsEndPolicy.self),
    Entry(LatestSourceWinsPolicy.self),
    Entry(RefundIsFinalPolicy.self),
    Entry(ExtensionIgnoredPolicy.self),
    Entry(IncompleteIsActivePolicy.self),
    Entry(PriceIncreaseIsEndPolicy.self),
    Entry(RefundRequestIsRefundPolicy.self),
    Entry(DeletedIsTheOnlyEndPolicy.self),
    Entry(ExpiredTokenIsEndPolicy.self),
  ]

  /// The names of ``all``, in order.
  public static var names: [String] { all.map(\.name) }

  /// The built-in policy with exactly this name, or `nil`.
  public static func entry(named name: String) -> Entry? {
    all.first { $0.name == name }
  }

  /// Runs `visitor` with the built-in policy named `name` as its generic parameter.
  ///
  /// The existential is opened once, here; the visitor's code is specialised for the policy.
  /// Throws ``UnknownPolicyError`` (with a suggestion when one is near) for any other name.
  public static func withPolicy<Visitor: PolicyVisitor>(
    named name: String, _ visitor: Visitor
  ) throws(UnknownPolicyError) -> Visitor.Result {
    guard let entry = entry(named: name) else { throw UnknownPolicyError(name: name) }
    return open(entry.type, with: visitor)
  }

  /// Runs `visitor` with `type` as its generic parameter: for a policy type that is not built
  /// in (an app's own), or one taken from ``all``.
  public static func open<Visitor: PolicyVisitor>(
    _ type: any EntitlementPolicy.Type, with visitor: Visitor
  ) -> Visitor.Result {
    // Passing the existential metatype to a generic parameter opens it (SE-0352).
    visitor.visit(type)
  }

  /// The built-in name closest to `name`, when one is close enough to be what was meant: the
  /// same name in another case, one within a few edits (a third of its length, at least two),
  /// or the only name that starts with `name`. `nil` when nothing is close.
  public static func nearestName(to name: String) -> String? {
    let typed = name.lowercased()
    guard !typed.isEmpty else { return nil }
    var best: (name: String, distance: Int)?
    for candidate in names {
      let d = StringDistance.edits(typed, candidate.lowercased())
      if d < best?.distance ?? .max { best = (candidate, d) }
    }
    if let best, best.distance <= max(2, typed.count / 3) { return best.name }
    let prefixed = names.filter { $0.lowercased().hasPrefix(name.lowercased()) }
    return prefixed.count == 1 ? prefixed[0] : nil
  }

}

/// A policy name that is not built in.
///
/// Its description is the message to show after `Error: `:
/// `unknown policy 'refrence' — did you mean 'reference'?`, or, when no name is near,
/// `unknown policy 'x' — the built-in policies are reference, active-only, …`.
public struct UnknownPolicyError: Error, Hashable, CustomStringConvertible {
  /// The name as given.
  public let name: String
  /// The built-in name it is probably a misspelling of.
  public let suggestion: String?

  public init(name: String) {
    self.name = name
    self.suggestion = PolicyRegistry.nearestName(to: name)
  }

  public var description: String {
    if let suggestion {
      return "unknown policy '\(name)' — did you mean '\(suggestion)'?"
    }
    return "unknown policy '\(name)' — the built-in policies are "
      + PolicyRegistry.names.joined(separator: ", ")
  }
}
