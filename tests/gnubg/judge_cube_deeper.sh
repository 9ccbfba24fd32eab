#!/usr/bin/env bash
# Judges a strength benchmark's cube decisions again with GNU Backgammon, deeper, and
# prints what GNU Backgammon's own shallower decisions give away by that judge
# (tests/gnubg/judge_cube_deeper.py). `gamao bench strength --cube OUT` then judges
# Gamão's players by it.
# Usage: tests/gnubg/judge_cube_deeper.sh CUBES OUT [PLIES]
#   e.g. tests/gnubg/judge_cube_deeper.sh tests/data/gnubg_strength_cube.txt /tmp/cube3.txt 3
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -lt 2 ]; then
  sed -n '6,7p' "$0" >&2
  exit 2
fi
GAMAO_CUBES="$1" GAMAO_OUT="$2" GAMAO_PLIES="${3:-3}" \
  exec tests/gnubg/run_python.sh tests/gnubg/judge_cube_deeper.py
