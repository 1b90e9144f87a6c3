"""Knuth's Algorithm X for the bench tools that find stored base rounds
(``seating_rotational.py``, ``seating_layers.py``): exact cover with
dictionaries of sets, smallest column first, each column's options tried in
an order shuffled by the seed (so another seed finds another solution)."""

from __future__ import annotations

import random
import sys
from collections.abc import Hashable, Mapping, Sequence


def exact_cover(
    options: Mapping[Hashable, Sequence[Hashable]], seed: int = 0
) -> tuple[list[Hashable], int] | None:
    """A set of options covering every item exactly once, and the search's
    steps; None when there is none.  options: option -> the items it covers
    (every item some option covers must be covered)."""
    items: dict[Hashable, set] = {}
    for option, covered in options.items():
        for item in covered:
            items.setdefault(item, set()).add(option)
    rng = random.Random(seed)
    steps = 0
    chosen: list[Hashable] = []

    def select(option):
        removed = []
        for item in options[option]:
            for other in items[item]:
                for k in options[other]:
                    if k != item:
                        items[k].remove(other)
            removed.append(items.pop(item))
        return removed

    def deselect(option, removed):
        for item in reversed(options[option]):
            items[item] = removed.pop()
            for other in items[item]:
                for k in options[other]:
                    if k != item:
                        items[k].add(other)

    def search() -> bool:
        nonlocal steps
        if not items:
            return True
        steps += 1
        item = min(items, key=lambda i: (len(items[i]), i))
        candidates = sorted(items[item])
        rng.shuffle(candidates)
        for option in candidates:
            chosen.append(option)
            removed = select(option)
            if search():
                return True
            deselect(option, removed)
            chosen.pop()
        return False

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    return (sorted(chosen), steps) if search() else None
