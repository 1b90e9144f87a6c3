"""Repeat-free schedules with a bye a round kept by a map of order 3 (OR-Tools CP-SAT, orbits).

Run: ``.venv/bin/python bench/seating_order3.py 21x6 --fixed 3 --fixed-rounds 3
[--seconds 600] [--workers 1] [--strict]`` (needs OR-Tools, which Cuori does
not depend on: ``.venv/bin/pip install ortools``).

For fields of ``4k + 1`` players (``k`` tables of 4 and a bye a round) the
schedule is asked to be invariant under a permutation s of order 3 of the
players: ``--fixed`` f points it fixes (numbered last), the others in
orbits {3i, 3i + 1, 3i + 2} that s turns
(``tournaments.seating_designs.develop`` over Z_3).  The rounds then fall into orbits too:

- ``--fixed-rounds`` F rounds that s maps to themselves.  Such a round's
  bye is a fixed point (each such round another one), and its tables are
  s-invariant (a fixed point with a whole orbit; four fixed points) or
  come in threes (one point of each of four orbits, turned twice);
- the other rounds, ``3 B`` of them, are B base rounds each developed
  three times (round, s(round), s^2(round)); base round b's bye is 3b, so
  the orbit {3b, 3b + 1, 3b + 2} has the byes of those three rounds.

Byes go to ``F + 3B`` different players, as fairness asks.  The model is
Kramer-Mesner's: an unknown per possible table (for a fixed round, per
invariant table or triple of tables), every player seated once in every
round, and every orbit of pairs under s met at most once (a table of a
base round meets its orbits of pairs once each, the three rounds together
each pair of them once; a pair fixed by s, two fixed points, cannot meet
in a base round).  ``--strict``: when the rounds seat a player with no bye
against ``n - 1`` others, it meets every orbit of its pairs exactly once
(a stronger model of the same schedules).  What it finds is developed,
checked (``seating.count_repeated_pairs``, the byes all different) and
printed round by round.

Measured on this machine (one worker, beside other jobs).  Found, checked
repeat-free with the byes all different, in 0 to 11 s: 17 x 4 (2 fixed
points, a fixed round), 21 x 4 (3, one), 21 x 5 (3, two), 25 x 4 (1, one)
and 25 x 6 (1, none); 13 x 3 and 13 x 4 with one fixed point infeasible at
once; no answer in 60 s for 25 x 7 (1 or 4 fixed points, a fixed round) or
29 x 9 (2, none).  21 x 6 with a bye (the plan has 1 repeat, the bound is
0; no repeat-free schedule is known): with 3 fixed points, whether 3
rounds are fixed (one base round) or none (two base rounds), infeasible
(27 s and 437 s; ``seating_cyclic.py 21x6 --odd byes --cyclic 3 --fixed 3
--bases 2 --zero``, the same schedules seat by seat, has no answer in
600 s), so no repeat-free 21 x 6 is kept by a map of order 3 with 3 fixed
points.  With 6 or more fixed points a base round would seat two of them
together (5 tables), so all 6 rounds would be fixed, each seating its 5 or
more other fixed points 4 together or each with a whole orbit: within 6
rounds that uses an orbit's own pairs twice or more fixed pairs than there
are (by hand); with no fixed point (two base rounds, seven orbits) no
answer in 1,800 s.  37 x 12 with a bye (the stored schedule has 20, the
bound 0): one fixed point and four base rounds (the only form, by hand:
with 4 or 7 fixed points one with no bye cannot meet all the others, or
the fixed rounds use an orbit's own pairs twice; with 10 or more a base
round cannot seat them apart, and fixed rounds alone use up their pairs),
``--strict``, no answer in 2,400 s.  Nor can a group of even order keep
such a schedule with all its rounds moved: an involution t's pairs {x,
t(x)} would meet in both rounds of an orbit, and the 25 players with no
bye must meet theirs.  The cyclic S(2, 4, 37) (base blocks {0, 1, 3, 24},
{0, 4, 26, 32}, {0, 10, 18, 30}) has one near-parallel class missing 0,
and at most 4 of its 37 translates are pairwise disjoint (12 are needed):
a throwaway exact cover and clique search, in a second.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations, product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - an optional tool
    sys.exit("needs OR-Tools: .venv/bin/pip install ortools")

from seating_steiner25 import orbit  # noqa: E402 (bench/seating_steiner25.py)

from tournaments.seating import Seating, count_repeated_pairs  # noqa: E402
from tournaments.seating_designs import develop, shifted  # noqa: E402


def pair_orbit(image: list[int], a: int, b: int) -> tuple[tuple[int, int], int]:
    """The orbit of the pair {a, b} under s (``image``: s as a list): its
    least pair and its size (1 or 3)."""
    images = orbit(image, (a, b))
    return min(images), len(images)


def options(n: int, fixed: int, fixed_rounds: int, bases: int) -> list[tuple]:
    """Every possible table of the model: (items covered, orbits of pairs met,
    what it is).  Items: (round, player) for every player of a round but its
    bye; a fixed round's orbits count as one item each."""
    moved = n - fixed
    orbits = moved // 3
    image = [shifted(p, 1, 3, moved) for p in range(n)]
    out: list[tuple] = []
    for b in range(bases):
        seated = [p for p in range(n) if p != 3 * b]
        for table in combinations(seated, 4):
            met = [pair_orbit(image, a, c) for a, c in combinations(table, 2)]
            if any(size == 1 for _, size in met) or len({o for o, _ in met}) < 6:
                continue
            out.append(([("base", b, p) for p in table], [o for o, _ in met], ("base", b, table)))
    for f in range(fixed_rounds):
        bye = moved + f
        free = [p for p in range(moved, n) if p != bye]
        for g in free:  # a fixed point with a whole orbit
            for i in range(orbits):
                table = (g, 3 * i, 3 * i + 1, 3 * i + 2)
                met = [pair_orbit(image, g, 3 * i)[0], pair_orbit(image, 3 * i, 3 * i + 1)[0]]
                out.append(([("fixed", f, g), ("orbit", f, i)], met, ("fixed", f, table)))
        for table in combinations(free, 4):  # four fixed points
            met = [pair_orbit(image, a, c)[0] for a, c in combinations(table, 2)]
            out.append(([("fixed", f, g) for g in table], met, ("fixed", f, table)))
        for quad in combinations(range(orbits), 4):  # three tables turned by s
            for offsets in product(range(3), repeat=3):
                table = (3 * quad[0],) + tuple(3 * q + o for q, o in zip(quad[1:], offsets))
                met = [pair_orbit(image, a, c)[0] for a, c in combinations(table, 2)]
                out.append(([("orbit", f, q) for q in quad], met, ("triple", f, table)))
    return out


def schedule(chosen: list[tuple], n: int, fixed: int, fixed_rounds: int, bases: int) -> list:
    """The rounds (lists of tables) the chosen tables make: base rounds
    developed three times each, then the fixed rounds."""
    moved = n - fixed
    rounds = []
    for b in range(bases):
        base = [list(t) for kind, r, t in chosen if kind == "base" and r == b]
        rounds += develop(base, 3, moved, 3)
    for f in range(fixed_rounds):
        tables = []
        for kind, r, t in chosen:
            if kind == "fixed" and r == f:
                tables.append(list(t))
            elif kind == "triple" and r == f:
                tables += [rd[0] for rd in develop([list(t)], 3, moved, 3)]
        rounds.append(tables)
    return rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("field", help="players x rounds, e.g. 21x6 (players 4k + 1)")
    parser.add_argument("--fixed", type=int, default=0, help="points the map fixes")
    parser.add_argument("--fixed-rounds", type=int, default=0, help="rounds the map keeps")
    parser.add_argument("--strict", action="store_true", help="players with no bye meet all")
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    try:
        n, rounds = (int(v) for v in args.field.lower().split("x"))
    except ValueError:
        sys.exit(f"bad field {args.field!r}: e.g. 21x6")
    bases, rest = divmod(rounds - args.fixed_rounds, 3)
    moved = n - args.fixed
    if n % 4 != 1 or moved % 3 or rest or args.fixed_rounds > args.fixed or bases > moved // 3:
        sys.exit(
            f"{n} x {rounds}: needs 4k + 1 players, (players - fixed) a multiple of 3, "
            "(rounds - fixed rounds) a multiple of 3, a fixed point per fixed round"
        )
    started = time.perf_counter()
    opts = options(n, args.fixed, args.fixed_rounds, bases)
    md = cp_model.CpModel()
    chosen = [md.NewBoolVar(f"t{i}") for i in range(len(opts))]
    items: dict = {}
    orbits: dict = {}
    for var, (covered, met, _) in zip(chosen, opts):
        for item in covered:
            items.setdefault(item, []).append(var)
        for pairs in met:
            orbits.setdefault(pairs, []).append(var)
    for vs in items.values():
        md.AddExactlyOne(vs)
    byes = {3 * b + k for b in range(bases) for k in range(3)} | set(
        range(moved, moved + args.fixed_rounds)
    )
    meets_all = 3 * rounds == n - 1
    for (a, b), vs in orbits.items():
        if args.strict and meets_all and not {a, b} <= byes:
            md.AddExactlyOne(vs)
        else:
            md.AddAtMostOne(vs)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = args.seconds
    solver.parameters.num_workers = args.workers
    status = solver.Solve(md)
    head = (
        f"{n} x {rounds}, {args.fixed} fixed points, {args.fixed_rounds} fixed rounds, "
        f"{bases} base rounds ({len(opts)} tables, {len(orbits)} orbits of pairs)"
    )
    seconds = time.perf_counter() - started
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        print(f"{head}: {solver.StatusName(status)}, {seconds:.0f} s")
        return
    picked = [what for var, (_, _, what) in zip(chosen, opts) if solver.Value(var)]
    plan = schedule(picked, n, args.fixed, args.fixed_rounds, bases)
    seatings = []
    for tables in plan:
        seated = {p for t in tables for p in t}
        seatings.append(Seating(tuple(map(tuple, tables)), tuple(sorted(set(range(n)) - seated))))
    repeats = count_repeated_pairs(seatings)
    all_byes = [p for s in seatings for p in s.byes]
    print(
        f"{head}: {repeats} repeated pairs, byes all different: "
        f"{len(set(all_byes)) == len(all_byes)}, {seconds:.0f} s"
    )
    for s in seatings:
        print(" | ".join(" ".join(map(str, sorted(t))) for t in s.tables))


if __name__ == "__main__":
    main()
