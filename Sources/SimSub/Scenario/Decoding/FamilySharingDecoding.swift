/// Apple Family Sharing in a scenario: `family-members:` and the `member:` of entries and expectations.
extension ScenarioDecoder {
  /// `family-members: N`: 0 to 5, Apple only, with the direct channel.
  static func decodeFamilyMembers(_ node: YAMLNode, store: StoreKind?, channel: ScenarioChannel?)
    throws(DiagnosticError) -> Int
  {
    let count = try node.decodeInteger()
    let most = AppStoreDefaults.familyMembersMax
    guard (0...most).contains(count) else {
      throw DiagnosticError(
        .error(
          "family-members is 0 to \(most), not \(count): apple's Family Sharing shares a purchase with up to five family members",
          at: node.location))
    }
    guard count > 0 else { return 0 }
    if let store, store != .apple {
      throw DiagnosticError(
        .error(
          "family-members is an apple setting: simsub plays Family Sharing for the App Store, not \(store.name)",
          at: node.location))
    }
    if case .revenueCat = channel {
      throw DiagnosticError(
        .error(
          "family members are played with the direct channel: simsub's revenuecat channel does not carry Family Sharing",
          at: node.location))
    }
    return count
  }

  /// `member: N` of a `leave-family` entry or an expectation: one of the family members.
  static func decodeMember(_ node: YAMLNode, familyMembers: Int?) throws(DiagnosticError) -> Int {
    let member = try node.decodeInteger()
    // With `family-members` itself wrong, its own error says what is wrong.
    guard let count = familyMembers else { return member }
    guard count > 0 else {
      throw DiagnosticError(
        .error(
          "member \(member) does not exist: this scenario has no family members (add 'family-members: 1' or more)",
          at: node.location))
    }
    guard member >= 1 else {
      throw DiagnosticError(
        .error("member \(member) does not exist: family members count from 1", at: node.location))
    }
    guard member <= count else {
      throw DiagnosticError(
        .error(
          "member \(member) does not exist: this scenario has \(Plural.count(count, "family member"))",
          at: node.location))
    }
    return member
  }
}
