"""Cyclic schedules for a field, found with a constraint model (OR-Tools CP-SAT).

Run: ``.venv/bin/python bench/seating_cyclic.py 32x10 --cyclic 10 --fixed 2
[--odd tables-of-3] [--budget B] [--seconds 300] [--workers 2] [--seed 1]`` (needs
OR-Tools, which Cuori does not depend on: ``.venv/bin/pip install ortools``).

A cyclic schedule is one *base round* developed over Z_m: the players are
``m * layers`` points (x, layer), numbered ``layer * m + x``, and ``fixed``
points numbered after them; round r moves point (x, layer) to
(x + r mod m, layer) and leaves the fixed points where they are (the
difference method of design theory: Handbook of Combinatorial Designs,
2nd ed., VI.16 and VII.5; the 1-rotational resolvable designs and the
starter blocks of Miller, Valkov and Abel, Symmetry 18(2):269, 2026).  The
model chooses the base round (which table each point sits at, byes as a
table whose players do not meet); a pair {u, v} meets in round r when
{u - r, v - r} share a table of the base round, so its repeats are
``max(0, sum_r met - 1)`` and the objective is their sum (``--budget B``:
at most B; repeats are the meetings less the pairs met, so a B of the
meetings less C(n, 2) or fewer makes every pair meet, which the model then
states).  Fairness is
kept as ``seating_bounds`` assumes it: after every round each player's
count of odd-size tables (and of byes) is the floor or the ceiling of the
mean.

A search over one round instead of all of them is small: 24 players over
7 rounds (``--cyclic 7 --fixed 3 --zero``, a resolvable 4-GDD of type 3^8)
come out in under a second.  What it finds is printed as a base round,
checked here by developing it: repeats counted.

Measured on this machine:

- 36 x 11 (``--cyclic 11 --fixed 3 --zero --cover column --shape
  1111,1111,1111,3100,0310,1030,2200,0220,2020``): a resolvable 4-GDD of
  type 3^12 in 26 s, stored in ``seating_designs.CYCLIC_BASES``; without
  ``--shape`` (how many points of each layer sit at each table) no answer
  in 400 s;
- 32 x 10 over Z_10 (3 layers, 2 fixed points, ``--cover half``, the only
  groups a shift keeps): each of the three shapes the counts allow is
  infeasible (8 to 24 s), so no 4-RGDD of type 2^16 has this form;
- 24 x 8 and 36 x 12 at their counting bounds, 12 and 18 (``--budget``:
  then every pair meets and each player meets one other twice, a
  resolvable covering whose excess is a 1-factor; the plans have 18 and
  27): none over Z_8 with 3 layers (``24x8 --cyclic 8 --budget 12``,
  infeasible in 17 s; a throwaway model over the other groups of order 8,
  Q_8, D_4 and Z_4 x Z_2, each layer developed by left multiplication,
  infeasible in 1 to 7 s); over Z_12 with 3 layers four of the seven
  shapes the counts allow are infeasible in 1 to 3 s (``004,031,031,211,
  211,211,211,211,211``, ``013,022,031,202,202,211,211,220,220``,
  ``013,031,103,121,121,211,211,220,301`` and ``022,022,022,202,202,202,
  220,220,220``), the other three unknown after 720 s (one worker each,
  three at once on 2 cores); without a shape no answer in 300 s.  Two
  base rounds over Z_4 (6 layers) and the whole 24 x 8 with round 1 fixed
  gave no answer in 300 and 600 s.
  Nor can the rounds be a design developed over Z_7 (Z_11) with 3 fixed
  points and one round more: the fixed points never sit together in the
  developed rounds (they would meet 7 times), so the last round seats all
  three at one table, whose fourth player has then met each of them twice;

and for fair repeat-free schedules with odd tables or byes:

- none is cyclic for 21 x 7 with tables of 3 (Z_7 with 3 layers, Z_21),
  17 x 5 with a bye (Z_17, Z_8 with 2 layers and a fixed point) or 33 x 8
  with a table of 5 (Z_33): the solver proves it in seconds;
- 38 x 12 with two byes (Z_12, 3 layers, 2 fixed points, with ``--shape``):
  found in 1 s and stored;
- with byes, three layers over Z_m (m the rounds or one more) and up to 5
  fixed points, without ``--shape``, found and stored: 23 x 7 with 3 byes
  (Z_7 and 2 fixed points, 0 s), 27 x 9 with 3 byes (Z_9, 1 s), 29 x 9 with
  a bye (Z_9 and 2, 15 s), 30 x 9 with 2 byes (Z_9 and 3, 1 s), 31 x 10 with
  3 byes (Z_10 and 1, 7 s), 33 x 10 with a bye (Z_10 and 3, 5 s), 34 x 11
  with 2 byes (Z_11 and 1, 119 s with ``--seed 2``; seed 1 none in 300 s),
  35 x 11 with 3 byes (Z_11 and 2, 52 s), 37 x 11 with a bye (Z_11 and 4,
  104 s), 39 x 12 with 3 byes (Z_12 and 3, 123 s), 41 x 12 with a bye (Z_12
  and 5, 106 s with ``--seed 2``) and 42 x 13 with 2 byes (Z_13 and 3, 26 s
  asked for 12 rounds: the round holds for all 13).  Over Z_n, or two layers
  with up to 3 fixed points, none of these came within 60 to 150 s: most are
  infeasible at once (a layer's byes reach their own shifts before everybody
  has had one), the others unknown;
- with byes, no answer (60 to 300 s with seed 1; over Z_8, Z_7 and Z_12
  also seeds 2 and 3, up to 1,200 s) for 25 x 8 (Z_12 and 1), 26 x 8
  (Z_8 and 2, Z_12 and 2, Z_13), 25 x 7 (Z_7 and 4, Z_8 and 1) or 37 x 12
  (Z_12 and 1, Z_18 and 1, Z_36 and 1, Z_37); proved infeasible
  (0 to 56 s) for 19 x 7, 21 x 6 and 23 x 8 in every form tried (Z_n for
  21 and 23, two or three layers with up to 9 fixed points).  Nor has
  21 x 6 one whose rounds are a round fixed by Z_5 (four layers and a
  fixed point on the bye; its tables the translates of one point per
  layer) and a base round developed over Z_5: a throwaway model over the
  base round, one per fixed round up to x -> ux (50), each infeasible,
  74 s in all; two base rounds over Z_3 (seven layers, each developed three
  times, byes in two layers) gave no answer in 300 s (one worker) and
  600 s (two); nor one round turned by a map of order 6 (round k its k-th
  image, the six byes one orbit), players in orbits 6 + 6 + 6 + 3 or
  6 + 6 + 6 + 2 + 1: an exhaustive throwaway search over that round's five
  tables (each pair of it in its own orbit of 6) finds none, 108 s and 73 s;
  nor one kept by a map of order 3 with 3 fixed points, its rounds fixed
  or not (``bench/seating_order.py``: infeasible, 27 s and 437 s);
- 25 x 8 with a bye over Z_8 with a fixed point (no answer in the runs
  above, nor in 60 s with ``--zero``) has none: the byes are one layer's,
  so a player of another layer, who never has one, meets its 24 partners
  once each, its antipode x + 4 too; but a base pair 4 apart meets in
  rounds r and r + 4;
- 22 x 7 with 2 byes over Z_7 with a fixed point (``--cyclic 7 --fixed 1
  --odd byes --zero``; without a shape no answer in runs like those
  above) has none: the 8 players with no bye (layer 0 and the fixed
  point) meet every other player once, so the fixed point sits with one
  point of each layer (1111), the byes are of two layers (0110, layers 1
  and 2 up to renaming), and the base round's other tables hold 3 pairs
  within layer 0 and 6 with each other layer: three tables with two
  points of layer 0 and one with none (0220), the three 2110,2110,2110 or
  2200,2110,2020; both are infeasible at once (``--shape
  1111,2110,2110,2110,0220,0110`` and ``1111,2200,2110,2020,0220,0110``),
  and a throwaway enumeration of the base rounds (10 s) agrees;
- with tables of 3 or 5, two or three layers over Z_m (m up to twice the
  rounds) with up to 3 fixed points give no fair schedule for any of the
  25 fields tried (25 to 55 players, 8 to 12 rounds): 77 of the 81 forms
  infeasible, nearly all within a second, since the odd tables' players,
  shifted round by round along their layers, hand some a second odd table
  before others have one; 4 unknown after 60 s;
- with no fixed point (a fixed player sits at a table of one size every
  round, so the tables of 5 could not go round fairly), the fields of
  4R + 2 players over R rounds with two tables of 5, where the tabu
  search ends 1 to 5 repeats short (``bench/seating_hunt.py``): two layers
  over Z_(2R + 1) (30 x 7 over Z_15, 34 x 8, 38 x 9, 42 x 10, 46 x 11 and
  50 x 12 over Z_25) and Z_n (30 x 7 to 42 x 10) are each infeasible in
  0 to 4 s (``--zero``, one worker);
- 37 x 12 with a bye: Z_37 and Z_36 with a fixed point, no answer in 300 s;
  with a multiplier infeasible at once (Z_37: u = 10, 36; Z_36: u = 13,
  17, 19, 35);
- 68 x 22 over Z_22 (3 layers, 2 fixed points, ``--cover half``, a
  4-RGDD of type 2^34): unknown after 600 s (two workers).  No multiplier
  helps this form: a unit fixing the fixed points keeps their tables,
  which then hold only x = 0 or m/2 of each layer and so cover the same
  mixed differences twice; a unit swapping them has even order, and its
  square does the same;
- 32 x 10 over Z_31 with a fixed point: no answer in 400 s; with a
  multiplier (u = 2, 5, 30, the fixed point's table invariant) infeasible
  at once;
- with several base rounds (``--bases B``, each developed over rounds / B
  shifts, one after the other or ``--interleave``d), none for 18 x 6 with
  tables of 3 over Z_3 (6 layers, two bases; with ``--cover pairs``, the
  9 pairs that never meet being x of layers 2k and 2k + 1, in 1 s) or Z_2
  (three bases), 25 x 8 with tables of 3 over Z_25 or Z_5 (two bases), or
  45 x 12 with a table of 5 over Z_45, Z_15 or Z_9 (two or three bases):
  the solver proves each in seconds (over Z_45 at once: a table of 5 that
  reaches every player once in the first 9 rounds has its points 9 apart,
  and they meet again).
"""

from __future__ import annotations

import argparse
import sys
import time
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - an optional tool
    sys.exit("bench/seating_cyclic.py needs OR-Tools: .venv/bin/pip install ortools")

from seating_cpsat import seat_variables  # noqa: E402 (bench/seating_cpsat.py)

from tournaments.seating import (
    ODD_POLICIES,
    TABLES_OF_5,
    Seating,
    count_repeated_pairs,
    plan_quality,
    table_plan,
)
from tournaments.seating_bounds import meetings_per_round
from tournaments.seating_designs import develop, shifted


def base_and_shift(r: int, bases: int, per_base: int, interleave: bool) -> tuple[int, int]:
    """Round r of ``bases`` base rounds developed over ``per_base`` shifts
    each: (its base round, its shift); base b's shifts in a row, or with
    ``interleave`` base r mod B shifted r // B."""
    return (r % bases, r // bases) if interleave else divmod(r, per_base)


def model(
    n,
    m,
    fixed,
    rounds,
    sizes,
    byes,
    table_size=4,
    zero=False,
    cover=None,
    shape=None,
    multiplier=0,
    invariant=0,
    bases=1,
    interleave=False,
    budget=None,
):
    """(model, a, table sizes): a[p, t] says point p sits at base table t
    (the last table, when there are byes, is the byes, whose size ends
    the sizes).  ``cover`` (with
    ``zero`` and all m rounds): every pair meets exactly once except the
    groups of a group divisible design, "half" (x and x + m/2 of a layer:
    type 2^k), "column" (x of every layer: type (layers)^m) or "pairs" (x
    of layers 2k and 2k + 1), and the fixed points among themselves.
    ``shape``: per table, how many points of each layer (then fixed
    points) sit there.  ``multiplier`` u: the
    base round is mapped to itself by x -> u * x (mod m) in every layer,
    its tables permuted in cycles of u's order but for the last
    ``invariant`` ones, each mapped to itself (cyclotomic symmetry).
    ``bases`` B: B base rounds, each developed over rounds / B shifts
    (base b's shifts in a row, or with ``interleave`` round r is base
    r mod B shifted r // B); a[b, p, t] for base b (a[p, t] when B = 1).
    ``budget``: at most that many repeated pairs (without ``zero``)."""

    def excluded(u, v):
        if u >= cyclic and v >= cyclic:
            return True
        if u >= cyclic or v >= cyclic:
            return False
        same_layer = u // m == v // m
        if cover == "half":
            return same_layer and (u - v) % m == m // 2
        if cover == "pairs":  # x of layers 2k and 2k + 1
            return not same_layer and u % m == v % m and u // m // 2 == v // m // 2
        return not same_layer and u % m == v % m

    md = cp_model.CpModel()
    cyclic = n - fixed
    all_sizes = list(sizes) + ([byes] if byes else [])
    tables = range(len(all_sizes))
    meeting = [t for t in tables if t < len(sizes)]
    per_base = rounds // bases
    if per_base * bases != rounds:
        sys.exit(f"{rounds} rounds are not {bases} bases' shifts")
    av = seat_variables(md, bases, n, all_sizes)  # av[b, p, t]: base round b
    a = {(p, t): av[0, p, t] for p in range(n) for t in tables}

    def shift(p, r):
        return shifted(p, r, m, cyclic)

    def base_of(r):
        return base_and_shift(r, bases, per_base, interleave)

    # fairness: counts of odd tables and of byes after every round
    for members in (
        [t for t in meeting if sizes[t] != table_size],
        [len(sizes)] if byes else [],
    ):
        if not members:
            continue
        seats = sum(all_sizes[t] for t in members)
        status = [[sum(av[b, p, t] for t in members) for p in range(n)] for b in range(bases)]
        for k in range(1, rounds + 1):
            low, high = divmod(k * seats, n)
            for u in range(n):
                count = sum(status[base_of(r)[0]][shift(u, -base_of(r)[1])] for r in range(k))
                md.Add(count >= low)
                md.Add(count <= low + (high > 0))
    same = {}
    for b in range(bases):
        for p in range(n):
            for q in range(p + 1, n):
                both = []
                for t in meeting:  # exactly: p and q at table t
                    y = md.NewBoolVar("")
                    md.AddBoolOr([av[b, p, t].Not(), av[b, q, t].Not(), y])
                    md.AddImplication(y, av[b, p, t])
                    md.AddImplication(y, av[b, q, t])
                    both.append(y)
                s = md.NewBoolVar(f"s{b}_{p}_{q}")
                md.Add(s == sum(both))
                same[b, p, q] = s
    repeats = []
    # repeats = meetings - pairs met, so a budget this low has every pair meet
    all_meet = budget is not None and budget <= rounds * meetings_per_round(sizes) - comb(n, 2)
    for u in range(n):
        for v in range(u + 1, n):
            terms = []
            for r in range(rounds):
                b, j = base_of(r)
                p, q = sorted((shift(u, -j), shift(v, -j)))
                terms.append(same[b, p, q])
            if zero:
                if cover and per_base == m and not excluded(u, v):
                    md.Add(sum(terms) == 1)  # every pair meets: an exact cover
                else:
                    md.Add(sum(terms) <= 1)
            else:
                extra = md.NewIntVar(0, rounds - 1, "")
                md.Add(extra >= sum(terms) - 1)
                repeats.append(extra)
                if all_meet:
                    md.Add(sum(terms) >= 1)
    if cover and per_base == m:
        md.Add(sum(same.values()) == bases * meetings_per_round(sizes))
    for t, counts in enumerate(shape or []):  # points per layer (then fixed) at table t
        groups = [range(k * m, (k + 1) * m) for k in range(cyclic // m)] + [range(cyclic, n)]
        for members, count in zip(groups, counts):
            md.Add(sum(a[p, t] for p in members) == count)
    if multiplier:  # x -> u * x in each layer maps the base round to itself
        order = next(k for k in range(1, m) if pow(multiplier, k, m) == 1)
        cycles = len(sizes) - invariant  # tables t, t + 1, .. in cycles of `order`
        if cycles % order:
            sys.exit(f"{cycles} tables are not cycles of {order} (the order of {multiplier})")

        def image(t):
            return t if t >= cycles else order * (t // order) + (t % order + 1) % order

        for p in range(n):
            moved = p if p >= cyclic else (p // m) * m + multiplier * (p % m) % m
            for t in tables:
                md.Add(a[p, t] == a[moved, image(t)])
    elif not shape:
        md.Add(a[0, 0] == 1)  # symmetry: point 0 at the first table
    objective = sum(repeats) if repeats else 0
    if repeats:
        md.Minimize(objective)
        if budget is not None:
            md.Add(objective <= budget)
    return md, av, all_sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("field", help="players x rounds, e.g. 32x10")
    parser.add_argument("--cyclic", type=int, help="m, the order of Z_m (default: players)")
    parser.add_argument("--fixed", type=int, default=0, help="points that do not move")
    parser.add_argument("--odd", default=TABLES_OF_5, choices=ODD_POLICIES)
    parser.add_argument("--zero", action="store_true", help="only repeat-free schedules")
    parser.add_argument(
        "--cover", choices=("half", "column", "pairs"), help="groups that never meet"
    )
    parser.add_argument(
        "--shape", help="per table, points of each layer then fixed ones: 1111,3100,..."
    )
    parser.add_argument("--multiplier", type=int, default=0, help="u: base round fixed by x -> ux")
    parser.add_argument(
        "--invariant", type=int, default=0, help="tables the multiplier maps to themselves"
    )
    parser.add_argument("--bases", type=int, default=1, help="base rounds, each developed")
    parser.add_argument("--interleave", action="store_true", help="round r: base r mod B")
    parser.add_argument("--budget", type=int, help="at most this many repeated pairs")
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    n, rounds = (int(v) for v in args.field.split("x"))
    m = args.cyclic or n
    if (n - args.fixed) % m:
        sys.exit(f"{n} - {args.fixed} fixed points is not a multiple of {m}")
    plan = table_plan(n, odd=args.odd)
    start = time.perf_counter()
    md, a, all_sizes = model(
        n,
        m,
        args.fixed,
        rounds,
        plan.sizes,
        plan.byes,
        zero=args.zero,
        cover=args.cover,
        shape=[[int(c) for c in t] for t in args.shape.split(",")] if args.shape else None,
        multiplier=args.multiplier,
        invariant=args.invariant,
        bases=args.bases,
        interleave=args.interleave,
        budget=args.budget,
    )
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = args.seconds
    solver.parameters.num_workers = args.workers
    solver.parameters.random_seed = args.seed
    status = solver.Solve(md)
    quality = plan_quality(n, rounds, odd=args.odd)
    head = f"{n} players x {rounds} rounds, tables {plan.sizes}, byes {plan.byes}, Z_{m}"
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        print(f"{head}: {solver.StatusName(status)}, {time.perf_counter() - start:.0f} s")
        return
    bases = [
        [sorted(p for p in range(n) if solver.Value(a[b, p, t])) for t in range(len(plan.sizes))]
        for b in range(args.bases)
    ]
    per_base = rounds // args.bases
    developed = [develop(base, m, n - args.fixed, per_base) for base in bases]
    schedule = []
    for r in range(rounds):
        b, shift = base_and_shift(r, args.bases, per_base, args.interleave)
        schedule.append(developed[b][shift])
    repeats = count_repeated_pairs([Seating(tuple(map(tuple, tables))) for tables in schedule])
    print(
        f"{head}: {solver.StatusName(status)} {repeats} repeated pairs "
        f"(counting bound {quality.bound}), {time.perf_counter() - start:.0f} s"
    )
    for base in bases:
        print(" | ".join(" ".join(str(p) for p in t) for t in base))
    if args.bases > 1:
        print("rounds:")
        for tables in schedule:
            print("  " + " | ".join(" ".join(str(p) for p in t) for t in tables))


if __name__ == "__main__":
    main()
