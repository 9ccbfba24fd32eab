# Prints GNU Backgammon's Match ID for a table of field values, one per line:
#   cube owner on_roll crawford state turn doubled resigned die1 die2 length score0 score1 ID
# The output is pasted into tests/match_id.rs as known IDs.
# Run: gnubg -t -q -p tests/gnubg/match_ids.py
import gnubg

gnubg.command("set jacoby off")
cases = [
    # cube owner move crawford state turn doubled resigned d1 d2 length s0 s1
    (1, -1, 0, 0, 1, 0, 0, 0, 5, 1, 5, 0, 0),
    (1, -1, 1, 0, 1, 1, 0, 0, 0, 0, 5, 0, 0),
    (2, 1, 0, 0, 1, 0, 0, 0, 6, 3, 7, 2, 4),
    (4, 0, 1, 0, 1, 0, 1, 0, 0, 0, 7, 3, 5),
    (1, -1, 0, 1, 1, 0, 0, 0, 2, 2, 9, 8, 3),
    (64, 1, 1, 0, 1, 1, 0, 0, 4, 1, 0, 12, 30),
    (8, 0, 0, 0, 1, 1, 0, 2, 0, 0, 25, 17, 24),
    (1, -1, 1, 0, 1, 0, 0, 3, 0, 0, 3, 1, 1),
    (2, 0, 1, 0, 2, 1, 0, 0, 0, 0, 11, 10, 9),
    (16, 1, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0),
    (2, 1, 1, 0, 1, 0, 1, 0, 0, 0, 7, 3, 5),
    (1, -1, 0, 0, 1, 0, 0, 0, 3, 1, 3, 0, 0),
    (1, -1, 1, 0, 1, 1, 0, 0, 6, 2, 3, 2, 1),
]
for cube, owner, move, crawford, state, turn, doubled, resigned, d1, d2, length, s0, s1 in cases:
    ci = gnubg.cubeinfo(cube, owner, move, length, (s0, s1), crawford, 0)
    pi = gnubg.posinfo(turn, resigned, doubled, state, (d1, d2))
    print(cube, owner, move, crawford, state, turn, doubled, resigned, d1, d2, length, s0, s1,
          gnubg.matchid(ci, pi))
