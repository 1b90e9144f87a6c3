"""Automatic play: a random legal card, the absent player's pass and play (000).

``random_card(mask, rng)`` picks a uniformly random card of a mask without
building a list.  ``random_playout(hand, rng)`` finishes a hand with random
legal passes and plays (the benchmark's and the search's rollout).
``auto_pass`` / ``auto_play`` stand in for an absent player (000 "Gioco
Automatico"): pass the last cards received in the deal; play a sensible legal
card.
"""

from __future__ import annotations

import random

from .cards import BB_HEARTS, BIT, QUEEN_SPADES, SUIT_MASK, Card, CardMask, cards_of
from .hand import PASS, Hand


def random_card(mask: CardMask, rng: random.Random) -> Card:
    """A uniformly random card of a non-empty mask (bit-popping, no list)."""
    k = int(rng.random() * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_pass(hand: Hand, seat: int, rng: random.Random) -> tuple[Card, ...]:
    """``pass_size`` distinct random cards from the seat's hand (partial Fisher-Yates)."""
    cards = cards_of(hand.held[seat]) if hand.received is not None else list(hand.deal[seat])
    r = rng.random
    n = len(cards)
    for t in range(hand.rules.pass_size):
        j = t + int(r() * (n - t))
        cards[t], cards[j] = cards[j], cards[t]
    return tuple(cards[: hand.rules.pass_size])


def random_playout(hand: Hand, rng: random.Random) -> Hand:
    """Finish ``hand`` in place with uniformly random legal passes and plays; return it."""
    if hand.phase is PASS:
        for seat in range(hand.n):
            if hand.passes[seat] is None:
                hand.submit_pass_unchecked(seat, random_pass(hand, seat, rng))
    legal = hand.legal_mask
    play = hand.play_unchecked
    r = rng.random
    for _ in range(hand.n * hand.rules.tricks_per_hand - len(hand.history)):
        m = legal()
        k = int(r() * m.bit_count())
        while k:
            m &= m - 1
            k -= 1
        play((m & -m).bit_length() - 1)
    return hand


def auto_pass(hand: Hand, seat: int) -> tuple[Card, ...]:
    """The absent player's pass (000): the last ``pass_size`` cards received in the deal."""
    k = hand.rules.pass_size
    return tuple(hand.deal[seat][-k:]) if k else ()


def auto_play(hand: Hand) -> Card:
    """A sensible legal card for the seat to play (000's automatic play).

    Following suit: the highest card that stays under the trick's best card
    (else the lowest, or the highest when last to play on a pointless trick);
    void: the queen of spades, else the highest heart, else the highest card;
    leading: the lowest card of the suit where it holds the fewest cards.
    """
    legal = hand.legal_mask()
    if not legal:
        raise ValueError("no legal card: it is not the play phase")
    if hand.trick_n:
        lead = SUIT_MASK[hand.lead_suit]
        following = legal & lead
        if following:
            under = following & ((1 << hand.best) - 1)
            if under:
                return under.bit_length() - 1
            last = hand.trick_n == hand.n - 1
            if last and not hand.trick_mask & hand.rules.penalty_mask:
                return following.bit_length() - 1
            return (following & -following).bit_length() - 1
        if legal & BIT[QUEEN_SPADES]:
            return QUEEN_SPADES
        hearts = legal & BB_HEARTS
        if hearts:
            return hearts.bit_length() - 1
        return legal.bit_length() - 1
    best_suit = min(
        (s for s in range(4) if legal & SUIT_MASK[s]),
        key=lambda s: (hand.held[hand.turn] & SUIT_MASK[s]).bit_count(),
    )
    m = legal & SUIT_MASK[best_suit]
    return (m & -m).bit_length() - 1
