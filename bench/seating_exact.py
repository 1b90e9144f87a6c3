"""Exhaustive proof of the fewest repeated pairs for 12 players at 3 tables of 4.

Run: ``.venv/bin/python bench/seating_exact.py`` (needs numpy, which Cuori
does not depend on: ``.venv/bin/pip install numpy``); about 3 s.  It proves
the exact figure ``seating_bounds`` prints for 12 players over 2, 3 and 4
rounds (4 rounds: 13 repeated pairs, where the counting bound gives 9).

Repeats = meetings - distinct pairs met, so the fewest repeats come from the
rounds whose pair sets cover the most pairs.  Round 1 is fixed (any
schedule can be relabelled so); round 2 runs over one representative of
each class of partitions under the relabellings that keep round 1 (a class
is the 3 x 3 matrix of how round 2's tables meet round 1's, up to the order
of rows and columns); rounds 3 and 4 run over all 5,775 partitions, round 4
as one vectorised maximum.
"""

from __future__ import annotations

import itertools
import sys
import time

try:
    import numpy as np
except ImportError:  # pragma: no cover - an optional tool
    sys.exit("bench/seating_exact.py needs numpy: .venv/bin/pip install numpy")

N = 12
PAIRS = {pair: i for i, pair in enumerate(itertools.combinations(range(N), 2))}
MEETINGS_PER_ROUND = 3 * 6


def partitions() -> list[tuple[tuple[int, ...], ...]]:
    """The 5,775 ways to seat 12 players at 3 tables of 4."""
    out = []
    for first in itertools.combinations(range(1, N), 3):
        rest = [p for p in range(1, N) if p not in first]
        for second in itertools.combinations(rest[1:], 3):
            t2 = (rest[0], *second)
            out.append(((0, *first), t2, tuple(p for p in rest if p not in t2)))
    return out


def pair_mask(partition) -> int:
    mask = 0
    for table in partition:
        for pair in itertools.combinations(table, 2):
            mask |= 1 << PAIRS[pair]
    return mask


def meeting_class(partition) -> tuple[tuple[int, ...], ...]:
    """How the tables meet round 1's tables {0..3}, {4..7}, {8..11}, up to
    the order of rows and columns."""
    matrix = [[sum(1 for p in t if p // 4 == g) for g in range(3)] for t in partition]
    return min(
        tuple(tuple(matrix[r][c] for c in cols) for r in rows)
        for rows in itertools.permutations(range(3))
        for cols in itertools.permutations(range(3))
    )


def main() -> None:
    start = time.perf_counter()
    seatings = partitions()
    masks = [pair_mask(p) for p in seatings]
    low = np.array([m & (2**64 - 1) for m in masks], dtype=np.uint64)
    high = np.array([m >> 64 for m in masks], dtype=np.uint64)

    def best_gain(covered: int) -> int:
        """The most new pairs one more round can cover."""
        gained = np.bitwise_count(low & ~np.uint64(covered & (2**64 - 1)))
        gained += np.bitwise_count(high & ~np.uint64(covered >> 64))
        return int(gained.max())

    first = masks[seatings.index(((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)))]
    classes: dict[tuple, int] = {}
    for i, seating in enumerate(seatings):
        classes.setdefault(meeting_class(seating), i)
    best = {2: 0, 3: 0, 4: 0}
    for i2 in classes.values():
        two = first | masks[i2]
        best[2] = max(best[2], two.bit_count())
        best[3] = max(best[3], two.bit_count() + best_gain(two))
        for mask in masks:
            three = two | mask
            best[4] = max(best[4], three.bit_count() + best_gain(three))
    for rounds, covered in best.items():
        print(
            f"12 players x {rounds} rounds: at least {rounds * MEETINGS_PER_ROUND - covered} "
            f"repeated pairs (at most {covered} of 66 pairs met)"
        )
    print(f"{len(classes)} classes of round 2, {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
