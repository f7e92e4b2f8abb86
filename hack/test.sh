#!/usr/bin/env bash
# The project's test command (README, CI): provision the real etcd + kube-apiserver,
# check formatting and lints, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."

# A clean clone gains nothing from incremental caches, which would double the disk
# the build takes; a developer who wants them sets CARGO_INCREMENTAL=1.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
# The live suite's tests mostly wait on real controllers and clocks: four run at a time
# (each plane a test owns ends with it, so memory stays bounded).
export RUST_TEST_THREADS="${RUST_TEST_THREADS:-4}"

KUBEBUILDER_ASSETS="$(hack/test-env.sh | tail -n 1)"
export KUBEBUILDER_ASSETS
echo "test assets: $KUBEBUILDER_ASSETS"

cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
cargo test --locked --all-targets
cargo test --locked --doc
