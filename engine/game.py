"""A game: hands in sequence at one table until the end condition.

Dealer rotation (000: the next dealer sits on the previous one's left), the
pass cycle (002 §1), cumulative scores with the exact-target reset (001), the
end condition (002 §15; 000, 004: a number of hands) and the final places
with the table tie policy (002 shared; 000 last trick; 001 play on).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .hand import Hand, Phase
from .rules import DEFAULT, PassDirection, RuleSet, TiePolicy, value_repr

if TYPE_CHECKING:
    from .players import Player


class Game:
    """Hands at one table.

    rules: the ``RuleSet``; dealer: first dealer's seat (000 draws it at
    random: pass ``rng.randrange(players)``); seed/rng: for random deals.
    ``scores``: per-seat cumulative penalty points, seat order.
    ``hands``: the finished ``Hand`` objects, in order.
    """

    def __init__(
        self,
        rules: RuleSet = DEFAULT,
        *,
        dealer: int = 0,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        if type(dealer) is not int or not 0 <= dealer < rules.players:
            raise ValueError(f"dealer must be a seat 0..{rules.players - 1}, got {dealer!r}")
        self.rules = rules
        self.first_dealer = dealer
        self.rng = rng if rng is not None else random.Random(seed)
        self.scores = [0] * rules.players
        self.hands: list[Hand] = []

    @property
    def dealer(self) -> int:
        """Dealer of the next hand (rotates to the left, 000)."""
        return (self.first_dealer + len(self.hands)) % self.rules.players

    @property
    def pass_direction(self) -> PassDirection:
        """Pass of the next hand (002 §1: left, right, across, hold, repeat)."""
        return self.rules.pass_for(len(self.hands))

    def new_hand(
        self,
        deal: Sequence[Sequence[int | str]] | None = None,
        kitty: Sequence[int | str] | None = None,
    ) -> Hand:
        """The next hand (random deal unless ``deal`` is given); not yet added."""
        return Hand(
            self.rules,
            deal,
            dealer=self.dealer,
            pass_direction=self.pass_direction,
            kitty=kitty,
            rng=self.rng if deal is None else None,
            scores_before=tuple(self.scores),
        )

    def add_hand(self, hand: Hand) -> None:
        """Add a finished hand's points; apply the exact-target reset (001).

        Raises ``ValueError`` if the hand is not over, the game is over, or the
        hand's dealer or pass does not match the game's next hand.
        """
        if not hand.is_over or hand.result is None:
            raise ValueError("the hand is not finished")
        if self.is_over:
            raise ValueError("the game is over")
        if hand.dealer != self.dealer or hand.pass_direction != self.pass_direction:
            raise ValueError(
                f"expected dealer {self.dealer} and pass "
                f"{value_repr(self.pass_direction)}, got dealer {hand.dealer} and "
                f"pass {value_repr(hand.pass_direction)}"
            )
        rules = self.rules
        for s, p in enumerate(hand.result.points):
            self.scores[s] += p
            if rules.reset_at is not None and self.scores[s] == rules.reset_at:
                self.scores[s] = rules.reset_to
        self.hands.append(hand)

    @property
    def is_over(self) -> bool:
        """True once a seat reached the target or the hand count is reached
        (and, with tie "play_on", the lowest score is not tied, 001)."""
        if not self.hands:
            return False
        rules, scores = self.rules, self.scores
        ended = (rules.target is not None and max(scores) >= rules.target) or (
            rules.max_hands is not None and len(self.hands) >= rules.max_hands
        )
        if ended and rules.tie == TiePolicy.PLAY_ON:
            return scores.count(min(scores)) == 1
        return ended

    def places(self) -> list[int]:
        """Final place (1 = fewest points) of each seat, seat order.

        Tied seats share the best place they cover (``[1, 1, 3, 4]``) unless the
        rules' tie policy is "last_trick" (000): among tied seats, the one that
        took its last trick of the last hand earliest ranks higher; a seat that
        took no trick ranks above one that did; seats that took no trick are
        ordered by their position in the first trick of the last hand.
        """
        scores = self.scores
        n = self.rules.players
        places = [1 + sum(1 for t in scores if t < scores[s]) for s in range(n)]
        if self.rules.tie != TiePolicy.LAST_TRICK or not self.hands:
            return places
        last = self.hands[-1]
        last_won = {s: -1 for s in range(n)}
        for i, w in enumerate(last.winners):
            last_won[w] = i
        first_trick_order = {}
        for pos in range(min(n, len(last.history))):
            first_trick_order[last.seat_of_play(pos)] = pos

        def key(s: int) -> tuple[int, int]:
            if last_won[s] < 0:
                return (0, first_trick_order.get(s, s))
            return (1, last_won[s])

        out = places[:]
        for p in set(places):
            tied = sorted((s for s in range(n) if places[s] == p), key=key)
            for i, s in enumerate(tied):
                out[s] = p + i
        return out


def play_hand(hand: Hand, players: Sequence[Player]) -> Hand:
    """Play ``hand`` to the end with one player object per seat (see ``engine.players``).

    Each player sees only its ``PlayerView``.  A player's illegal choice
    raises ``IllegalPlay``.
    """
    if hand.phase == Phase.PASS:
        for seat, player in enumerate(players):
            hand.submit_pass(seat, player.choose_pass(hand.view(seat)))
    while not hand.is_over:
        seat = hand.turn
        hand.play(seat, players[seat].choose_play(hand.view(seat)))
    return hand
