"""Checks `simsub serve-store-api` with the stores' own API clients.

For each scenario: starts `simsub serve-store-api`, points each official client at the base URL
it prints, and fetches every URL it prints for each subscription, then a few unknown ids:

Apple: app-store-server-library's AppStoreServerAPIClient (Environment.LOCAL_TESTING, its base
URL set to SIMSUB_APPLE_API): get_all_subscription_statuses, get_transaction_history (V2),
get_transaction_info, each signed transaction and renewal info decoded by SignedDataVerifier; an
unknown id raises APIException with Apple's error 4040010.
Google: google-api-python-client's androidpublisher v3 (its static discovery document,
client_options api_endpoint SIMSUB_GOOGLE_API): purchases.subscriptionsv2.get, checked against the discovery schema, and
purchases.subscriptions.acknowledge; the v1 purchases.subscriptions.get, which the client's
discovery document no longer has, by plain HTTP; an unknown token raises HttpError 404.
Stripe: stripe-python with stripe.api_base SIMSUB_STRIPE_API: Subscription, Customer and
Invoice.retrieve; an unknown id raises InvalidRequestError with code resource_missing.
RevenueCat (no official server library): the subscriber's JSON.
Then interrupts the server (SIGINT) and checks it ended by that signal.

Usage: verify_store_api_with_official_clients.py SIMSUB BUNDLE_ID APP_APPLE_ID PACKAGE_NAME SCENARIO...
Prints "<call>: N accepted" per call; exits 1 on any rejection.
"""
import json
import os
import signal
import subprocess
import sys
import urllib.request

import stripe
from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from google.auth.credentials import AnonymousCredentials
from googleapiclient.discovery import build
from googleapiclient.errors import HttpError

sys.path.insert(0, os.path.dirname(__file__))
from verify_with_official_libraries import check_schema, discovery_schemas  # noqa: E402


def serve(simsub, scenario, bundle_id, app_apple_id, package_name):
    """The started server, its base URLs and the URLs it printed."""
    process = subprocess.Popen(
        [simsub, "serve-store-api", scenario, "--salt", "ci", "--bundle-id", bundle_id,
         "--app-apple-id", app_apple_id, "--package-name", package_name],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    bases, urls = {}, []
    for line in process.stdout:
        if line.startswith("SIMSUB_"):
            name, value = line.strip().split("=", 1)
            bases[name] = value
        elif line.startswith("  http://"):
            urls.append(line.strip())
        elif line == "Serving until Ctrl-C.\n":
            return process, bases, urls
    process.wait()
    raise RuntimeError(f"{scenario}: simsub serve-store-api ended: {process.stderr.read()}")


def main():
    simsub, bundle_id, app_apple_id, package_name = sys.argv[1:5]
    scenarios = sys.argv[5:]
    key = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    verifier = SignedDataVerifier(
        [], enable_online_checks=False, environment=Environment.LOCAL_TESTING, bundle_id=bundle_id,
        app_apple_id=int(app_apple_id))
    schemas = discovery_schemas()
    stripe.api_key = "sk_test_simsub"
    accepted, rejected = {}, []

    def accept(call):
        accepted[call] = accepted.get(call, 0) + 1

    def check(problems):
        if problems:
            raise ValueError("; ".join(problems))

    for scenario in scenarios:
        process, bases, urls = serve(simsub, scenario, bundle_id, app_apple_id, package_name)
        try:
            apple = AppStoreServerAPIClient(key, "KEYID", "issuer", bundle_id, Environment.LOCAL_TESTING)
            apple._base_url = bases["SIMSUB_APPLE_API"].rstrip("/")
            google = build(
                "androidpublisher", "v3", credentials=AnonymousCredentials(), static_discovery=True,
                client_options={"api_endpoint": bases["SIMSUB_GOOGLE_API"]})
            stripe.api_base = bases["SIMSUB_STRIPE_API"].rstrip("/")
            for url in urls:
                path = "/" + url.split("/", 3)[3]
                parts = path.strip("/").split("/")
                label = f"{scenario}: {path}"
                try:
                    if path.startswith("/inApps/v1/subscriptions/"):
                        statuses = apple.get_all_subscription_statuses(parts[-1])
                        for group in statuses.data:
                            for last in group.lastTransactions:
                                verifier.verify_and_decode_signed_transaction(last.signedTransactionInfo)
                                verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
                        accept("apple get_all_subscription_statuses")
                    elif path.startswith("/inApps/v2/history/"):
                        history = apple.get_transaction_history(
                            parts[-1], None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
                        if not history.signedTransactions:
                            raise ValueError("no transactions")
                        for signed in history.signedTransactions:
                            verifier.verify_and_decode_signed_transaction(signed)
                        accept("apple get_transaction_history")
                    elif path.startswith("/inApps/v1/transactions/"):
                        info = apple.get_transaction_info(parts[-1])
                        transaction = verifier.verify_and_decode_signed_transaction(info.signedTransactionInfo)
                        if transaction.transactionId != parts[-1] and transaction.originalTransactionId != parts[-1]:
                            raise ValueError("another transaction")
                        accept("apple get_transaction_info")
                    elif "/subscriptionsv2/" in path:
                        resource = google.purchases().subscriptionsv2().get(
                            packageName=parts[3], token=parts[-1]).execute()
                        problems = []
                        check_schema(resource, {"$ref": "SubscriptionPurchaseV2"}, schemas, "v2", problems)
                        check(problems)
                        accept("google subscriptionsv2.get")
                    elif path.startswith("/androidpublisher/"):
                        # The client's discovery document no longer has the deprecated v1 get.
                        with urllib.request.urlopen(url) as answer:
                            purchase = json.load(answer)
                        if purchase["kind"] != "androidpublisher#subscriptionPurchase":
                            raise ValueError("not a SubscriptionPurchase")
                        accept("google v1 subscriptions get (plain HTTP)")
                        google.purchases().subscriptions().acknowledge(
                            packageName=parts[3], subscriptionId=parts[6], token=parts[-1],
                            body={}).execute()
                        accept("google subscriptions.acknowledge")
                    elif path.startswith("/v1/subscribers/"):
                        with urllib.request.urlopen(url) as answer:
                            body = json.load(answer)
                        if body["subscriber"]["original_app_user_id"] != parts[-1]:
                            raise ValueError("another subscriber")
                        accept("revenuecat subscribers")
                    elif path.startswith("/v1/"):
                        kind = {"subscriptions": stripe.Subscription, "customers": stripe.Customer,
                                "invoices": stripe.Invoice}[parts[1]]
                        value = kind.retrieve(parts[2])
                        if value.id != parts[2] or value.object != parts[1][:-1]:
                            raise ValueError("another object")
                        accept(f"stripe {kind.__name__}.retrieve")
                    else:
                        raise ValueError("a URL this check does not know")
                except Exception as error:  # every rejection is reported, then the run fails
                    rejected.append(f"{label}: {type(error).__name__}: {error}")
            # Unknown ids, as each client reports them.
            try:
                apple.get_transaction_info("2000000000000001")
                rejected.append(f"{scenario}: an unknown Apple id was found")
            except APIException as error:
                if error.raw_api_error != 4040010:
                    rejected.append(f"{scenario}: Apple error {error.raw_api_error}")
                else:
                    accept("apple unknown id")
            try:
                google.purchases().subscriptionsv2().get(packageName=package_name, token="nope").execute()
                rejected.append(f"{scenario}: an unknown Google token was found")
            except HttpError as error:
                if error.resp.status != 404:
                    rejected.append(f"{scenario}: Google status {error.resp.status}")
                else:
                    accept("google unknown token")
            try:
                stripe.Subscription.retrieve("sub_nope")
                rejected.append(f"{scenario}: an unknown Stripe id was found")
            except stripe.InvalidRequestError as error:
                if error.code != "resource_missing" or error.http_status != 404:
                    rejected.append(f"{scenario}: Stripe error {error.code} {error.http_status}")
                else:
                    accept("stripe unknown id")
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=20)
        if process.returncode != -signal.SIGINT:
            rejected.append(f"{scenario}: serve-store-api ended with {process.returncode}, not by SIGINT")
    for call, count in sorted(accepted.items()):
        print(f"{call}: {count} accepted")
    for line in rejected:
        print(f"rejected: {line}")
    if rejected:
        print(f"{len(rejected)} rejected")
        sys.exit(1)


if __name__ == "__main__":
    main()
