#!/usr/bin/env bash
# Examines two label files of the same positions against GNU Backgammon's evaluation
# (tests/gnubg/examine_labels.py).
# Usage: tests/gnubg/examine_labels.sh LABELS_A LABELS_B [PLIES [EVERY]]
#   gamao targets --out t3.txt --seed 41 --plies 3 --keep 8 --alternatives 3 --games 100
#   gamao targets --out t2.txt --seed 41 --plies 2 --keep 8 --alternatives 3 --games 100
#   tests/gnubg/examine_labels.sh t3.txt t2.txt 3 4
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -lt 2 ]; then
  sed -n '4,7p' "$0" >&2
  exit 2
fi
GAMAO_A="$1" GAMAO_B="$2" GAMAO_PLIES="${3:-2}" GAMAO_EVERY="${4:-1}" \
  exec tests/gnubg/run_python.sh tests/gnubg/examine_labels.py
