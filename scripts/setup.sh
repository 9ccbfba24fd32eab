#!/usr/bin/env bash
# Installs what building, playing and testing need, checking first so a second run
# takes a second or two. Needs a Debian machine with Rust (rustup) and Node.js/npm (both
# come with this project's machines); apt runs as root, or through sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# Rust: formatter, linter and the wasm target.
for component in clippy rustfmt; do
  rustup component list --installed 2>/dev/null | grep -q "^$component" || rustup component add "$component"
done
rustup target list --installed | grep -q '^wasm32-unknown-unknown$' || rustup target add wasm32-unknown-unknown

# wasm-bindgen's CLI must be exactly the version Cargo.lock pins.
wanted=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$wanted" ]; then
  echo "setup: installing wasm-bindgen-cli $wanted (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$wanted"
fi

# Debian packages: Chromium and its driver for browser tests, GNU Backgammon as the
# reference the tests compare with.
missing=()
for package in chromium chromium-driver gnubg; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi

# npm tools (wasm-opt from binaryen, TypeScript, Playwright without its browser download).
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
fi
