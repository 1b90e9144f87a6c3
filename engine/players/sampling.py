"""Dealing the unseen cards consistently with what a seat knows (for PIMC).

The hard player determinizes its information set: it deals the cards it
cannot see to the other seats (and the face-down kitty, 001) so that every
seat gets exactly the number of cards it holds and no seat gets a card of a
suit it has shown void in (002 §3).  Cards known to be in a hand (passed to
it) are placed beforehand by the caller.

``sample_deal`` goes suit by suit, the most constrained suits first, and
gives each card to a seat with probability proportional to the room left in
its hand, among the seats that can still complete a deal (Hall's condition
over the sets of suits, checked exactly).  Without voids that is exactly a
uniform deal; with voids it is close to uniform, the usual trade-off of
PIMC players (Ginsberg's GIB, Sturtevant's Hearts programs).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import SUIT_MASK, CardMask, cards_of


class Inconsistent(ValueError):
    """No deal satisfies the constraints (the caller's knowledge is contradictory)."""


def _hall_constraints(el: list[int], cap: list[int]) -> list[tuple[list[int], list[int]]]:
    """Hall's condition as a short list of (suits, seats): for every set of seats
    that is the union of some suits' eligible seats (short of all seats with
    room), the cards of the suits confined to it must fit in its room."""
    k = len(cap)
    everyone = sum(1 << i for i in range(k) if cap[i])
    out = []
    seen = set()
    for u in range(1, 16):
        seats = 0
        for s in range(4):
            if (u >> s) & 1:
                seats |= el[s]
        seats &= everyone
        if seats == everyone or seats in seen:
            continue
        seen.add(seats)
        suits = [s for s in range(4) if not el[s] & everyone & ~seats]
        out.append((suits, [i for i in range(k) if (seats >> i) & 1]))
    return out


def _feasible(rem: list[int], cap: list[int], hall: list[tuple[list[int], list[int]]]) -> bool:
    for suits, seats in hall:
        need = 0
        for s in suits:
            need += rem[s]
        if need:
            room = 0
            for i in seats:
                room += cap[i]
            if need > room:
                return False
    return True


def sample_deal(
    rng: random.Random, unseen: CardMask, sizes: Sequence[int], voids: Sequence[int]
) -> list[CardMask]:
    """Deal ``unseen`` to ``len(sizes)`` slots.

    sizes: cards each slot receives (their sum must be the number of unseen
      cards).  voids: per slot, mask of suits (bit s) it may not receive.
    Returns one mask per slot.  Raises ``Inconsistent`` when no deal exists
    or the sizes do not add up.
    """
    k = len(sizes)
    if sum(sizes) != unseen.bit_count():
        raise Inconsistent(f"{unseen.bit_count()} unseen cards for {sum(sizes)} places")
    cap = list(sizes)
    el = [0, 0, 0, 0]
    for s in range(4):
        for i in range(k):
            if cap[i] and not (voids[i] >> s) & 1:
                el[s] |= 1 << i
    rem = [(unseen & SUIT_MASK[s]).bit_count() for s in range(4)]
    hall = _hall_constraints(el, cap)
    if not _feasible(rem, cap, hall):
        raise Inconsistent("no deal respects the voids shown")
    hands = [0] * k
    order = sorted(range(4), key=lambda s: (el[s].bit_count(), s))
    rand = rng.random
    for s in order:
        cards = cards_of(unseen & SUIT_MASK[s])
        rng.shuffle(cards)
        slots = [i for i in range(k) if (el[s] >> i) & 1]
        for c in cards:
            rem[s] -= 1
            cand = [i for i in slots if cap[i]]
            while True:
                total = 0
                for i in cand:
                    total += cap[i]
                x = rand() * total
                pick = cand[-1]
                for i in cand:
                    x -= cap[i]
                    if x < 0:
                        pick = i
                        break
                cap[pick] -= 1
                if not hall or _feasible(rem, cap, hall):
                    break
                cap[pick] += 1
                cand.remove(pick)
                if not cand:  # cannot happen: feasibility was kept at every step
                    raise Inconsistent("dealing ran out of places")
            hands[pick] |= 1 << c
    return hands
