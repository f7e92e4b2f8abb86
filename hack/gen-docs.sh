#!/usr/bin/env bash
# Regenerate the checked-in shell completions (completions/) and man pages (docs/man/)
# from the current CLI definition.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -f docs/man/*.1
KARMADACTL_REGENERATE=1 cargo test --locked --quiet --test offline generated_files
echo "regenerated completions/ and docs/man/"
