/// Wall-clock lengths (timeouts, polling) as the messages and the system calls that take
/// seconds need them.
extension Duration {
  /// The length in seconds, fractions included.
  package var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }

  /// `2 s`, `0.8 s`: a length of `seconds` for a message, without a trailing `.0`.
  package static func text(seconds value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
