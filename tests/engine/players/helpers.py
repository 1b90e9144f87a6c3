"""Building positions for the computer-player tests."""

from __future__ import annotations

import random

from engine import Hand, RuleSet
from engine.cards import CODES, mask_of


def fill_deal(rules: RuleSet, fixed: dict[int, str], seed: int = 0) -> list[list[str]]:
    """A deal giving the seats in ``fixed`` exactly those cards (space-separated codes)
    and the other seats the rest of the deck at random (seeded)."""
    used = 0
    out: list[list[str]] = [[] for _ in range(rules.players)]
    for s, codes in fixed.items():
        out[s] = codes.split()
        used |= mask_of(out[s])
    rest = [CODES[c] for c in range(52) if (rules.deck_mask & ~used) >> c & 1]
    random.Random(seed).shuffle(rest)
    for s in range(rules.players):
        if s not in fixed:
            k = rules.cards_per_seat
            out[s], rest = rest[:k], rest[k:]
    return out


def make_hand(
    rules: RuleSet | str,
    deal: list[list[str]] | dict[int, str],
    *,
    seed: int = 0,
    history: str = "",
    **kw,
) -> Hand:
    """A hand on a hold (unless ``pass_direction`` is given) with ``history`` played (checked)."""
    rules = RuleSet.preset(rules) if isinstance(rules, str) else rules
    if isinstance(deal, dict):
        deal = fill_deal(rules, deal, seed)
    kw.setdefault("pass_direction", "hold")
    h = Hand(rules, deal, **kw)
    for code in history.split():
        h.play(h.turn, code)
    return h
