#!/usr/bin/env bash
# Runs one of the Python scripts here inside GNU Backgammon (`gnubg -t -p`), niced, with
# a HOME of its own (no ~/.gnubg read or written) and its own chatter discarded. The
# script is given GAMAO_REPORT, a file to write its report to: printed here, and its
# absence (the script failed inside GNU Backgammon, which exits 0 anyway) is an error.
# The script's other settings come in the environment (GAMAO_*).
# Usage: tests/gnubg/run_python.sh SCRIPT
set -euo pipefail
cd "$(dirname "$0")/../.."
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
HOME="$home" GAMAO_REPORT="$home/report.md" nice -n 10 /usr/games/gnubg -t -q -r -p "$1" >/dev/null
if [ ! -s "$home/report.md" ]; then
  echo "$(basename "$1" .py): GNU Backgammon wrote no report" >&2
  exit 1
fi
cat "$home/report.md"
