import Foundation
import Testing

@testable import SimSub

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The JUnit report escapes with ``XMLText``: any scenario name or failure message gives a
/// well-formed document (what XML forbids left out), and attribute values read back as written.
@Suite("Reports: JUnit escaping")
struct JUnitEscapingTests {
  typealias Reader = ScenarioTests.ReportTests.JUnitReader

  @Test func attributeEscapingWritesWhitespaceAsReferences() {
    #expect(XMLText.escapeAttribute("a\tb\nc\rd") == "a&#9;b&#10;c&#13;d")
    #expect(XMLText.escapeAttribute(#"<"&'>"#) == "&lt;&quot;&amp;&#39;&gt;")
    #expect(XMLText.escapeAttribute("x\u{1}y\u{FFFE}z\u{FFFF}\u{85}") == "xyz")
    // Text content keeps its whitespace as it is.
    #expect(XMLText.escape("a\tb\nc\rd") == "a\tb\nc\rd")
  }

  @Test func charactersXMLForbidsDoNotBreakTheDocument() throws {
    var result = try ScenarioTests.ReportTests.cardExpired()
    result.scenario.name = "not\u{FFFE} a\u{FFFF} character"
    result.scenario.path = "Scenarios/odd\u{FFFF}.scn"
    let text = ScenarioJUnitReport.render([result])
    let xml = try #require(Reader.read(text))
    #expect(xml.all("testsuite").first?["name"] == "not a character")
    #expect(xml.all("testcase").first?["classname"] == "Scenarios.odd")
    #expect(xml.all("property").first?["value"] == "Scenarios/odd.scn")
  }

  @Test func tabsAndLineBreaksInANameReadBackExactly() throws {
    var result = try ScenarioTests.ReportTests.cardExpired()
    result.scenario.name = "two\tcolumns\r\nand a line"
    let xml = try #require(Reader.read(ScenarioJUnitReport.render([result])))
    #expect(xml.all("testsuite").first?["name"] == "two\tcolumns\r\nand a line")
  }
}
