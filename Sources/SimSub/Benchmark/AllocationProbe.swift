#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the allocation counter of `Tests/Benchmarks/alloccount.c` when that library is
/// preloaded (`Tests/Benchmarks/count-allocations`); `nil` otherwise, and the benchmark then
/// says how to get the figure.
enum AllocationProbe {
  typealias Counter = @convention(c) () -> UInt64

  static let counter: Counter? = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "simsub_allocation_count") else {
      return nil
    }
    return unsafeBitCast(symbol, to: Counter.self)
  }()

  /// Allocations so far in this process, if counted.
  static func count() -> UInt64? { counter?() }
}
