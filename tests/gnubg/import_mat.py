# Imports a .mat file into GNU Backgammon and prints what it understood:
#   games N
#   final WHITE RED
# (White is the left column, GNU Backgammon's player X). Used by tests/mat_export.rs.
# Run: GAMAO_MAT=match.mat gnubg -t -q -p tests/gnubg/import_mat.py
import os

import gnubg

gnubg.command("import mat " + os.environ["GAMAO_MAT"])
info = gnubg.match(analysis=0, boards=0)
games = info["games"]
last = games[-1]["info"]
score = {"X": last["score-X"], "O": last["score-O"]}
if last.get("winner") in score:
    score[last["winner"]] += last["points-won"]
names = {info["match-info"]["X"]["name"]: "X", info["match-info"]["O"]["name"]: "O"}
print("games %d" % len(games))
print("final %d %d" % (score[names["White"]], score[names["Red"]]))
