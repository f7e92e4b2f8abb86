#!/usr/bin/env bash
# Regenerate the checked-in shell completions (completions/), man pages (docs/man/) and
# the pictures drawn from the examples (docs/img/, tests/golden/plot/) from the current
# CLI and renderers. The offline tests `generated_files` and `plot_pictures_are_unchanged`
# fail when any of them drifts.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -f docs/man/*.1
KARMADACTL_REGENERATE=1 cargo test --locked --quiet --test offline -- \
  generated_files plot_pictures_are_unchanged
echo "regenerated completions/, docs/man/, docs/img/ and tests/golden/plot/"
