/// `Reports/baseline.json`: what the gate compares a policy with. Written by
/// `simsub gate --update`, reviewed like code.
public struct GateBaseline: Hashable, Sendable {
  /// The policy the baseline was taken with.
  public var policy: String
  /// The scenario folder, relative to the repository root.
  public var scenarios: String
  /// Every scenario file the gate played, relative to the root, sorted. A file missing later
  /// fails the gate, so a failing scenario cannot be deleted unnoticed.
  public var scenarioFiles: [String]
  /// The committed policy table, relative to the root.
  public var policyTable: String
  /// The SHA-256 of the policy table `--update` wrote with this baseline, in lowercase hex,
  /// taken over the table's text with LF line endings. The two files are renamed into place
  /// one after the other, so an update stopped between the renames leaves a table this digest
  /// does not describe, and the gate refuses the pair instead of comparing with the wrong one.
  /// `nil` in a baseline written before the digest was recorded.
  public var policyTableDigest: String?
  /// The fixed-seed Monte Carlo run and the figures it holds the policy to; `nil` for none.
  public var montecarlo: GateMonteCarlo?

  public init(
    policy: String = "reference", scenarios: String = "Scenarios", scenarioFiles: [String] = [],
    policyTable: String = "Reports/policy-table.md", policyTableDigest: String? = nil,
    montecarlo: GateMonteCarlo? = .standard
  ) {
    self.policy = policy
    self.scenarios = scenarios
    self.scenarioFiles = scenarioFiles
    self.policyTable = policyTable
    self.policyTableDigest = policyTableDigest
    self.montecarlo = montecarlo
  }

  public static let defaultPath = "Reports/baseline.json"

  public var json: JSONValue {
    var o = JSONObject([
      ("simsub-baseline", .number(JSONNumber(1))),
      ("policy", .string(policy)),
      ("scenarios", .string(scenarios)),
      ("scenario-files", .array(scenarioFiles.map { .string($0) })),
      ("policy-table", .string(policyTable)),
    ])
    o.append("policy-table-sha256", policyTableDigest.map { .string($0) })
    o.append("montecarlo", montecarlo?.json ?? .null)
    return .object(o)
  }

  /// Decodes the baseline's shape; ``problems`` then checks its values.
  public init(json value: JSONValue) throws(JSONDecodingError) {
    let c = JSONCursor(value)
    try c.requireObject()
    guard try c["simsub-baseline"].int64() == 1 else {
      throw c["simsub-baseline"].error("unsupported baseline version: expected 1")
    }
    self.init(
      policy: try c["policy"].string(), scenarios: try c["scenarios"].string(),
      scenarioFiles: try c["scenario-files"].array().map { c throws(JSONDecodingError) in try c.string() },
      policyTable: try c["policy-table"].string(),
      policyTableDigest: try c["policy-table-sha256"].ifPresent?.string(),
      montecarlo: c["montecarlo"].isPresent ? try GateMonteCarlo(json: c["montecarlo"]) : nil)
  }

  /// Parses and decodes a baseline's text.
  public init(json text: String) throws(JSONDecodingError) {
    let value: JSONValue
    do { value = try JSONValue(parsing: text) } catch {
      throw JSONDecodingError(path: JSONPath(), message: error.description)
    }
    try self.init(json: value)
  }
}
