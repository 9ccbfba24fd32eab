# Judges players' checker plays deeper than the strength benchmark's 2-ply: on the
# decisions of a judged moves file, every play some player chose is evaluated by GNU
# Backgammon at GAMAO_DEEP plies (3 by default; cubeless money), and each player is
# compared with the first one on the decisions where they chose differently. A judge an
# odd number of plies deep and one an even number deep disagree most where 2-ply
# searches and 1-ply searches do, so run both 3 and 4 before trusting a verdict.
#
# Run it with tests/gnubg/judge_deeper.sh. Environment: GAMAO_MOVES (a file such as
# tests/data/gnubg_strength_moves.txt), GAMAO_CHOICES (the directory `gamao bench
# strength --choices` wrote), GAMAO_PLAYERS (names in it, comma-separated, the first the
# reference), GAMAO_DEEP, GAMAO_CACHE (a file of evaluations kept between runs:
# AFTER_ID PLIES EQUITY lines), GAMAO_REPORT (where the table is written).
import math
import os
import sys

import gnubg

moves = os.environ["GAMAO_MOVES"]
choices = os.environ["GAMAO_CHOICES"]
players = os.environ["GAMAO_PLAYERS"].split(",")
deep = int(os.environ.get("GAMAO_DEEP", "3"))
cache_path = os.environ["GAMAO_CACHE"]
report = open(os.environ["GAMAO_REPORT"], "w")

money = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
context = gnubg.evalcontext(0, deep, 1, 1, 0.0)
CLASSES = ("contact", "crashed", "race")


def class_of(board):
    """GNU Backgammon's class of the position before the play, as one of CLASSES."""
    found = gnubg.classifypos(gnubg.positionfromid(board), 0)
    return {10: "contact", 9: "crashed"}.get(found, "race")


decisions = [line.split()[0] for line in open(moves) if line.strip() and not line.startswith("#")]
chosen = {}
for name in players:
    with open(os.path.join(choices, name + ".txt")) as f:
        chosen[name] = [line.strip() for line in f]
    if len(chosen[name]) != len(decisions):
        sys.exit("%s: %d choices for %d decisions" % (name, len(chosen[name]), len(decisions)))

equity = {}
if os.path.exists(cache_path):
    for line in open(cache_path):
        after, plies, value = line.split()
        if int(plies) == deep:
            equity[after] = float(value)
cache = open(cache_path, "a")
wanted = sorted({picks[i] for picks in chosen.values() for i in range(len(decisions))
                 if len({chosen[n][i] for n in players}) > 1} - set(equity))
print("judge_deeper: %d plays to evaluate at %d-ply" % (len(wanted), deep), file=sys.stderr, flush=True)
for done, after in enumerate(wanted, 1):
    # The mover's equity after the play: minus the opponent's, on roll.
    equity[after] = -gnubg.evaluate(gnubg.positionfromid(after), money, context)[5]
    cache.write("%s %d %.5f\n" % (after, deep, equity[after]))
    cache.flush()
    if done % 100 == 0:
        print("judge_deeper: %d evaluated" % done, file=sys.stderr, flush=True)

reference = players[0]
classes = [class_of(board) for board in decisions]
report.write("Judged by GNU Backgammon %d-ply over %d decisions: each player's equity gained on %s, "
      "per decision (mEMG), with a 95%% interval over the decisions\n" % (deep, len(decisions), reference))
report.write("| player | decisions chosen differently | gained per decision | %s |\n" % " | ".join(CLASSES))
report.write("|---|---|---|%s\n" % ("---|" * len(CLASSES)))
for name in players[1:]:
    differ = [chosen[name][i] != chosen[reference][i] for i in range(len(decisions))]
    gains = [equity[chosen[name][i]] - equity[chosen[reference][i]] if differ[i] else 0.0
             for i in range(len(decisions))]
    n = len(gains)
    mean = sum(gains) / n
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
    by_class = []
    for c in CLASSES:
        part = [g for g, k in zip(gains, classes) if k == c]
        by_class.append("%+.2f (%d)" % (1000 * sum(part) / len(part), len(part)) if part else "—")
    report.write("| %s | %d | %+.2f ± %.2f | %s |\n" % (name, sum(differ), 1000 * mean,
                                             1000 * 1.96 * spread / math.sqrt(n), " | ".join(by_class)))
report.close()
