# How close two label files of the same positions are to GNU Backgammon's own
# evaluation: GNU Backgammon as the examiner of labels the project made itself (by its
# search at two depths, say), never as the source of one. Run by
# tests/gnubg/examine_labels.sh. Environment:
#   GAMAO_A, GAMAO_B  two files of `gamao targets` (GAME POSITION_ID and five chances of
#                     the side on roll per line), the same positions in the same order
#   GAMAO_PLIES       GNU Backgammon's depth (2 by default)
#   GAMAO_EVERY       every how many positions one is examined (1 by default)
#   GAMAO_REPORT      where the report goes
# Reports, for each file, the rms and mean of its cubeless money equity less GNU
# Backgammon's, and the rms of its winning chances less GNU Backgammon's.
import math
import os

import gnubg

plies = int(os.environ.get("GAMAO_PLIES", "2"))
every = int(os.environ.get("GAMAO_EVERY", "1"))
context = gnubg.evalcontext(0, plies, 0, 1, 0.0)
money = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)


def labels(path):
    """(POSITION_ID, five chances) for each line of a targets file."""
    with open(path) as lines:
        rows = [line.split() for line in lines if line.strip() and not line.startswith("#")]
    return [(row[1], [float(p) for p in row[2:7]]) for row in rows]


def equity(chances):
    """Cubeless money equity of the side on roll."""
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = chances
    return 2 * win - 1 + win_gammon + win_backgammon - lose_gammon - lose_backgammon


files = [os.environ["GAMAO_A"], os.environ["GAMAO_B"]]
a, b = (labels(path) for path in files)
if [p for p, _ in a] != [p for p, _ in b]:
    raise SystemExit("examine_labels: the two files do not hold the same positions")
sums = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]  # per file: equity², equity, win²
examined = 0
for i in range(0, len(a), every):
    judge = list(gnubg.evaluate(gnubg.positionfromid(a[i][0]), money, context))[:5]
    for total, (_, chances) in zip(sums, (a[i], b[i])):
        difference = equity(chances) - equity(judge)
        total[0] += difference * difference
        total[1] += difference
        total[2] += (chances[0] - judge[0]) ** 2
    examined += 1
with open(os.environ["GAMAO_REPORT"], "w") as report:
    report.write("%d positions, GNU Backgammon %d-ply the examiner\n" % (examined, plies))
    report.write("| labels | equity rms | equity mean difference | winning chances rms |\n|---|---|---|---|\n")
    for path, (squares, differences, wins) in zip(files, sums):
        n = max(examined, 1)
        report.write("| %s | %.4f | %+.4f | %.4f |\n"
                     % (os.path.basename(path), math.sqrt(squares / n), differences / n, math.sqrt(wins / n)))
