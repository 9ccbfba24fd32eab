# GNU Backgammon's results of matches: each player's actual result, luck adjusted
# result and luck, as reference data for tests/analysis_gnubg.rs. Luck is measured at
# 0-ply whatever the analysis depth, so the matches are analysed at 0-ply. Run by
# tests/gnubg/make_results_reference.sh inside gnubg. Environment:
#   GAMAO_MATS    the .mat files, separated by spaces
#   GAMAO_REPORT  where the lines go
import os

import gnubg

lines = ["# GNU Backgammon 1.07's results of each match, analysed at 0-ply (luck is measured",
         "# at 0-ply at any depth); in a match in match winning chances, in a money session",
         "# in points. Made by tests/gnubg/make_results_reference.sh.",
         "# result STEM SIDE actual A luck-adjusted L luck L_EMG luck-cost L_COST"]
gnubg.command("set analysis chequerplay evaluation plies 0")
gnubg.command("set analysis cubedecision evaluation plies 0")
for path in os.environ["GAMAO_MATS"].split():
    gnubg.command("import mat %s" % path)
    gnubg.command("analyse match")
    info = gnubg.match(analysis=1, statistics=1, boards=0)
    stem = os.path.splitext(os.path.basename(path))[0]
    # X is the .mat file's left column (White), O the right (Red).
    for player, side in (("X", "White"), ("O", "Red")):
        dice = info["stats"][player]["dice"]
        lines.append("result %s %s actual %.6f luck-adjusted %.6f luck %.6f luck-cost %.6f" % (
            stem, side, dice["actual-result"], dice["luck-adjusted-result"], dice["luck"],
            dice["luck-cost"]))
with open(os.environ["GAMAO_REPORT"], "w") as report:
    report.write("\n".join(lines) + "\n")
