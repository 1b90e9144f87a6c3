"""Who wins a trick: the one definition of 002 §4 in the engine.

"The highest card of the suit led wins the trick."  Cards of a suit are
consecutive numbers with the higher rank the higher number (``engine.cards``),
so the winning card is the highest set bit of the trick's cards in the suit
led: ``winning_card``.  ``trick_winner`` names the seat that played it.
``Hand`` (every play), the computer players' ``TrickTable`` and the record
reader (``record._mix_received``) all use these.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import BIT, SUIT_MASK, Card, CardMask


def winning_card(trick: CardMask, lead: Card) -> Card:
    """The card that wins a trick so far: the highest card of the suit led (002 §4).

    trick: mask of the cards played to the trick (the lead included); lead:
    the card led.  A trick in progress gives the card winning it now.
    """
    return (trick & SUIT_MASK[lead // 13]).bit_length() - 1


def trick_winner(leader: int, cards: Sequence[Card], next_seat: Sequence[int]) -> int:
    """Seat that wins a trick (or is winning one in progress), 002 §4.

    leader: the seat that led; cards: the trick's cards in play order;
    next_seat: the rule set's ``next_seat`` (the order of play).
    """
    mask = 0
    for c in cards:
        mask |= BIT[c]
    seat = leader
    for _ in range(cards.index(winning_card(mask, cards[0]))):
        seat = next_seat[seat]
    return seat
