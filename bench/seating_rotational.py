"""Resolvable (3m + 1, 4, 1) designs for every m = 1 (mod 4): the base rounds of
``seating_designs.ROTATIONAL_BASES``, found by exact cover (no solver needed).

Run: ``.venv/bin/python bench/seating_rotational.py [M ...] [--data]``
(default: every m = 5, 9, .., 133, i.e. 16 to 400 players).  Prints per m
the players, the search's steps and seconds, and with ``--data`` the lines
stored in ``tournaments/seating_designs.py``.

The form (1-rotational, fixed by negation): the players are (x, layer) for
x in Z_m and three layers, and one fixed player oo.  The base round is the
table {oo, (0, 0), (0, 1), (0, 2)} and, for each of the three pairs of
layers (l, l'), t = (m - 1) / 4 tables {(x, l), (-x, l), (y, l'), (-y, l')};
round r adds r to every x (``seating_designs.develop``).  Such a table
covers the pure differences +-2x (layer l) and +-2y (layer l') and the
mixed differences +-(y - x), +-(y + x) of (l, l'): the pure ones are all
covered exactly once whatever the pairing (2 is a unit, and every class
{x, -x} of a layer is used once), so the base round develops into m rounds
where every pair of the 3m + 1 players meets exactly once (the difference
method, Handbook of Combinatorial Designs, 2nd ed., VI.16; resolvable
designs with block size 4 exist for every v = 4 (mod 12): Hanani,
Ray-Chaudhuri and Wilson 1972) when, for each pair of layers, the classes
{+-(y - x)} and {+-(y + x)} of its t tables are the (m - 1) / 2 nonzero
classes of Z_m, each once.  That is an exact cover: items (layer, class)
and (pair of layers, difference class), options the tables; Knuth's
Algorithm X (smallest column first, options shuffled by the seed) finds one
in well under a second up to m = 81 and in under a minute up to m = 133
(400 players), on this machine: the whole family is stored, and the tests
check every pair of every design.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from exact_cover import exact_cover  # noqa: E402 (bench/exact_cover.py)

from tournaments.seating_designs import rotational_classes  # noqa: E402

PAIRS = ((0, 1), (0, 2), (1, 2))


def base_round(m: int, seed: int = 0) -> tuple[list[tuple[int, int, int]], int]:
    """The tables (pair index, x, y) of a base round of the form above, and
    the search steps (Algorithm X with dictionaries of sets)."""
    if m % 4 != 1:
        raise ValueError(f"m = {m}: the form needs m = 1 (mod 4)")
    classes = range(1, (m - 1) // 2 + 1)

    def cls(d: int) -> int:
        return min(d % m, -d % m)

    options: dict[tuple[int, int, int], list[tuple]] = {}
    for pair, (layer, other) in enumerate(PAIRS):
        for x in classes:
            for y in classes:
                a, b = cls(y - x), cls(y + x)
                if x != y and a != b and a and b:
                    options[(pair, x, y)] = [
                        ("class", layer, x),
                        ("class", other, y),
                        ("difference", pair, a),
                        ("difference", pair, b),
                    ]
    found = exact_cover(options, seed)
    if found is None:
        raise RuntimeError(f"no base round of this form for m = {m}")
    chosen, steps = found
    return chosen, steps


def data_line(m: int, tables: list[tuple[int, int, int]]) -> str:
    """The stored form: per pair of layers, its tables' x,y, "/" between pairs."""
    parts = []
    for pair in range(3):
        parts.append(" ".join(f"{x},{y}" for p, x, y in tables if p == pair))
    return " / ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("m", nargs="*", type=int, help="default: 5, 9, .., 133")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--data", action="store_true", help="print the stored lines")
    args = parser.parse_args()
    for m in args.m or range(5, 134, 4):
        start = time.perf_counter()
        tables, steps = base_round(m, args.seed)
        seconds = time.perf_counter() - start
        line = data_line(m, tables)
        rounds = rotational_classes(3 * m + 1, line)
        met = set()
        for tables_of_round in rounds:
            for table in tables_of_round:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        assert (a, b) not in met, "a pair meets twice"
                        met.add((a, b))
        assert len(met) == (3 * m + 1) * 3 * m // 2, "a pair never meets"
        print(
            f"m = {m:3d}: {3 * m + 1:3d} players, {m:3d} rounds, {steps:7d} steps, {seconds:6.2f} s"
        )
        if args.data:
            print(f"    {m}: {line!r},")


if __name__ == "__main__":
    main()
