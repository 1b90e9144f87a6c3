"""Improve a stored schedule by re-seating parts of it optimally (CP-SAT neighbourhood search).

Run: ``.venv/bin/python bench/seating_lns.py 29x8 --odd tables-of-5
[--seconds 600] [--step 10] [--rounds 2] [--players 12] [--seed 1]
[--workers 1]`` (needs OR-Tools, which Cuori does not depend on:
``.venv/bin/pip install ortools``).

It starts from the field's stored schedule with the fewest repeats known
(``seating_best.BEST_SCHEDULES``, or the plan when none is stored) and
repeats, until ``--seconds`` are spent: free a part of the schedule, keep
the rest as it is, and let the solver seat the freed part with the fewest
repeated pairs (``--step`` seconds at most, the current seating given as
a hint, so it never does worse); keep what it finds when it has no more
repeats than before (moves along a plateau are kept too).  The parts
freed take turns: ``--rounds`` whole rounds, chosen at random, or the
seats of ``--players`` players, chosen at random, in every round (each
round's other players stay at their tables; the freed players fill the
seats they left).  Fairness is a constraint, as in ``seating_cpsat``:
after each round every player's count of odd-size tables (and of byes)
is the floor or the ceiling of the mean.  This is large neighbourhood
search (Shaw, CP-98, LNCS 1520: 417-431; Pisinger & Ropke, Handbook of
Metaheuristics 2010, ch. 13): the tabu search's moves swap two players,
the solver's re-seat a dozen players or two rounds at once.

When it beats the stored schedule it prints the ``BEST_SCHEDULES`` entry
(``bench/seating_hunt.py`` format).  Deterministic for a seed and one
worker, up to the solver's time limits.

The parts freed lean on the repeats: a freed pair of rounds always holds
one where a repeated pair meets, and freed players always include a
repeated pair.

Measured on this machine (one worker, ``--step 10``, seed 1): it improved
none of the stored schedules it was given.  29 x 8 with tables of 5 (8
repeats; 8 players or 2 rounds freed: most parts solved to optimality in
0.1 to 7 s, the optimum always the current 8), 29 x 7 and 33 x 8 with
tables of 5 (1 each, 300 s, 60 parts), 30 x 8 with tables of 5 (the plan's
18; 6 to 10 players or 1 to 2 rounds, 90 to 120 s), 22 x 8 with tables of
3 (18, 90 s), 34 x 10 (39, 120 s) and 43 x 12 (43, 600 s) with tables of 5
all stayed where they were: what the tabu search leaves cannot be improved
by re-seating 2 rounds or 8 to 12 players' seats at once, where the solver
can say (two rounds of 30 players often reach the 10 s limit with the
bound 2 to 5 below the current figure).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - an optional tool
    sys.exit("bench/seating_lns.py needs OR-Tools: .venv/bin/pip install ortools")

from bench.seating_hunt import entry  # noqa: E402
from tournaments import seating_designs  # noqa: E402
from tournaments.seating import (  # noqa: E402
    ODD_POLICIES,
    TABLES_OF_5,
    Seating,
    count_repeated_pairs,
    plan_rounds,
    table_plan,
)

VERBOSE = False


def seats_of(rounds: list[list[list[int]]], n: int, sizes: tuple[int, ...]) -> list[list[int]]:
    """Per round, per player, the table index in ``sizes`` (``len(sizes)``
    for a bye): tables matched to the indices of their size in order."""
    seats = []
    for tables in rounds:
        free = {s: [t for t, size in enumerate(sizes) if size == s] for s in set(sizes)}
        at = [len(sizes)] * n
        for table in sorted(tables, key=lambda t: (len(t), min(t))):
            t = free[len(table)].pop(0)
            for p in table:
                at[p] = t
        seats.append(at)
    return seats


def ordered(seats: list[list[int]], sizes: tuple[int, ...]) -> list[list[int]]:
    """The same seats with each round's tables of one size renumbered in
    the order of their lowest player (what ``solve_part`` asks of a whole
    round it re-seats, so the current seating stays a solution)."""
    new = []
    for at in seats:
        lowest: dict[int, int] = {}
        for p, t in enumerate(at):
            lowest.setdefault(t, p)
        rename = {}
        for size in set(sizes):
            same = [t for t in range(len(sizes)) if sizes[t] == size]
            for t, u in zip(sorted(same, key=lambda t: lowest.get(t, len(at))), same):
                rename[t] = u
        new.append([rename.get(t, t) for t in at])
    return new


def repeated_pairs(
    seats: list[list[int]], n: int, byes_table: int
) -> dict[tuple[int, int], list[int]]:
    """The pairs that meet more than once, each with the rounds they meet in."""
    met: dict[tuple[int, int], list[int]] = {}
    for r, at in enumerate(seats):
        tables: dict[int, list[int]] = {}
        for p in range(n):
            if at[p] != byes_table:
                tables.setdefault(at[p], []).append(p)
        for table in tables.values():
            for pair in combinations(table, 2):
                met.setdefault(pair, []).append(r)
    return {pair: rounds for pair, rounds in met.items() if len(rounds) > 1}


def solve_part(
    seats: list[list[int]],
    n: int,
    sizes: tuple[int, ...],
    byes: int,
    free: set[tuple[int, int]],
    seconds: float,
    seed: int,
    workers: int,
) -> tuple[int, list[list[int]]] | None:
    """Re-seat the cells ``free`` ((round, player)) of ``seats`` with the
    fewest repeats, the other cells kept; (repeats, seats) or None when
    the solver found nothing in ``seconds``."""
    rounds = len(seats)
    bye = len(sizes)
    all_tables = list(range(len(sizes) + (1 if byes else 0)))
    capacity = list(sizes) + ([byes] if byes else [])
    m = cp_model.CpModel()
    x: dict[tuple[int, int, int], object] = {}

    def var(r: int, p: int, t: int):
        """x[r, p, t] as a literal, or a constant 0 or 1 for a kept cell."""
        if (r, p) in free:
            return x[r, p, t]
        return int(seats[r][p] == t)

    for r in range(rounds):
        freed = [p for p in range(n) if (r, p) in free]
        if not freed:
            continue
        left = Counter(seats[r][p] for p in freed)
        for p in freed:
            for t in all_tables:
                if left[t]:
                    x[r, p, t] = m.NewBoolVar("")
                    m.AddHint(x[r, p, t], seats[r][p] == t)
            m.AddExactlyOne(x[r, p, t] for t in all_tables if left[t])
        for t in all_tables:
            if left[t]:
                m.Add(sum(x[r, p, t] for p in freed if (r, p, t) in x) == left[t])
        for p in freed:
            for t in all_tables:
                x.setdefault((r, p, t), 0)
        if len(freed) == n:
            # a whole round: its tables of one size in the order of their lowest player
            for t in range(len(sizes) - 1):
                if sizes[t + 1] == sizes[t]:
                    for p in range(n):
                        m.AddBoolOr([x[r, p, t + 1].Not()] + [x[r, q, t] for q in range(p)])
    odd = [t for t in range(len(sizes)) if sizes[t] != 4]
    for kind in (odd, [bye] if byes else []):
        seats_a_round = sum(capacity[t] for t in kind)
        if not seats_a_round:
            continue
        for r in range(rounds):
            low, high = divmod((r + 1) * seats_a_round, n)
            for p in range(n):
                if not any((s, p) in free for s in range(r + 1)):
                    continue
                count = sum(var(s, p, t) for s in range(r + 1) for t in kind)
                m.Add(count >= low)
                m.Add(count <= low + (high > 0))
    penalties = []
    constant = 0
    for p in range(n):
        for q in range(p + 1, n):
            fixed, meetings = 0, []
            for r in range(rounds):
                p_free, q_free = (r, p) in free, (r, q) in free
                if not p_free and not q_free:
                    fixed += seats[r][p] == seats[r][q] != bye
                elif p_free and q_free:
                    both = m.NewBoolVar("")
                    for t in range(len(sizes)):
                        if not isinstance(x[r, p, t], int) and not isinstance(x[r, q, t], int):
                            m.AddBoolOr([x[r, p, t].Not(), x[r, q, t].Not(), both])
                    meetings.append(both)
                else:
                    mover, stay = (p, q) if p_free else (q, p)
                    t = seats[r][stay]
                    if t != bye and not isinstance(x[r, mover, t], int):
                        meetings.append(x[r, mover, t])
            if fixed:
                constant += fixed - 1
                penalties.extend(meetings)
            elif len(meetings) > 1:
                extra = m.NewIntVar(0, len(meetings) - 1, "")
                m.Add(extra >= sum(meetings) - 1)
                penalties.append(extra)
    m.Minimize(sum(penalties) + constant)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    status = solver.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    new = [list(at) for at in seats]
    for (r, p, t), v in x.items():
        if not isinstance(v, int) and solver.Value(v):
            new[r][p] = t
    if VERBOSE:
        print(
            f"    {len(free)} cells: {solver.StatusName(status)} {solver.ObjectiveValue():.0f} "
            f">= {solver.BestObjectiveBound():.0f}, {solver.WallTime():.1f} s",
            flush=True,
        )
    return round(solver.ObjectiveValue()), new


def as_rounds(seats: list[list[int]], n: int, sizes: tuple[int, ...]) -> list[Seating]:
    """Seats back to ``Seating`` rounds (byes: the players at index ``len(sizes)``)."""
    rounds = []
    for at in seats:
        tables = [tuple(p for p in range(n) if at[p] == t) for t in range(len(sizes))]
        rounds.append(Seating(tuple(tables), tuple(p for p in range(n) if at[p] == len(sizes))))
    return rounds


def search(args: argparse.Namespace) -> None:
    n, rounds = (int(v) for v in args.field.lower().split("x"))
    plan = table_plan(n, odd=args.odd)
    sizes, byes = plan.sizes, plan.byes
    stored = seating_designs.best_schedule(n, rounds, sizes, byes)
    if stored:
        start_rounds = stored
        origin = "the stored schedule"
    else:
        start_rounds = [
            [list(t) for t in s.tables] for s in plan_rounds(range(n), rounds, odd=args.odd)
        ]
        origin = "the plan"
    seats = seats_of(start_rounds, n, sizes)
    start = current = count_repeated_pairs(as_rounds(seats, n, sizes))
    print(f"{n} x {rounds} {args.odd}: {origin} has {start} repeats", flush=True)
    rng = random.Random(args.seed)
    began = time.perf_counter()
    step = 0
    while current and time.perf_counter() - began < args.seconds:
        step += 1
        repeated = repeated_pairs(seats, n, len(sizes))
        pair, met_in = rng.choice(sorted(repeated.items()))
        if step % 2 and rounds > args.rounds:
            # one round where a repeated pair meets, the others at random
            first = rng.choice(met_in)
            chosen = [first, *rng.sample([r for r in range(rounds) if r != first], args.rounds - 1)]
            free = {(r, p) for r in chosen for p in range(n)}
            what = f"rounds {sorted(chosen)}"
        else:
            # a repeated pair's players, the others at random
            others = [p for p in range(n) if p not in pair]
            chosen = [*pair, *rng.sample(others, min(args.players, n) - 2)]
            free = {(r, p) for r in range(rounds) for p in chosen}
            what = f"{len(chosen)} players"
        seats = ordered(seats, sizes)
        found = solve_part(
            seats, n, sizes, byes, free, args.step, rng.randrange(1 << 30), args.workers
        )
        if found is None:
            continue
        repeats, new = found
        assert repeats == count_repeated_pairs(as_rounds(new, n, sizes)), "the model's count"
        if repeats < current:
            print(
                f"  step {step} ({what}): {repeats} repeats, {time.perf_counter() - began:.0f} s",
                flush=True,
            )
        if repeats <= current:
            seats, current = new, repeats
    print(
        f"{n} x {rounds} {args.odd}: {current} repeats after {step} steps, "
        f"{time.perf_counter() - began:.0f} s (from {start})",
        flush=True,
    )
    if current < start:
        schedule = as_rounds(seats, n, sizes)
        how = f"bench/seating_lns.py seed {args.seed}, from {origin} with {start}"
        print(entry(n, rounds, schedule, args.seed, 0, current, start, how=how), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("field", help="players x rounds, e.g. 29x8")
    parser.add_argument("--odd", default=TABLES_OF_5, choices=ODD_POLICIES)
    parser.add_argument("--seconds", type=float, default=600.0, help="the whole search")
    parser.add_argument("--step", type=float, default=10.0, help="the solver, each part")
    parser.add_argument("--rounds", type=int, default=2, help="whole rounds freed")
    parser.add_argument("--players", type=int, default=12, help="players freed in every round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="each part's solve")
    args = parser.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    try:
        search(args)
    except ValueError as error:
        sys.exit(f"seating_lns: {error}")


if __name__ == "__main__":
    main()
