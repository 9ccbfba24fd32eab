# GNU Backgammon's results of matches: each player's actual result, luck adjusted
# result and luck, the counts and totals its ratings come from, the FIBS ratings it
# prints (matches) and the points per game (money sessions), as reference data for
# tests/analysis_gnubg.rs. Luck is measured at 0-ply whatever the analysis depth, so
# the matches are analysed at 0-ply. Run by tests/gnubg/make_results_reference.sh
# inside gnubg. Environment:
#   GAMAO_MATS    the .mat files, separated by spaces
#   GAMAO_REPORT  where the lines go
import ctypes
import os
import re
import tempfile

import gnubg

libc = ctypes.CDLL(None)


def printed(command):
    """What GNU Backgammon prints for `command` (its output goes to the C stdout)."""
    with tempfile.TemporaryFile(mode="w+") as capture:
        libc.fflush(None)
        saved = os.dup(1)
        os.dup2(capture.fileno(), 1)
        try:
            gnubg.command(command)
            libc.fflush(None)
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        capture.seek(0)
        return capture.read()


def figures(text, label):
    """The numbers on the statistics line starting with `label`, but those in
    parentheses (the same figure in other units)."""
    for line in text.splitlines():
        if line.startswith(label):
            shown = re.sub(r"\([^)]*\)", "", line[len(label):])
            return [float(x) for x in re.findall(r"[-+]?\d+\.\d+", shown)]
    return []


CUBE_ERROR_KINDS = ("missed-double-below-cp", "missed-double-above-cp", "wrong-double-below-dp",
                    "wrong-double-above-tg", "wrong-take", "wrong-drop")

lines = ["# GNU Backgammon 1.07's results of each match, analysed at 0-ply (luck is measured",
         "# at 0-ply at any depth); in a match in match winning chances, in a money session",
         "# in points. Made by tests/gnubg/make_results_reference.sh.",
         "# result STEM SIDE actual A luck-adjusted L luck L_EMG luck-cost L_COST",
         "# moves STEM SIDE total PLAYS unforced N checker-error EMG close-cube N cube-error EMG",
         "#   (every play, forced ones too; losses normalised, summed)",
         "# fibs STEM SIDE rating R checker-loss C cube-loss Q snowie S   (as printed, matches only)",
         "# luck-fibs STEM White difference D   (as printed, matches only; n/a where it prints none)",
         "# ppg STEM SIDE actual A actual-ci A_CI luck-adjusted L luck-adjusted-ci L_CI",
         "#   (points per game and the half width of their 95% interval, money sessions only)"]
gnubg.command("set analysis chequerplay evaluation plies 0")
gnubg.command("set analysis cubedecision evaluation plies 0")
for path in os.environ["GAMAO_MATS"].split():
    gnubg.command("import mat %s" % path)
    gnubg.command("analyse match")
    info = gnubg.match(analysis=1, statistics=1, boards=0)
    stats = printed("show statistics match")
    stem = os.path.splitext(os.path.basename(path))[0]
    is_match = info["match-info"]["match-length"] > 0
    ratings = figures(stats, "Error based abs. FIBS rating")
    checker_losses = figures(stats, "Chequerplay errors rating loss")
    cube_losses = figures(stats, "Cube errors rating loss")
    snowie = figures(stats, "Snowie error rate")
    # X is the .mat file's left column (White), O the right (Red).
    for column, (player, side) in enumerate((("X", "White"), ("O", "Red"))):
        dice = info["stats"][player]["dice"]
        moves = info["stats"][player]["moves"]
        cube = info["stats"][player]["cube"]
        lines.append("result %s %s actual %.6f luck-adjusted %.6f luck %.6f luck-cost %.6f" % (
            stem, side, dice["actual-result"], dice["luck-adjusted-result"], dice["luck"],
            dice["luck-cost"]))
        # (the cube's "error-skill" is per close decision; its six kinds' are summed)
        cube_error = sum(cube["err-%s-skill" % kind] for kind in CUBE_ERROR_KINDS)
        lines.append("moves %s %s total %d unforced %d checker-error %.6f close-cube %d cube-error %.6f" % (
            stem, side, moves["total-moves"], moves["unforced-moves"], moves["error-skill"],
            cube["close-cube"], cube_error))
        if is_match:
            lines.append("fibs %s %s rating %.1f checker-loss %.1f cube-loss %.1f snowie %.1f" % (
                stem, side, ratings[column], checker_losses[column], cube_losses[column],
                snowie[column]))
        else:
            ppg = info["stats"][player]["ppg-advantage"]
            lines.append("ppg %s %s actual %.6f actual-ci %.6f luck-adjusted %.6f luck-adjusted-ci %.6f" % (
                stem, side, ppg["actual"], ppg["actual-ci"], ppg["luck-adjusted"],
                ppg["luck-adjusted-ci"]))
    if is_match:
        # "n/a" where the luck-adjusted chance is not strictly between 0 and 1
        difference = figures(stats, "Luck based FIBS rating diff.")
        lines.append("luck-fibs %s White difference %s" % (
            stem, "%.2f" % difference[0] if difference else "n/a"))
with open(os.environ["GAMAO_REPORT"], "w") as report:
    report.write("\n".join(lines) + "\n")
