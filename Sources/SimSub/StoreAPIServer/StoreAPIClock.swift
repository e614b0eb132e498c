import Foundation

/// A simulated instant that whoever drives the simulation sets, read by the store APIs' server
/// for every request that does not carry `X-Simsub-Now` (``StoreAPIServer/init(subscriptions:port:clock:)``
/// takes ``reading``). One instant for every subscriber; a driver playing several subscribers at
/// once hands the server its own clock, which is asked per subscriber.
package final class StoreAPIClock: @unchecked Sendable {
  private let lock = NSLock()
  private var instant: Instant

  package init(_ instant: Instant) { self.instant = instant }

  /// The instant last set.
  package var now: Instant { lock.withLock { instant } }

  /// Moves the clock to `instant` (forwards or back).
  package func set(_ instant: Instant) { lock.withLock { self.instant = instant } }

  /// The clock as the server asks it: the same instant for every subscriber.
  package var reading: StoreAPIServer.Clock { { [self] _ in now } }
}
