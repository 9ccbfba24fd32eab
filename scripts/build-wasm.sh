#!/usr/bin/env bash
# Builds the engine for the browser: pkg/ (the page's module: ES module, .d.ts,
# package.json) and pkg-worker/ (the Web Worker's module, built with the `worker`
# feature and WebAssembly SIMD, simd128, which the evaluator's loops use), both copied
# into www/. Run scripts/setup.sh first (play.sh and test.sh do).
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)

# build OUT_DIR NAME OPT_LEVEL RUSTFLAGS [CARGO_FLAGS...]: one optimised module with
# its package.json. Each module has its own target directory, as their flags differ.
build() {
  local out=$1 name=$2 opt_level=$3 rustflags=$4
  shift 4
  # wasm-opt may keep SIMD only in the module compiled for it: the page's module must
  # stay plain (and byte-identical to wasm-pack's build, which enables no SIMD).
  local simd=()
  [[ $rustflags == *simd128* ]] && simd=(--enable-simd)
  CARGO_PROFILE_WASM_RELEASE_OPT_LEVEL="$opt_level" RUSTFLAGS="$rustflags" cargo build --profile wasm-release --target wasm32-unknown-unknown \
    --target-dir "target/$out" --lib "$@"
  rm -rf "$out"
  wasm-bindgen --target web --out-dir "$out" --out-name "$name" \
    "target/$out/wasm32-unknown-unknown/wasm-release/gamao.wasm"
  node_modules/.bin/wasm-opt "-O$opt_level" --converge --strip-debug --strip-producers \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue "${simd[@]}" \
    "$out/${name}_bg.wasm" -o "$out/${name}_bg.wasm"
  cat > "$out/package.json" <<JSON
{
  "name": "$name",
  "version": "$version",
  "description": "Backgammon rules engine, match play and computer opponent (WebAssembly)",
  "license": "MIT",
  "type": "module",
  "main": "$name.js",
  "module": "$name.js",
  "types": "$name.d.ts",
  "files": ["$name.js", "$name.d.ts", "${name}_bg.wasm", "${name}_bg.wasm.d.ts"],
  "sideEffects": false
}
JSON
  rm -rf "www/$out"
  mkdir -p www
  cp -r "$out" "www/$out"
  echo "built $out/: $(stat -c %s "$out/${name}_bg.wasm") bytes of wasm"
}

# The page's module is small first (its download); the worker's is fast first (its
# loops vectorised with SIMD, which every current browser runs; www/ai/worker.js says
# so plainly where one does not).
build pkg gamao z ""
build pkg-worker gamao_worker 3 "-C target-feature=+simd128" --features worker

# The service worker's asset list with content hashes (www/precache.js).
node scripts/precache.mjs
