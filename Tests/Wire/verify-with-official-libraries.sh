#!/usr/bin/env bash
# Every request of every shipped scenario, checked with the stores' own libraries: Apple's
# app-store-server-library (SignedDataVerifier, LOCAL_TESTING), Stripe's stripe-python
# (Webhook.construct_event) and google-api-python-client's androidpublisher v3 discovery schema
# (SubscriptionPurchaseV2); then `simsub serve-store-api` of every shipped scenario asked by the same
# libraries' API clients (AppStoreServerAPIClient, androidpublisher v3, stripe-python). Prints the
# accepted count per store and per call; fails on any rejection.
#
# Usage: Tests/Wire/verify-with-official-libraries.sh [path/to/simsub]
# The virtual environment lives in .build/wire-venv and is reused while the pins match.
set -euo pipefail
cd "$(dirname "$0")/../.."

simsub="${1:-.build/release/simsub}"
venv=.build/wire-venv
# The versions this check was written against.
pins=(app-store-server-library==3.1.2 stripe==16.1.0 google-api-python-client==2.202.0)

if [ ! -f "$venv/pins" ] || [ "$(cat "$venv/pins")" != "${pins[*]}" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "${pins[@]}"
  echo "${pins[*]}" >"$venv/pins"
fi

bundle_id=com.example.app
app_apple_id=1234567890
package_name=com.example.app
stripe_secret=whsec_simsubCiSecret
revenuecat_authorization="Bearer simsub-ci"

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$simsub" requests Scenarios --output "$out" --bundle-id "$bundle_id" --app-apple-id "$app_apple_id" \
  --package-name "$package_name" --stripe-secret "$stripe_secret" \
  --revenuecat-authorization "$revenuecat_authorization"
"$venv/bin/python" Tests/Wire/verify_with_official_libraries.py "$out" "$bundle_id" "$app_apple_id" \
  "$package_name" "$stripe_secret" "$revenuecat_authorization"

# The store APIs served on loopback, asked by the same libraries' API clients.
"$venv/bin/python" Tests/Wire/verify_store_api_with_official_clients.py "$simsub" "$bundle_id" "$app_apple_id" \
  "$package_name" Scenarios/*.scn
