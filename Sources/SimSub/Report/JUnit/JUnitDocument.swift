/// JUnit XML in the shape both schemas CI systems check it against accept: the Apache Ant
/// schema (windyroad/JUnit-Schema `JUnit.xsd`, the strict one) and Jenkins's (`junit-4.xsd` of
/// the Jenkins JUnit model, as JUnit 5's tests keep it).
///
/// What each schema asks, and so what every document here has:
///
/// | element | Ant | Jenkins |
/// |---|---|---|
/// | `testsuites` | no attributes at all | `name`, `tests`, `failures`, `errors`, `time` optional |
/// | `testsuite` | `name`, `package`, `id`, `timestamp` (`YYYY-MM-DDTHH:MM:SS`, no zone), `hostname`, `tests`, `failures`, `errors`, `time` required | `name`, `tests` required, the rest optional |
/// | its children | `properties`, the test cases, `system-out`, `system-err`, in that order, each required but the cases | `properties` (then at least one `property`) and the rest optional |
/// | `testcase` | `name`, `classname`, `time` (seconds, a decimal) required | `name` required |
/// | `failure` | `type` required, `message` optional, text content | both optional |
///
/// So the root carries no counts (each suite does), every suite has a `properties` with at
/// least one `property`, and empty `system-out` and `system-err`. A `classname` is a dotted
/// name, as Jenkins splits it at its last dot into package and class.
struct JUnitDocument: Hashable, Sendable {
  var suites: [Suite] = []
  /// When the run began, for every suite's `timestamp` (in UTC, written without a zone, as
  /// Ant's schema wants it).
  var timestamp: Instant
  /// The machine the run played on; `localhost` when unknown, as Ant's schema asks.
  var hostname: String

  struct Suite: Hashable, Sendable {
    var name: String
    /// A dotted name: the `package` of the suite and the `classname` of its cases.
    var classname: String
    /// At least one, as Jenkins's schema wants a `properties` element to hold one.
    var properties: [Property]
    var cases: [Case] = []
    /// Wall-clock seconds the suite took.
    var seconds: Double = 0

    var failures: Int { cases.filter { $0.failure != nil }.count }
    var skipped: Int { cases.filter { $0.skipped != nil }.count }
  }

  struct Property: Hashable, Sendable {
    var name: String
    var value: String
  }

  struct Case: Hashable, Sendable {
    var name: String
    /// Seconds of its own: 0 for a check made during its suite's one run.
    var seconds: Double = 0
    var failure: Failure?
    /// Why the case was not run (`<skipped message=…/>`); `nil` for one that ran.
    var skipped: String?
  }

  struct Failure: Hashable, Sendable {
    /// What kind of check failed (`expectation`, `invariant`, `input`, …).
    var type: String
    /// One line.
    var message: String
    /// The whole story, as text content; empty for none.
    var detail: String = ""
  }

  func render() -> String {
    let stamp = String(RFC3339.format(timestamp).dropLast())
    let host = hostname.allSatisfy(\.isWhitespace) ? "localhost" : hostname
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
    for (id, suite) in suites.enumerated() {
      // Ant's schema wants a name of at least one character once whitespace is collapsed.
      let visible = String(
        String.UnicodeScalarView(suite.name.unicodeScalars.filter { !$0.properties.isWhitespace }))
      let name = XMLText.escapeAttribute(visible).isEmpty ? suite.classname : suite.name
      out += "  <testsuite"
      out += Self.attributes([
        ("name", name), ("package", suite.classname),
        ("id", String(id)), ("timestamp", stamp), ("hostname", host), ("tests", String(suite.cases.count)),
        ("failures", String(suite.failures)), ("errors", "0"), ("skipped", String(suite.skipped)),
        ("time", Self.seconds(suite.seconds)),
      ])
      out += ">\n    <properties>\n"
      for property in suite.properties {
        out +=
          "      <property" + Self.attributes([("name", property.name), ("value", property.value)]) + "/>\n"
      }
      out += "    </properties>\n"
      for c in suite.cases {
        out += "    <testcase"
        out += Self.attributes([
          ("name", c.name), ("classname", suite.classname), ("time", Self.seconds(c.seconds)),
        ])
        if let skipped = c.skipped {
          out += ">\n      <skipped" + Self.attributes([("message", skipped)]) + "/>\n    </testcase>\n"
          continue
        }
        guard let failure = c.failure else {
          out += "/>\n"
          continue
        }
        out += ">\n      <failure" + Self.attributes([("type", failure.type), ("message", failure.message)])
        out += failure.detail.isEmpty ? "/>\n" : ">\(XMLText.escape(failure.detail))</failure>\n"
        out += "    </testcase>\n"
      }
      out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
    }
    return out + "</testsuites>\n"
  }

  static func attributes(_ pairs: [(String, String)]) -> String {
    pairs.map { " \($0.0)=\"\(XMLText.escapeAttribute($0.1))\"" }.joined()
  }

  /// Seconds with three decimals, `0.000` for nothing measured: an `xs:decimal` (never
  /// exponent notation, never negative).
  static func seconds(_ value: Double) -> String {
    Format.fixed(value.isFinite && value > 0 ? value : 0, decimals: 3)
  }

  /// A dotted name for a file: `Scenarios/stripe/card-expired.scn` → `Scenarios.stripe.card-expired`.
  /// Folders become packages, as in Java's class names; `.` and `..` and the extension are
  /// dropped; `simsub` when nothing is left.
  static func classname(forPath path: String) -> String {
    var trimmed = Substring(path)
    for suffix in [".scn", ".pop"] where trimmed.hasSuffix(suffix) {
      trimmed = trimmed.dropLast(suffix.count)
    }
    let parts = trimmed.split(separator: "/").filter { $0 != "." && $0 != ".." }
      .map { $0.split(separator: " ").joined(separator: "-") }
    let name = parts.joined(separator: ".")
    return name.isEmpty ? "simsub" : name
  }
}
