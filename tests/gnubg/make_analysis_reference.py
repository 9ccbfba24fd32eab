#!/usr/bin/env python3
"""Makes tests/data/gnubg_analysis/: 7-point matches GNU Backgammon plays against itself
with noise (match-SEED.mat; a match already there is kept), or with --own matches
Gamão's intermediate level plays against itself (own-SEED.mat, by `gamao random-match
--level intermediate`), and GNU Backgammon's own 2-ply analysis of each (a .txt beside
the .mat: errors and the luck of each roll), by running analysis_reference.py in gnubg,
each run with its own HOME.
Usage: python3 tests/gnubg/make_analysis_reference.py [--own] [FIRST_SEED [COUNT]]
Environment: GAMAO_BIN, the gamao binary for --own (target/release/gamao by default).
"""
import os
import subprocess
import sys
import tempfile

args = sys.argv[1:]
own = "--own" in args
args = [a for a in args if a != "--own"]
first = int(args[0]) if args else 1
count = int(args[1]) if len(args) > 1 else 6
here = os.path.dirname(os.path.abspath(__file__))
target = os.path.join(here, "..", "data", "gnubg_analysis")
gamao = os.environ.get("GAMAO_BIN", os.path.join(here, "..", "..", "target", "release", "gamao"))
os.makedirs(target, exist_ok=True)
noises = ["0.02 0.05", "0.04 0.03", "0.06 0.02", "0.03 0.08", "0.05 0.05", "0.01 0.04"]
for seed in range(first, first + count):
    stem = os.path.join(target, "%s-%d" % ("own" if own else "match", seed))
    env = dict(os.environ, GAMAO_SEED=str(seed), GAMAO_OUT=stem,
               GAMAO_NOISE=noises[seed % len(noises)])
    if own:
        if not os.path.exists(stem + ".mat"):
            mat = subprocess.run([gamao, "random-match", "--level", "intermediate", "--length",
                                  "7", "--seed", str(seed)],
                                 capture_output=True, text=True, check=True).stdout
            with open(stem + ".mat", "w") as f:
                f.write(mat)
        env["GAMAO_PLAYED_BY"] = "Gamão's intermediate level on both sides"
    with tempfile.TemporaryDirectory() as home:
        env["HOME"] = home
        subprocess.run(["/usr/games/gnubg", "-t", "-q", "-r", "-p",
                        os.path.join(here, "analysis_reference.py")],
                       env=env, check=True, timeout=3600, stdout=subprocess.DEVNULL)
    print("%s done" % os.path.basename(stem))
