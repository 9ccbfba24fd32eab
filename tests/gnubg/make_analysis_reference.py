#!/usr/bin/env python3
"""Makes tests/data/gnubg_analysis/: 7-point matches GNU Backgammon plays against itself
with noise (match-SEED.mat; a match already there is kept) and its own 2-ply analysis of
each (match-SEED.txt: errors and the luck of each roll), by running analysis_reference.py
in gnubg, each run with its own HOME.
Usage: python3 tests/gnubg/make_analysis_reference.py [FIRST_SEED [COUNT]]
"""
import os
import subprocess
import sys
import tempfile

first = int(sys.argv[1]) if len(sys.argv) > 1 else 1
count = int(sys.argv[2]) if len(sys.argv) > 2 else 6
here = os.path.dirname(os.path.abspath(__file__))
target = os.path.join(here, "..", "data", "gnubg_analysis")
os.makedirs(target, exist_ok=True)
noises = ["0.02 0.05", "0.04 0.03", "0.06 0.02", "0.03 0.08", "0.05 0.05", "0.01 0.04"]
for seed in range(first, first + count):
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, GAMAO_SEED=str(seed),
                   GAMAO_NOISE=noises[seed % len(noises)],
                   GAMAO_OUT=os.path.join(target, "match-%d" % seed))
        subprocess.run(["/usr/games/gnubg", "-t", "-q", "-r", "-p",
                        os.path.join(here, "analysis_reference.py")],
                       env=env, check=True, timeout=3600, stdout=subprocess.DEVNULL)
    print("match-%d done" % seed)
