"""Building controlled deals for rule tests."""

from engine import Hand, RuleSet
from engine.cards import CODES, SUITS


def by_suit() -> list[list[str]]:
    """Seat 0 all clubs, 1 all diamonds, 2 all hearts, 3 all spades."""
    return [[r + s for r in "23456789TJQKA"] for s in SUITS]


def swap(deal: list[list[str]], a: str, b: str) -> list[list[str]]:
    """Exchange two cards between whichever seats hold them."""
    out = [list(d) for d in deal]
    for d in out:
        for i, c in enumerate(d):
            if c == a:
                d[i] = b
            elif c == b:
                d[i] = a
    return out


def hand(deal, rules="club", **kw) -> Hand:
    rules = RuleSet.preset(rules) if isinstance(rules, str) else rules
    kw.setdefault("pass_direction", "hold")
    return Hand(rules, deal, **kw)


def play_cards(h: Hand, codes: str) -> None:
    """Play space-separated codes in turn order (checked)."""
    for c in codes.split():
        h.play(h.turn, c)


__all__ = ["CODES", "by_suit", "hand", "play_cards", "swap"]
