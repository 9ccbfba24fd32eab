#!/usr/bin/env python3
"""Runs reference_cube.py inside GNU Backgammon and writes tests/data/gnubg_cube.txt:
one line per cube decision gnubg analysed (positions where the side on roll may
double): Position ID, Match ID, gnubg's seven 0-ply chances (win, win gammon,
win backgammon, lose, lose gammon, lose backgammon are printed; six are kept) and its
proper cube action. Usage: python3 tests/gnubg/make_cube_reference.py [RECORDS]
"""
import os
import re
import subprocess
import sys

records = sys.argv[1] if len(sys.argv) > 1 else "600"
here = os.path.dirname(os.path.abspath(__file__))
env = dict(os.environ, GAMAO_RECORDS=records)
output = subprocess.run(["/usr/games/gnubg", "-t", "-q", "-p", os.path.join(here, "reference_cube.py")],
                        capture_output=True, text=True, env=env, timeout=3000).stdout

lines = ["# GNU Backgammon 1.07's 0-ply cube decisions (tests/gnubg/make_cube_reference.py):",
         "# POSITION_ID MATCH_ID win win_gammon win_backgammon lose_gammon lose_backgammon | action"]
for record in re.findall(r"@@REC (\S+) (\S+)\n(.*?)@@END", output, re.S):
    position_id, match_id, text = record
    action = re.search(r"Proper cube action: (.*)", text)
    chances = re.search(r"^\s+([\d.]+) ([\d.]+) ([\d.]+) - [\d.]+ ([\d.]+) ([\d.]+)\s*$", text, re.M)
    if action and chances:
        lines.append("%s %s %s | %s" % (position_id, match_id, " ".join(chances.groups()), action.group(1).strip()))
target = os.path.join(here, "..", "data", "gnubg_cube.txt")
with open(target, "w") as out:
    out.write("\n".join(lines) + "\n")
print("wrote %d decisions to %s" % (len(lines) - 2, target))
