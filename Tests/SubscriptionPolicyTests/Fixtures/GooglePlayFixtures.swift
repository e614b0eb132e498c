import Testing

// Fixtures for Google Play real-time developer notifications, one per code the Google model
// sends (STORE-MODELS.md), each as simsub's log line: the RTDN (`DeveloperNotification`) and
// the `subscriptionsv2.get` resource a server would fetch on receiving it. Written from
// Google's documented field names (RTDN reference; purchases.subscriptionsv2 REST reference)
// with realistic values for one subscriber of a monthly base plan in 2026, including fields
// simsub does not model (recurringPrice, offerTags, cancelSurveyResult, cancelTime,
// externalAccountIdentifiers), which decoding must skip.

struct GoogleFixture: Sendable, CustomTestStringConvertible {
  var name: String
  var text: String

  var testDescription: String { name }
}

extension GoogleFixture {
  static let purchased = GoogleFixture(
    name: "SUBSCRIPTION_PURCHASED",
    text: #"""
      {
        "rtdn": {
          "version": "1.0",
          "packageName": "com.example.news",
          "eventTimeMillis": "1767623401337",
          "subscriptionNotification": {
            "version": "1.0",
            "notificationType": 4,
            "purchaseToken": "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"
          }
        },
        "subscriptionsv2": {
          "kind": "androidpublisher#subscriptionPurchaseV2",
          "regionCode": "US",
          "lineItems": [
            {
              "productId": "premium",
              "expiryTime": "2026-01-12T14:30:01.337Z",
              "autoRenewingPlan": {
                "autoRenewEnabled": true,
                "recurringPrice": {
                  "currencyCode": "USD",
                  "units": "9",
                  "nanos": 990000000
                }
              },
              "offerDetails": {
                "basePlanId": "monthly",
                "offerId": "freetrial",
                "offerTags": [
                  "standard"
                ]
              },
              "latestSuccessfulOrderId": "GPA.3372-4419-8820-51736"
            }
          ],
          "startTime": "2026-01-05T14:30:01.337Z",
          "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE",
          "latestOrderId": "GPA.3372-4419-8820-51736",
          "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
          "externalAccountIdentifiers": {
            "obfuscatedExternalAccountId": "u-5f2c9a"
          }
        }
      }
      """#)

  static let renewed = GoogleFixture(
    name: "SUBSCRIPTION_RENEWED",
    text: #"""
      {
        "rtdn": {
          "version": "1.0",
          "packageName": "com.example.news",
          "eventTimeMillis": "1770906669804",
          "subscriptionNotification": {
            "version": "1.0",
            "notificationType": 2,
            "purchaseToken": "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"
          }
        },
        "subscriptionsv2": {
          "kind": "androidpublisher#subscriptionPurchaseV2",
          "regionCode": "US",
          "lineItems": [
            {
              "productId": "premium",
              "expiryTime": "2026-03-12T14:30:01.337Z",
              "autoRenewingPlan": {
                "autoRenewEnabled": true,
                "recurringPrice": {
                  "currencyCode": "USD",
                  "units": "9",
                  "nanos": 990000000
                }
              },
              "offerDetails": {
                "basePlanId": "monthly",
                "offerTags": [
                  "standard"
                ]
              },
              "latestSuccessfulOrderId": "GPA.3372-4419-8820-51736..1"
            }
          ],
          "startTime": "2026-01-05T14:30:01.337Z",
          "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE",
          "latestOrderId": "GPA.3372-4419-8820-51736..1",
          "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
          "externalAccountIdentifiers": {
            "obfuscatedExternalAccountId": "u-5f2c9a"
          }
        }
      }
      """#)

  static let inGracePeriod = GoogleFixture(
    name: "SUBSCRIPTION_IN_GRACE_PERIOD",
    text: #"""
      {
        "rtdn": {
          "version": "1.0",
          "packageName": "com.example.news",
          "eventTimeMillis": "1773325960115",
          "subscriptionNotification": {
            "version": "1.0",
            "notificationType": 6,
            "purchaseToken": "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"
          }
        },
        "subscriptionsv2": {
          "kind": "androidpublisher#subscriptionPurchaseV2",
          "regionCode": "US",
          "lineItems": [
            {
              "productId": "premium",
              "expiryTime": "2026-03-19T14:30:01.337Z",
              "autoRenewingPlan": {
                "autoRenewEnabled": true,
                "recurringPrice": {
                  "currencyCode": "USD",
                  "units": "9",
                  "nanos": 990000000
                }
              },
              "offerDetails": {
                "basePlanId": "monthly",
                "offerTags": [
                  "standard"
                ]
              },
              "latestSuccessfulOrderId": "GPA.3372-4419-8820-51736..1"
            }
          ],
          "startTime": "2026-01-05T14:30:01.337Z",
          "subscriptionState": "SUBSCRIPTION_STATE_IN_GRACE_PERIOD",
          "latestOrderId": "GPA.3372-4419-8820-51736..1",
          "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
          "externalAccountIdentifiers": {
            "obfuscatedExternalAccountId": "u-5f2c9a"
          }
        }
      }
      """#)

  static let onHold = GoogleFixture(
    name: "SUBSCRIPTION_ON_HOLD",
    text: #"""
      {
        "rtdn": {
          "version": "1.0",
          "packageName": "com.example.news",
          "eventTimeMillis": "1773930782660",
          "subscriptionNotification": {
            "version": "1.0",
            "notificationType": 5,
            "purchaseToken": "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"
          }
        },
        "subscriptionsv2": {
          "kind": "androidpublisher#subscriptionPurchaseV2",
          "regionCode": "US",
          "lineItems": [
            {
              "productId": "premium",
              "expiryTime": "2026-03-19T14:30:01.337Z",
              "autoRenewingPlan": {
                "autoRenewEnabled": true,
                "recurringPrice": {
                  "currencyCode": "USD",
                  "units": "9",
                  "nanos": 990000000
                }
              },
              "offerDetails": {
                "basePlanId": "monthly",
                "offerTags": [
                  "standard"
                ]
              },
              "latestSuccessfulOrderId": "GPA.3372-4419-8820-51736..1"
            }
          ],
          "startTime": "2026-01-05T14:30:01.337Z",
          "subscriptionState": "SUBSCRIPTION_STATE_ON_HOLD",
          "latestOrderId": "GPA.3372-4419-8820-51736..1",
          "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
          "externalAccountIdentifiers": {
            "obfuscatedExternalAccountId": "u-5f2c9a"
          }
        }
      }
      """#)

  static let recovered = GoogleFixture(
    name: "SUBSCRIPTION_RECOVERED",
    text: #"""
      {
        "rtdn": {
          "version": "1.0",
          "packageName": "com.example.news",
          "eventTimeMillis": "1774605944291",
          "subscriptionNotification": {
            "version": "1.0",
            "notificationType": 1,
            "purchaseToken": "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"
          }
        },
        "subscriptionsv2": {
          "kind": "androidpublisher#subscriptionPurchaseV2",
          "regionCode": "US",
          "lineItems": [
            {
              "productId": "premium",
              "expiryTime": "2026-04-27T10:05:44.291Z",
              "autoRenewingPlan": {
                "autoRenewEnabled": true,
                "recurringPrice": {
                  "currencyCode": "USD",
                  "units": "9",
                  "nanos": 990000000
                }
              },
              "offerDetails": {
                "basePlanId": "monthly",
                "offerTags": [
                  "standard"
                ]
              },
              "latestSuccessfulOrderId": "GPA.3372-4419-8820-51736..2"
            }
          ],
          "startTime": "2026-01-05T14:30:01.337Z",
          "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE",
          "latestOrderId": "GPA.3372-4419-8820-51736..2",
          "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
          "externalAccountIdentifiers": {
            "obfuscatedExternalAccountId": "u-5f2c9a"
          }
        }
      }
      """#)

  static let canceled = GoogleFixture(
    name: "SUBSCRIPTION_CANCELED",
    text: #"""
      {
        "rtdn": {
          "version": "1.0",
          "packageName": "com.example.news",
          "eventTimeMillis": "1775154137043",
          "subscriptionNotification": {
            "version": "1.0",
            "notificationType": 3,
            "purchaseToken": "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"
          }
        },
        "subscriptionsv2": {
          "kind": "androidpublisher#subscriptionPurchaseV2",
          "regionCode": "US",
          "lineItems": [
            {
              "productId": "premium",
              "expiryTime": "2026-04-27T10:05:44.291Z",
              "autoRenewingPlan": {
                "autoRenewEnabled": false,
                "recurringPrice": {
                  "currencyCode": "USD",
                  "units": "9",
                  "nanos": 990000000
                }
              },
              "offerDetails": {
                "basePlanId": "monthly",
                "offerTags": [
                  "standard"
                ]
              },
              "latestSuccessfulOrderId": "GPA.3372-4419-8820-51736..2"
            }
          ],
          "startTime": "2026-01-05T14:30:01.337Z",
          "subscriptionState": "SUBSCRIPTION_STATE_CANCELED",
          "latestOrderId": "GPA.3372-4419-8820-51736..2",
          "canceledStateContext": {
            "userInitiatedCancellation": {
              "cancelSurveyResult": {
                "reason": "CANCEL_SURVEY_REASON_NOT_ENOUGH_USAGE"
              },
              "cancelTime": "2026-04-02T18:22:16.902Z"
            }
          },
          "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
          "externalAccountIdentifiers": {
            "obfuscatedExternalAccountId": "u-5f2c9a"
          }
        }
      }
      """#)

  static let restarted = GoogleFixture(
    name: "SUBSCRIPTION_RESTARTED",
    text: #"""
      {
        "rtdn": {
          "version": "1.0",
          "packageName": "com.example.news",
          "eventTimeMillis": "1775378451777",
          "subscriptionNotification": {
            "version": "1.0",
            "notificationType": 7,
            "purchaseToken": "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"
          }
        },
        "subscriptionsv2": {
          "kind": "androidpublisher#subscriptionPurchaseV2",
          "regionCode": "US",
          "lineItems": [
            {
              "productId": "premium",
              "expiryTime": "2026-04-27T10:05:44.291Z",
              "autoRenewingPlan": {
                "autoRenewEnabled": true,
                "recurringPrice": {
                  "currencyCode": "USD",
                  "units": "9",
                  "nanos": 990000000
                }
              },
              "offerDetails": {
                "basePlanId": "monthly",
                "offerTags": [
                  "standard"
                ]
              },
              "latestSuccessfulOrderId": "GPA.3372-4419-8820-51736..2"
            }
          ],
          "startTime": "2026-01-05T14:30:01.337Z",
          "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE",
          "latestOrderId": "GPA.3372-4419-8820-51736..2",
          "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
          "externalAccountIdentifiers": {
            "obfuscatedExternalAccountId": "u-5f2c9a"
          }
        }
      }
      """#)

  static let pauseScheduleChanged = GoogleFixture(
    name: "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED",
    text: #"""
      {
        "rtdn": {
          "version": "1.0",
          "packageName": "com.example.news",
          "eventTimeMillis": "1776686409500",
          "subscriptionNotification": {
            "version": "1.0",
            "notificationType": 11,
            "purchaseToken": "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"
          }
        },
        "subscriptionsv2": {
          "kind": "androidpublisher#subscriptionPurchaseV2",
          "regionCode": "US",
          "lineItems": [
            {
              "productId": "premium",
              "expiryTime": "2026-04-27T10:05:44.291Z",
              "autoRenewingPlan": {
                "autoRenewEnabled": true,
                "recurringPrice": {
                  "currencyCode": "USD",
                  "units": "9",
                  "nanos": 990000000
                }
              },
              "offerDetails": {
                "basePlanId": "monthly",
                "offerTags": [
                  "standard"
                ]
              },
              "latestSuccessfulOrderId": "GPA.3372-4419-8820-51736..2"
            }
          ],
          "startTime": "2026-01-05T14:30:01.337Z",
          "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE",
          "latestOrderId": "GPA.3372-4419-8820-51736..2",
          "pausedStateContext": {
            "autoResumeTime": "2026-05-27T10:05:44.291Z"
          },
          "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
          "externalAccountIdentifiers": {
            "obfuscatedExternalAccountId": "u-5f2c9a"
          }
        }
      }
      """#)

  static let paused = GoogleFixture(
    name: "SUBSCRIPTION_PAUSED",
    text: #"""
      {
        "rtdn": {
          "version": "1.0",
          "packageName": "com.example.news",
          "eventTimeMillis": "1777284390012",
          "subscriptionNotification": {
            "version": "1.0",
            "notificationType": 10,
            "purchaseToken": "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"
          }
        },
        "subscriptionsv2": {
          "kind": "androidpublisher#subscriptionPurchaseV2",
          "regionCode": "US",
          "lineItems": [
            {
              "productId": "premium",
              "expiryTime": "2026-04-27T10:05:44.291Z",
              "autoRenewingPlan": {
                "autoRenewEnabled": true,
                "recurringPrice": {
                  "currencyCode": "USD",
                  "units": "9",
                  "nanos": 990000000
                }
              },
              "offerDetails": {
                "basePlanId": "monthly",
                "offerTags": [
                  "standard"
                ]
              },
              "latestSuccessfulOrderId": "GPA.3372-4419-8820-51736..2"
            }
          ],
          "startTime": "2026-01-05T14:30:01.337Z",
          "subscriptionState": "SUBSCRIPTION_STATE_PAUSED",
          "latestOrderId": "GPA.3372-4419-8820-51736..2",
          "pausedStateContext": {
            "autoResumeTime": "2026-05-27T10:05:44.291Z"
          },
          "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
          "externalAccountIdentifiers": {
            "obfuscatedExternalAccountId": "u-5f2c9a"
          }
        }
      }
      """#)

  static let revoked = GoogleFixture(
    name: "SUBSCRIPTION_REVOKED",
    text: #"""
      {
        "rtdn": {
          "version": "1.0",
          "packageName": "com.example.news",
          "eventTimeMillis": "1780501642318",
          "subscriptionNotification": {
            "version": "1.0",
            "notificationType": 12,
            "purchaseToken": "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"
          }
        },
        "subscriptionsv2": {
          "kind": "androidpublisher#subscriptionPurchaseV2",
          "regionCode": "US",
          "lineItems": [
            {
              "productId": "premium",
              "expiryTime": "2026-06-03T15:47:21.950Z",
              "autoRenewingPlan": {
                "autoRenewEnabled": false,
                "recurringPrice": {
                  "currencyCode": "USD",
                  "units": "9",
                  "nanos": 990000000
                }
              },
              "offerDetails": {
                "basePlanId": "monthly",
                "offerTags": [
                  "standard"
                ]
              },
              "latestSuccessfulOrderId": "GPA.3372-4419-8820-51736..3"
            }
          ],
          "startTime": "2026-01-05T14:30:01.337Z",
          "subscriptionState": "SUBSCRIPTION_STATE_EXPIRED",
          "latestOrderId": "GPA.3372-4419-8820-51736..3",
          "canceledStateContext": {
            "developerInitiatedCancellation": {}
          },
          "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
          "externalAccountIdentifiers": {
            "obfuscatedExternalAccountId": "u-5f2c9a"
          }
        }
      }
      """#)

  static let expired = GoogleFixture(
    name: "SUBSCRIPTION_EXPIRED",
    text: #"""
      {
        "rtdn": {
          "version": "1.0",
          "packageName": "com.example.news",
          "eventTimeMillis": "1785060350640",
          "subscriptionNotification": {
            "version": "1.0",
            "notificationType": 13,
            "purchaseToken": "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"
          }
        },
        "subscriptionsv2": {
          "kind": "androidpublisher#subscriptionPurchaseV2",
          "regionCode": "US",
          "lineItems": [
            {
              "productId": "premium",
              "expiryTime": "2026-06-26T10:05:44.291Z",
              "autoRenewingPlan": {
                "autoRenewEnabled": false,
                "recurringPrice": {
                  "currencyCode": "USD",
                  "units": "9",
                  "nanos": 990000000
                }
              },
              "offerDetails": {
                "basePlanId": "monthly",
                "offerTags": [
                  "standard"
                ]
              },
              "latestSuccessfulOrderId": "GPA.3372-4419-8820-51736..3"
            }
          ],
          "startTime": "2026-01-05T14:30:01.337Z",
          "subscriptionState": "SUBSCRIPTION_STATE_EXPIRED",
          "latestOrderId": "GPA.3372-4419-8820-51736..3",
          "canceledStateContext": {
            "systemInitiatedCancellation": {}
          },
          "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
          "externalAccountIdentifiers": {
            "obfuscatedExternalAccountId": "u-5f2c9a"
          }
        }
      }
      """#)

  /// Every fixture, in the order of STORE-MODELS.md's list.
  static let all: [GoogleFixture] = [
    .purchased,
    .renewed,
    .inGracePeriod,
    .onHold,
    .recovered,
    .canceled,
    .restarted,
    .pauseScheduleChanged,
    .paused,
    .revoked,
    .expired,
  ]
}
