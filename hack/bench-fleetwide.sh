#!/usr/bin/env bash
# Fleet-wide answers against the cost of one: on one generated fleet (default 1000
# clusters, 100k bindings), each fleet-wide command runs side by side with one
# `dry-run --cluster member-0001` (the pair back to back, RUNS pairs), and the script
# prints per command its median wall time and max RSS and the median of the per-pair
# ratios to the dry-run of its pair. The target of issue 43: every ratio at most 2x wall
# and 1.5x memory.
#
# Environment:
#   RUNS=5                      pairs per command
#   CLUSTERS=1000 BINDINGS=100000 SEED=1   fleet shape
#   COMMANDS="capacity doctor plan"        which fleet-wide commands
#   OUTPUT=json                 every command's output (json, or table: the command lines
#                               as an operator types them; the dry-run's table holds its
#                               whole text, so its peak is its rendering's)
#   CARGO_TARGET_DIR            where cargo builds (default: target); fleets are cached in
#                               $CARGO_TARGET_DIR/bench-fleets, keyed by the generator's source
#   KARMADACTL=PATH             measure this binary instead of the freshly built one
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS="${RUNS:-5}"
CLUSTERS="${CLUSTERS:-1000}"
BINDINGS="${BINDINGS:-100000}"
SEED="${SEED:-1}"
COMMANDS="${COMMANDS:-capacity doctor plan}"
OUTPUT="${OUTPUT:-json}"
TARGET="${CARGO_TARGET_DIR:-target}"
CACHE="$TARGET/bench-fleets"

# shellcheck source=hack/bench-common.sh
. hack/bench-common.sh
need_gnu_time

echo "building release (karmadactl, gen_fleet)..." >&2
cargo build --release --locked --bin karmadactl --example gen_fleet >&2
BIN="${KARMADACTL:-$TARGET/release/karmadactl}"
GEN="$TARGET/release/examples/gen_fleet"

ensure_fleet "$GEN" "$CACHE" "$CLUSTERS" "$BINDINGS" "$SEED"
FLEET="$(fleet_path "$CACHE" "$CLUSTERS" "$BINDINGS" "$SEED")"

# The command line of each measured command (output to /dev/null; exit 3, "the fleet
# does not carry it", is an answer, not a failure).
line() {
  local o="-o $OUTPUT"
  case "$1" in
    dry-run) echo "$BIN dry-run --snapshot $FLEET --cluster member-0001 $o" ;;
    capacity) echo "$BIN failover capacity --snapshot $FLEET $o" ;;
    doctor) echo "$BIN failover doctor --snapshot $FLEET $o" ;;
    plan) echo "$BIN maintenance plan --snapshot $FLEET --all --max-unavailable 5 $o" ;;
    *) echo "unknown command $1" >&2; exit 2 ;;
  esac
}
case "$OUTPUT" in json | table) ;; *) echo "OUTPUT must be json or table" >&2; exit 2 ;; esac

LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
# run NAME: prints "wall_seconds max_rss_kib".
run() {
  local rc=0
  # shellcheck disable=SC2046
  NO_COLOR=1 /usr/bin/time -f '%e %M' -o "$LOG" $(line "$1") >/dev/null 2>/dev/null || rc=$?
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ] && [ "$rc" -ne 3 ]; then
    echo "FAILED ($rc): $(line "$1")" >&2
    exit 1
  fi
  tail -n 1 "$LOG"
}

echo
echo "fleet: $CLUSTERS clusters, $BINDINGS bindings (seed $SEED); $RUNS pairs per command"
printf '%-10s %9s %9s %12s %12s %9s %9s\n' command "wall s" "dry s" "RSS MiB" "dry MiB" "x wall" "x RSS"
for cmd in $COMMANDS; do
  walls=() rsss=() dwalls=() drsss=() xw=() xr=()
  for ((i = 1; i <= RUNS; i++)); do
    read -r dw dr < <(run dry-run)
    read -r w r < <(run "$cmd")
    echo "  pair $i: $cmd ${w}s ${r}KiB; dry-run ${dw}s ${dr}KiB" >&2
    walls+=("$w") rsss+=("$r") dwalls+=("$dw") drsss+=("$dr")
    xw+=("$(awk -v a="$w" -v b="$dw" 'BEGIN { print a / b }')")
    xr+=("$(awk -v a="$r" -v b="$dr" 'BEGIN { print a / b }')")
  done
  awk -v c="$cmd" -v w="$(printf '%s\n' "${walls[@]}" | median)" \
      -v dw="$(printf '%s\n' "${dwalls[@]}" | median)" \
      -v r="$(printf '%s\n' "${rsss[@]}" | median)" \
      -v dr="$(printf '%s\n' "${drsss[@]}" | median)" \
      -v xw="$(printf '%s\n' "${xw[@]}" | median)" \
      -v xr="$(printf '%s\n' "${xr[@]}" | median)" 'BEGIN {
    printf "%-10s %9.2f %9.2f %12.0f %12.0f %8.2fx %8.2fx\n", c, w, dw, r / 1024, dr / 1024, xw, xr }'
done
echo "x wall, x RSS: median of the per-pair ratios to the dry-run run just before (target: 2x, 1.5x)"
for cmd in dry-run $COMMANDS; do echo "  $cmd: $(line "$cmd")"; done
