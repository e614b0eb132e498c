import Foundation
import Testing

@testable import SimSub

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The rules of the two JUnit schemas CI systems validate against, as checks on a parsed
/// document: Apache Ant's (windyroad/JUnit-Schema `JUnit.xsd`) and Jenkins's (the Jenkins JUnit
/// model's `junit-4.xsd`, as JUnit 5 keeps it for its own tests). Each rule names its schema,
/// so a broken report says which CI system would refuse it.
enum JUnitSchemas {
  /// An element with its attributes and children, in document order.
  final class Node {
    let name: String
    let attributes: [String: String]
    var children: [Node] = []
    var text = ""
    init(_ name: String, _ attributes: [String: String]) {
      self.name = name
      self.attributes = attributes
    }
    func all(_ name: String) -> [Node] {
      (self.name == name ? [self] : []) + children.flatMap { $0.all(name) }
    }
  }

  final class TreeReader: NSObject, XMLParserDelegate {
    var stack: [Node] = []
    var root: Node?
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      let node = Node(name, attributes)
      stack.last?.children.append(node)
      if root == nil { root = node }
      stack.append(node)
    }
    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) { stack.removeLast() }
    func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.text += string }

    static func read(_ text: String) -> Node? {
      let reader = TreeReader()
      let parser = XMLParser(data: Data(text.utf8))
      parser.delegate = reader
      return parser.parse() ? reader.root : nil
    }
  }

  /// Every rule of either schema that `xml` breaks; empty when both accept it.
  static func problems(_ xml: String) -> [String] {
    guard let root = TreeReader.read(xml) else { return ["not well-formed XML"] }
    var problems: [String] = []
    func require(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { problems.append(message()) }
    }
    func attributes(_ node: Node, _ schema: String, required: [String], allowed: [String]) {
      for key in required { require(node.attributes[key] != nil, "\(schema): <\(node.name)> needs '\(key)'") }
      for key in node.attributes.keys.sorted() where !(required + allowed).contains(key) {
        problems.append("\(schema): <\(node.name)> may not have '\(key)'")
      }
    }
    /// The children's names match `pattern`: each entry a name and how many it may have.
    func sequence(_ node: Node, _ schema: String, _ pattern: [(String, ClosedRange<Int>)]) {
      var names = node.children.map(\.name)[...]
      for (name, count) in pattern {
        let run = names.prefix { $0 == name }.count
        require(count.contains(run), "\(schema): <\(node.name)> has \(run) <\(name)>, expected \(count)")
        names = names.dropFirst(run)
      }
      require(names.isEmpty, "\(schema): <\(node.name)> has <\(names.first ?? "")> out of order")
    }
    func isInt(_ text: String?) -> Bool { text.flatMap { Int32($0) } != nil }
    func isDecimal(_ text: String?) -> Bool {
      guard let text, !text.isEmpty else { return false }
      let parts = text.split(separator: ".", omittingEmptySubsequences: false)
      return parts.count <= 2
        && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
    func isToken(_ text: String?, nonEmpty: Bool) -> Bool {
      guard let text else { return false }
      return !nonEmpty || !text.allSatisfy(\.isWhitespace)
    }
    let many = 0...Int.max
    require(root.name == "testsuites", "both: the root is <\(root.name)>, not <testsuites>")
    // Ant: <testsuites> has no attributes, only <testsuite> children.
    attributes(root, "Ant", required: [], allowed: [])
    attributes(
      root, "Jenkins", required: [], allowed: ["name", "time", "tests", "failures", "disabled", "errors"])
    sequence(root, "both", [("testsuite", many)])
    for (index, suite) in root.children.enumerated() where suite.name == "testsuite" {
      let a = suite.attributes
      attributes(
        suite, "Ant",
        required: ["name", "package", "id", "timestamp", "hostname", "tests", "failures", "errors", "time"],
        allowed: ["skipped"])
      attributes(
        suite, "Jenkins", required: ["name", "tests"],
        allowed: [
          "failures", "errors", "time", "disabled", "skipped", "timestamp", "hostname", "id", "package",
        ])
      require(isToken(a["name"], nonEmpty: true), "Ant: a suite's name is empty")
      require(isToken(a["hostname"], nonEmpty: true), "Ant: a suite's hostname is empty")
      require(a["id"] == String(index), "Ant: suite \(index) has id \(a["id"] ?? "none")")
      for key in ["tests", "failures", "errors", "skipped"] where a[key] != nil || key != "skipped" {
        require(isInt(a[key]), "Ant: a suite's \(key) is not an int: \(a[key] ?? "none")")
      }
      require(isDecimal(a["time"]), "Ant: a suite's time is not a decimal: \(a["time"] ?? "none")")
      let stamp = a["timestamp"] ?? ""
      let digits = stamp.map { $0.isNumber ? "9" : String($0) }.joined()
      require(digits == "9999-99-99T99:99:99", "Ant: the timestamp '\(stamp)' is not YYYY-MM-DDTHH:MM:SS")
      require(
        Int(a["tests"] ?? "") == suite.all("testcase").count, "both: a suite's tests does not count its cases"
      )
      require(
        Int(a["failures"] ?? "") == suite.all("failure").count, "both: a suite's failures does not count them"
      )
      // Ant: properties, the cases, system-out, system-err, each present; Jenkins: each at most once.
      sequence(
        suite, "Ant",
        [("properties", 1...1), ("testcase", many), ("system-out", 1...1), ("system-err", 1...1)])
      for properties in suite.children where properties.name == "properties" {
        // Jenkins: a <properties> holds at least one <property>.
        sequence(properties, "Jenkins", [("property", 1...Int.max)])
        for property in properties.children {
          attributes(property, "both", required: ["name", "value"], allowed: [])
          require(isToken(property.attributes["name"], nonEmpty: true), "Ant: a property's name is empty")
        }
      }
      for testcase in suite.children where testcase.name == "testcase" {
        attributes(testcase, "Ant", required: ["name", "classname", "time"], allowed: [])
        attributes(
          testcase, "Jenkins", required: ["name"], allowed: ["assertions", "time", "classname", "status"])
        require(isDecimal(testcase.attributes["time"]), "Ant: a case's time is not a decimal")
        // Ant: at most one of skipped, error, failure; Jenkins: in that order.
        require(testcase.children.count <= 1, "Ant: a case has \(testcase.children.count) children")
        sequence(testcase, "Jenkins", [("skipped", 0...1), ("error", many), ("failure", many)])
        for failure in testcase.children {
          attributes(failure, "Ant", required: ["type"], allowed: ["message"])
        }
      }
    }
    return problems
  }
}

@Suite("Reports: JUnit against the Ant and Jenkins schemas")
struct JUnitSchemaTests {
  /// A run with a fixed clock and host, so the document is the same every time.
  static let run = ScenarioJUnitReport.Run(
    timestamp: RFC3339.parse("2026-01-31T09:00:00Z")!, hostname: "ci-runner-7", seconds: [0.25, 1.5])

  @Test func passingAndFailingScenariosAreValidForBoth() throws {
    let results = [
      try ScenarioTests.ReportTests.cardExpired(),
      try ScenarioTests.ReportTests.cardExpired(policy: "active-only"),
      try ScenarioTesting.play(ReportScenarios.lockout),
    ]
    let xml = ScenarioJUnitReport.render(results, run: Self.run)
    #expect(JUnitSchemas.problems(xml) == [])
  }

  @Test func anUnreachedExpectationAndAFamilyAreValidForBoth() throws {
    let unreached = try ScenarioTesting.play(
      "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancel}\n  - {at: renewal 3, do: note, text: x}\nexpect:\n  - {at: renewal 2, store: expired}\n"
    )
    let family = try ScenarioTests.FamilyReportTests.shipped(ScenarioTests.FamilyReportTests.grace)
    #expect(JUnitSchemas.problems(ScenarioJUnitReport.render([unreached, family], run: Self.run)) == [])
  }

  @Test func aNameThatIsOnlyWhitespaceOrForbiddenCharactersStillNamesTheSuite() throws {
    var result = try ScenarioTests.ReportTests.cardExpired()
    result.scenario.name = " \u{FFFE}\t"
    let xml = ScenarioJUnitReport.render([result], run: Self.run)
    #expect(JUnitSchemas.problems(xml) == [])
    #expect(
      JUnitSchemas.TreeReader.read(xml)?.all("testsuite").first?.attributes["name"]
        == "Scenarios.card-expired")
  }

  @Test func timesTimestampHostnameAndTypesAreWritten() throws {
    let passing = try ScenarioTests.ReportTests.cardExpired()
    let failing = try ScenarioTests.ReportTests.cardExpired(policy: "active-only")
    let root = try #require(
      JUnitSchemas.TreeReader.read(ScenarioJUnitReport.render([passing, failing], run: Self.run)))
    let suites = root.all("testsuite")
    #expect(suites.map { $0.attributes["timestamp"] } == ["2026-01-31T09:00:00", "2026-01-31T09:00:00"])
    #expect(suites.map { $0.attributes["hostname"] } == ["ci-runner-7", "ci-runner-7"])
    #expect(suites.map { $0.attributes["time"] } == ["0.250", "1.500"])
    #expect(suites.map { $0.attributes["id"] } == ["0", "1"])
    #expect(suites.map { $0.attributes["package"] } == ["Scenarios.card-expired", "Scenarios.card-expired"])
    #expect(root.all("testcase").allSatisfy { $0.attributes["time"] == "0.000" })
    #expect(root.all("testcase").allSatisfy { $0.attributes["classname"] == "Scenarios.card-expired" })
    #expect(root.all("failure").map { $0.attributes["type"] } == ["expectation", "invariant"])
    #expect(
      suites[0].all("property").map { "\($0.attributes["name"]!)=\($0.attributes["value"]!)" } == [
        "file=Scenarios/card-expired.scn", "store=apple", "policy=reference",
      ])
  }

  @Test(arguments: [
    ("Scenarios/card-expired.scn", "Scenarios.card-expired"),
    ("./Scenarios/stripe/past due.scn", "Scenarios.stripe.past-due"),
    ("/tmp/x/../a.b.scn", "tmp.x.a.b"),
    ("card.scn", "card"),
    (".scn", "simsub"),
  ])
  func aFilePathBecomesADottedClassName(path: String, classname: String) {
    #expect(JUnitDocument.classname(forPath: path) == classname)
  }

  @Test func theCheckerCatchesWhatEachSchemaRefuses() {
    // The report before it met both schemas: counts on the root, no properties, no time.
    let old = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="simsub" tests="1" failures="1" errors="0">
        <testsuite name="s" tests="1" failures="1" errors="0">
          <properties/>
          <testcase classname="Scenarios/s.scn" name="c">
            <failure message="m"/>
          </testcase>
        </testsuite>
      </testsuites>
      """
    let problems = JUnitSchemas.problems(old)
    for expected in [
      "Ant: <testsuites> may not have 'name'", "Ant: <testsuite> needs 'timestamp'",
      "Ant: <testsuite> needs 'hostname'",
      "Ant: <testcase> needs 'time'", "Ant: <failure> needs 'type'",
      "Jenkins: <properties> has 0 <property>, expected 1...9223372036854775807",
      "Ant: <testsuite> has 0 <system-out>, expected 1...1",
    ] {
      #expect(problems.contains(expected), "\(problems)")
    }
  }
}
