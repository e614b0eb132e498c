// Wire-format fixtures that are not one notification per store model moment.

enum WireFixtures {
  /// A `signedTransactionInfo` in the shape Apple sends: an ES256 header with an `x5c`
  /// certificate chain (shortened), the `DID_RENEW` transaction as payload, and a signature.
  /// simsub reads the payload and ignores the rest; the header's certificates and the signature
  /// are dummies, so this JWS would fail any real verification.
  static let appleSignedTransaction =
    "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNSUlFTURDQ0E3YWdBd0lCQWdJUWZUbGZkMGZOdkZXdnpDMVlJQU5zWGpBS0JnZ3Foa2pPUFFRREF6QjFNVVF3UWdZRFZRUURERHRCY0hCc1pTQlhiM0pzWkhkcFpHVWdSR1YyWld4dmNHVnlJRkpsYkdGMGFXOXVjeUJEWlhKMGFXWnBZMkYwYVc5dUlFRjFkR2h2Y21sMGVURUxNQWtHQTFVRUN3d0NSell4RXpBUkJnTlZCQW9NQ2tGd2NHeGxJRWx1WXk0eEN6QUpCZ05WQkFZVEFsVlQiLCJNSUlERmpDQ0FweWdBd0lCQWdJVUk3clZhYUhESzZSZUpHRTRwTlNMTnZHMUYzc3dDZ1lJS29aSXpqMEVBd013WnpFYk1Ca0dBMVVFQXd3U1FYQndiR1VnVW05dmRDQkRRU0F0SUVjeiJdfQ.eyJ0cmFuc2FjdGlvbklkIjoiMjAwMDAwMDg4MTIzNDU2NyIsIm9yaWdpbmFsVHJhbnNhY3Rpb25JZCI6IjIwMDAwMDA4NDcyNjEyMzQiLCJ3ZWJPcmRlckxpbmVJdGVtSWQiOiIyMDAwMDAwMTE5ODc2NTAyIiwiYnVuZGxlSWQiOiJjb20uZXhhbXBsZS5uZXdzIiwicHJvZHVjdElkIjoiY29tLmV4YW1wbGUubmV3cy5wcmVtaXVtLm1vbnRobHkiLCJzdWJzY3JpcHRpb25Hcm91cElkZW50aWZpZXIiOiIyMTQ4MjczNSIsInB1cmNoYXNlRGF0ZSI6MTc3MDMwMTgwMDAwMCwib3JpZ2luYWxQdXJjaGFzZURhdGUiOjE3Njc2MjM0MDAwMDAsImV4cGlyZXNEYXRlIjoxNzcyNzIxMDAwMDAwLCJxdWFudGl0eSI6MSwidHlwZSI6IkF1dG8tUmVuZXdhYmxlIFN1YnNjcmlwdGlvbiIsImluQXBwT3duZXJzaGlwVHlwZSI6IlBVUkNIQVNFRCIsInNpZ25lZERhdGUiOjE3NzAzMDE4MDU5MDIsImVudmlyb25tZW50IjoiUHJvZHVjdGlvbiIsInRyYW5zYWN0aW9uUmVhc29uIjoiUkVORVdBTCIsInN0b3JlZnJvbnQiOiJVU0EiLCJzdG9yZWZyb250SWQiOiIxNDM0NDEiLCJwcmljZSI6OTk5MCwiY3VycmVuY3kiOiJVU0QiLCJhcHBUcmFuc2FjdGlvbklkIjoiNzA0Mjg5NTcyMzExMDAwMDAxIn0.c92P2-zHd3OC2pYwL82DeaGdyy8Yck0kF4nP47GiCpj7ZfZzp72dpiifA9SHEA8JMOE9mQfHdlNwl9cyhDujSw"

  /// The body Cloud Pub/Sub posts to a push endpoint for a `SUBSCRIPTION_IN_GRACE_PERIOD` (6)
  /// RTDN, with the duplicated snake-case members and empty `attributes` that push bodies carry.
  static let googlePushRequest = #"""
    {
      "message": {
        "attributes": {},
        "data": "eyJ2ZXJzaW9uIjoiMS4wIiwicGFja2FnZU5hbWUiOiJjb20uZXhhbXBsZS5uZXdzIiwiZXZlbnRUaW1lTWlsbGlzIjoiMTc3MzMyNjAwMDExNSIsInN1YnNjcmlwdGlvbk5vdGlmaWNhdGlvbiI6eyJ2ZXJzaW9uIjoiMS4wIiwibm90aWZpY2F0aW9uVHlwZSI6NiwicHVyY2hhc2VUb2tlbiI6ImJna2NtZmhkamxoYW9tZWtuamZnb2lwYy5BTy1KMU94cVc5eVpyM0xkVDZ2S3AySG44c0VjNHVCZjdnTWE1WGpRMHROd1lpMW9SayJ9fQ==",
        "messageId": "17293018461942733",
        "message_id": "17293018461942733",
        "publishTime": "2026-03-12T14:33:20.484Z",
        "publish_time": "2026-03-12T14:33:20.484Z"
      },
      "subscription": "projects/example-news/subscriptions/play-rtdn-push"
    }
    """#
}
