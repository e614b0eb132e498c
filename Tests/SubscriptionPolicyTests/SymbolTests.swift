import Testing

@testable import SubscriptionPolicy

@Suite("Symbols")
struct SymbolTests {
  @Test func canonicalDecimalNumbersAreHeldAsNumbers() {
    let s = Symbol("2000000123456789")
    #expect(s.number == 2_000_000_123_456_789)
    #expect(s.text == "2000000123456789")
    #expect(s == Symbol(number: 2_000_000_123_456_789))
    #expect(Symbol("0").number == 0)
    #expect(Symbol("999999999999999999").number == 999_999_999_999_999_999)
  }

  @Test(arguments: [
    "007", "00", "0123", "1234567890123456789", "99999999999999999999", "", "-1", "+1", "1.0", " 1", "1 ",
    "١٢٣", "premium.monthly", "GPA.3372-4419-8820-51736..1", "2000000123456789x",
  ])
  func otherTextIsInternedAndKeptExactly(text: String) {
    let s = Symbol(text)
    #expect(s.number == nil)
    #expect(s.text == text)
    #expect(Symbol(text) == s)
    #expect(s.description == text)
  }

  @Test func leadingZerosAreNotTheSameIdentifier() {
    #expect(Symbol("007") != Symbol("7"))
    #expect(Symbol("7") == Symbol(number: 7))
  }

  @Test func internedSymbolsAreEqualAcrossThreads() async {
    let texts = (0..<200).map { "product.\($0 % 50)" }
    let symbols = await withTaskGroup(of: [Symbol].self) { group in
      for _ in 0..<4 { group.addTask { texts.map { Symbol($0) } } }
      var all: [[Symbol]] = []
      for await s in group { all.append(s) }
      return all
    }
    for s in symbols { #expect(s == symbols[0]) }
    #expect(symbols[0].map(\.text) == texts)
  }

  @Test func storeStringsKeepRawValues() {
    let t = AppStoreNotificationType(rawValue: "SOMETHING_NEW")
    #expect(t.rawValue == "SOMETHING_NEW")
    #expect(AppStoreNotificationType(rawValue: "DID_RENEW") == .didRenew)
  }

  /// Interning from bytes (the App Store decoders' way, through a cache of recent texts) finds
  /// the index interning the `String` finds, for more texts than the cache has slots, twice
  /// over so that every slot is hit and overwritten.
  @Test func internedBytesFindTheSameIndexAsTheirText() {
    let texts = (0..<1_000).map { "symbol-bytes-\($0)" } + ["", "é", "DID_RENEW", "Production"]
    for _ in 0..<2 {
      for text in texts {
        var t = text
        let byBytes = t.withUTF8 { SymbolTable.shared.index(ofUTF8: $0) }
        #expect(byBytes == SymbolTable.shared.index(of: text), "\(text)")
        #expect(SymbolTable.shared.text(at: byBytes) == text)
      }
    }
  }
}
