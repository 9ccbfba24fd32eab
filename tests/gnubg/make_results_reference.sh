#!/usr/bin/env bash
# Writes tests/data/gnubg_analysis/results.txt: GNU Backgammon's actual and luck
# adjusted results of every .mat file there, with its play counts and error totals, the
# FIBS ratings and Snowie rates it prints (matches) and its points per game (money
# sessions) (tests/gnubg/results_reference.py; a few seconds). money-1.mat is a money
# session GNU Backgammon played against itself (0-ply, chequer-play noise 0.05 for both,
# seed 5); its analysis beside it,
# money-1.txt, was made as the matches' are, by running tests/gnubg/analysis_reference.py
# with GAMAO_OUT=tests/data/gnubg_analysis/money-1 (the .mat is read, not played again).
# Usage: tests/gnubg/make_results_reference.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMAO_MATS="$(ls tests/data/gnubg_analysis/*.mat | tr '\n' ' ')" \
  tests/gnubg/run_python.sh tests/gnubg/results_reference.py > tests/data/gnubg_analysis/results.txt.new
mv tests/data/gnubg_analysis/results.txt.new tests/data/gnubg_analysis/results.txt
