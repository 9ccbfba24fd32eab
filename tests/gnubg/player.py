# GNU Backgammon as a duel player for `gamao duel … gnubg-0` (src/bin/gamao/gnubg_player.rs).
# Reads lines and answers each with one `@@ …` line (`@@ error …` when it cannot):
#   POSITION_ID DICE               the side on roll's cubeless money play: `@@ POSITION_ID`,
#                                  the position after it (its opponent on roll)
#   POSITION_ID DICE VALUE HOLDER  the same at money with the cube at VALUE, held by
#                                  HOLDER: c (centred), m (the side on roll), o (its opponent)
#   cube POSITION_ID VALUE HOLDER  the side on roll's cubeful money equities, no double,
#                                  double/take and double/pass, per point at the cube:
#                                  `@@ ND DT DP`
# Money play without the Jacoby rule. Environment: GAMAO_PLIES (0, 1 or 2).
import os
import sys

import gnubg

plies = int(os.environ.get("GAMAO_PLIES", "0"))
for command in ["set player 0 human", "set player 1 human", "set automatic roll off",
                "set jacoby off", "set threads 1", "new session"]:
    gnubg.command(command)
money = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
context = gnubg.evalcontext(0, plies, 1, 1, 0.0)
cubeful = gnubg.evalcontext(1, plies, 1, 1, 0.0)
# The cube's owner as GNU Backgammon numbers it, the side on roll being player 0.
OWNERS = {"c": -1, "m": 0, "o": 1}
print("@@ ready", flush=True)


def cube(value, holder):
    """The money cube at `value` held by `holder` (c, m or o)."""
    return gnubg.cubeinfo(int(value), OWNERS[holder], 0, 0, (0, 0), 0, 0)


def after(board, move):
    """The board after `move` (from/to pairs, 25 the bar, 0 off, (0, 0) unused), seen
    by the opponent, now on roll."""
    them, me = list(board[0]), list(board[1])
    for i in range(0, len(move), 2):
        source, target = move[i], move[i + 1]
        if source == 0:
            break
        me[source - 1] -= 1
        if target > 0:
            me[target - 1] += 1
            if them[24 - target] == 1:
                them[24 - target] = 0
                them[24] += 1
    return (me, them)


for line in sys.stdin:
    words = line.split()
    try:
        if len(words) == 4 and words[0] == "cube":
            board = gnubg.positionfromid(words[1])
            _, no_double, take, drop, _, _ = gnubg.cfevaluate(board, cube(words[2], words[3]), cubeful)
            print("@@ %.6f %.6f %.6f" % (no_double, take, drop), flush=True)
        elif len(words) in (2, 4):
            gnubg.command("set board " + words[0])
            gnubg.command("set dice %s %s" % (words[1][0], words[1][1]))
            board = gnubg.board()
            if len(words) == 2:
                move = gnubg.findbestmove(board, money, context)
            else:
                move = gnubg.findbestmove(board, cube(words[2], words[3]), cubeful)
            print("@@ " + gnubg.positionid(after(board, move)), flush=True)
        else:
            print("@@ error expected POSITION_ID DICE [VALUE HOLDER] or cube POSITION_ID VALUE HOLDER", flush=True)
    except Exception as error:  # an answer per line, whatever happens
        print("@@ error %s" % error, flush=True)
