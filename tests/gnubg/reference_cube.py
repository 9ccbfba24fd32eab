# Writes GNU Backgammon's 0-ply cube decisions for positions met in random games, at
# money and at match scores, as reference data for the cube tests. gnubg prints its cube
# analysis as text, so this script prints marked records and tests/gnubg/make_cube_reference.sh
# turns them into tests/data/gnubg_cube.txt.
# Environment: GAMAO_RECORDS (how many), GAMAO_SEED.
import base64
import os
import random

import gnubg

records = int(os.environ.get("GAMAO_RECORDS", "400"))
rng = random.Random(int(os.environ.get("GAMAO_SEED", "7")))

for command in ["set player 0 human", "set player 1 human", "set automatic roll off",
                "set automatic game off", "set evaluation chequerplay evaluation plies 0",
                "set evaluation cubedecision evaluation plies 0", "set jacoby off"]:
    gnubg.command(command)


def on_roll():
    """The player to act, from the Match ID's turn bit (bit 11)."""
    key = base64.b64decode(gnubg.matchid() + "==")
    return (key[1] >> 3) & 1


written = 0
while written < records:
    length = rng.choice([0, 0, 3, 5, 7, 9])
    gnubg.command("new session" if length == 0 else "new match %d" % length)
    while written < records:
        info = gnubg.match(analysis=0, boards=0)
        if info["games"] and info["games"][-1]["info"].get("winner") is not None:
            break
        # The cube and score for this decision, then GNU Backgammon's analysis.
        if length:
            # Scores short of the Crawford game (the tests cover Crawford separately).
            a, b = rng.randrange(length - 1), rng.randrange(length - 1)
            gnubg.command("set score %d %d" % (a, b))
        value = rng.choice([1, 1, 2, 4])
        gnubg.command("set cube value %d" % value)
        if value == 1 or rng.random() < 0.3:
            gnubg.command("set cube centre")
        else:
            gnubg.command("set cube owner %d" % on_roll())
        print("@@REC %s %s" % (gnubg.positionid(gnubg.board()), gnubg.matchid()), flush=True)
        gnubg.command("hint")
        print("@@END", flush=True)
        written += 1
        # Play on: roll and make a random legal play (no cube actions).
        gnubg.command("set cube value 1")
        gnubg.command("set cube centre")
        gnubg.command("roll")
        try:
            moves = [m["move"] for m in gnubg.hint(500)["hint"]]
        except Exception:  # no roll to play: the turn passed or the game ended
            moves = []
        if moves:
            gnubg.command("move " + rng.choice(moves))
