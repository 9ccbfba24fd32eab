#!/usr/bin/env bash
# Installs what building and testing need, checking first so a second run is quick.
# Needs a Debian machine with Rust (rustup); uses apt as root (or through sudo).
set -euo pipefail
cd "$(dirname "$0")/.."

for component in clippy rustfmt; do
  rustup component list --installed 2>/dev/null | grep -q "^$component" || rustup component add "$component"
done
