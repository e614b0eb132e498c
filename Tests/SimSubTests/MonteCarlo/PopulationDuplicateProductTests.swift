import Foundation
import Testing

@testable import SimSub

/// Two cohort groups selling the same product of one store: a store's catalog holds each id
/// once, so the file is refused where the second group names it, as a scenario's duplicate is.
@Suite struct PopulationDuplicateProductTests {
  static func rendered(_ text: String) -> String? {
    do {
      _ = try PopulationLoader.decode(text, path: "dup.pop")
      return nil
    } catch {
      return error.rendered
    }
  }

  @Test func twoGroupsOnTheSameDefaultProductPointAtTheSecond() {
    let text = """
      name: dup
      cohort:
        - {share: 0.5, store: apple, product: {period: 1M}}
        - {share: 0.5, store: apple, product: {period: 1M}}

      """
    #expect(
      Self.rendered(text) == """
        dup.pop:4:41: error: duplicate apple product id 'premium.monthly': group 1 already sells it (line 3); give each group's product its own 'id'
            - {share: 0.5, store: apple, product: {period: 1M}}
                                                  ^
        dup.pop:3:41: note: first sold here
            - {share: 0.5, store: apple, product: {period: 1M}}
                                                  ^

        """)
  }

  @Test func anExplicitIdIsPointedAt() throws {
    let text = """
      name: dup
      cohort:
        - {share: 0.5, store: stripe, product: {id: a, period: 1M}}
        - share: 0.5
          store: stripe
          product:
            id: a
            period: 1Y

      """
    let rendered = try #require(Self.rendered(text))
    #expect(
      rendered.hasPrefix(
        "dup.pop:7:11: error: duplicate stripe product id 'a': group 1 already sells it (line 3)"))
    #expect(rendered.contains("dup.pop:3:47: note: first sold here"))
  }

  @Test func theSameIdInTwoStoresIsTwoProducts() throws {
    let text = """
      name: two stores
      cohort:
        - {share: 0.5, store: apple, product: {period: 1M}}
        - {share: 0.5, store: google, product: {period: 1M}}

      """
    #expect(Self.rendered(text) == nil)
    _ = try PopulationPlan(try PopulationLoader.decode(text, path: "two.pop"))
  }
}
