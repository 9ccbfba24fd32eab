# Writes GNU Backgammon's legal plays for positions from random games, as reference data
# for tests/gnubg_reference.rs. Run: gnubg -t -q -p tests/gnubg/reference_moves.py
# Environment: GAMAO_OUT (output file), GAMAO_RECORDS (how many), GAMAO_SEED.
import os
import random

import gnubg

out_path = os.environ.get("GAMAO_OUT", "tests/data/gnubg_moves.txt")
records = int(os.environ.get("GAMAO_RECORDS", "3000"))
rng = random.Random(int(os.environ.get("GAMAO_SEED", "2026")))

for command in ["set player 0 human", "set player 1 human", "set automatic roll off",
                "set automatic game off", "set evaluation chequerplay evaluation plies 0",
                "set jacoby off", "set cube use off"]:
    gnubg.command(command)

written = 0
with open(out_path, "w") as out:
    out.write("# GNU Backgammon's legal plays: ID<TAB>dice<TAB>plays separated by |\n")
    out.write("# made by tests/gnubg/reference_moves.py (gnubg 1.07, 0-ply hint over all plays)\n")
    while written < records:
        gnubg.command("new game")
        while written < records:
            info = gnubg.match(analysis=0, boards=0)
            games = info["games"]
            if games and games[-1]["info"].get("winner") is not None:
                break
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            gnubg.command("set dice %d %d" % (a, b))
            board = gnubg.board()
            pid = gnubg.positionid(board)
            hint = gnubg.hint(5000)["hint"] if True else []
            moves = [m["move"] for m in hint]
            out.write("%s\t%d%d\t%s\n" % (pid, a, b, "|".join(moves)))
            written += 1
            if moves:
                gnubg.command("move " + rng.choice(moves))
