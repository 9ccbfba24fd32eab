# Writes the strength benchmark's reference data (read by `gamao bench strength`):
# checker-play decisions and cube decisions met in GNU Backgammon's own 0-ply self-play
# (cubeless money, seeded dice), judged by GNU Backgammon.
#
#   tests/data/gnubg_strength_moves.txt: POSITION_ID DICE, then for every legal play
#     AFTER_ID:E0:E1:E2, the Position ID after the play (the opponent on roll) and the
#     mover's cubeless money equity after it at GNU Backgammon 0-, 1- and 2-ply.
#   tests/data/gnubg_strength_cube.txt: POSITION_ID ND DT DP, a money position with the
#     cube centred and the side on roll near its doubling window (at 0-ply, doubling or
#     taking is within 0.15 of the alternative, the game undecided), and its cubeful equities at 2-ply for no
#     double, double/take and double/pass (Jacoby off).
#
# The legal plays come from Gamão's move generator (`gamao` reads `POSITION_ID DICE`
# lines; tests/gnubg_reference.rs checks it against GNU Backgammon's). Run it with
# tests/gnubg/make_strength_reference.sh. Environment: GAMAO_BIN, GAMAO_OUT (a
# directory), GAMAO_SEED, GAMAO_GAMES, GAMAO_DECISIONS, GAMAO_CUBES, GAMAO_CLASS (e.g.
# "crashed": only checker plays of that class of GNU Backgammon's, `gnubg.classifypos`;
# the cube decisions are not filtered),
# GAMAO_POSITIONS (a file of POSITION_ID DICE lines, such as `gamao duel --record`
# writes: the decisions are drawn from it instead of from GNU Backgammon's self-play),
# GAMAO_REPORT (where to say how many of each were written).
import os
import random
import subprocess
import sys

import gnubg

seed = int(os.environ.get("GAMAO_SEED", "2026"))
games = int(os.environ.get("GAMAO_GAMES", "200"))
decisions = int(os.environ.get("GAMAO_DECISIONS", "1000"))
cubes = int(os.environ.get("GAMAO_CUBES", "300"))
out_dir = os.environ["GAMAO_OUT"]
CLASSES = {"race": 8, "crashed": 9, "contact": 10}
class_name = os.environ.get("GAMAO_CLASS")
only_class = CLASSES[class_name] if class_name else None
gamao = os.environ["GAMAO_BIN"]
positions = os.environ.get("GAMAO_POSITIONS")

def recorded(path):
    """The (board, dice) pairs of a file of POSITION_ID DICE lines."""
    with open(path) as lines:
        return [tuple(line.split()[:2]) for line in lines if line.strip() and not line.startswith("#")]


for command in ["set rng mersenne", "set seed %d" % seed, "set jacoby off", "set cube use off",
                "set player 0 gnubg", "set player 1 gnubg",
                "set player 0 chequerplay evaluation plies 0",
                "set player 1 chequerplay evaluation plies 0",
                "set automatic game off", "new session"]:
    gnubg.command(command)
if positions:
    seen = recorded(positions)
    source = "recorded in %s" % os.path.basename(positions)
else:
    for _ in range(games - 1):
        gnubg.command("new game")
    # Every checker play of the session: the position before it (mover on roll) and the roll.
    seen = []
    for game in gnubg.match(0, 1, 0, 0)["games"]:
        for record in game["game"]:
            if record.get("action") == "move":
                seen.append((record["board"], "%d%d" % tuple(record["dice"])))
    source = "from GNU Backgammon 1.07 0-ply self-play (seed %d, %d games)" % (seed, games)
if only_class is not None:
    seen = [(board, dice) for board, dice in seen
            if gnubg.classifypos(gnubg.positionfromid(board), 0) == only_class]
rng = random.Random(seed)
rng.shuffle(seen)
print("strength: %d checker plays %s" % (len(seen), source), file=sys.stderr, flush=True)

# The legal plays of each, from Gamão (an answer per line, ended by an empty line).
query = "".join("%s %s\n" % pair for pair in seen)
answer = subprocess.run([gamao], input=query, capture_output=True, text=True, check=True).stdout
blocks = answer.split("\n\n")
money = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
contexts = [gnubg.evalcontext(0, plies, 1, 1, 0.0) for plies in (0, 1, 2)]

moves_file = open(os.path.join(out_dir, "gnubg_strength_moves.txt"), "w")
moves_file.write("# Checker plays%s %s (shuffled by seed %d),\n"
                 "# judged by GNU Backgammon 1.07: POSITION_ID DICE, then for every legal play\n"
                 "# AFTER_ID:E0:E1:E2, the mover's cubeless money equity at 0-, 1- and 2-ply.\n"
                 "# Made by tests/gnubg/make_strength_reference.sh.\n"
                 % (" of class " + class_name if class_name else "", source, seed))
written = 0
for (board, dice), block in zip(seen, blocks):
    if written >= decisions:
        break
    afters = [line.split("\t")[1] for line in block.strip().split("\n") if "\t" in line]
    if len(afters) < 2:
        continue
    fields = []
    for after in afters:
        opponent = gnubg.positionfromid(after)
        equities = [-gnubg.evaluate(opponent, money, context)[5] for context in contexts]
        fields.append("%s:%.5f:%.5f:%.5f" % ((after,) + tuple(equities)))
    moves_file.write("%s %s %s\n" % (board, dice, " ".join(fields)))
    moves_file.flush()
    written += 1
    if written % 50 == 0:
        print("strength: %d checker plays judged" % written, file=sys.stderr, flush=True)
moves_file.close()
checker_plays = written

cube_file = open(os.path.join(out_dir, "gnubg_strength_cube.txt"), "w")
cube_file.write("# Money cube decisions (cube centred, Jacoby off) from the same positions (seed %d),\n"
                "# near the doubling window (doubling or taking within 0.15 at 0-ply, the game\n"
                "# undecided): POSITION_ID ND DT DP, GNU Backgammon 1.07's 2-ply cubeful equities\n"
                "# for no double, double/take, double/pass.\n"
                "# Made by tests/gnubg/make_strength_reference.sh.\n" % seed)
quick, cubeful = (gnubg.evalcontext(1, plies, 1, 1, 0.0) for plies in (0, 2))
written = 0
for board, _ in seen:
    if written >= cubes:
        break
    position = gnubg.positionfromid(board)
    win = gnubg.evaluate(position, money, contexts[0])[0]
    if not 0.01 < win < 0.99:  # decided already: nothing to choose
        continue
    _, no_double, take, drop, _, _ = gnubg.cfevaluate(position, money, quick)
    if abs(min(take, drop) - no_double) > 0.15 and abs(take - drop) > 0.15:
        continue
    _, no_double, take, drop, _, _ = gnubg.cfevaluate(position, money, cubeful)
    cube_file.write("%s %.5f %.5f %.5f\n" % (board, no_double, take, drop))
    written += 1
cube_file.close()
with open(os.environ["GAMAO_REPORT"], "w") as report:
    report.write("%d checker plays and %d cube decisions written to %s\n" % (checker_plays, written, out_dir))
