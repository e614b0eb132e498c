import Foundation
import TestSupport
import Testing

@testable import SubscriptionPolicy

/// The word-at-a-time readers behind the App Store fast path agree, byte for byte, with the
/// obvious loops they stand in for, on random inputs of every length and alignment.
@Suite("Byte scanning: base64 and string runs")
struct ByteScanningTests {
  /// The reference: the first byte that is a quote, a backslash, a control character or not
  /// ASCII.
  static func firstSpecial(_ bytes: [UInt8], from start: Int) -> Int {
    var i = start
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x22 || b == 0x5C || b < 0x20 || b >= 0x80 { return i }
      i += 1
    }
    return i
  }

  @Test func skipToSpecialFindsTheFirstSpecialByte() {
    var random = SeededGenerator(seed: 0x5EED)
    let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x0A, 0x80, 0xC3, 0xFF]
    for length in 0..<80 {
      for _ in 0..<60 {
        var bytes = (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
        // None, one or several special bytes, anywhere (a borrow from one may flag the bytes
        // above it, never one below).
        for _ in 0..<Int.random(in: 0...3, using: &random) where length > 0 {
          bytes[Int.random(in: 0..<length, using: &random)] = specials.randomElement(using: &random)!
        }
        let start = length == 0 ? 0 : Int.random(in: 0...length, using: &random)
        let found = bytes.withUnsafeBufferPointer { JSONParser.skipToSpecial($0, from: start) }
        #expect(found == Self.firstSpecial(bytes, from: start), "\(bytes) from \(start)")
      }
    }
  }

  @Test func base64DecodesAsFoundationDoes() {
    var random = SeededGenerator(seed: 0xBA5E)
    for length in 0..<70 {
      for _ in 0..<20 {
        let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        let standard = Data(bytes).base64EncodedString()
        let url = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        let unpadded = url.replacingOccurrences(of: "=", with: "")
        #expect(Base64.decode(Array(standard.utf8)) == bytes)
        #expect(Base64.decode(Array(url.utf8)) == bytes)
        #expect(Base64.decode(Array(unpadded.utf8)) == bytes)
        #expect(JWS.base64URLEncode(bytes) == unpadded)
        // A byte of neither alphabet, at any place, is refused.
        if !unpadded.isEmpty {
          var broken = Array(unpadded.utf8)
          broken[Int.random(in: 0..<broken.count, using: &random)] = [0x22, 0x2E, 0x20, 0x80, 0x00]
            .randomElement(
              using: &random)!
          #expect(Base64.decode(broken) == nil, "\(broken)")
        }
      }
    }
  }
}
