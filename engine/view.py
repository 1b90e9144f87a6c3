"""``PlayerView``: what one seat may see of a hand, and nothing hidden.

Own cards (now and as dealt), the cards it passed and received, every card
played (tricks are public), who has shown a void in which suit, points and
tricks taken so far, the game scores before the hand, whose turn it is and the
legal cards when it is this seat's turn.  Other seats' cards and the kitty
(face down, 001) are not in it, except the kitty for the seat that took it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import SUIT_OF, Card, CardMask, cards_of
from .rules import PassDirection, RuleSet

if TYPE_CHECKING:
    from .hand import Hand, Phase


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A seat's information set.

    seat, dealer, turn (-1 when not the play phase): seats.
    phase: a ``Phase`` ("pass", "play" or "over").  pass_direction: this
      hand's pass (a ``PassDirection``).
    held: own cards now (mask).  dealt: own cards as dealt, in dealt order.
    passed: cards this seat gave (None before it passed / on a hold hand).
    received: cards received in the pass (mask), None until passes apply.
    tricks: ``(leader, cards)`` of every trick so far, in order; the last one
      may be the trick in progress.  played: mask of all cards played.
    voids: per-seat mask of suits (bit s for suit s, CDHS) in which that seat
      has shown a void by not following suit.
    points_taken / tricks_won: per-seat card points and tricks taken so far.
    hearts_broken: whether hearts may be led.  legal: cards this seat may
      play now (0 unless it is its turn).  scores: game scores before the hand
      (None if unknown).  kitty: the kitty's cards if this seat took it.
    """

    rules: RuleSet
    seat: int
    dealer: int
    phase: Phase
    pass_direction: PassDirection
    turn: int
    held: CardMask
    dealt: tuple[Card, ...]
    passed: tuple[Card, ...] | None
    received: CardMask | None
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    played: CardMask
    voids: tuple[int, ...]
    points_taken: tuple[int, ...]
    tricks_won: tuple[int, ...]
    hearts_broken: bool
    legal: CardMask
    scores: tuple[int, ...] | None
    kitty: tuple[Card, ...] | None

    @property
    def current_trick(self) -> tuple[int, tuple[Card, ...]] | None:
        """``(leader, cards)`` of the trick in progress, or None between tricks."""
        if self.tricks and len(self.tricks[-1][1]) < self.rules.players:
            return self.tricks[-1]
        return None

    @property
    def legal_moves(self) -> list[Card]:
        return cards_of(self.legal)


def player_view(hand: Hand, seat: int) -> PlayerView:
    """Build the view of ``seat`` from a hand (no hidden card is copied into it)."""
    n = hand.n
    tricks = tuple(hand.tricks())
    voids = [0] * n
    played = 0
    next_seat = hand.rules.next_seat
    for leader, cards in tricks:
        lead = SUIT_OF[cards[0]]
        s = leader
        for c in cards:
            played |= 1 << c
            if SUIT_OF[c] != lead:
                voids[s] |= 1 << lead
            s = next_seat[s]
    points_of = hand.rules.points_of
    won_trick_cards = [0] * n
    for (_, cards), w in zip(tricks, hand.winners):
        for c in cards:
            won_trick_cards[w] |= 1 << c
    received = hand.received[seat] if hand.received is not None else None
    return PlayerView(
        rules=hand.rules,
        seat=seat,
        dealer=hand.dealer,
        phase=hand.phase,
        pass_direction=hand.pass_direction,
        turn=hand.turn,
        held=hand.held[seat],
        dealt=hand.deal[seat],
        passed=hand.passes[seat],
        received=received,
        tricks=tricks,
        played=played,
        voids=tuple(voids),
        points_taken=tuple(points_of(m) for m in won_trick_cards),
        tricks_won=tuple(hand.tricks_won),
        hearts_broken=hand.broken,
        legal=hand.legal_mask(seat),
        scores=hand.scores_before,
        kitty=hand.kitty if hand.kitty_owner == seat and hand.kitty else None,
    )
