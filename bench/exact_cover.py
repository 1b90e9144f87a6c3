"""Knuth's Algorithm X for the bench tools that find stored base rounds
(``seating_rotational.py``, ``seating_layers.py``) and designs
(``seating_steiner25.py``): exact cover with dictionaries of sets, smallest
column first, each column's options tried in an order shuffled by the seed
(so another seed finds another solution)."""

from __future__ import annotations

import random
import sys
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence


def exact_covers(
    options: Mapping[Hashable, Sequence[Hashable]],
    seed: int = 0,
    limit: int | None = None,
    chosen: Iterable[Hashable] = (),
) -> Iterator[tuple[list[Hashable], int]]:
    """Every set of options covering every item exactly once, each with
    the search's steps so far.  options: option -> the items it covers
    (every item some option covers must be covered); limit: no more than
    this many steps (a search cut short, not a proof that no more exist);
    chosen: options taken before the search (pairwise disjoint)."""
    items: dict[Hashable, set] = {}
    for option, covered in options.items():
        for item in covered:
            items.setdefault(item, set()).add(option)
    rng = random.Random(seed)
    steps = 0
    taken: list[Hashable] = []

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

    def search() -> Iterator[tuple[list[Hashable], int]]:
        nonlocal steps
        if not items:
            yield sorted(taken), steps
            return
        if limit is not None and steps >= limit:
            return
        steps += 1
        item = min(items, key=lambda i: (len(items[i]), i))
        candidates = sorted(items[item])
        rng.shuffle(candidates)
        for option in candidates:
            taken.append(option)
            removed = select(option)
            yield from search()
            deselect(option, removed)
            taken.pop()

    for option in chosen:
        taken.append(option)
        select(option)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    yield from search()


def exact_cover(
    options: Mapping[Hashable, Sequence[Hashable]], seed: int = 0
) -> tuple[list[Hashable], int] | None:
    """A set of options covering every item exactly once, and the search's
    steps; None when there is none.  options: option -> the items it covers
    (every item some option covers must be covered)."""
    return next(exact_covers(options, seed), None)
