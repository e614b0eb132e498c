/// A signed transaction or renewal info on its own (`signedTransactionInfo` as the App Store
/// Server API or StoreKit hands it out), as it was read: the typed payload and the JWS.
public struct AppStoreSignedPayloadDocument<Payload: JSONRepresentable & Hashable & Sendable>: Hashable,
  Sendable
{
  /// The payload; change it and `text` carries the change.
  public var payload: Payload
  /// The payload as read.
  public let decoded: Payload
  /// The JWS as read.
  public let signed: SignedJSON

  public init(_ signed: SignedJSON) throws(JSONDecodingError) {
    self.signed = signed
    decoded = try Payload(json: JSONCursor(signed.payload))
    payload = decoded
  }

  /// The payload's tree with `payload`'s changes written in.
  public var payloadJSON: JSONValue {
    if payload == decoded { return signed.payload }
    return JSONMerge.merge(original: signed.payload, baseline: decoded.json, current: payload.json)
      ?? signed.payload
  }

  /// The JWS.
  public var text: String { signed.replacingPayload(payloadJSON) }
}
