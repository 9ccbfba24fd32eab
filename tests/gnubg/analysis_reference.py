# Plays one 7-point match of GNU Backgammon against itself with noise and exports it as
# .mat (or imports the .mat already there), analyses it at 2-ply and writes its figures,
# as reference data for tests/analysis_gnubg.rs. Run by make_analysis_reference.py
# inside gnubg:
#   gnubg -t -q -r -p tests/gnubg/analysis_reference.py
# Environment: GAMAO_SEED, GAMAO_NOISE ("X O", each player's noise), GAMAO_OUT (stem),
# GAMAO_PLAYED_BY (who played an imported match, for the header; the noise by default).
import os

import gnubg

seed = int(os.environ.get("GAMAO_SEED", "1"))
noise = os.environ.get("GAMAO_NOISE", "0.03 0.06").split()
out = os.environ["GAMAO_OUT"]

commands = ["set jacoby off", "set automatic roll on", "set automatic game on",
            "set display off", "set seed %d" % seed]
for player in (0, 1):
    commands += [
        "set player %d gnubg" % player,
        "set player %d chequerplay evaluation plies 0" % player,
        "set player %d cubedecision evaluation plies 0" % player,
        "set player %d chequerplay evaluation noise %s" % (player, noise[player]),
        "set player %d chequerplay evaluation deterministic off" % player,
    ]
if os.path.exists(out + ".mat"):
    gnubg.command("import mat %s.mat" % out)
else:
    for command in commands:
        gnubg.command(command)
    gnubg.command("new match 7")
    gnubg.command("export match mat %s.mat" % out)
for command in ["set analysis chequerplay evaluation plies 2",
                "set analysis cubedecision evaluation plies 2",
                "set analysis moves 8"]:
    gnubg.command(command)
gnubg.command("analyse match")
info = gnubg.match(analysis=1, statistics=1, boards=0)

# X is the .mat file's left column (White), O the right (Red).
sides = {"X": "White", "O": "Red"}
played_by = os.environ.get("GAMAO_PLAYED_BY", "noise %s (White) %s (Red)" % tuple(noise))
lines = ["# GNU Backgammon's 2-ply analysis of %s.mat: %s, seed %d"
         % (os.path.basename(out), played_by, seed),
         "# stats SIDE unforced CHECKER_DECISIONS checker-error SKILL close-cube N cube-error SKILL",
         "# luck SIDE rolls ROLLS total LUCK (summed normalised luck of every roll)",
         "# move GAME SIDE DICE LOSS LUCK (normalised; forced plays: forced)"]
for player, side in sides.items():
    stats = info["stats"][player]
    lines.append("stats %s unforced %d checker-error %.6f close-cube %d cube-error %.6f" % (
        side, stats["moves"]["unforced-moves"], stats["moves"]["error-skill"],
        stats["cube"]["close-cube"], stats["cube"]["error-skill"]))
    # (Its "marked-rolls" are left out: gnubg 1.07 gives both players the same counts.)
    lines.append("luck %s rolls %d total %.6f" % (
        side, stats["moves"]["total-moves"], stats["dice"]["luck"]))
for number, game in enumerate(info["games"], 1):
    for record in game["game"]:
        if record["action"] != "move":
            continue
        dice = "%d%d" % tuple(sorted(record["dice"], reverse=True))
        analysis = record.get("analysis", {})
        moves = analysis.get("moves", [])
        if len(moves) < 2:
            loss = "forced"
        else:
            played = moves[analysis["imove"]]["score"]
            loss = "%.6f" % max(0.0, moves[0]["score"] - played)
        luck = "%.6f" % analysis["luck-value"]
        lines.append("move %d %s %s %s %s" % (number, sides[record["player"]], dice, loss, luck))
with open(out + ".txt", "w") as f:
    f.write("\n".join(lines) + "\n")
