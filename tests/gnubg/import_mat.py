# Imports a .mat file into GNU Backgammon and prints what it understood:
#   game WINNER POINTS     one line per game (WINNER: White, Red or none)
#   games N
#   final WHITE RED
# (White is the left column of the file.) Used by tests/mat_export.rs and the e2e
# interop test. Run: GAMAO_MAT=match.mat gnubg -t -q -r -p tests/gnubg/import_mat.py
import os

import gnubg

gnubg.command("import mat " + os.environ["GAMAO_MAT"])
info = gnubg.match(analysis=0, boards=0)
names = {
    "X": info["match-info"]["X"]["name"],
    "O": info["match-info"]["O"]["name"],
}
games = info["games"]
score = {"White": 0, "Red": 0}
for game in games:
    result = game["info"]
    winner = names.get(result.get("winner"), "none")
    points = result.get("points-won") or 0
    if winner in score:
        score[winner] += points
    print("game %s %d" % (winner, points))
print("games %d" % len(games))
print("final %d %d" % (score["White"], score["Red"]))
