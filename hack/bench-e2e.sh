#!/usr/bin/env bash
# End-to-end benchmark: `karmadactl dry-run` on generated fleets of 1000 clusters and
# 10k, 100k and 1M bindings. Each size runs RUNS times (default 5) under /usr/bin/time -v;
# the script prints the median wall time and median max RSS per size, their ratios to
# the 10k run and to the size before of the same invocation, and the parse baseline: the
# same file read into a serde_json::Value (examples/parse_baseline.rs), measured the same
# way in the same run (skipped where it would not fit in memory: ~11x the file).
#
# Environment:
#   RUNS=5                  runs per size
#   SIZES="10000 100000 1000000"   binding counts (the first is the baseline)
#   CLUSTERS=1000 SEED=1    fleet shape
#   CARGO_TARGET_DIR        where cargo builds (default: target); fleets are cached in
#                           $CARGO_TARGET_DIR/bench-fleets, keyed by the generator's source
#   KARMADACTL=PATH         measure this binary instead of the freshly built one
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS="${RUNS:-5}"
SIZES="${SIZES:-10000 100000 1000000}"
CLUSTERS="${CLUSTERS:-1000}"
SEED="${SEED:-1}"
TARGET="${CARGO_TARGET_DIR:-target}"
CACHE="$TARGET/bench-fleets"

# shellcheck source=hack/bench-common.sh
. hack/bench-common.sh
need_gnu_time

echo "building release (karmadactl, gen_fleet)..." >&2
cargo build --release --locked --bin karmadactl --example gen_fleet --example parse_baseline >&2
BIN="${KARMADACTL:-$TARGET/release/karmadactl}"
GEN="$TARGET/release/examples/gen_fleet"
PARSE="$TARGET/release/examples/parse_baseline"

# Which command to measure.
if "$BIN" dry-run --help >/dev/null 2>&1; then
  MODE="dry-run"
else
  MODE="help"
  echo "NOTE: $BIN has no 'dry-run' subcommand; measuring 'karmadactl --help' instead" \
       "(startup only, the fleet is not read)." >&2
fi

# Fleets, cached by generator source so a changed generator regenerates them.
for n in $SIZES; do ensure_fleet "$GEN" "$CACHE" "$CLUSTERS" "$n" "$SEED"; done

# Wall time "h:mm:ss" or "m:ss.ss" to seconds.
to_seconds() { awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }'; }

declare -A WALL RSS PWALL PRSS
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
# measure VAR_WALL VAR_RSS CMD...: median wall seconds and max RSS KiB over RUNS runs.
measure() {
  local -n out_wall=$1 out_rss=$2
  shift 2
  local walls=() rsss=()
  for ((i = 1; i <= RUNS; i++)); do
    if ! /usr/bin/time -v -o "$LOG" "$@" >/dev/null 2>"$LOG.err"; then
      echo "FAILED: $*" >&2
      cat "$LOG.err" "$LOG" >&2
      rm -f "$LOG.err"
      exit 1
    fi
    rm -f "$LOG.err"
    walls+=("$(sed -n 's/.*Elapsed (wall clock) time ([^)]*): //p' "$LOG" | to_seconds)")
    rsss+=("$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$LOG")")
  done
  out_wall="$(printf '%s\n' "${walls[@]}" | median)"
  out_rss="$(printf '%s\n' "${rsss[@]}" | median)"
  echo "  $*: wall ${walls[*]} s; max RSS ${rsss[*]} KiB" >&2
}
for n in $SIZES; do
  f="$(fleet_path "$CACHE" "$CLUSTERS" "$n" "$SEED")"
  if [ "$MODE" = "dry-run" ]; then
    measure w r "$BIN" dry-run --snapshot "$f" -o json
  else
    measure w r "$BIN" --help
  fi
  WALL[$n]="$w"
  RSS[$n]="$r"
  # The baseline holds the whole file as a serde_json::Value, about 11 times its size:
  # where that does not fit in the memory available it is not run (a 1M fleet needs
  # about 22 GiB), and the table says so.
  need=$(( $(stat -c %s "$f") * 11 / 1024 ))
  avail=$(awk '/MemAvailable/ { print $2 }' /proc/meminfo)
  if [ "$need" -lt $(( avail * 9 / 10 )) ]; then
    measure w r "$PARSE" "$f"
    PWALL[$n]="$w"
    PRSS[$n]="$r"
  else
    echo "  parse baseline of $n bindings skipped: needs about $(( need / 1048576 )) GiB, $(( avail / 1048576 )) GiB available" >&2
    PWALL[$n]=0
    PRSS[$n]=0
  fi
done

base="${SIZES%% *}"
echo
echo "karmadactl $MODE, $CLUSTERS clusters, median of $RUNS runs (baseline: $base bindings)"
printf '%10s %10s %9s %8s %8s %12s %8s %9s %9s %10s %9s\n' bindings "file MiB" "wall s" "x wall" "x prev" "max RSS MiB" "x RSS" "parse s" "x parse" "parse MiB" "x size"
prev="$base"
for n in $SIZES; do
  size=$(stat -c %s "$(fleet_path "$CACHE" "$CLUSTERS" "$n" "$SEED")")
  awk -v n="$n" -v size="$size" -v w="${WALL[$n]}" -v r="${RSS[$n]}" \
      -v pw="${PWALL[$n]}" -v pr="${PRSS[$n]}" -v qw="${WALL[$prev]}" \
      -v bw="${WALL[$base]}" -v br="${RSS[$base]}" -v bn="$base" 'BEGIN {
    if (pw > 0)
      printf "%10d %10.1f %9.3f %8.2f %8.2f %12.1f %8.2f %9.3f %9.2f %10.1f %9.1f\n",
        n, size / 1048576, w, (bw > 0 ? w / bw : 0), (qw > 0 ? w / qw : 0), r / 1024,
        (br > 0 ? r / br : 0), pw, w / pw, pr / 1024, n / bn
    else
      printf "%10d %10.1f %9.3f %8.2f %8.2f %12.1f %8.2f %9s %9s %10s %9.1f\n",
        n, size / 1048576, w, (bw > 0 ? w / bw : 0), (qw > 0 ? w / qw : 0), r / 1024,
        (br > 0 ? r / br : 0), "skipped", "-", "-", n / bn }'
  prev="$n"
done
echo "x wall, x RSS: against the $base-binding run; x prev: wall against the size before"
echo "x parse: dry-run wall / parse-baseline wall of the same file"
echo "x size: bindings against the $base-binding run (x wall at or under x size: linear or better)"

