#!/usr/bin/env bash
# Runs every test of the project after setting up what they need; ends with one line
# "N passed, N failed". Usage: scripts/test.sh
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh || { echo "setup failed"; echo "0 passed, 1 failed"; exit 1; }

passed=0
failed=0
log=$(mktemp)

# Adds up cargo's "test result: ... N passed; M failed" lines from the last stage.
count_cargo() {
  local p f
  read -r p f < <(awk '/^test result:/ { for (i = 1; i < NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } } END { print p + 0, f + 0 }' "$log")
  passed=$((passed + p))
  failed=$((failed + f))
}

# Runs a named suite that ends with its own "N passed, N failed" line and adds those up;
# a suite that fails without saying how many counts as one failure.
counted() {
  local name=$1 status p f
  shift
  echo "== $name"
  "$@" | tee "$log"
  status=${PIPESTATUS[0]}
  read -r p f < <(awk '/^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3 } END { print p + 0, f + 0 }' "$log")
  passed=$((passed + p))
  failed=$((failed + f))
  [ "$status" -eq 0 ] || [ "$f" -gt 0 ] || failed=$((failed + 1))
}

# Runs one named check that passes or fails as a whole.
check() {
  local name=$1
  shift
  echo "== $name"
  if "$@"; then
    passed=$((passed + 1))
  else
    echo "FAILED: $name"
    failed=$((failed + 1))
  fi
}

check "cargo fmt --check" cargo fmt --check
check "cargo clippy" cargo clippy --all-targets -- -D warnings
check "cargo clippy (wasm32)" cargo clippy --target wasm32-unknown-unknown --lib --tests -- -D warnings
check "cargo clippy (wasm32, worker)" cargo clippy --target wasm32-unknown-unknown --features worker --lib --tests -- -D warnings
# The docs' links resolve, natively and in the worker's wasm API (a renamed item breaks one).
check "cargo doc without warnings" env RUSTDOCFLAGS="-D warnings" cargo doc --no-deps
check "cargo doc without warnings (wasm32, worker)" env RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --target wasm32-unknown-unknown --features worker

echo "== cargo test (native)"
cargo test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
count_cargo
if [ "$status" -ne 0 ] && ! grep -qE '^test result:.* [1-9][0-9]* failed' "$log"; then
  echo "FAILED: cargo test did not run to the end"
  failed=$((failed + 1))
fi

echo "== wasm build"
if bash scripts/build-wasm.sh; then
  passed=$((passed + 1))
  # 200 KiB: the page's download. Its plain data (actions, options, saves) is read by
  # hand-written readers (src/wasm/), not serde's derived ones, which took 100 kB more.
  budget=204800
  size=$(stat -c %s pkg/gamao_bg.wasm)
  check "wasm size $size bytes under the $budget-byte budget" test "$size" -lt "$budget"
  check "the page's whole download within 1.5 MB" node scripts/download-size.mjs 1500000
  check "TypeScript declarations type-check a usage file" node_modules/.bin/tsc -p tests/ts/tsconfig.json
  check "no 'any' in the TypeScript declarations of the API" bash -c "! sed '/^export interface InitOutput/,/^}/d' pkg/gamao.d.ts | grep -qw any"

  check "wasm-pack builds the same page module" bash -c '
    rm -rf target/wasm-pack/pkg &&
    PATH="$PWD/node_modules/.bin:$PATH" wasm-pack build --target web --profile wasm-release --out-dir target/wasm-pack/pkg &&
    for f in gamao.js gamao.d.ts gamao_bg.wasm gamao_bg.wasm.d.ts; do cmp "pkg/$f" "target/wasm-pack/pkg/$f" || exit 1; done'

  counted "the npm package, installed from its tarball" node tests/js/package_tarball.mjs

  counted "the package in Node" node tests/js/package_in_node.mjs

  echo "== unit tests of the page's JavaScript and the boundary fuzz in Node (node --test)"
  node --test --test-reporter=tap tests/js/*.test.mjs | tee "$log"
  status=${PIPESTATUS[0]}
  read -r p f < <(awk '/^# pass / { p = $3 } /^# fail / { f = $3 } END { print p + 0, f + 0 }' "$log")
  passed=$((passed + p))
  failed=$((failed + f))
  [ "$status" -eq 0 ] || [ "$f" -gt 0 ] || failed=$((failed + 1))

  # The wasm tests in both browsers, each through its WebDriver (the test runner adds
  # the headless flags); both browsers' results are counted.
  for browser in "Chromium CHROMEDRIVER=/usr/bin/chromedriver" "Firefox GECKODRIVER=$(command -v geckodriver)"; do
    for suite in "wasm_api" "wasm_readers" "wasm_worker --features worker"; do
      echo "== wasm tests in headless ${browser%% *}: $suite"
      # shellcheck disable=SC2086 # the suite name carries its flags
      env -u CHROMEDRIVER -u GECKODRIVER "${browser#* }" \
        cargo test --target wasm32-unknown-unknown --test $suite 2>&1 | tee "$log"
      status=${PIPESTATUS[0]}
      count_cargo
      if [ "$status" -ne 0 ] && ! grep -qE '^test result:.* [1-9][0-9]* failed' "$log"; then
        echo "FAILED: the wasm tests ($suite, ${browser%% *}) did not run to the end"
        failed=$((failed + 1))
      fi
    done
  done

  counted "the page in headless Firefox" node --experimental-websocket tests/firefox/run.mjs

  counted "the page end to end in headless Chromium" node tests/e2e/run.mjs
else
  echo "FAILED: wasm build"
  failed=$((failed + 1))
fi

rm -f "$log"
echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
