#!/usr/bin/env bash
# Builds one libFuzzer target per parser simsub has and runs each for a bounded time, printing
# the executions of each; fails on any crash, hang or out-of-memory the fuzzer reports.
#
#   bash Tests/Fuzz/run.sh                        # every target, 8 s each (about 80 s of fuzzing)
#   FUZZ_SECONDS=300 bash Tests/Fuzz/run.sh       # longer
#   bash Tests/Fuzz/run.sh scenario-decoding      # some targets only
#
# The targets (Tests/Fuzz/Targets/NAME.swift) are compiled with swiftc, not SwiftPM, against
# SubscriptionPolicy and SimSub built as static libraries with the fuzzer's coverage
# (-sanitize=fuzzer). Seeds: the shipped scenarios, populations and baseline, the notification
# fixtures of Tests/SubscriptionPolicyTests/Fixtures, and Tests/Fuzz/corpus/NAME/. Findings and
# the grown corpora go to .build/fuzz/; a crash-* file there reproduces with
# `.build/fuzz/NAME FILE`.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/.build/fuzz"
seconds="${FUZZ_SECONDS:-8}"
mkdir -p "$out/modules"
flags=(-O -wmo -sanitize=fuzzer -parse-as-library -enable-testing -package-name simsub -I "$out/modules")

# The libraries, rebuilt when a source is newer than the library.
library() {
  local module="$1" sources="$root/Sources/$1"
  if [[ -f "$out/lib$module.a" ]] && [[ -z "$(find "$sources" -name '*.swift' -newer "$out/lib$module.a")" ]]; then
    return
  fi
  echo "fuzz: building $module with fuzzer coverage"
  # shellcheck disable=SC2046
  swiftc "${flags[@]}" -module-name "$module" -emit-module -emit-module-path "$out/modules/$module.swiftmodule" \
    -emit-library -static -o "$out/lib$module.a" $(find "$sources" -name '*.swift' | sort)
}
library SubscriptionPolicy
library SimSub

# Seeds for each target: files, and the text blocks (#"""…"""#) of the Swift fixtures.
seed() {
  local target="$1"
  shift
  mkdir -p "$out/seeds/$target"
  for file in "$@"; do
    case "$file" in
      *.swift)
        SEEDS="$out/seeds/$target" BASE="$(basename "$file" .swift)" perl -0777 -ne '
          my $i = 0;
          while (/#"""\n(.*?)\n\s*"""#/sg) {
            $i++;
            open(my $f, ">", "$ENV{SEEDS}/$ENV{BASE}-$i.json") or die; print $f $1; close($f);
          }' "$file" ;;
      *) cp "$file" "$out/seeds/$target/" ;;
    esac
  done
  if [[ -d "$root/Tests/Fuzz/corpus/$target" ]]; then cp "$root/Tests/Fuzz/corpus/$target"/* "$out/seeds/$target/"; fi
}
fixtures="$root/Tests/SubscriptionPolicyTests/Fixtures"
rm -rf "$out/seeds"
seed scenario-syntax "$root"/Scenarios/*.scn "$root"/Scenarios/populations/*.pop
seed scenario-decoding "$root"/Scenarios/*.scn
seed population "$root"/Scenarios/populations/*.pop
seed policy-file
seed gate-baseline "$root/Reports/baseline.json"
seed montecarlo-result
seed apple-notification "$fixtures/AppStoreFixtures.swift"
seed google-notification "$fixtures/GooglePlayFixtures.swift"
seed stripe-event "$fixtures/StripeFixtures.swift"
seed revenuecat-event "$fixtures/RevenueCatFixtures.swift"
seed notification-log "$fixtures/WireFixtures.swift"
seed replay-log
seed replay-report
seed http-messages
seed wire-documents $(find "$fixtures/AppStore" "$fixtures/GooglePlay" "$fixtures/Stripe" "$fixtures/RevenueCat" -type f ! -name "*.md" | sort)

targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  for file in "$root"/Tests/Fuzz/Targets/*.swift; do targets+=("$(basename "$file" .swift)"); done
fi
failed=0
summary=""
for target in "${targets[@]}"; do
  swiftc "${flags[@]}" -module-name "Fuzz_${target//-/_}" "$root/Tests/Fuzz/Targets/$target.swift" \
    -L "$out" -lSimSub -lSubscriptionPolicy -o "$out/$target"
  mkdir -p "$out/corpus/$target" "$out/findings/$target"
  # Text formats with the YAML dictionary; JSON documents longer, as the stores' bodies and
  # Monte Carlo results are (their seeds would be cut off otherwise).
  options=(-max_len=8192)
  case "$target" in
    scenario-* | population | policy-file) options=(-max_len=8192 -dict="$root/Tests/Fuzz/yaml.dict") ;;
    http-messages) options=(-max_len=8192) ;;
    *) options=(-max_len=32768) ;;
  esac
  log="$out/$target.log"
  status=0
  (cd "$out/findings/$target" && "$out/$target" "$out/corpus/$target" "$out/seeds/$target" "${options[@]}" \
    -timeout=10 -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1) >"$log" 2>&1 \
    || status=$?
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  crashes="$(find "$out/findings/$target" -name 'crash-*' -o -name 'timeout-*' -o -name 'leak-*' -o -name 'oom-*' | wc -l)"
  line="$(printf '%-20s %12s executions in %ss, %s crashes' "$target" "${runs:-?}" "$seconds" "$crashes")"
  echo "fuzz: $line"
  summary+="$line"$'\n'
  if [[ $status -ne 0 || $crashes -ne 0 ]]; then
    failed=1
    tail -30 "$log"
  fi
done
printf '\nfuzz summary (%s s per target):\n%s' "$seconds" "$summary"
exit "$failed"
