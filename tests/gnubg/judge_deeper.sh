#!/usr/bin/env bash
# Judges players' checker plays deeper than the strength benchmark does
# (tests/gnubg/judge_deeper.py), GNU Backgammon with a HOME of its own.
# Usage: tests/gnubg/judge_deeper.sh MOVES_FILE CHOICES_DIR PLAYERS [PLIES [CACHE]]
#   cargo run --release --bin gamao -- bench strength --players gnubg-1,expert --choices /tmp/choices
#   tests/gnubg/judge_deeper.sh tests/data/gnubg_strength_moves.txt /tmp/choices gnubg-1,expert 3
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -lt 3 ]; then
  sed -n '4,6p' "$0" >&2
  exit 2
fi
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
HOME="$home" GAMAO_MOVES="$1" GAMAO_CHOICES="$2" GAMAO_PLAYERS="$3" GAMAO_DEEP="${4:-3}" \
  GAMAO_CACHE="${5:-$2/judged-${4:-3}-ply.txt}" GAMAO_REPORT="$home/report.md" \
  nice -n 10 /usr/games/gnubg -t -q -r -p tests/gnubg/judge_deeper.py >/dev/null
if [ ! -s "$home/report.md" ]; then
  echo "judge_deeper: GNU Backgammon wrote no report" >&2
  exit 1
fi
cat "$home/report.md"
