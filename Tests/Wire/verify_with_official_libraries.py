"""Checks `simsub requests --output DIR` with the stores' own libraries.

Apple: app-store-server-library's SignedDataVerifier in Environment.LOCAL_TESTING (where it
skips the signature and chain checks and checks bundle id and environment):
verify_and_decode_notification on signedPayload, then verify_and_decode_signed_transaction and
verify_and_decode_renewal_info on the nested JWS.
Stripe: stripe.Webhook.construct_event(body, Stripe-Signature, secret).
Google: the Pub/Sub envelope's data decoded as a DeveloperNotification of the app's package, and
each fetched subscriptionsv2 resource checked against SubscriptionPurchaseV2 in the
androidpublisher v3 discovery document google-api-python-client ships: every field known to
the schema, of the schema's type.
RevenueCat (no official server library): the body's api_version and event, and the
Authorization header.

Usage: verify_with_official_libraries.py DIR BUNDLE_ID APP_APPLE_ID PACKAGE_NAME STRIPE_SECRET RC_AUTH
Prints "<store>: N accepted" per store; exits 1 on any rejection.
"""
import base64
import json
import os
import sys

import googleapiclient
import stripe
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier


def discovery_schemas():
    path = os.path.join(
        os.path.dirname(googleapiclient.__file__), "discovery_cache", "documents", "androidpublisher.v3.json")
    with open(path) as f:
        return json.load(f)["schemas"]


JSON_TYPES = {"string": str, "boolean": bool, "object": dict, "array": list}


def check_schema(value, schema, schemas, where, problems):
    if "$ref" in schema:
        schema = schemas[schema["$ref"]]
    kind = schema.get("type")
    if kind == "object":
        if not isinstance(value, dict):
            problems.append(f"{where}: expected an object")
            return
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key not in properties:
                problems.append(f"{where}.{key}: not a field of the schema")
            else:
                check_schema(item, properties[key], schemas, f"{where}.{key}", problems)
    elif kind == "array":
        if not isinstance(value, list):
            problems.append(f"{where}: expected an array")
            return
        for i, item in enumerate(value):
            check_schema(item, schema["items"], schemas, f"{where}[{i}]", problems)
    elif kind == "string":
        if not isinstance(value, str):
            problems.append(f"{where}: expected a string")
        elif "enum" in schema and value not in schema["enum"]:
            problems.append(f"{where}: {value!r} is not one of the schema's values")
    elif kind == "boolean":
        if not isinstance(value, bool):
            problems.append(f"{where}: expected a boolean")
    elif kind == "integer":
        if not isinstance(value, int) and not (isinstance(value, str) and value.lstrip("-").isdigit()):
            problems.append(f"{where}: expected an integer")


def main():
    directory, bundle_id, app_apple_id, package_name, stripe_secret, rc_auth = sys.argv[1:7]
    verifier = SignedDataVerifier(
        [], enable_online_checks=False, environment=Environment.LOCAL_TESTING, bundle_id=bundle_id,
        app_apple_id=int(app_apple_id))
    schemas = discovery_schemas()
    with open(os.path.join(directory, "index.json")) as f:
        index = json.load(f)
    accepted = {"apple": 0, "google": 0, "google subscriptionsv2": 0, "stripe": 0, "revenuecat": 0}
    rejected = []
    for entry in index:
        with open(os.path.join(directory, entry["file"])) as f:
            request = json.load(f)
        store = request["store"]
        body = request["body"]
        headers = request["headers"]
        label = f"{entry['file']} ({entry['scenario']}, {entry['notification']})"
        try:
            if store == "apple":
                signed = json.loads(body)["signedPayload"]
                payload = verifier.verify_and_decode_notification(signed)
                data = payload.data
                if data is None or data.appAppleId != int(app_apple_id):
                    raise ValueError("data.appAppleId is not the app's")
                if data.signedTransactionInfo:
                    transaction = verifier.verify_and_decode_signed_transaction(data.signedTransactionInfo)
                    if not transaction.appAccountToken:
                        raise ValueError("the transaction has no appAccountToken")
                if data.signedRenewalInfo:
                    verifier.verify_and_decode_renewal_info(data.signedRenewalInfo)
            elif store == "stripe":
                event = stripe.Webhook.construct_event(body, headers["Stripe-Signature"], stripe_secret)
                if event["id"] != json.loads(body)["id"]:
                    raise ValueError("the event's id changed")
            elif store == "google":
                envelope = json.loads(body)
                message = envelope["message"]
                if message["messageId"] != message["message_id"] or message["publishTime"] != message["publish_time"]:
                    raise ValueError("the envelope's two spellings differ")
                notification = json.loads(base64.b64decode(message["data"], validate=True))
                if notification["packageName"] != package_name:
                    raise ValueError("packageName is not the app's")
                token = notification["subscriptionNotification"]["purchaseToken"]
                if "subscriptionsv2" in entry:
                    with open(os.path.join(directory, entry["subscriptionsv2"])) as f:
                        resource = json.load(f)
                    if not resource["path"].endswith(f"/applications/{package_name}/purchases/subscriptionsv2/tokens/{token}"):
                        raise ValueError("the resource's path is not the notification's token")
                    problems = []
                    check_schema(resource["body"], {"$ref": "SubscriptionPurchaseV2"}, schemas, "subscriptionsv2", problems)
                    if problems:
                        raise ValueError("; ".join(problems))
                    accepted["google subscriptionsv2"] += 1
            elif store == "revenuecat":
                if headers.get("Authorization") != rc_auth:
                    raise ValueError("Authorization is not the configured value")
                webhook = json.loads(body)
                if webhook["api_version"] != "1.0" or not webhook["event"]["id"]:
                    raise ValueError("not a RevenueCat webhook")
            else:
                raise ValueError(f"unknown store {store!r}")
            accepted[store] += 1
        except Exception as error:  # every rejection is reported, then the run fails
            rejected.append(f"{label}: {type(error).__name__}: {error}")
    for store, count in accepted.items():
        print(f"{store}: {count} accepted")
    for line in rejected:
        print(f"rejected: {line}")
    if rejected:
        print(f"{len(rejected)} rejected")
        sys.exit(1)


if __name__ == "__main__":
    main()
