@_exported import SubscriptionPolicy

/// simsub's version, printed by `simsub --version`.
public let simsubVersion = "0.1.0"
