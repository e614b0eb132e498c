@_exported import SubscriptionPolicy

/// simsub's version, printed by `simsub --version` (with the commit when built from a git
/// checkout). The one place it is written: `.ci/package` reads it from here.
public let simsubVersion = "0.1.0"
