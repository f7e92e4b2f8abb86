#!/usr/bin/env bash
# The project's test command (README, CI): provision the real etcd + kube-apiserver,
# check formatting and lints, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."

KUBEBUILDER_ASSETS="$(hack/test-env.sh | tail -n 1)"
export KUBEBUILDER_ASSETS
echo "test assets: $KUBEBUILDER_ASSETS"

cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
cargo test --locked --all-targets
cargo test --locked --doc
