#!/usr/bin/env bash
# Builds the scenario-syntax fuzzer with libFuzzer (and AddressSanitizer) and runs it.
#
#   bash Tests/Fuzz/run.sh                          # 180 s from the seed corpus
#   FUZZ_SECONDS=600 bash Tests/Fuzz/run.sh -jobs=2 # any libFuzzer flags may follow
#
# The target is compiled with swiftc, not SwiftPM: the Syntax sources and the time types they
# use, plus Tests/Fuzz/ScenarioSyntaxFuzz.swift, as one module. Findings and the grown corpus
# go to .build/fuzz/ (crash-* files there reproduce with: .build/fuzz/scenario-syntax-fuzz FILE).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/.build/fuzz"
mkdir -p "$out/corpus"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name ScenarioSyntaxFuzz \
  "$root"/Sources/SubscriptionPolicy/Time/*.swift \
  "$root"/Sources/SimSub/Scenario/Syntax/*.swift \
  "$root"/Tests/Fuzz/ScenarioSyntaxFuzz.swift \
  -o "$out/scenario-syntax-fuzz"
cd "$out"
exec ./scenario-syntax-fuzz corpus "$root/Tests/Fuzz/corpus" \
  -dict="$root/Tests/Fuzz/yaml.dict" -max_len=4096 -timeout=10 \
  -max_total_time="${FUZZ_SECONDS:-180}" -print_final_stats=1 "$@"
