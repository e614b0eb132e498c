#!/usr/bin/env bash
# Signals at random moments of `simsub montecarlo --output` and `simsub gate --update`: after
# each one the outputs are the old or the new complete files, byte for byte; SIGINT, SIGTERM and
# SIGHUP leave no temporary file; a SIGKILL's leftover is gone after the next run.
#
#   Tests/Stress/signal-writes.sh [SIMSUB] [MONTE_CARLO_ROUNDS] [GATE_ROUNDS]
#
# SIMSUB defaults to .build/release/simsub; 90 and 30 rounds (120 signals) take about 20 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
simsub="$(cd "$(dirname "${1:-.build/release/simsub}")" && pwd)/$(basename "${1:-.build/release/simsub}")"
mc_rounds="${2:-90}"
gate_rounds="${3:-30}"
signals=(INT TERM HUP KILL)

# The scratch directory lies under .build, on the disk the reports are written to (a /tmp in
# memory would make the write's window, its fsync, next to nothing).
mkdir -p .build
scratch="$(mktemp -d "$PWD/.build/signal-writes.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
fail() {
  echo "signal-writes: $*" >&2
  exit 1
}
now_ms() { date +%s%3N; }

# The temporary files left in a directory (AtomicFile names them .NAME.PID.UUID.tmp).
leftovers() { find "$1" -maxdepth 1 -name '.*.tmp' | sort; }

# Starts `simsub ARGS...` in DIR and sends SIGNAL after DELAY_MS, or, with a delay of -1, the
# moment a temporary file appears in WATCHED (the write's window, found by polling with shell
# built-ins only); waits, and prints the exit status and whether the signal was sent while a
# temporary file existed (1) or not (0).
signalled_run() {
  local dir="$1" watched="$2" signal="$3" delay_ms="$4"
  shift 4
  (cd "$dir" && exec "$simsub" "$@") >/dev/null 2>&1 &
  local pid=$! in_write=0
  if ((delay_ms < 0)); then
    while kill -0 "$pid" 2>/dev/null && ! compgen -G "$watched/.*.tmp" >/dev/null; do :; done
  else
    sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
  fi
  compgen -G "$watched/.*.tmp" >/dev/null && in_write=1
  kill -s "$signal" "$pid" 2>/dev/null || true
  local status=0
  wait "$pid" || status=$?
  echo "$status $in_write"
}

# Checks a run's status: finished (0), or ended by the signal sent (128 + its number).
check_status() {
  local status="$1" signal="$2" what="$3"
  local expected=$((128 + $(kill -l "$signal")))
  [[ "$status" == 0 || "$status" == "$expected" ]] || fail "$what: status $status after SIG$signal"
}

# Every other round, a random delay in [0, 1.2 × LENGTH_MS], so the signal falls anywhere in
# the run; the other rounds -1: the signal is sent in the write itself.
random_delay() {
  if ((RANDOM % 2)); then echo -1; else echo $(((RANDOM * 32768 + RANDOM) % ($1 * 12 / 10 + 1))); fi
}

# MARK: montecarlo --output

mc="$scratch/montecarlo"
mkdir -p "$mc"
population="$PWD/Scenarios/populations/typical.pop"
mc_args() { echo montecarlo "$population" --users 20000 --threads 1 --seed "$1" --format json --output out.json; }
# The two complete reports the rounds alternate between (so "old" and "new" differ).
begin=$(now_ms)
# shellcheck disable=SC2046
(cd "$mc" && "$simsub" $(mc_args 1) 2>/dev/null && mv out.json one.json)
mc_length=$(($(now_ms) - begin))
# shellcheck disable=SC2046
(cd "$mc" && "$simsub" $(mc_args 2) 2>/dev/null && mv out.json two.json)
cp "$mc/one.json" "$mc/out.json"

sent=0
in_writes=0
for ((round = 0; round < mc_rounds; round++)); do
  signal="${signals[RANDOM % ${#signals[@]}]}"
  seed=$((round % 2 + 1))
  # shellcheck disable=SC2046
  read -r status in_write < <(signalled_run "$mc" "$mc" "$signal" "$(random_delay "$mc_length")" $(mc_args "$seed"))
  in_writes=$((in_writes + in_write))
  sent=$((sent + 1))
  check_status "$status" "$signal" "montecarlo round $round"
  cmp -s "$mc/out.json" "$mc/one.json" || cmp -s "$mc/out.json" "$mc/two.json" ||
    fail "montecarlo round $round (SIG$signal): out.json is neither the old nor the new report"
  left="$(leftovers "$mc")"
  if [[ "$signal" != KILL && -n "$left" ]]; then
    fail "montecarlo round $round: SIG$signal left $left"
  fi
  if [[ -n "$left" ]]; then
    # A killed run's leftover goes with the next write to the same place.
    # shellcheck disable=SC2046
    (cd "$mc" && "$simsub" $(mc_args "$seed") >/dev/null 2>&1)
    [[ -z "$(leftovers "$mc")" ]] || fail "montecarlo round $round: the next run left $(leftovers "$mc")"
    cmp -s "$mc/out.json" "$mc/$([[ $seed == 1 ]] && echo one || echo two).json" ||
      fail "montecarlo round $round: the next run's report is wrong"
  fi
done

# MARK: gate --update

repo="$scratch/repo"
mkdir -p "$repo"
cp -R Scenarios Reports "$repo/"
begin=$(now_ms)
(cd "$repo" && "$simsub" gate --update >/dev/null) || fail "gate --update fails in the scratch repository"
gate_length=$(($(now_ms) - begin))
cp "$repo/Reports/baseline.json" "$scratch/new-baseline.json"
cp "$repo/Reports/policy-table.md" "$scratch/new-table.md"
# An older pair, consistent in itself and different from the new one in both files: the table
# with one more line and a baseline that records that table's digest. Each round starts from it,
# so a signal between the update's two renames shows as a new table beside the old baseline.
{ cat "$scratch/new-table.md"; echo "<!-- the table of an older policy -->"; } >"$scratch/old-table.md"
old_digest=$(sha256sum "$scratch/old-table.md" | cut -d' ' -f1)
sed -E "s/(\"policy-table-sha256\": \")[0-9a-f]{64}/\1$old_digest/" "$scratch/new-baseline.json" >"$scratch/old-baseline.json"
! cmp -s "$scratch/old-baseline.json" "$scratch/new-baseline.json" || fail "the older baseline is not different"

which_file() { # which_file FILE NAME: "old" or "new" when FILE is byte for byte that version
  if cmp -s "$1" "$scratch/old-$2"; then echo old; elif cmp -s "$1" "$scratch/new-$2"; then echo new; else echo torn; fi
}
mismatches=0
for ((round = 0; round < gate_rounds; round++)); do
  cp "$scratch/old-table.md" "$repo/Reports/policy-table.md"
  cp "$scratch/old-baseline.json" "$repo/Reports/baseline.json"
  signal="${signals[RANDOM % ${#signals[@]}]}"
  read -r status in_write < <(signalled_run "$repo" "$repo/Reports" "$signal" "$(random_delay "$gate_length")" gate --update)
  in_writes=$((in_writes + in_write))
  sent=$((sent + 1))
  check_status "$status" "$signal" "gate round $round"
  table=$(which_file "$repo/Reports/policy-table.md" table.md)
  baseline=$(which_file "$repo/Reports/baseline.json" baseline.json)
  [[ $table != torn && $baseline != torn ]] ||
    fail "gate round $round (SIG$signal): the table is $table and the baseline $baseline"
  case "$table/$baseline" in
    old/old | new/new) ;;
    new/old)
      # Stopped between the renames: the gate must refuse the pair and say how to mend it.
      mismatches=$((mismatches + 1))
      set +e
      message=$(cd "$repo" && "$simsub" gate 2>&1 >/dev/null)
      code=$?
      set -e
      [[ $code == 2 && $message == *"record both again"* ]] ||
        fail "gate round $round: a new table beside the old baseline was not refused (exit $code): $message" ;;
    *) fail "gate round $round (SIG$signal): the baseline was replaced before the table" ;;
  esac
  left="$(leftovers "$repo/Reports")"
  if [[ "$signal" != KILL && -n "$left" ]]; then
    fail "gate round $round: SIG$signal left $left"
  fi
  if [[ -n "$left" || $table/$baseline == new/old ]]; then
    (cd "$repo" && "$simsub" gate --update >/dev/null 2>&1) || fail "gate round $round: the next update fails"
    [[ -z "$(leftovers "$repo/Reports")" ]] || fail "gate round $round: the next update left $(leftovers "$repo/Reports")"
    [[ $(which_file "$repo/Reports/policy-table.md" table.md)/$(which_file "$repo/Reports/baseline.json" baseline.json) == new/new ]] ||
      fail "gate round $round: the next update did not leave the new pair"
  fi
done
(cd "$repo" && "$simsub" gate --update >/dev/null)
# The files left are a baseline and a table the gate accepts.
(cd "$repo" && "$simsub" gate >/dev/null) || fail "the gate fails on the files the rounds left"

echo "signal-writes: $sent signals ($mc_rounds montecarlo --output, $gate_rounds gate --update), $in_writes of them during a write: complete files, no temporary file left; $mismatches stopped between the gate's renames, each refused by the gate and mended by the next update"
