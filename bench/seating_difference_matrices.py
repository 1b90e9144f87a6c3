"""Difference matrices for transversal designs that fields do not give.

Run: ``.venv/bin/python bench/seating_difference_matrices.py Q [--seconds 60]
[--workers 1] [--seed 1]`` (needs OR-Tools, which Cuori does not depend on:
``.venv/bin/pip install ortools``).  It prints the (Q, 4, 1) difference
matrix over Z_Q it finds, the entry for
``seating_designs.DIFFERENCE_MATRICES``, or that it found none.

A (q, 4, 1) difference matrix over Z_q is 4 rows of q entries such that for
any two rows the differences of their entries, column by column, are every
element of Z_q once (Handbook of Combinatorial Designs, 2nd ed., III.17).
It gives a resolvable transversal design TD(4, q): round c seats table t at
the entries of column c plus t, one player of each group, so q rounds in
which 4 q players in 4 groups meet everybody of the other groups once
(``seating_designs._difference_matrix_rounds``).  Fields give one for every
q whose prime-power factors are all at least 4 (MacNeish); the others (a
factor 2 or 3) need such a matrix, alone or times a field's (84 = 21 x 4).
With them Rees and Stinson's construction
(``seating_designs.frame_product_rounds``) makes a table of 4 players, made
3 v times by TD(4, 3 v), and the 4-frame of type 3^v on each group into the
resolvable 4-GDD of type 3^(4 v) (156 players: TD(4, 39)), and TD(4, 84)
with a design on each group seats 336 players over 111 rounds.

The model (CP-SAT): row 0 is all 0 and row 1 is 0 .. q - 1 (any difference
matrix takes that form: subtract row 0 from every row, then order the
columns by row 1), column 0 is all 0 (add a constant to a row), and the
other rows are unknown, with every difference of two rows one AllDifferent.
The columns are fixed by the multiplier -1 (entry at -c is minus the entry
at c), which halves the unknowns; with q = 3p it is the only multiplier
whose powers fix no column but 0 (a multiplier k of order t needs k^i - 1
a unit for 0 < i < t, and mod 3 that allows t = 2 only), and a fixed
column would need 4 different entries among the few its multiplier allows.

Measured on this machine, one worker, seed 1 (CPU seconds): q = 15 in 0.3 s,
21 in 1 s, 39 in 7 s; 51 none in 1,200 s.  Five rows (a (q, 5, 1) matrix,
as a TD(5, q)) are far harder: q = 15 in 3 s, none for 21, 39 or 51 in 90
to 600 s, nor by a throwaway simulated annealing (cost 2 or more).
TD(4, 51) no longer needs a matrix: Wilson's construction
(``seating_designs.wilson_blocks``, 51 = 4 * 11 + 7) gives TD(5, 51), and
so the resolvable TD(4, 51) behind 204 x 67.
"""

from __future__ import annotations

import argparse
import sys


def solve(q: int, seconds: float, workers: int, seed: int, k: int = 4) -> list[list[int]] | None:
    """The k rows of a (q, k, 1) difference matrix over Z_q, or None when the
    solver found none in time."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    unknown = [
        [model.NewConstant(0)] + [model.NewIntVar(0, q - 1, f"x{r}_{c}") for c in range(1, q)]
        for r in range(k - 2)
    ]
    identity = [model.NewConstant(c) for c in range(q)]

    def differences_all_different(a, b) -> None:
        diffs = []
        for c in range(q):
            d, wrap = model.NewIntVar(0, q - 1, ""), model.NewBoolVar("")
            model.Add(d == a[c] - b[c] + q * wrap)
            diffs.append(d)
        model.AddAllDifferent(diffs)

    for r, row in enumerate(unknown):
        model.AddAllDifferent(row)  # against row 0
        differences_all_different(row, identity)  # against row 1
        for other in unknown[r + 1 :]:
            differences_all_different(row, other)
        for c in range(1, (q + 1) // 2):  # the multiplier -1
            model.Add(row[q - c] + row[c] == q)
    for row, after in zip(unknown, unknown[1:]):  # the rows in order
        model.Add(row[1] < after[1])
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[0] * q, list(range(q))] + [[solver.Value(x) for x in row] for row in unknown]


def is_difference_matrix(rows: list[list[int]], q: int) -> bool:
    """Whether any two rows differ by every element of Z_q once."""
    return all(
        sorted((x - y) % q for x, y in zip(a, b)) == list(range(q))
        for i, a in enumerate(rows)
        for b in rows[i + 1 :]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("q", type=int, help="the order: odd, at least 5")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=1, help="1: the same answer each run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.q < 5 or args.q % 2 == 0:
        sys.exit("the order must be odd and at least 5 (Z_q of even order has none)")
    rows = solve(args.q, args.seconds, args.workers, args.seed)
    if rows is None:
        sys.exit(
            f"no ({args.q}, 4, 1) difference matrix over Z_{args.q} found in {args.seconds:g} s"
        )
    assert is_difference_matrix(rows, args.q)
    print(f"    {args.q}: (")
    for row in rows[2:]:
        print(f'        "{" ".join(map(str, row))}",')
    print("    ),")


if __name__ == "__main__":
    main()
