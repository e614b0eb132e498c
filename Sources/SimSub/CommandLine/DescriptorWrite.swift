import Foundation

/// Writing bytes to a file descriptor with write(2), reporting failure instead of trapping.
///
/// `FileHandle.write(_:)` stops the process on any error (a full disk, a closed pipe); this loop
/// returns the error number instead, so the caller decides. write(2) may write fewer bytes than
/// asked (a pipe, a signal mid-write), and fails with `EINTR` when a signal arrives before any
/// byte is written: both mean "go on" (POSIX.1-2017, write()).
enum DescriptorWrite {
  /// Writes every byte of `bytes` to `descriptor`; returns `nil`, or the `errno` of the first
  /// failure.
  static func write(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Int32? {
    var array = ContiguousArray(bytes)
    return array.withUnsafeMutableBytes { buffer -> Int32? in
      guard var next = buffer.baseAddress else { return nil }
      var left = buffer.count
      while left > 0 {
        #if canImport(Darwin)
          let written = Darwin.write(descriptor, next, left)
        #else
          let written = Glibc.write(descriptor, next, left)
        #endif
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        next += written
        left -= written
      }
      return nil
    }
  }
}
