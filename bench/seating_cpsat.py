"""Fewest repeated pairs of a fair schedule, proved with a constraint model (OR-Tools CP-SAT).

Run: ``.venv/bin/python bench/seating_cpsat.py 13x4 --odd tables-of-3
[--seconds 120] [--workers 2] [--symmetry round2] [--zero]`` (needs OR-Tools,
which Cuori does not depend on: ``.venv/bin/pip install ortools``).  It
prints the fewest repeated pairs found, the best lower bound the solver
proved, and whether the two meet (an optimum, which ``seating_bounds`` may then record).
``--zero`` asks only whether a repeat-free fair schedule exists (every
pair meets at most once, no objective): it prints one, or that the solver
proved there is none, or that it has no answer in the time.

The model is the field as Cuori seats it from scratch (``plan_rounds``):
``rounds`` rounds of the table sizes of ``table_plan``; ``x[r, p, t]``
says player p sits at table t in round r; ``met[r, p, q]`` is implied by
both at one table; a pair's repeats are ``max(0, sum_r met - 1)`` and the
objective is their sum.  Fairness (nobody a second table of 3 or 5 before
everybody has one, ``seating_search.fair_statuses``) is the constraint that
after each round every player's count of odd tables is the floor or the
ceiling of the mean (the counts spread by at most one); byes likewise, as
a table whose players meet nobody.  Symmetry (``--symmetry``): ``round1``
(the default) fixes round 1; ``round2`` also makes round 2 the least of
its relabellings that keep round 1 (along each round-1 table the players'
round-2 tables do not go down, and round 2's tables of one size come in
the order of their lowest player); ``tables`` also orders the tables of
one size in the later rounds by their lowest player.  The search's own
plan is given as a hint (relabelled to meet these orders), so the solver
only has to prove it optimal or improve on it.

This is why ``seating_bounds`` knows that 13 players over 4 rounds (a table
of 4 and three of 3) need 6 repeated pairs when the tables of 3 are handed
out fairly, although repeat-free schedules exist when one player may sit
at a table of 3 every round.  Proved on this machine with one worker and
``round1``: 10 x 3 (tables of 3): 8, in 2 s; 13 x 4 (tables of 3): 6, in
50 s; 14 x 5 (tables of 3): 6, in 366 s.  With two workers (on a loaded
machine) and ``round2``: 10 x 3 in 0 s, 13 x 4 (tables of 3) in 2 s,
14 x 5 (tables of 3) in 9 s, and 13 x 3 with tables of 5: 16 (counting
bound 12) in 4 s, where ``round1`` proved nothing (bound 0) in 120 s.
No proof within 300 s (``round2`` or ``tables``): 13 x 4 with tables of 5
(22 found, proved >= 9; counting bound 16); within 120 s (``round2``):
15 x 4 with tables of 5 (23 found, counting bound 18), 18 x 4 with tables
of 5 (20, bound 14), 23 x 3 with tables of 5 (10, bound 6).  Without the
``round2`` orders (300 s): 17 x 5 with a bye a round (1, bound 0).  With
``round2`` and one worker (600 s): 18 x 6 with tables of 3 (6 found,
proved >= 0), where repeat-free schedules exist when the tables of 3 may
go to some players twice before others have one; the exhaustive search
(``bench/seating_exact_fair.py``) proves 6.  Likewise 20 x 6 at tables of
4 (``round2``, one worker, 120 s): 6 found, proved >= 0, where the
exhaustive search rules out a repeat-free schedule in 0.1 s and proves 5.
19 x 5 with tables of 5 (``round2``, one worker, 1,200 s): the plan's 24
found, proved >= 1; the exhaustive search proves 22.  With ``--zero``
(``round2``, one worker): 16 x 4 at tables of 4, a repeat-free schedule at
once; 17 x 5 with a bye a round, proved none exists in 92 s (the
exhaustive search agrees: 1 repeat is the fewest); 21 x 6 with a bye a
round (five tables of 4), no answer in 3,000 s (the plan has 1, the
bound 0).  A throwaway model of the case where the six players on a bye
never meet one another (each round then seats one of them at every
table, with a triple of the other 15, and the 30 triples form a 6 x 6
array, its diagonal empty, whose rows and columns each split the 15) is
infeasible in 310 s; the cases where some of them share a table are open
(this model with the byes fixed and that round first: no answer in 400 s
even with four of them at one table).  A SAT model of the same question
(throwaway, python-sat with CaDiCaL 1.9.5: a variable per player, round
and table, tables ordered by their lowest player, a pair meeting in one
round at most), split by how the players on a bye later sit in the round
where they cluster most (none together, 2 + 1 + 1 + 1, 2 + 2 + 1,
3 + 1 + 1, 3 + 2, 4 + 1; every other round clustering no more), proves
the first case infeasible in 68 s; it was checked against the plan's
schedules with one repeat (accepted at a budget of one, refused at none).
With round 1's tables named by the players of a table of round 0 and the
players of each table of round 0 in the order of their round-1 tables,
2 + 1 + 1 + 1 gave no answer in 1,800 s and 4 + 1 none in 600 s.

25 x 8 with a bye a round (the stored schedule has 9, the bound 0) is the
most rounds 25 players can have without a repeat: a player with no bye
meets 3 x 8 = 24 others, everybody.  So a repeat-free schedule would seat
every pair once, but for 12 pairs of the 8 players on a bye, which form a
graph where each of them has 3 (a cubic graph).  When that graph is two
K4s it is a 2-(25, 4, 1) design less two disjoint blocks, whose 48 other
blocks split into 8 rounds, each missing one of the 8 players on a bye.
The designs developed over Z_5 x Z_5 (difference families, 6 tried) have
exactly one round of 6 blocks missing a given player, so none of them
splits.  Throwaway models (the bye of round r given to player r, the
graph given, each player's 3 neighbours in it at tables 1 to 3 in the
round of its bye) found nothing: CP-SAT (one worker) had no answer in
1,500 s for the two K4s or for the cube; CaDiCaL (python-sat) had none in
36 minutes of CPU for the two K4s.  Checked on 13 x 4 with a bye: that
model says at once that none exists, as the exhaustive search proved (9).
Of the 18 S(2, 4, 25) designs (Spence), the 16 with an automorphism of
order 3 do not split (``bench/seating_steiner25.py``); the two with a
trivial group are unchecked.
37 x 12 with a bye (stored: 20) has the same form with three K4s, a
2-(37, 4, 1) design less three disjoint blocks.
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


def _order_tables(m, x, r: int, n: int, sizes: tuple[int, ...], tables) -> None:
    """Tables of one size in round ``r`` in the order of their lowest
    player: a player sits at the later of two such tables only if a lower
    player sits at the earlier one."""
    for t in tables[:-1]:
        if sizes[t + 1] != sizes[t]:
            continue
        for p in range(n):
            m.AddBoolOr([x[r, p, t + 1].Not()] + [x[r, q, t] for q in range(p)])


def _order_round2(m, x, n: int, sizes: tuple[int, ...], tables) -> None:
    """Round 2 as the lexicographically least of its relabellings that keep
    round 1 (players within a round-1 table, tables of one size in round
    2): along each round-1 table the players' round-2 tables do not go
    down, and round 2's tables of one size come in the order of their
    lowest player.  Both hold for the least relabelling, so every schedule
    has a relabelling that meets them."""
    at = [sum(t * x[1, p, t] for t in tables) for p in range(n)]
    first = 0
    for size in sizes:
        for p in range(first, first + size - 1):
            m.Add(at[p] <= at[p + 1])
        first += size
    _order_tables(m, x, 1, n, sizes, tables)


def seat_variables(md, rounds: int, n: int, sizes) -> dict:
    """Booleans x[r, p, t] of ``md`` for ``rounds`` rounds of ``n`` players:
    player p sits at table t in round r, each player at one table, each
    table t filled to ``sizes[t]`` players."""
    x = {
        (r, p, t): md.NewBoolVar(f"x{r}_{p}_{t}")
        for r in range(rounds)
        for p in range(n)
        for t in range(len(sizes))
    }
    for r in range(rounds):
        for p in range(n):
            md.AddExactlyOne(x[r, p, t] for t in range(len(sizes)))
        for t in range(len(sizes)):
            md.Add(sum(x[r, p, t] for p in range(n)) == sizes[t])
    return x


def model(
    n: int,
    rounds: int,
    sizes: tuple[int, ...],
    table_size: int = 4,
    byes: int = 0,
    symmetry: str = "round1",
    zero: bool = False,
):
    """(model, x) for the fair schedules of ``n`` players; with ``byes``,
    table ``len(sizes)`` holds the players who sit out (they meet nobody),
    and byes are spread like the odd tables.  ``symmetry``: ``round1``
    fixes round 1; ``round2`` also orders round 2 (:func:`_order_round2`);
    ``tables`` also orders the tables of one size in rounds 3 on.  ``zero``:
    no objective, every pair meets at most once (a repeat-free schedule or
    a proof that there is none)."""
    m = cp_model.CpModel()
    meeting = range(len(sizes))
    sizes = tuple(sizes) + ((byes,) if byes else ())
    tables = list(range(len(sizes)))
    x = seat_variables(m, rounds, n, sizes)
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
            if zero:
                m.AddAtMostOne(met)
                continue
            extra = m.NewIntVar(0, rounds - 1, "")
            m.Add(extra >= sum(met) - 1)
            repeats.append(extra)
    first = iter(range(n))
    for t in tables:
        for _ in range(sizes[t]):
            m.Add(x[0, next(first), t] == 1)
    if symmetry in ("round2", "tables") and rounds > 1:
        _order_round2(m, x, n, sizes, tables)
    if symmetry == "tables":
        for r in range(2, rounds):
            _order_tables(m, x, r, n, sizes, tables)
    if not zero:
        m.Minimize(sum(repeats))
    return m, x


def hint(
    m,
    x,
    n: int,
    rounds: int,
    sizes: tuple[int, ...],
    odd: str,
    byes: int = 0,
    symmetry: str = "round1",
) -> int:
    """Give the search's plan (relabelled so that its round 1 is the fixed
    one, tables matched by size and ordered by their lowest player, and
    with ``symmetry`` other than ``round1`` round 2 ordered as the model
    asks) as a hint; returns its repeats."""
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

    def seats(seating) -> dict[int, int]:
        free = {size: [t for t in range(len(sizes)) if sizes[t] == size] for size in set(sizes)}
        at = {}
        for table in sorted(sorted(label[p] for p in t) for t in seating.tables):
            t = free[len(table)].pop(0)
            for p in table:
                at[p] = t
        return at

    for _ in range(n if symmetry != "round1" and rounds > 1 else 0):
        # relabel within round 1's tables until round 2 meets _order_round2
        at, relabelled, start = seats(plan[1]), {}, 0
        for size in tuple(sizes) + ((byes,) if byes else ()):
            block = sorted(
                first[start : start + size],
                key=lambda p: (at.get(label[p], len(sizes)), label[p]),
            )
            relabelled.update({p: start + i for i, p in enumerate(block)})
            start += size
        if relabelled == label:
            break
        label = relabelled
    for r, seating in enumerate(plan):
        at = seats(seating)
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
    parser.add_argument(
        "--symmetry",
        default="round1",
        choices=("round1", "round2", "tables"),
        help="round1: fix round 1; round2: also order round 2; tables: also order rounds 3 on",
    )
    parser.add_argument(
        "--zero", action="store_true", help="only a repeat-free schedule (or a proof of none)"
    )
    args = parser.parse_args()
    n, rounds = (int(v) for v in args.field.split("x"))
    plan = table_plan(n, odd=args.odd)
    sizes = plan.sizes
    start = time.perf_counter()
    m, x = model(n, rounds, sizes, byes=plan.byes, symmetry=args.symmetry, zero=args.zero)
    planned = hint(m, x, n, rounds, sizes, args.odd, plan.byes, args.symmetry)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = args.seconds
    solver.parameters.num_workers = args.workers
    status = solver.Solve(m)
    quality = plan_quality(n, rounds, odd=args.odd)
    solved = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    if solved and (args.zero or solver.ObjectiveValue() < planned):
        # better than the plan: the schedule, as seating_best.BEST_SCHEDULES stores it
        for r in range(rounds):
            tables = [
                " ".join(str(p) for p in range(n) if solver.Value(x[r, p, t]))
                for t in range(len(sizes))
            ]
            print("schedule:", " | ".join(tables))
    seconds = time.perf_counter() - start
    if args.zero:
        verdict = (
            "found one (above)"
            if solved
            else "proved none exists"
            if status == cp_model.INFEASIBLE
            else "no answer"
        )
        print(
            f"{n} players x {rounds} rounds, tables {sizes}: plan_rounds {planned}; "
            f"a repeat-free fair schedule, CP-SAT: {verdict}, {seconds:.0f} s"
        )
        return
    found = solver.ObjectiveValue() if solved else None
    print(
        f"{n} players x {rounds} rounds, tables {sizes}: plan_rounds {planned}, "
        f"CP-SAT {solver.StatusName(status)} best {found} "
        f"proved >= {solver.BestObjectiveBound():.0f} "
        f"(counting bound {quality.bound}), {seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
