#!/usr/bin/env bash
# Judges players' checker plays deeper than the strength benchmark does
# (tests/gnubg/judge_deeper.py).
# Usage: tests/gnubg/judge_deeper.sh MOVES_FILE CHOICES_DIR PLAYERS [PLIES [CACHE]]
#   cargo run --release --bin gamao -- bench strength --players gnubg-1,expert --choices /tmp/choices
#   tests/gnubg/judge_deeper.sh tests/data/gnubg_strength_moves.txt /tmp/choices gnubg-1,expert 3
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -lt 3 ]; then
  sed -n '4,6p' "$0" >&2
  exit 2
fi
GAMAO_MOVES="$1" GAMAO_CHOICES="$2" GAMAO_PLAYERS="$3" GAMAO_DEEP="${4:-3}" \
  GAMAO_CACHE="${5:-$2/judged-${4:-3}-ply.txt}" exec tests/gnubg/run_python.sh tests/gnubg/judge_deeper.py
