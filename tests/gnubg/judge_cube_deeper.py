# Judges a strength benchmark's cube decisions again, deeper, with GNU Backgammon, and
# scores GNU Backgammon's own decisions at shallower depths against that judge.
# Run by tests/gnubg/judge_cube_deeper.sh. Environment:
#   GAMAO_CUBES  a cube file (POSITION_ID ND DT DP per line, tests/data/gnubg_strength_cube.txt)
#   GAMAO_OUT    where to write the same decisions judged at GAMAO_PLIES (the same format,
#                for `gamao bench strength --cube`)
#   GAMAO_PLIES  the judge's depth (3 by default)
#   GAMAO_REPORT where the report goes
# Reports, for GNU Backgammon's own cube decisions at 0, 1 and 2 plies, what the doubler
# and the taker give away per decision by the deeper judge, in mEMG.
import os
import sys

import gnubg

cubes_path = os.environ["GAMAO_CUBES"]
out_path = os.environ["GAMAO_OUT"]
plies = int(os.environ.get("GAMAO_PLIES", "3"))

gnubg.command("set jacoby off")
money = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
with open(cubes_path) as lines:
    boards = [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


def equities(board, depth):
    """GNU Backgammon's cubeful no double, double/take, double/pass at `depth`."""
    context = gnubg.evalcontext(1, depth, 1, 1, 0.0)
    _, no_double, take, drop, _, _ = gnubg.cfevaluate(gnubg.positionfromid(board), money, context)
    return no_double, take, drop


def errors(judge, own):
    """What the doubler and the taker give away by `own`'s decisions, by `judge`."""
    no_double, take, drop = judge
    doubled = min(take, drop)
    own_doubles = min(own[1], own[2]) > own[0]
    double_error = max(no_double, doubled) - (doubled if own_doubles else no_double)
    take_error = 0.0 if (own[1] <= own[2]) == (take <= drop) else abs(take - drop)
    return double_error, take_error


shallow = [d for d in (0, 1, 2) if d < plies]
totals = {d: [0.0, 0.0] for d in shallow}
with open(out_path, "w") as out:
    out.write("# %s judged again by GNU Backgammon 1.07 at %d plies: POSITION_ID ND DT DP,\n"
              "# cubeful money equities, cube centred, Jacoby off.\n"
              "# Made by tests/gnubg/judge_cube_deeper.sh.\n" % (os.path.basename(cubes_path), plies))
    for count, board in enumerate(boards, 1):
        judge = equities(board, plies)
        out.write("%s %.5f %.5f %.5f\n" % ((board,) + judge))
        out.flush()
        for depth in shallow:
            double_error, take_error = errors(judge, equities(board, depth))
            totals[depth][0] += double_error
            totals[depth][1] += take_error
        if count % 50 == 0:
            print("judge_cube_deeper: %d of %d" % (count, len(boards)), file=sys.stderr, flush=True)
n = max(len(boards), 1)
with open(os.environ["GAMAO_REPORT"], "w") as report:
    for depth in shallow:
        report.write("| gnubg-%d | %.1f / %.1f |\n" % (depth, 1000 * totals[depth][0] / n, 1000 * totals[depth][1] / n))
