"""Fewest repeated pairs of a fair schedule, proved with a constraint model (OR-Tools CP-SAT).

Run: ``.venv/bin/python bench/seating_cpsat.py 13x4 --odd tables-of-3
[--seconds 120] [--workers 2]`` (needs OR-Tools, which Cuori does not
depend on: ``.venv/bin/pip install ortools``).  It prints the fewest
repeated pairs found, the best lower bound the solver proved, and whether
the two meet (an optimum, which ``seating_bounds`` may then record).

The model is the field as Cuori seats it from scratch (``plan_rounds``):
``rounds`` rounds of the table sizes of ``table_plan``; ``x[r, p, t]``
says player p sits at table t in round r; ``met[r, p, q]`` is implied by
both at one table; a pair's repeats are ``max(0, sum_r met - 1)`` and the
objective is their sum.  Fairness (nobody a second table of 3 or 5 before
everybody has one, ``seating_search.fair_statuses``) is the constraint that
after each round every player's count of odd tables is the floor or the
ceiling of the mean (the counts spread by at most one); byes likewise, as
a table whose players meet nobody.  Symmetry: round 1
is fixed (ordering the tables of one size as well slowed the proof down).
The search's own plan is given as a hint, so the solver only has to prove
it optimal or improve on it.

This is why ``seating_bounds`` knows that 13 players over 4 rounds (a table
of 4 and three of 3) need 6 repeated pairs when the tables of 3 are handed
out fairly, although repeat-free schedules exist when one player may sit
at a table of 3 every round.  Proved on this machine with one worker:
10 x 3 (tables of 3): 8, in 2 s; 13 x 4 (tables of 3): 6, in 50 s; 14 x 5
(tables of 3): 6, in 366 s.  No proof within 300 s: 13 x 4 with tables of 5
(22 found, counting bound 16), 23 x 3 with tables of 5 (10, bound 6), 17 x 5
with a bye a round (1, bound 0).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - an optional tool
    sys.exit("bench/seating_cpsat.py needs OR-Tools: .venv/bin/pip install ortools")

from tournaments.seating import (
    ODD_POLICIES,
    TABLES_OF_5,
    count_repeated_pairs,
    plan_quality,
    plan_rounds,
    table_plan,
)


def model(n: int, rounds: int, sizes: tuple[int, ...], table_size: int = 4, byes: int = 0):
    """(model, x, objective) for the fair schedules of ``n`` players; with
    ``byes``, table ``len(sizes)`` holds the players who sit out (they
    meet nobody), and byes are spread like the odd tables."""
    m = cp_model.CpModel()
    meeting = range(len(sizes))
    sizes = tuple(sizes) + ((byes,) if byes else ())
    tables = range(len(sizes))
    x = {
        (r, p, t): m.NewBoolVar(f"x{r}_{p}_{t}")
        for r in range(rounds)
        for p in range(n)
        for t in tables
    }
    for r in range(rounds):
        for p in range(n):
            m.AddExactlyOne(x[r, p, t] for t in tables)
        for t in tables:
            m.Add(sum(x[r, p, t] for p in range(n)) == sizes[t])
    odd = [t for t in meeting if sizes[t] != table_size]
    for kind in (odd, [len(meeting)] if byes else []):
        seats = sum(sizes[t] for t in kind)
        for r in range(rounds if seats else 0):
            low, high = divmod((r + 1) * seats, n)
            for p in range(n):
                count = sum(x[s, p, t] for s in range(r + 1) for t in kind)
                m.Add(count >= low)
                m.Add(count <= low + (high > 0))
    repeats = []
    for p in range(n):
        for q in range(p + 1, n):
            met = []
            for r in range(rounds):
                both = m.NewBoolVar("")
                for t in meeting:
                    m.AddBoolOr([x[r, p, t].Not(), x[r, q, t].Not(), both])
                met.append(both)
            extra = m.NewIntVar(0, rounds - 1, "")
            m.Add(extra >= sum(met) - 1)
            repeats.append(extra)
    first = iter(range(n))
    for t in tables:
        for _ in range(sizes[t]):
            m.Add(x[0, next(first), t] == 1)
    objective = sum(repeats)
    m.Minimize(objective)
    return m, x


def hint(m, x, n: int, rounds: int, sizes: tuple[int, ...], odd: str, byes: int = 0) -> int:
    """Give the search's plan (relabelled so that its round 1 is the fixed
    one, tables matched by size) as a hint; returns its repeats."""
    plan = plan_rounds(range(n), rounds, odd=odd)
    first = [
        p
        for size in sorted(set(sizes), key=sizes.index)
        for t in plan[0].tables
        if len(t) == size
        for p in sorted(t)
    ]
    first += sorted(set(range(n)) - set(first))  # round 1's byes
    label = {p: i for i, p in enumerate(first)}
    for r, seating in enumerate(plan):
        free = {size: [t for t in range(len(sizes)) if sizes[t] == size] for size in set(sizes)}
        at = {}
        for table in sorted(sorted(label[p] for p in t) for t in seating.tables):
            t = free[len(table)].pop(0)
            for p in table:
                at[p] = t
        for p in range(n):
            for t in range(len(sizes) + (1 if byes else 0)):
                m.AddHint(x[r, p, t], at.get(p, len(sizes)) == t)
    return count_repeated_pairs(plan)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("field", help="players x rounds, e.g. 13x4")
    parser.add_argument("--odd", default=TABLES_OF_5, choices=ODD_POLICIES)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    n, rounds = (int(v) for v in args.field.split("x"))
    plan = table_plan(n, odd=args.odd)
    sizes = plan.sizes
    start = time.perf_counter()
    m, x = model(n, rounds, sizes, byes=plan.byes)
    planned = hint(m, x, n, rounds, sizes, args.odd, plan.byes)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = args.seconds
    solver.parameters.num_workers = args.workers
    status = solver.Solve(m)
    quality = plan_quality(n, rounds, odd=args.odd)
    found = solver.ObjectiveValue() if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None
    print(
        f"{n} players x {rounds} rounds, tables {sizes}: plan_rounds {planned}, "
        f"CP-SAT {solver.StatusName(status)} best {found} "
        f"proved >= {solver.BestObjectiveBound():.0f} "
        f"(counting bound {quality.bound}), {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
