"""Difference matrices for transversal designs that fields do not give.

Run: ``.venv/bin/python bench/seating_difference_matrices.py Q [--seconds 60]
[--workers 1] [--seed 1]`` (needs OR-Tools, which Cuori does not depend on:
``.venv/bin/pip install ortools``).  It prints the (Q, 5, 1) difference
matrix over Z_Q it finds, the entry for
``seating_designs.DIFFERENCE_MATRICES``, or that it found none.

A (q, 5, 1) difference matrix over Z_q is 5 rows of q entries such that for
any two rows the differences of their entries, column by column, are every
element of Z_q once (Handbook of Combinatorial Designs, 2nd ed., III.17).
It gives a transversal design TD(5, q), so a resolvable TD(4, q): q rounds
in which 4 q players in 4 groups meet everybody of the other groups once
(``seating_designs._difference_matrix_rounds``).  Fields give one for every
q whose prime-power factors are all at least 4 (MacNeish); the others (a
factor 2 or 3: 15, 39, 51, ...) need such a matrix.  Rees and Stinson's
construction (``seating_designs.frame_product_rounds``) makes a table of 4
players, made 3 v times by TD(4, 3 v), and the 4-frame of type 3^v on each
group into the resolvable 4-GDD of type 3^(4 v): 156 players need
TD(4, 39), 204 need TD(4, 51).

The model (CP-SAT): row 0 is all 0 and row 1 is 0 .. q - 1 (any difference
matrix takes that form: subtract row 0 from every row, then order the
columns by row 1), column 0 is all 0 (add a constant to a row), and rows 2
to 4 are unknown, with every difference of two rows one AllDifferent.  The
columns are fixed by the multiplier -1 (entry at -c is minus the entry at c),
which halves the unknowns; a multiplier of order 3 cannot work when 3
divides q, since its fixed columns would need 5 different entries among 3
values.

Measured on this machine: q = 15 in 3 s (one worker; 6 to 10 s with two);
no answer in 600 s for q = 39 or 51 (two workers), nor in 90 s for q = 21.
With q = 3p the multiplier -1 is the only one whose powers fix no column
but 0 (a multiplier k of order t needs k^i - 1 a unit for 0 < i < t, and
mod 3 that allows t = 2 only).
"""

from __future__ import annotations

import argparse
import sys


def solve(q: int, seconds: float, workers: int, seed: int) -> list[list[int]] | None:
    """Rows 0 to 4 of a (q, 5, 1) difference matrix over Z_q, or None when the
    solver found none in time."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    unknown = [
        [model.NewConstant(0)] + [model.NewIntVar(0, q - 1, f"x{r}_{c}") for c in range(1, q)]
        for r in range(3)
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
    model.Add(unknown[0][1] < unknown[1][1])  # the rows in order
    model.Add(unknown[1][1] < unknown[2][1])
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
        sys.exit(f"no (q, 5, 1) difference matrix over Z_{args.q} found in {args.seconds:g} s")
    assert is_difference_matrix(rows, args.q)
    print(f"    {args.q}: (")
    for row in rows[2:]:
        print(f'        "{" ".join(map(str, row))}",')
    print("    ),")


if __name__ == "__main__":
    main()
