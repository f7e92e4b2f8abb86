#!/usr/bin/env bash
# The live commands on big fleets (examples/bench_fleet.rs): 2,000, 20,000 and 50,000
# ResourceBindings over 100 clusters on a real test kube-apiserver, each command beside
# its baseline measured in the same run (kubectl get of the same kinds; the same command
# on a snapshot), with the API requests it made. Prints one Markdown table per size.
#
#   hack/bench-live.sh [SIZES...]     (default: 2000 20000 50000)
set -euo pipefail
cd "$(dirname "$0")/.."
export KUBEBUILDER_ASSETS="${KUBEBUILDER_ASSETS:-$(hack/test-env.sh)}"
cargo build --locked --release --bin karmadactl --example bench_fleet
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(2000 20000 50000)
for n in "${sizes[@]}"; do
  ./target/release/examples/bench_fleet "$n" 100 3
done
