/// Delivery faults: the top-level `delivery:` and a `do: delivery` entry.
extension ScenarioDecoder {
  /// The delivery keys of a mapping (the top-level `delivery`, or a `do: delivery` entry).
  static func decodeDelivery(_ reader: inout MappingReader) -> DeliveryFaults {
    var faults = DeliveryFaults()
    faults.delay = reader.optional("delay", default: .zero) { n in try n.decodeDuration() }
    faults.duplicate = reader.optional("duplicate", default: false) { n in
      try decodeBool(n, what: "duplicate")
    }
    faults.reorder = reader.optional("reorder", default: .zero) { n in try n.decodeDuration() }
    faults.outage = reader.optional("outage", default: .zero) { (n) -> TimeSpan in
      var outage = MappingReader(n, knownKeys: ["for"], expected: "an outage mapping such as {for: 2d}")
      let span = outage.required("for") { f in try f.decodeDuration() }
      try outage.finish()
      return span ?? .zero
    }
    return faults
  }
}
