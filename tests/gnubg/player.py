# GNU Backgammon as a duel player for `gamao duel … gnubg-0` (src/bin/gamao/gnubg_player.rs).
# Reads `POSITION_ID DICE` lines (the side on roll to play) and answers each with
# `@@ POSITION_ID`, the position after GNU Backgammon's cubeless money play (its
# opponent on roll); `@@ error …` when it cannot. Environment: GAMAO_PLIES (0, 1 or 2).
import os
import sys

import gnubg

plies = int(os.environ.get("GAMAO_PLIES", "0"))
for command in ["set player 0 human", "set player 1 human", "set automatic roll off",
                "set jacoby off", "set threads 1", "new session"]:
    gnubg.command(command)
money = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
context = gnubg.evalcontext(0, plies, 1, 1, 0.0)
print("@@ ready", flush=True)


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
    if len(words) != 2:
        print("@@ error expected POSITION_ID DICE", flush=True)
        continue
    try:
        gnubg.command("set board " + words[0])
        gnubg.command("set dice %s %s" % (words[1][0], words[1][1]))
        board = gnubg.board()
        move = gnubg.findbestmove(board, money, context)
        print("@@ " + gnubg.positionid(after(board, move)), flush=True)
    except Exception as error:  # an answer per line, whatever happens
        print("@@ error %s" % error, flush=True)
