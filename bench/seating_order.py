"""Repeat-free schedules with a bye a round kept by a map of prime order (OR-Tools CP-SAT, orbits).

Run: ``.venv/bin/python bench/seating_order.py 21x6 --order 3 --fixed 3
--fixed-rounds 3 [--seconds 600] [--workers 1] [--strict]`` (needs OR-Tools,
which Cuori does not depend on: ``.venv/bin/pip install ortools``).

For fields of ``4k + 1`` players (``k`` tables of 4 and a bye a round) the
schedule is asked to be invariant under a permutation s of prime order p
(``--order``, 3 unless given) of the players: ``--fixed`` f points it fixes
(numbered last), the others in orbits {pi, pi + 1, .., pi + p - 1} that s
turns (``tournaments.seating_designs.develop`` over Z_p).  The rounds then
fall into orbits too:

- ``--fixed-rounds`` F rounds that s maps to themselves.  Such a round's
  bye is a fixed point (each such round another one), and its tables are
  s-invariant (whole orbits and fixed points, four players in all: for
  p = 2 two orbits, an orbit and two fixed points, or four fixed points;
  for p = 3 an orbit and a fixed point, or four fixed points; beyond, four
  fixed points) or come in sets of p (one point of each of four orbits,
  turned p - 1 times);
- the other rounds, ``p B`` of them, are B base rounds each developed
  p times (round, s(round), ..); base round b's bye is pb, so the orbit
  {pb, .., pb + p - 1} has the byes of those p rounds.

Byes go to ``F + pB`` different players, as fairness asks.  The model is
Kramer-Mesner's: an unknown per possible table (for a fixed round, per
invariant table or set of p turned tables), every player seated once in
every round, and every orbit of pairs under s met at most once (a table of
a base round meets its orbits of pairs once each, the p rounds together
each pair of them once; a pair that s fixes, two fixed points or for p = 2
a point and its image, cannot meet in a base round).  ``--strict``: when
the rounds seat a player with no bye against ``n - 1`` others, it meets
every orbit of its pairs exactly once (a stronger model of the same
schedules).  What it finds is developed, checked
(``seating.count_repeated_pairs``, the byes all different, one a round)
and printed round by round.

Any symmetry of a schedule (a permutation of the players that maps its
rounds onto its rounds) has a power of prime order, which the schedule
keeps too; so running every prime p, every f and every F asks whether any
repeat-free schedule of the field has a symmetry at all.

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

Every order (a throwaway loop over every prime p up to 13, every f with
``n - f`` a positive multiple of p and every F with ``rounds - F`` a
multiple of p, one worker, 240 s each, beside other jobs; larger primes
leave fewer fixed points than the rounds all fixed would need):

- 25 x 8 with a bye (``--strict``: the 17 players with no bye meet
  everybody): infeasible in every form of order 3, 5, 7, 11 and 13 (31
  forms, within 3 s each) and in 42 of the 44 of order 2 (within 77 s).
  Left: an involution with 3 fixed points and 2 fixed rounds, or 5 and
  4, with no answer in 660 s each.  So a repeat-free 25 x 8 with a bye,
  if there is one, has no symmetry but such an involution
  (``bench/seating_steiner25.py`` had ruled out the designs with one of
  order 3 less two blocks, not the schedules);
- 21 x 6 with a bye: infeasible in every form of order 5, 7, 11 and 13 (11
  forms, within 4 s), in 16 of the 17 of order 3 (within 151 s; left: no
  fixed point) and in 28 of the 31 of order 2 (within 18 s; left: 1 fixed
  point and no fixed round, 3 and none, 3 and 2).
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
    least pair and its size (1 or the order)."""
    images = orbit(image, (a, b))
    return min(images), len(images)


def met_orbits(image: list[int], table: tuple[int, ...]) -> list[tuple[int, int]]:
    """The orbits of pairs a table meets, each once (least pairs, sorted)."""
    return sorted({pair_orbit(image, a, c)[0] for a, c in combinations(table, 2)})


def seated_items(n: int, order: int, fixed: int, fixed_rounds: int, bases: int) -> list[tuple]:
    """What the tables must cover exactly once: every player but the bye of
    each base round, and every fixed point but the bye and every orbit of
    each fixed round."""
    moved = n - fixed
    out = [("base", b, p) for b in range(bases) for p in range(n) if p != order * b]
    for f in range(fixed_rounds):
        out += [("fixed", f, g) for g in range(moved, n) if g != moved + f]
        out += [("orbit", f, i) for i in range(moved // order)]
    return out


def options(image: list[int], order: int, fixed: int, fixed_rounds: int, bases: int) -> list[tuple]:
    """Every possible table of the model: (items covered, orbits of pairs met,
    what it is).  ``image``: s as a list over the n players.  Items: (round,
    player) for every player of a round but its bye; a fixed round's orbits
    count as one item each."""
    n = len(image)
    moved = n - fixed
    orbits = moved // order
    out: list[tuple] = []
    for b in range(bases):
        seated = [p for p in range(n) if p != order * b]
        for table in combinations(seated, 4):
            met = [pair_orbit(image, a, c) for a, c in combinations(table, 2)]
            if any(size == 1 for _, size in met) or len({o for o, _ in met}) < 6:
                continue
            out.append(([("base", b, p) for p in table], [o for o, _ in met], ("base", b, table)))
    for f in range(fixed_rounds):
        bye = moved + f
        free = [p for p in range(moved, n) if p != bye]
        for whole in range(4 // order + 1):  # whole orbits and fixed points, s-invariant
            for orbs in combinations(range(orbits), whole):
                for points in combinations(free, 4 - whole * order):
                    table = tuple(order * i + k for i in orbs for k in range(order)) + points
                    covered = [("orbit", f, i) for i in orbs] + [("fixed", f, g) for g in points]
                    out.append((covered, met_orbits(image, table), ("fixed", f, table)))
        for quad in combinations(range(orbits), 4):  # ``order`` tables turned by s
            for offsets in product(range(order), repeat=3):
                table = (order * quad[0],) + tuple(order * q + o for q, o in zip(quad[1:], offsets))
                covered = [("orbit", f, q) for q in quad]
                out.append((covered, met_orbits(image, table), ("turned", f, table)))
    return out


def schedule(
    chosen: list[tuple], n: int, order: int, fixed: int, fixed_rounds: int, bases: int
) -> list:
    """The rounds (lists of tables) the chosen tables make: base rounds
    developed ``order`` times each, then the fixed rounds."""
    moved = n - fixed
    rounds = []
    for b in range(bases):
        base = [list(t) for kind, r, t in chosen if kind == "base" and r == b]
        rounds += develop(base, order, moved, order)
    for f in range(fixed_rounds):
        tables = []
        for kind, r, t in chosen:
            if kind == "fixed" and r == f:
                tables.append(list(t))
            elif kind == "turned" and r == f:
                tables += [rd[0] for rd in develop([list(t)], order, moved, order)]
        rounds.append(tables)
    return rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("field", help="players x rounds, e.g. 21x6 (players 4k + 1)")
    parser.add_argument("--order", type=int, default=3, help="the map's order, a prime")
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
    order = args.order
    if order < 2 or any(order % d == 0 for d in range(2, order)):
        sys.exit(f"order {order}: needs a prime (2, 3, 5, 7, ...)")
    bases, rest = divmod(rounds - args.fixed_rounds, order)
    moved = n - args.fixed
    if (
        n % 4 != 1
        or moved < order
        or moved % order
        or rest
        or args.fixed_rounds > args.fixed
        or bases > moved // order
    ):
        sys.exit(
            f"{n} x {rounds}: needs 4k + 1 players, (players - fixed) and (rounds - fixed "
            f"rounds) multiples of {order}, a player moved, a fixed point per fixed round"
        )
    started = time.perf_counter()
    image = [shifted(p, 1, order, moved) for p in range(n)]
    opts = options(image, order, args.fixed, args.fixed_rounds, bases)
    md = cp_model.CpModel()
    chosen = [md.NewBoolVar(f"t{i}") for i in range(len(opts))]
    items: dict = {
        item: [] for item in seated_items(n, order, args.fixed, args.fixed_rounds, bases)
    }
    orbits: dict = {pair_orbit(image, a, b)[0]: [] for a, b in combinations(range(n), 2)}
    for var, (covered, met, _) in zip(chosen, opts):
        for item in covered:
            items[item].append(var)
        for pairs in met:
            orbits[pairs].append(var)
    for vs in items.values():  # an item no table can seat makes the model infeasible
        md.AddExactlyOne(vs)
    byes = {order * b + k for b in range(bases) for k in range(order)} | set(
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
        f"{n} x {rounds}, order {order}, {args.fixed} fixed points, "
        f"{args.fixed_rounds} fixed rounds, "
        f"{bases} base rounds ({len(opts)} tables, {len(orbits)} orbits of pairs)"
    )
    seconds = time.perf_counter() - started
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        print(f"{head}: {solver.StatusName(status)}, {seconds:.0f} s")
        return
    picked = [what for var, (_, _, what) in zip(chosen, opts) if solver.Value(var)]
    plan = schedule(picked, n, order, args.fixed, args.fixed_rounds, bases)
    seatings = []
    for tables in plan:
        seated = {p for t in tables for p in t}
        seatings.append(Seating(tuple(map(tuple, tables)), tuple(sorted(set(range(n)) - seated))))
    repeats = count_repeated_pairs(seatings)
    all_byes = [p for s in seatings for p in s.byes]
    print(
        f"{head}: {repeats} repeated pairs, byes all different: "
        f"{len(set(all_byes)) == len(all_byes)}, a bye a round: "
        f"{all(len(s.byes) == 1 for s in seatings)}, {seconds:.0f} s"
    )
    for s in seatings:
        print(" | ".join(" ".join(map(str, sorted(t))) for t in s.tables))


if __name__ == "__main__":
    main()
