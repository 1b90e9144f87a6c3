"""The hard player: perfect-information Monte Carlo over the seat's information set.

003 hard "counts and remembers every card played, infers who holds the queen
of spades (or any card)".  At each play with a real choice, the player:

1. works out where the unseen cards can be: every card played is gone; the
   cards it passed are in the receiver's hand until played (003); a seat
   that did not follow suit holds none of it (002 §3); with a kitty (001)
   and the lowest-club lead, clubs under the first lead are in the kitty;
2. deals the unseen cards at random consistently with that
   (``sampling.sample_deal``) — one "world" per sample;
3. in each world, for each distinct legal card (cards of one suit with no
   outstanding card between them and the same points are one choice) and
   each plan (avoid points; shoot the moon while no other seat has taken a
   penalty card), plays the card and rolls the hand out to its end with the
   medium policy for every seat (a seat that alone holds more than half the
   moon total is played as a shooter, so the player learns to defend);
4. scores the finished hand with the rule set's own scoring
   (``engine.scoring``: moon, sun, bonus cards, the moon choice) and keeps
   the choice with the lowest mean penalty for itself.

The same worlds serve every choice (common random numbers), and the
rollouts are deterministic, so the decision is a function of the view and
``rng`` alone.  Method: Ginsberg (GIB, 2001); Sturtevant, "Multi-player
games: algorithms and approaches" (2003) and Sturtevant & White (2006) for
Hearts.

The budget is in simulated card plays (``budget``), which tracks time
closely and keeps the player deterministic; ``time_limit_ms`` adds a wall-
clock cap (after ``min_worlds``), at the price of determinism.
"""

from __future__ import annotations

import random
import time

from ..cards import RANK_OF, SUIT_MASK, Card, CardMask, cards_of
from ..hand import Hand
from ..rules import FirstLead, PassDirection
from ..view import PlayerView
from .base import MediumPlayer, Player, _check_play
from .knowledge import TableMemory, memory_from_view, passed_to
from .policies import medium_play
from .sampling import Inconsistent, sample_deal


def move_classes(view: PlayerView, table: TableMemory) -> list[Card]:
    """One representative (the lowest card) of each set of equivalent legal cards.

    Two legal cards of one suit are equivalent when every card ranked between
    them is in the player's hand or already played in an earlier trick (cards
    on the table in the current trick separate them), and they carry the same
    points: whichever is played, the rest of the hand can go the same way.
    """
    legal, hand = view.legal, view.held
    rules = view.rules
    pts = rules.points_table
    on_table = 0
    for _, c in table.trick:
        on_table |= 1 << c
    separators = rules.deck_mask & ~hand & ~(table.gone & ~on_table)
    reps: list[Card] = []
    for s in range(4):
        suit = SUIT_MASK[s]
        if not legal & suit:
            continue
        cur_pts = None
        open_class = False
        for c in range(13 * s, 13 * s + 13):
            bit = 1 << c
            if separators & bit:
                open_class = False
            elif legal & bit and (not open_class or pts[c] != cur_pts):
                reps.append(c)
                cur_pts = pts[c]
                open_class = True
    return reps


class Knowledge:
    """Where the unseen cards may be, from one view (step 1 of the module docstring).

    others: seats other than the player; known[s]: cards known in seat s's
    hand; played_by[s]: cards s has played; sizes / voids: per slot (the
    other seats, then the kitty if its cards are unknown) the number of
    unseen cards it holds and the suits it cannot hold; unseen: their mask;
    kitty_known: kitty cards the player knows.
    """

    __slots__ = (
        "kitty_known",
        "kitty_slot",
        "known",
        "others",
        "played_by",
        "sizes",
        "unseen",
        "voids",
    )

    def __init__(self, view: PlayerView) -> None:
        rules = view.rules
        n, me = rules.players, view.seat
        played_by = [0] * n
        nxt = rules.next_seat
        for leader, cards in view.tricks:
            s = leader
            for c in cards:
                played_by[s] |= 1 << c
                s = nxt[s]
        known = [0] * n
        for c, s in passed_to(view).items():
            if not ((view.played | view.held) >> c) & 1:
                known[s] |= 1 << c
        kitty_known = 0
        if rules.kitty:
            if view.kitty:
                for c in view.kitty:
                    kitty_known |= 1 << c
            elif rules.first_lead == FirstLead.LOWEST_CLUB and view.tricks:
                first = view.tricks[0][1][0]
                kitty_known = rules.deck_mask & SUIT_MASK[0] & ((1 << first) - 1)
        seen = view.held | view.played | kitty_known
        for m in known:
            seen |= m
        self.unseen = rules.deck_mask & ~seen
        self.others = [s for s in range(n) if s != me]
        self.sizes = [
            rules.cards_per_seat - played_by[s].bit_count() - known[s].bit_count()
            for s in self.others
        ]
        self.voids = [view.voids[s] for s in self.others]
        self.kitty_slot = bool(rules.kitty) and not view.kitty
        if self.kitty_slot:
            self.sizes.append(rules.kitty - kitty_known.bit_count())
            self.voids.append(0)
        self.known, self.played_by, self.kitty_known = known, played_by, kitty_known

    def world(self, view: PlayerView, rng: random.Random) -> Hand:
        """A full hand consistent with the view, replayed to the current point."""
        deal = sample_deal(rng, self.unseen, self.sizes, self.voids)
        rules = view.rules
        n, me = rules.players, view.seat
        hands: list[CardMask] = [0] * n
        hands[me] = view.held | self.played_by[me]
        for i, s in enumerate(self.others):
            hands[s] = deal[i] | self.known[s] | self.played_by[s]
        kitty = self.kitty_known | (deal[-1] if self.kitty_slot else 0)
        h = Hand(
            rules,
            [cards_of(m) for m in hands],
            dealer=view.dealer,
            pass_direction=PassDirection.HOLD,
            kitty=cards_of(kitty),
            scores_before=view.scores,
        )
        for _, cards in view.tricks:
            for c in cards:
                h.play_unchecked(c)
        return h


def rollout(h: Hand, t: TableMemory, me: int, shoot_me: bool) -> tuple[int, ...]:
    """Play ``h`` to its end with the medium policy for every seat; return the hand's points.

    A seat that alone has taken penalty cards worth at least half the moon
    total plays as a shooter; ``me`` plays as a shooter throughout when
    ``shoot_me`` (the moon plan).  ``t`` is kept in step with ``h``.
    """
    ri = t.ri
    alarm = ri.moon_alarm
    moon_on = ri.moon_on
    held = h.held
    legal_mask = h.legal_mask
    play = h.play_unchecked
    push = t.push
    while not h.is_over:
        seat = h.turn
        legal = legal_mask()
        if legal & (legal - 1):
            shoot = (shoot_me if seat == me else False) or (
                moon_on and t.pen_takers == 1 << seat and t.taken[seat] >= alarm
            )
            card = medium_play(t, seat, held[seat], legal, shoot=shoot)
        else:
            card = (legal & -legal).bit_length() - 1
        push(seat, card)
        play(card)
    return h.result.points  # type: ignore[union-attr]


class HardPlayer(Player):
    """PIMC with medium-policy rollouts (see the module docstring).

    budget: simulated card plays per decision (worlds = budget / (cards left
      x choices x plans), within [min_worlds, max_worlds]).
    time_limit_ms: optional wall-clock cap per decision (stops sampling after
      ``min_worlds``); None keeps decisions a pure function of view and rng.
    others_weight: weight of the other seats' mean points subtracted from
      the player's own (0: minimize own penalty points only).
    Passing uses the medium pass (``policies.medium_pass``).
    """

    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        *,
        budget: int = 16000,
        min_worlds: int = 8,
        max_worlds: int = 200,
        time_limit_ms: float | None = None,
        others_weight: float = 0.0,
    ) -> None:
        super().__init__(seed)
        if budget <= 0 or min_worlds <= 0 or max_worlds < min_worlds:
            raise ValueError("budget and min_worlds must be positive, max_worlds >= min_worlds")
        self.budget = budget
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds
        self.time_limit_ms = time_limit_ms
        self.others_weight = others_weight
        self._medium = MediumPlayer()

    def __repr__(self) -> str:
        return (
            f"HardPlayer(budget={self.budget}, min_worlds={self.min_worlds}, "
            f"max_worlds={self.max_worlds}, time_limit_ms={self.time_limit_ms})"
        )

    def choose_pass(self, view: PlayerView, rng: random.Random | None = None) -> tuple[Card, ...]:
        return self._medium.choose_pass(view, rng)

    def choose_play(self, view: PlayerView, rng: random.Random | None = None) -> Card:
        _check_play(view)
        rng = rng or self.rng
        legal = view.legal
        if not legal & (legal - 1):
            return (legal & -legal).bit_length() - 1
        t = memory_from_view(view)
        choices = move_classes(view, t)
        if len(choices) == 1:
            return choices[0]
        return self.search(view, t, choices, rng)

    def plans(self, view: PlayerView, t: TableMemory) -> list[bool]:
        """[False] (avoid points), plus True (shoot the moon) while no other seat has
        taken a penalty card and the player has taken some or holds many high cards."""
        ri = t.ri
        me = view.seat
        if not ri.moon_on or t.pen_takers & ~(1 << me):
            return [False]
        high = sum(1 for c in cards_of(view.held) if RANK_OF[c] >= 9)
        if t.pen_takers or 3 * high >= view.held.bit_count() + 2:
            return [False, True]
        return [False]

    def search(
        self, view: PlayerView, t: TableMemory, choices: list[Card], rng: random.Random
    ) -> Card:
        """The choice with the lowest mean score over sampled worlds (steps 2-4)."""
        me = view.seat
        know = Knowledge(view)
        plans = self.plans(view, t)
        evals = [(c, p) for p in plans for c in choices]
        left = (
            sum(view.rules.cards_per_seat for _ in range(view.rules.players))
            - view.played.bit_count()
        )
        worlds = max(self.min_worlds, min(self.max_worlds, self.budget // (left * len(evals))))
        totals = [0.0] * len(evals)
        ow = self.others_weight
        n = view.rules.players
        deadline = (
            time.perf_counter() + self.time_limit_ms / 1000.0
            if self.time_limit_ms is not None
            else None
        )
        for done in range(1, worlds + 1):
            try:
                base = know.world(view, rng)
            except Inconsistent:  # contradictory knowledge: cannot happen with a true view
                return medium_play(t, me, view.held, view.legal)
            for i, (c, shoot) in enumerate(evals):
                h = base.copy()
                tt = t.copy()
                tt.push(me, c)
                h.play_unchecked(c)
                pts = rollout(h, tt, me, shoot)
                score: float = pts[me]
                if ow:
                    score -= ow * (sum(pts) - pts[me]) / (n - 1)
                totals[i] += score
            if deadline is not None and done >= self.min_worlds and time.perf_counter() > deadline:
                break
        best = min(range(len(evals)), key=lambda i: (totals[i], evals[i][1], evals[i][0]))
        return evals[best][0]
