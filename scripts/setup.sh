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

# install_exact BINARY CRATE VERSION: `cargo install`s CRATE at exactly VERSION unless
# `BINARY --version` already names it (no --locked: a locked dependency of these tools
# is missing from the registry).
install_exact() {
  local binary=$1 crate=$2 version=$3 found
  # First line only: geckodriver's --version goes on with its licence.
  found=$("$binary" --version 2>/dev/null | head -n 1 || true)
  if [[ " $found " != *" $version "* ]]; then
    echo "setup: installing $crate $version (a few minutes, once)"
    cargo install "$crate" --version "$version"
  fi
}

# wasm-bindgen's CLI must be exactly the version Cargo.lock pins; geckodriver runs the
# wasm tests in Firefox; wasm-pack is the Rust/wasm world's usual build tool.
install_exact wasm-bindgen wasm-bindgen-cli \
  "$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')"
install_exact geckodriver geckodriver 0.37.1
install_exact wasm-pack wasm-pack 0.15.1

# Debian packages: Chromium and its driver, and Firefox, for browser tests; GNU
# Backgammon as the reference the tests compare with. (Never Debian's binaryen: its
# wasm-opt writes modules that fail to load, and wasm-pack would pick it up.)
missing=()
for package in chromium chromium-driver firefox-esr gnubg; do
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
