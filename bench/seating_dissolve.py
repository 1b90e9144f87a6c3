"""Fair schedules with two tables of 5: a design less two players, a table dissolved each round.

Run: ``.venv/bin/python bench/seating_dissolve.py 30x7 [--seconds 300]
[--workers 1] [--seed 1]`` (needs OR-Tools, which Cuori does not depend
on: ``.venv/bin/pip install ortools``).

For n = 4 m + 2 players (tables of 4 and two tables of 5 a round) it takes
the repeat-free design on n + 2 players that Cuori builds
(``seating_designs.repeat_free_rounds``) and leaves out two players a and
b who never meet in the rounds used: each round then has two tables of 3
(a's and b's).  In each round used, one table of 4 is dissolved: one of
its players fills each table of 3, the other two join two tables of 4,
which become the tables of 5.  The model chooses the rounds used and their
order, the table dissolved and where its players go, so that no pair
meets twice (the design's pairs in the rounds used and the pairs the
moves make) and the tables of 5 go round fairly (after each round every
player's count the floor or the ceiling of the mean, as ``seating_cpsat``
asks).  It prints the schedule (``BEST_SCHEDULES`` lines), the proof that
none of this form exists, or no answer.

Measured on this machine (one worker): none of this form for 30 x 7
(the 4-GDD of type 2^16 on 32 players, players 0 and 2 left out: proved
in 54 s; 30 x 3 and 30 x 6 likewise, in 57 and 81 s, the fair tables of 5
being what rules them out there) and, without the fairness constraint
(``--unfair``), none for 30 x 7 with the pair left out 0 and 2 (group
partners, 6 s), or 0 and 1, 0 and 5, 0 and 31, 3 and 17 (who meet once,
that round not used; 3 to 4 s each), nor for 34 x 8 (the cyclic 4-GDD of
type 3^12 on 36, 19 s).  A mover who makes a table of 5 meets its four
players, who sat apart in every other round of the design, so each must
come from a different round left unused (or be the mover's group
partner): with 3 of 10 rounds unused (30 x 7) that is only just possible.
No answer without fairness in 60 s for 38 x 9 (the PG(3, 3) packing on
40 players, 13 rounds), 42 x 10 (the 4-GDD of type 2^22 on 44, 14 rounds)
or 46 x 11 (type 3^16 on 48, 15 rounds), nor in 600 s for 50 x 12 (the
1-rotational design on 52, 17 rounds).
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - an optional tool
    sys.exit("bench/seating_dissolve.py needs OR-Tools: .venv/bin/pip install ortools")

from tournaments.seating import Seating, count_repeated_pairs, table_plan  # noqa: E402
from tournaments.seating_designs import repeat_free_rounds  # noqa: E402


def build(
    n: int,
    rounds: int,
    seconds: float,
    workers: int,
    seed: int,
    pair: tuple[int, int] | None = None,
    fair: bool = True,
) -> None:
    """Look for the schedule of ``n`` players over ``rounds`` rounds (the
    module's form) and print it, or that none exists, or no answer within
    ``seconds``; ``pair``: the two players of the design left out (default:
    the first two who never meet); ``fair``: False leaves out the fairness
    constraint (a weaker question: if none exists then, none exists)."""
    plan = table_plan(n)
    if sorted(plan.sizes).count(5) != 2 or plan.byes:
        sys.exit(f"seating_dissolve: {n} players do not sit at tables of 4 and two of 5")
    design, name = repeat_free_rounds(n + 2)
    met = {frozenset(pair) for tables in design for t in tables for pair in combinations(t, 2)}
    apart = [pair for pair in combinations(range(n + 2), 2) if frozenset(pair) not in met]
    a, b = pair or (apart[0] if apart else (n, n + 1))
    usable = [d for d, tables in enumerate(design) if not any({a, b} <= set(t) for t in tables)]
    print(
        f"{n} x {rounds}: {name}, {len(design)} rounds, players {a} and {b} left out "
        f"({len(usable)} rounds usable)",
        flush=True,
    )
    if len(usable) < rounds:
        sys.exit(f"seating_dissolve: only {len(usable)} rounds usable")
    label = {p: i for i, p in enumerate(p for p in range(n + 2) if p not in (a, b))}
    m = cp_model.CpModel()
    use = {d: m.NewBoolVar(f"use{d}") for d in usable}
    m.Add(sum(use.values()) == rounds)
    pos = {(d, k): m.NewBoolVar("") for d in usable for k in range(rounds)}
    for d in usable:
        m.Add(sum(pos[d, k] for k in range(rounds)) == use[d])
    for k in range(rounds):
        m.AddExactlyOne(pos[d, k] for d in usable)
    usage: dict[tuple[int, int], list] = {}  # pair -> literals/expressions that seat it
    at_five: dict[tuple[int, int], object] = {}  # (round, player) -> expression 0/1
    moves: dict[tuple[int, int, int], object] = {}
    dissolve: dict[tuple[int, int], object] = {}
    for d in usable:
        tables = [[label[p] for p in t if p not in (a, b)] for t in design[d]]
        short = [t for t, table in enumerate(tables) if len(table) == 3]
        full = [t for t, table in enumerate(tables) if len(table) == 4]
        for t in full:
            dissolve[d, t] = m.NewBoolVar("")
        m.Add(sum(dissolve[d, t] for t in full) == use[d])
        for t in full:
            for p in tables[t]:
                for u in short + full:
                    if u != t:
                        moves[d, p, u] = m.NewBoolVar("")
                m.Add(sum(moves[d, p, u] for u in short + full if u != t) == dissolve[d, t])
        into = {
            u: [moves[d, p, u] for t in full if t != u for p in tables[t]] for u in short + full
        }
        for u in short:
            m.Add(sum(into[u]) == use[d])
        for u in full:
            m.Add(sum(into[u]) + dissolve[d, u] <= 1)
        m.Add(sum(v for u in full for v in into[u]) == 2 * use[d])
        for t, table in enumerate(tables):
            kept = use[d] - dissolve[d, t] if t in full else use[d]
            for p, q in combinations(sorted(table), 2):
                usage.setdefault((p, q), []).append(kept)
            for u in short + full:
                if u == t or t not in full:
                    continue
                for p in table:
                    for q in tables[u]:
                        usage.setdefault((min(p, q), max(p, q)), []).append(moves[d, p, u])
            for p in table:
                if t in full:
                    received = sum(into[t])
                    moved_to_five = sum(moves[d, p, u] for u in full if u != t)
                    at_five[d, p] = received + moved_to_five
                else:
                    at_five[d, p] = 0
    for terms in usage.values():
        if len(terms) > 1:
            m.Add(sum(terms) <= 1)
    seats_a_round = 10
    for p in range(n if fair else 0):
        count = 0
        for k in range(rounds):
            for d in usable:
                if isinstance(at_five[d, p], int):
                    continue
                both = m.NewBoolVar("")
                m.AddImplication(both, pos[d, k])
                m.Add(at_five[d, p] >= 1).OnlyEnforceIf(both)
                m.Add(at_five[d, p] == 0).OnlyEnforceIf([pos[d, k], both.Not()])
                count = count + both
            low, high = divmod((k + 1) * seats_a_round, n)
            m.Add(count >= low)
            m.Add(count <= low + (high > 0))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    began = time.perf_counter()
    status = solver.Solve(m)
    took = time.perf_counter() - began
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        verdict = "proved none of this form" if status == cp_model.INFEASIBLE else "no answer"
        print(f"{n} x {rounds}: {verdict}, {took:.0f} s", flush=True)
        return
    schedule = []
    for k in range(rounds):
        d = next(d for d in usable if solver.Value(pos[d, k]))
        tables = [[label[p] for p in t if p not in (a, b)] for t in design[d]]
        seated = [list(t) for t in tables]
        for t, table in enumerate(tables):
            if len(table) == 4 and solver.Value(dissolve[d, t]):
                seated[t] = []
                for p in table:
                    u = next(u for u in range(len(tables)) if solver.Value(moves.get((d, p, u), 0)))
                    seated[u].append(p)
        schedule.append(Seating(tuple(tuple(sorted(t)) for t in seated if t)))
    repeats = count_repeated_pairs(schedule)
    print(f"{n} x {rounds}: found, {repeats} repeats, {took:.0f} s", flush=True)
    for seating in schedule:
        tables = sorted(seating.tables, key=lambda t: (len(t), t))
        print("  " + " | ".join(" ".join(map(str, t)) for t in tables), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("field", help="players x rounds, e.g. 30x7")
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pair", help="the two players left out, e.g. 0,5")
    parser.add_argument("--unfair", action="store_true", help="no fairness constraint")
    args = parser.parse_args()
    try:
        n, rounds = (int(v) for v in args.field.lower().split("x"))
        pair = tuple(int(v) for v in args.pair.split(",")) if args.pair else None
    except ValueError:
        sys.exit(f"seating_dissolve: bad field {args.field!r} or pair {args.pair!r}: e.g. 30x7")
    build(n, rounds, args.seconds, args.workers, args.seed, pair, not args.unfair)


if __name__ == "__main__":
    main()
