#!/usr/bin/env bash
# Fuzz the parsers: hack/fuzz.sh [SECONDS] [TARGET...]
#
# Runs each cargo-fuzz target of fuzz/ (default: taint_spec selector snapshot) in turn
# for SECONDS (default 600) with one job, corpus in fuzz/corpus/TARGET seeded from
# fuzz/seeds/TARGET, crashes in fuzz/artifacts/TARGET. Prints per target: executions,
# exec/s, coverage (cov/ft) and crashes found; exits non-zero if any target crashed.
# An input that takes over 10 s or 2 GiB counts as a crash (timeout-*, oom-*).
# Needs cargo-fuzz and a nightly toolchain (FUZZ_TOOLCHAIN, default nightly).
set -euo pipefail

cd "$(dirname "$0")/.."

seconds=${1:-600}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(taint_spec selector snapshot)
fi
if ! [[ $seconds =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "usage: hack/fuzz.sh [SECONDS] [TARGET...]" >&2
  exit 2
fi

toolchain=${FUZZ_TOOLCHAIN:-nightly}
export CARGO_BUILD_JOBS=1
logs=fuzz/target/fuzz-logs
bin=fuzz/target/$(rustc "+$toolchain" -vV | sed -n 's/^host: //p')/release
mkdir -p "$logs"

failed=()
summary=()
for target in "${targets[@]}"; do
  if [ ! -f "fuzz/fuzz_targets/$target.rs" ]; then
    echo "no such fuzz target: $target (fuzz/fuzz_targets/$target.rs)" >&2
    exit 2
  fi
  corpus=fuzz/corpus/$target
  artifacts=fuzz/artifacts/$target
  log=$logs/$target.log
  mkdir -p "$corpus" "$artifacts"

  echo "==> $target: building"
  cargo "+$toolchain" fuzz build "$target"

  # The binary cargo-fuzz built, run directly (`cargo fuzz run` would build again).
  echo "==> $target: fuzzing for ${seconds}s (log: $log)"
  marker=$(mktemp)
  status=0
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_odr_violation=0} "$bin/$target" \
    -artifact_prefix="$artifacts/" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 "$corpus" "fuzz/seeds/$target" \
    >"$log" 2>&1 || status=$?

  # libFuzzer's final lines: the last status line (`#N DONE cov: C ft: F ...`) and, with
  # -print_final_stats, the totals (also printed when it stops on a crash).
  last=$(grep -E '^#[0-9]+' "$log" | grep -E ' cov: ' | tail -n 1 || true)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
  ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
  corp=$(sed -nE 's/.* corp: ([^ ]+).*/\1/p' <<<"$last")
  elapsed=$(sed -nE 's/^Done [0-9]+ runs in ([0-9]+) second.*/\1/p' "$log" | tail -n 1)
  found=$(find "$artifacts" -type f -newer "$marker" \
    \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | sort)
  rm -f "$marker"
  crashes=$(grep -c . <<<"$found" || true)

  line=$(printf '%-11s executions=%s exec/s=%s cov=%s ft=%s corpus=%s time=%ss crashes=%s' \
    "$target" "${runs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "${elapsed:-?}" "$crashes")
  summary+=("$line")
  echo "$line"
  if [ "$crashes" -gt 0 ] || [ "$status" -ne 0 ]; then
    failed+=("$target")
    echo "--- $target failed (libFuzzer exit $status); last lines of $log:"
    tail -n 40 "$log"
    for f in $found; do
      echo "artifact: $f"
    done
  fi
done

echo
echo "==> summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "crashed: ${failed[*]}" >&2
  exit 1
fi
