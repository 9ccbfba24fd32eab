#!/usr/bin/env bash
# Regenerates the strength benchmark's reference data in tests/data/ with GNU Backgammon
# (tests/gnubg/strength_reference.py; about half an hour on a 2-core machine).
# Usage: tests/gnubg/make_strength_reference.sh [DECISIONS [CUBES]]
# GAMAO_OUT (a directory, tests/data by default), GAMAO_SEED and GAMAO_GAMES in the
# environment make another set, e.g. the 1,500 more cube decisions of docs/STRENGTH.md:
#   GAMAO_OUT=/tmp/cube GAMAO_SEED=2027 GAMAO_GAMES=400 tests/gnubg/make_strength_reference.sh 0 1500
# and GAMAO_CLASS the crashed positions' set (tests/data/gnubg_strength_crashed.txt is
# this run's gnubg_strength_moves.txt; about twenty minutes):
#   GAMAO_OUT=/tmp/crashed GAMAO_SEED=3031 GAMAO_GAMES=600 GAMAO_CLASS=crashed \
#     tests/gnubg/make_strength_reference.sh 600 0
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --bin gamao
out="${GAMAO_OUT:-$PWD/tests/data}"
mkdir -p "$out"
GAMAO_BIN="$PWD/target/release/gamao" GAMAO_OUT="$out" \
  GAMAO_DECISIONS="${1:-1000}" GAMAO_CUBES="${2:-300}" \
  exec tests/gnubg/run_python.sh tests/gnubg/strength_reference.py
