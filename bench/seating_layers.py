"""Resolvable 4-GDDs of type 3^(m + 1) (3m + 3 players, m rounds) for m = 3
(mod 4): the base rounds of ``seating_designs.LAYERED_BASES``, found by exact
cover (no solver needed).

Run: ``.venv/bin/python bench/seating_layers.py [M ...] [--search] [--seed S]
[--data]`` (default: m = 7, 11, 15, 19; the exact cover of 23 and up takes
hours in pure Python: ``--search`` compiles ``bench/seating_layers.c``, a
tabu search over the same unknowns, with gcc into ``var/`` and runs it: 23
in about a minute with seed 1).  Prints per m the players, the steps (exact
cover), the seconds, and with ``--data`` the lines stored in
``tournaments/seating_designs.py``.

The form: players (x, layer) for x in Z_m and three layers, and three fixed
players oo_0, oo_1, oo_2; the groups that never meet are {(x, 0), (x, 1),
(x, 2)} for each x and the three fixed players, so each player meets
3m others in m rounds, all but its group (a resolvable 4-GDD of type
3^(m + 1): the most rounds 3m + 3 players can have, at tables of 4).  Round
r adds r to every x (``seating_designs.develop``).  The base round is fixed
by turning the layers, (x, l) -> (x, l + 1) with oo_i -> oo_(i + 1) (the
36-player round stored in ``CYCLIC_BASES``, found by CP-SAT, has that
symmetry), so it is the three turns of a few *representative* tables: one
{oo_0, (a, 0), (b, 1), (c, 2)} and (m - 3) / 4 tables of four points.  A
pair {(x, l), (y, l)} stands for its pure difference +-(y - x), one
{(x, l), (y, l + 1)} for the mixed difference y - x; turning the layers and
developing, every pair of players outside a group meets exactly once when
every x of Z_m is in exactly one representative table, every pure
difference class once and every nonzero mixed difference once (0 would join
a group).  That is an exact cover, solved by Knuth's Algorithm X (smallest
column first, options shuffled by the seed; a is 0 by translation).

``--groups 2``: resolvable 4-GDDs of type 2^((3m + 2) / 2), m even (44
players, 14 rounds): players (x, layer) and two fixed players; the groups
are {x, x + m / 2} in each layer and the fixed players.  The base round is
fixed by (x, l) -> (u x, l + 1), u a unit of order 3 mod m (14: u = 9; 18:
u = 7; 26: u = 3; 22 and 30 have none): each fixed player's table is
{oo_i, (a, 0), (u a, 1), (u^2 a, 2)}, the other tables come in threes.
Dividing the points, the pure differences (+-m/2 excluded) and the mixed
ones by that map leaves an exact cover of the same kind: every x once,
every pure class once, every mixed difference (0 included) once, each
fixed player once.  44 x 14: 10,032 options, 22,011 steps, 3 minutes;
with ``--search`` (``bench/seating_layers.c`` given u) 56 x 18 in seconds,
80 x 26 in minutes with ``--multiplier 9 --seed 201`` (u = 3 found nothing
in an hour).

``--multiplier u`` without ``--groups 2`` gives the layered form the same
symmetry: the base round fixed by (x, l) -> (u x, l + 1) and oo_i ->
oo_(i + 1), u of order 3 mod m (the group Z_m x| Z_3 acting), so the
fixed table {oo_0, (a, 0), (b, 1), (c, 2)} and the others come in threes
as before, with the points of layer l multiplied by u^l.  ``--anneal T``
searches by simulated annealing at temperature T instead of the tabu
search (random swaps and layer changes, half of them at a slot of a
wrongly covered pair, each kept by the Metropolis rule): at T = 0.6,
m = 19 in under a second where the tabu search takes half a minute, 23 in
3 to 60 s where the tabu search found nothing in 2 minutes for 5 seeds,
and 96 x 31 (m = 31, ``--multiplier 5 --seed 1``) in about a minute, where
the tabu search had found nothing in hours, with or without u.  Larger m
want a lower T (the cost it settles at grows with m): 116 x 38
(``--groups 2 --multiplier 7 --seed 12 --anneal 0.45``) in 6 minutes, after
seeds 1 and 11 ran 10 minutes each for nothing (T = 0.6 and 0.45).  Not
found: 108 x 35 (u = 11; 41 runs of 10^8 steps at T = 0.6, about 80 s
each, 2 of 4 * 10^8 at 0.55), 120 x 39 (u = 16: 15 minutes at 0.5) and
132 x 43 (u = 6: 7 runs at 0.6); nor with a temperature cooled from 0.8
to 0.25 over 3 * 10^8 steps (a variant not kept: 3 to 5 runs each, m = 35
without u too): every run ends 2 to 4 wrongly covered classes short;
132 x 43 without u (fixed by turning the layers only, the form of 48 to
84 players): nothing in 40 minutes at T = 0.6, seed 1.  Success goes by
the seed: at m = 31 seed 1 finds the stored design in
34 s, seed 2 nothing in 3 minutes.

``--nine`` (m a prime = 7 (mod 12)): the base round fixed by turning the
layers and by x -> u x apart, the fixed players turned by both (a group of
order 9; :func:`nine_round` gives the orbits and why they cover every pair
once).  The unknowns shrink to the fixed players' a, the table of (0, 0)
and (m - 7) / 12 free tables, and a depth-first search finds a round at
once: 96 x 31 in 0.6 s, 132 x 43 in 0.8 s (41,164 tables tried; stored,
seed 0), 204 x 67 in 44 s, 240 x 79 in 4 minutes (both built otherwise).
So the symmetry that made the annealing hopeless at 132 x 43 (8 classes
short) was too little, not too much.  The same idea does not reach 264 x 87
or 372 x 123 (m = 87, 123: no unit of order 3), nor the paired form's
fields still without a design; tried with a throwaway orbit search over
a given group:
- a multiplier of order prime to 3 fixes the fixed players, so their
  tables hold three players whose x it fixes (at most {0, m/3, 2m/3}), one
  per layer, whose mixed differences are then all equal: with the turning,
  one difference class three times.  No such form exists.
- the layer reflection (l, x) -> (-l, v x), v^2 = 1 = v (mod 3), with the
  turning (a group S_3): no base round for m = 15 (exhaustive), none in 3
  million tables for m = 39.
- 9M + 3 players over Z_M with three base rounds permuted by an order-3
  map of the nine sub-layers is this form again (every such map is
  conjugate to the shift); letting that map turn the fixed players needs
  a complete mapping of Z_3, which has none.
- paired form: x -> -x swapping the fixed players, beside x -> u x while
  turning: no base round for m = 14 or 18 (exhaustive); over Z_2 x Z_3^2
  (m = 18) with x -> Ax, A unipotent: none in 5 million tables.

The paired form needs a unit of order 3 mod m (some prime power factor
p^k of m with 3 dividing p^(k - 1) (p - 1)).  Of the maximal fields of
type 2^u still without a design (``bench/seating.py --maximal``), 164,
188, 236, 260, 296, 344 and 368 players have one (m = 54: u = 19 or 37;
62: 5 or 25; 78, 86, 98, 114, 122), while 68, 92, 104, 140, 200, 248,
284, 308, 332 and 356 have none, so this form cannot give them (308 is
built otherwise since: the unital less a round made 11, its groups of 44
by type 2^22).  Annealed
(about a million steps a second on this machine): 164 x 54 ended 4 to 10
wrongly covered classes short in eight runs of 3 * 10^8 to 1.2 * 10^9
steps (seeds 1 to 11, T = 0.25 to 0.45, u = 19 and 37; T = 0.3 ends
lowest, at 4), and a first run at T = 0.45 found nothing in 21 minutes;
188 x 62 (u = 5) nothing in 21 minutes at T = 0.45, and 6 short after
6 * 10^8 steps at 0.3; 132 x 43 in the layered form (u = 6) ended 8
short after 6 * 10^8 steps at T = 0.4.  A variant without the turning symmetry (every point
of the three layers placed on its own, the fixed players' tables one
point of each layer; a throwaway C file) did not even find 44 x 14: it
stalled 4 to 8 classes short in 10^8 steps at T = 0.3 to 1.0, with or
without cooling.
"""

from __future__ import annotations

import argparse
import itertools
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from c_tools import compiled  # noqa: E402 (bench/c_tools.py)
from exact_cover import exact_cover  # noqa: E402 (bench/exact_cover.py)

from tournaments.seating_designs import layered_classes, paired_classes  # noqa: E402


def _options(m: int) -> dict[tuple, list[tuple]]:
    options: dict[tuple, list[tuple]] = {}
    for b, c in itertools.permutations(range(1, m), 2):
        differences = [b % m, (c - b) % m, -c % m]
        if 0 not in differences and len(set(differences)) == 3:
            options[("fixed", 0, b, c)] = [
                ("fixed",),
                ("x", 0),
                ("x", b),
                ("x", c),
                *(("mixed", d) for d in differences),
            ]
    for xs in itertools.combinations(range(m), 4):
        for turns in itertools.product(range(3), repeat=3):
            layers = (0, *turns)
            items: list[tuple] = [("x", x) for x in xs]
            for (x, lx), (y, ly) in itertools.combinations(zip(xs, layers), 2):
                if lx == ly:
                    item: tuple = ("pure", min((y - x) % m, (x - y) % m))
                elif (ly - lx) % 3 == 1:
                    item = ("mixed", (y - x) % m)
                else:
                    item = ("mixed", (x - y) % m)
                if item == ("mixed", 0) or item in items:
                    break
                items.append(item)
            else:
                options[("table", xs, layers)] = items
    return options


def _paired_options(m: int, u: int) -> dict[tuple, list[tuple]]:
    inverse = pow(u, -1, m)

    def orbit(x: int, layer: int) -> tuple:  # the point (x, layer) turned back to layer 0
        return ("x", x * pow(inverse, layer, m) % m)

    def difference(x: int, lx: int, y: int, ly: int) -> tuple | None:
        if lx == ly:
            d = (y - x) * pow(inverse, lx, m) % m
            d = min(d, m - d)
            return None if d == m // 2 else ("pure", d)
        if (ly - lx) % 3 == 1:
            return ("mixed", (y - x) * pow(inverse, lx, m) % m)
        return ("mixed", (x - y) * pow(inverse, ly, m) % m)

    options: dict[tuple, list[tuple]] = {}
    for i in range(2):
        for a in range(m):
            options[("fixed", i, a)] = [("fixed", i), orbit(a, 0), ("mixed", (u * a - a) % m)]
    for xs in itertools.combinations(range(m), 4):
        for turns in itertools.product(range(3), repeat=3):
            points = list(zip(xs, (0, *turns)))
            items = [orbit(x, layer) for x, layer in points]
            if len(set(items)) < 4:
                continue
            for (x, lx), (y, ly) in itertools.combinations(points, 2):
                item = difference(x, lx, y, ly)
                if item is None or item in items:
                    break
                items.append(item)
            else:
                options[("table", xs, (0, *turns))] = items
    return options


def multiplier(m: int) -> int:
    """The least unit u of order 3 mod m (ValueError when there is none;
    u^3 = 1 makes u a unit)."""
    for u in range(2, m):
        if pow(u, 3, m) == 1:
            return u
    raise ValueError(f"no unit of order 3 mod {m}")


def paired_round(m: int, seed: int = 0) -> tuple[str, int, int]:
    """The stored line "u: a0 a1 | table | ..", the steps and the options."""
    u = multiplier(m)
    options = _paired_options(m, u)
    found = exact_cover(options, seed)
    if found is None:
        raise RuntimeError(f"no base round of this form for m = {m}")
    chosen, steps = found
    fixed = [str(o[2]) for o in sorted(o for o in chosen if o[0] == "fixed")]
    tables = [
        " ".join(str(layer * m + x) for x, layer in zip(o[1], o[2]))
        for o in chosen
        if o[0] == "table"
    ]
    return f"{u}: " + " | ".join([" ".join(fixed), *tables]), steps, len(options)


def nine_round(m: int, seed: int = 0) -> tuple[str, int]:
    """The stored line (turning form, no "u:") of a base round fixed by the
    group of order 9 generated by turning the layers, tau: (x, l) ->
    (x, l + 1), and by mu: (x, l) -> (u x, l), both with oo_i -> oo_(i + 1)
    (u of order 3 mod m, m a prime = 7 (mod 12)); and the tables tried.
    ValueError for another m, RuntimeError when the search finds none.

    The group fixes (0, l) under mu and moves every other player in orbits
    of 9, the (m - 1) / 9 * 3 cosets of <u> in each layer taken together:
    (m - 1) / 3 orbits.  So the round is three kinds of tables: the fixed
    players' {oo_0, (a, 0), (u^2 a, 1), (u a, 2)} and its images (the
    only ones mu composed with tau^-1 fixes), the table {(0, 0), (b, l),
    (u b, l), (u^2 b, l)} and its turns (fixed by mu), and (m - 1) / 12 - 1/2
    free tables of four orbits with their nine images.  Each pair of
    players outside a group falls in one of (m - 1) / 2 orbits of the group
    with the translations (Z_m x| <mu> x <tau>, order 9 m, no pair fixed):
    the fixed players' table covers one, the (0, 0) table two, each free
    table six; every orbit covered once is the design.  A depth-first
    search over the free tables (orbits in order, the three other orbits
    and their 9 ** 3 placements shuffled by the seed) finds one at once:
    60 players in 0.0 s, 96 in 0.3 s, 132 x 43 in 0.9 s, where annealing
    the form fixed by tau (or by tau mu) alone had failed for hours.
    """
    if m % 12 != 7 or any(m % d == 0 for d in range(2, int(m**0.5) + 1)):
        raise ValueError(f"m = {m}: the form needs a prime m = 7 (mod 12)")
    u = multiplier(m)
    rnd = random.Random(seed)
    cosets: list[list[int]] = []  # the orbits of x -> u x on 1 .. m - 1
    for x in range(1, m):
        if not any(x in c for c in cosets):
            cosets.append([x * pow(u, i, m) % m for i in range(3)])
    orbit_of: dict[tuple[int, int, int], int] = {}  # (l, l', y - x) of {(x, l), (y, l')}
    for key in itertools.product(range(3), range(3), range(1, m)):
        if key in orbit_of:
            continue
        todo, number = [key], len(set(orbit_of.values()))
        while todo:
            l1, l2, d = todo.pop()
            if (l1, l2, d) not in orbit_of:
                orbit_of[(l1, l2, d)] = number
                todo += [(l2, l1, -d % m), ((l1 + 1) % 3, (l2 + 1) % 3, d), (l1, l2, d * u % m)]

    def orbits(table: list[tuple[int, int]]) -> list[int]:
        pairs = itertools.combinations(table, 2)
        return [orbit_of[(l1, l2, (y - x) % m)] for (x, l1), (y, l2) in pairs]

    tried = 0

    def free_tables(left: list[int], used: set[int]) -> list[list[tuple[int, int]]] | None:
        nonlocal tried
        if not left:
            return []
        first, rest = left[0], left[1:]
        options = [
            (trio, places)
            for trio in itertools.combinations(rest, 3)
            for places in itertools.product(range(9), repeat=3)
        ]
        rnd.shuffle(options)
        for trio, places in options:
            tried += 1
            table = [(cosets[first][0], 0)]
            table += [(cosets[c][p // 3], p % 3) for c, p in zip(trio, places)]
            covered = orbits(table)
            if len(set(covered)) < 6 or used.intersection(covered):
                continue
            others = free_tables([c for c in rest if c not in trio], used | set(covered))
            if others is not None:
                return [table, *others]
        return None

    for fixed_coset, a_index, zero_coset, layer in itertools.product(
        rnd.sample(range(len(cosets)), len(cosets)), range(3), range(len(cosets)), range(3)
    ):
        a, b = cosets[fixed_coset][a_index], cosets[zero_coset][0]
        fixed = [(a, 0), (a * u * u % m, 1), (a * u % m, 2)]
        zero = [(0, 0), (b, layer), (b * u % m, layer), (b * u * u % m, layer)]
        covered = {*orbits(fixed), *orbits(zero)}
        if zero_coset == fixed_coset or len(covered) != 3:
            continue
        left = [c for c in range(len(cosets)) if c not in (fixed_coset, zero_coset)]
        tables = free_tables(left, covered)
        if tables is None:
            continue
        turned = [zero]  # each free table and its images under mu; the turns are the form's
        turned += [[(x * pow(u, i, m) % m, lx) for x, lx in t] for t in tables for i in range(3)]
        parts = [" ".join(str(x) for x, _ in fixed)]
        parts += [" ".join(str(lx * m + x) for x, lx in table) for table in turned]
        return " | ".join(parts), tried
    raise RuntimeError(f"no base round of this form for m = {m}")


def base_round(m: int, seed: int = 0) -> tuple[list[tuple], int, int]:
    """The representative tables, the search's steps and the options."""
    if m % 4 != 3:
        raise ValueError(f"m = {m}: the form needs m = 3 (mod 4)")
    options = _options(m)
    found = exact_cover(options, seed)
    if found is None:
        raise RuntimeError(f"no base round of this form for m = {m}")
    chosen, steps = found
    return chosen, steps, len(options)


def data_line(m: int, chosen: list[tuple]) -> str:
    """The stored form: the fixed table's a b c, then each representative
    table as players layer * m + x, "|" between tables."""
    parts = []
    for option in chosen:
        if option[0] == "fixed":
            parts.insert(0, " ".join(str(v) for v in option[1:]))
        else:
            _, xs, layers = option
            parts.append(" ".join(str(layer * m + x) for x, layer in zip(xs, layers)))
    return " | ".join(parts)


def c_search(m: int, seed: int, u: int = 0, anneal: float = 0.0) -> str:
    """The stored line found by ``bench/seating_layers.c`` (compiled into
    var/ with gcc), with the multiplier u (0: none; needed for ``--groups
    2``), by simulated annealing at temperature ``anneal`` when it is
    positive (the tabu search otherwise); RuntimeError when it gives up."""
    binary = compiled("seating_layers")
    steps = "100000000000" if anneal else "3000000000"
    out = subprocess.run(
        [str(binary), str(m), str(seed), steps, str(u), str(anneal)], capture_output=True, text=True
    ).stdout
    if not out.startswith("FOUND "):
        raise RuntimeError(f"m = {m}: {out.strip()}")
    return out[len("FOUND ") :].strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("m", nargs="*", type=int, help="default: 7, 11, 15, 19")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--data", action="store_true", help="print the stored lines")
    parser.add_argument(
        "--search", action="store_true", help="tabu search, or with --anneal annealing (C)"
    )
    parser.add_argument("--groups", type=int, choices=(2, 3), default=3, help="group size")
    parser.add_argument(
        "--multiplier",
        type=int,
        help="u for --search (--groups 2: default the least; --groups 3: default none)",
    )
    parser.add_argument(
        "--anneal", type=float, default=0.0, help="--search by annealing at this temperature"
    )
    parser.add_argument(
        "--nine",
        action="store_true",
        help="the base round fixed by turning the layers and by x -> u x apart (m prime, 7 mod 12)",
    )
    args = parser.parse_args()
    for m in args.m or ((14,) if args.groups == 2 else (7, 11, 15, 19)):
        start = time.perf_counter()
        if args.groups == 2:
            n = 3 * m + 2
            if args.search:
                u = args.multiplier or multiplier(m)
                line, steps, options = c_search(m, args.seed, u, args.anneal), 0, 0
            else:
                line, steps, options = paired_round(m, args.seed)
            rounds = paired_classes(n, line)
            groups = [(k * m + x, k * m + x + m // 2) for k in range(3) for x in range(m // 2)]
            groups.append((3 * m, 3 * m + 1))
        else:
            n = 3 * m + 3
            if args.nine:
                (line, steps), options = nine_round(m, args.seed), 0
            elif args.search:
                u = args.multiplier or 0
                line, steps, options = c_search(m, args.seed, u, args.anneal), 0, 0
            else:
                chosen, steps, options = base_round(m, args.seed)
                line = data_line(m, chosen)
            rounds = layered_classes(n, line)
            groups = [(x, m + x, 2 * m + x) for x in range(m)] + [(3 * m, 3 * m + 1, 3 * m + 2)]
        seconds = time.perf_counter() - start
        check(rounds, n, groups)
        print(
            f"m = {m:3d}: {n:3d} players, {m:3d} rounds, {steps:6d} steps, {options:7d} options,"
            f" {seconds:7.1f} s"
        )
        if args.data:
            print(f"    {m}: {line!r},")


def check(rounds: list[list[list[int]]], n: int, groups: list[tuple[int, ...]]) -> None:
    """Every pair of the n players meets exactly once, but the pairs of a
    group, never (AssertionError otherwise)."""
    met = set()
    for tables in rounds:
        for table in tables:
            for a, b in itertools.combinations(sorted(table), 2):
                assert (a, b) not in met, "a pair meets twice"
                met.add((a, b))
    assert not any(pair in met for g in groups for pair in itertools.combinations(g, 2))
    in_groups = sum(len(g) * (len(g) - 1) // 2 for g in groups)
    assert len(met) == n * (n - 1) // 2 - in_groups, "a pair never meets"


if __name__ == "__main__":
    main()
