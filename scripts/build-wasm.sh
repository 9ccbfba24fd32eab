#!/usr/bin/env bash
# Builds the engine for the browser: pkg/ (ES module, .d.ts, package.json), copied to
# www/pkg for the page. Run scripts/setup.sh first (scripts/play.sh and test.sh do).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --profile wasm-release --target wasm32-unknown-unknown --lib
rm -rf pkg
wasm-bindgen --target web --out-dir pkg target/wasm32-unknown-unknown/wasm-release/gamao.wasm
node_modules/.bin/wasm-opt -Oz --converge --strip-debug --strip-producers --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
  pkg/gamao_bg.wasm -o pkg/gamao_bg.wasm
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
cat > pkg/package.json <<JSON
{
  "name": "gamao",
  "version": "$version",
  "description": "Backgammon rules engine, match play and computer opponent (WebAssembly)",
  "license": "MIT",
  "type": "module",
  "main": "gamao.js",
  "module": "gamao.js",
  "types": "gamao.d.ts",
  "files": ["gamao.js", "gamao.d.ts", "gamao_bg.wasm", "gamao_bg.wasm.d.ts"],
  "sideEffects": false
}
JSON
rm -rf www/pkg
mkdir -p www
cp -r pkg www/pkg
echo "built pkg/: $(stat -c %s pkg/gamao_bg.wasm) bytes of wasm"
