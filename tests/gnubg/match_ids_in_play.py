# Plays a 5-point match in GNU Backgammon (both sides entered by hand, moves chosen by
# its evaluator) and prints the Position ID and Match ID it shows at the moments a
# game can be set up from: dice rolled, a double offered, a resignation offered, and
# the Crawford and post-Crawford games. One line each: WHAT POSITION_ID MATCH_ID.
# The output is tests/data/gnubg_match_ids_in_play.txt (read by tests/match_id.rs).
# Run (in an empty directory, with a fresh HOME):
#   gnubg -t -q -r -p tests/gnubg/match_ids_in_play.py
import gnubg


def show(what):
    """Prints the IDs, after checking the game is in the state `what` names."""
    info = gnubg.posinfo()
    state = {
        "rolled": info["dice"] != (0, 0),
        "before-roll": info["dice"] == (0, 0) and not info["doubled"] and not info["resigned"],
        "cube-offered": bool(info["doubled"]),
        "resignation-offered": bool(info["resigned"]),
    }
    assert state[what.replace("crawford-", "").replace("post-", "")], (what, info)
    print("ID", what, gnubg.positionid(), gnubg.matchid())


def play():
    move = gnubg.findbestmove()
    gnubg.command("move " + gnubg.movetupletostring(move, gnubg.board()))


def turn():
    return gnubg.posinfo()["turn"]


def score():
    return gnubg.cubeinfo()["score"]


def to_roll(player):
    """Plays on until `player` is to roll."""
    while turn() != player or gnubg.posinfo()["dice"] != (0, 0):
        if gnubg.posinfo()["dice"] == (0, 0):
            gnubg.command("roll")
        else:
            play()


def resign_by(player, level, what="resignation-offered"):
    """`player` resigns at its next roll and its opponent accepts."""
    to_roll(player)
    gnubg.command("resign " + level)
    show(what)
    gnubg.command("accept")


gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set jacoby off")
gnubg.command("set automatic roll off")
gnubg.command("set seed 7")
gnubg.command("new match 5")
# Game 1 (0-0): the opening roll, a few turns, a double taken, a resignation declined
show("rolled")
play()
show("before-roll")
for _ in range(4):
    gnubg.command("roll")
    show("rolled")
    play()
gnubg.command("double")
show("cube-offered")
gnubg.command("take")
show("before-roll")
gnubg.command("roll")
show("rolled")
play()
gnubg.command("resign single")
show("resignation-offered")
gnubg.command("reject")
show("before-roll")
resign_by(0, "single")
# Player 0 resigns single games until player 1 is one point short
while score()[1] < 4:
    gnubg.command("new game")
    show("rolled")
    resign_by(0, "single")
# The Crawford game, which player 1 loses
gnubg.command("new game")
show("crawford-rolled")
play()
show("crawford-before-roll")
gnubg.command("roll")
show("crawford-rolled")
resign_by(1, "single", "crawford-resignation-offered")
# Post-Crawford: the cube is back, and the trailer doubles
gnubg.command("new game")
show("post-crawford-rolled")
to_roll(0)
gnubg.command("double")
show("post-crawford-cube-offered")
gnubg.command("take")
show("post-crawford-before-roll")
gnubg.command("roll")
show("post-crawford-rolled")
