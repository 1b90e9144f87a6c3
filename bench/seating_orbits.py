"""Repeat-free schedules with a prescribed group, found with a constraint model (OR-Tools CP-SAT).

Run: ``var/cpsat-venv/bin/python bench/seating_orbits.py --orders 4,4
--layers 2 --missing 0,2 --stabilizers "2,0 0,2; 1,3; 1,0 0,2"`` (needs
OR-Tools, which Cuori does not depend on; any venv with ``ortools``).

How the 8-4-10 social golfer schedule in ``seating_designs.golfer_32_classes``
was found: 32 players over 10 rounds of 8 tables of 4, nobody meeting
twice (a resolvable 4-GDD of type 2^16, first found by Aguado in 2004).
The players are ``layers`` copies of an abelian group G = Z_o1 x Z_o2 x ...
(player ``layer * |G| + index(g)``, the index in mixed radix), G acting by
translation on every copy alike.  A player never meets its translate by
``--missing`` (an element of order 2) in its own layer.  The rounds fall
into orbits under G: each ``--stabilizers`` entry (generators of a
subgroup H, separated by spaces) is a base round invariant under H, whose
translates by the cosets of H are the orbit's ``|G / H|`` rounds.

The model is the Kramer-Mesner one over orbits: an unknown per orbit of
tables under H (tables pairwise disjoint, no missing pair), each player in
exactly one chosen orbit of each base round, and each orbit of pairs under
G covered exactly its size times over all the rounds (a table orbit's
pairs count ``|G / H|`` times), the missing pairs never.  The result is
developed and checked: every round a partition into tables of 4, every
pair at most once.

Measured on this machine (2 cores, 2 workers): Z_4 x Z_4 on two layers,
missing (0, 2), stabilizers <(2, 0), (0, 2)>, <(1, 3)>, <(1, 0), (0, 2)>
(round orbits 4 + 4 + 2, the defaults): found in 3 to 5 s, about 70
choices of stabilizers and missing pairs into a sweep whose other choices
were mostly infeasible in about a second (the stored schedule is from the
sweep; a run may give another one, as CP-SAT's workers interleave: each
is checked).  Tried first and found wanting (32 x 10): Z_10
regular on the rounds with three orbits of 10 players and two swapped by
the odd elements (no answer in 300 s); Z_2^4 on two layers with random
stabilizers (28 models, half infeasible, the rest no answer in 10 s);
Z_2^4 semidirect Z_5 and Z_2^4 semidirect Z_3 (every round-orbit pattern:
infeasible in under a second).  By hand: G = Z_2^5 regular on the players
gives at most 9 rounds (the largest partial spread of lines of PG(4, 2)),
and Z_10 with a player orbit of 5 covers that orbit's pairs twice.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - an optional tool
    sys.exit("bench/seating_orbits.py needs OR-Tools: pip install ortools")

Element = tuple[int, ...]


def group(orders: tuple[int, ...]) -> list[Element]:
    """The elements of Z_o1 x Z_o2 x ..., in mixed-radix order."""
    return list(itertools.product(*(range(o) for o in orders)))


def add(a: Element, b: Element, orders: tuple[int, ...]) -> Element:
    return tuple((x + y) % o for x, y, o in zip(a, b, orders))


def subgroup(generators: list[Element], orders: tuple[int, ...]) -> list[Element]:
    """The subgroup the generators span (closure under addition)."""
    members = {tuple(0 for _ in orders)}
    while True:
        grown = members | {add(m, g, orders) for m in members for g in generators}
        if grown == members:
            return sorted(members)
        members = grown


def coset_representatives(h: list[Element], elements: list[Element], orders) -> list[Element]:
    """The first element of each coset of ``h``, in the group's order."""
    seen: set[Element] = set()
    representatives = []
    for g in elements:
        if g not in seen:
            representatives.append(g)
            seen.update(add(g, x, orders) for x in h)
    return representatives


def solve(orders, layers, missing, stabilizers, seconds, workers, seed):
    elements = group(orders)
    size = len(elements)
    n = size * layers
    index = {g: i for i, g in enumerate(elements)}

    def move(p: int, g: Element) -> int:
        layer, i = divmod(p, size)
        return layer * size + index[add(elements[i], g, orders)]

    never = {frozenset((p, move(p, missing))) for p in range(n)}
    pair_orbit: dict[frozenset[int], int] = {}
    orbit_sizes: list[int] = []
    for pair in itertools.combinations(range(n), 2):
        if frozenset(pair) in pair_orbit:
            continue
        orbit = {frozenset(move(p, g) for p in pair) for g in elements}
        for member in orbit:
            pair_orbit[member] = len(orbit_sizes)
        orbit_sizes.append(len(orbit))

    subgroups = [subgroup(gens, orders) for gens in stabilizers]
    translates = [coset_representatives(h, elements, orders) for h in subgroups]
    model = cp_model.CpModel()
    choices: list[list[tuple[list[tuple[int, ...]], cp_model.IntVar]]] = []
    cover: dict[int, list] = {}
    for i, h in enumerate(subgroups):
        done: set[tuple[int, ...]] = set()
        options = []
        at: dict[int, list] = {}
        for table in itertools.combinations(range(n), 4):
            if table in done:
                continue
            orbit = sorted({tuple(sorted(move(p, g) for p in table)) for g in h})
            done.update(orbit)
            players = [p for t in orbit for p in t]
            if len(set(players)) != len(players):
                continue  # the orbit's tables overlap: not part of one round
            pairs = [frozenset(q) for t in orbit for q in itertools.combinations(t, 2)]
            if any(q in never for q in pairs):
                continue
            var = model.NewBoolVar(f"b{i}_{len(options)}")
            options.append((orbit, var))
            for p in players:
                at.setdefault(p, []).append(var)
            for q in pairs:
                cover.setdefault(pair_orbit[q], []).append((len(translates[i]), var))
        for p in range(n):
            model.AddExactlyOne(at.get(p, []))
        choices.append(options)
    never_orbits = {pair_orbit[q] for q in never}
    for k, orbit_size in enumerate(orbit_sizes):
        terms = cover.get(k, [])
        model.Add(sum(c * v for c, v in terms) == (0 if k in never_orbits else orbit_size))

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return solver.StatusName(status), [], []
    bases = [[t for orbit, v in options if solver.Value(v) for t in orbit] for options in choices]
    rounds = [
        [sorted(move(p, g) for p in t) for t in base]
        for base, reps in zip(bases, translates)
        for g in reps
    ]
    return solver.StatusName(status), bases, rounds


def check(rounds: list[list[list[int]]], n: int) -> int:
    """Repeats of a schedule (0: nobody twice together); raises
    AssertionError when a round is not a partition into tables of 4."""
    met: dict[frozenset[int], int] = {}
    for tables in rounds:
        assert sorted(p for t in tables for p in t) == list(range(n))
        assert all(len(t) == 4 for t in tables)
        for t in tables:
            for q in itertools.combinations(t, 2):
                met[frozenset(q)] = met.get(frozenset(q), 0) + 1
    return sum(m - 1 for m in met.values())


def element(text: str) -> Element:
    return tuple(int(x) for x in text.split(","))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", default="4,4")
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--missing", default="0,2")
    parser.add_argument("--stabilizers", default="2,0 0,2; 1,3; 1,0 0,2")
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    orders = element(args.orders)
    stabilizers = [[element(g) for g in part.split()] for part in args.stabilizers.split(";")]
    n = math.prod(orders) * args.layers
    started = time.monotonic()
    status, bases, rounds = solve(
        orders,
        args.layers,
        element(args.missing),
        stabilizers,
        args.seconds,
        args.workers,
        args.seed,
    )
    seconds = time.monotonic() - started
    print(f"{n} players, {len(rounds) or '?'} rounds: {status} in {seconds:.1f} s")
    for base in bases:
        print("base round:", " | ".join(" ".join(map(str, t)) for t in base))
    if rounds:
        print(f"developed: {len(rounds)} rounds, {check(rounds, n)} repeated pairs")


if __name__ == "__main__":
    main()
