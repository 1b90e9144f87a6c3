"""The state of one hand: deal, pass phase, play, result.

``Hand`` is the one source of truth for legality: ``legal_mask()`` gives the
cards the seat to play may play, as a ``CardMask``; ``play()`` checks and
raises ``IllegalPlay`` with a ``Reason``; ``play_unchecked()`` trusts the
caller (for computer players' search) and does no check at all.

The state is a ``__slots__`` object of ints, a few short lists and tuples, so
``copy()`` is cheap.  Rules cited from ``../shared/rules/README.md``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any

from .cards import (
    BB_HEARTS,
    BB_QUEEN_SPADES,
    BIT,
    CODES,
    SUIT_MASK,
    SUIT_NAMES,
    SUIT_OF,
    Card,
    CardMask,
    cards_of,
    mask_of_cards,
    to_card,
)
from .rules import (
    DEFAULT,
    MOON_CHOICES,
    PASS_DIRECTIONS,
    PASS_STEP,
    FirstLead,
    KittyTaker,
    MoonChoice,
    PassDirection,
    RuleSet,
    pass_direction_problem,
    pass_targets,
    value_repr,
)
from .scoring import HandResult, score_hand
from .tricks import winning_card

if TYPE_CHECKING:
    from .view import PlayerView

__all__ = [
    "OVER",
    "PASS",
    "PLAY",
    "DealError",
    "Hand",
    "IllegalPlay",
    "Phase",
    "Reason",
    "pass_targets",
]


class Phase(StrEnum):
    """The phase of a hand: passing, playing, or over (a ``str``: ``Phase.PASS == "pass"``)."""

    PASS = "pass"
    PLAY = "play"
    OVER = "over"


PASS, PLAY, OVER = Phase.PASS, Phase.PLAY, Phase.OVER
_DIRECTION = {str(d): d for d in PassDirection}  # a name or a member -> the member (fast)
# Members as module constants: reading ``PassDirection.HOLD`` costs ~0.1 us on 3.11.
_HOLD, _MIX, _SCATTER = PassDirection.HOLD, PassDirection.MIX, PassDirection.SCATTER
_LOWEST_CLUB = FirstLead.LOWEST_CLUB
_NOT_HEARTS_OR_QUEEN = ~(BB_HEARTS | BB_QUEEN_SPADES)
_FY_STEPS = tuple(tuple((i, i + 1) for i in range(n - 1, 0, -1)) for n in range(53))
"""The (i, i + 1) steps of a Fisher-Yates shuffle of n cards, n = 0..52."""


class Reason(str, Enum):
    """Why an action is illegal (the fixed set ``IllegalPlay.reason`` takes)."""

    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_HELD = "card_not_held"
    MUST_FOLLOW_SUIT = "must_follow_suit"  # 002 §3
    HEARTS_NOT_BROKEN = "hearts_not_broken"  # 002 §8
    NO_POINTS_ON_FIRST_TRICK = "no_points_on_first_trick"  # 002 §7
    MUST_LEAD_LOWEST_CLUB = "must_lead_lowest_club"  # 002 §2
    WRONG_PHASE = "wrong_phase"  # playing during the pass, passing during play
    HAND_OVER = "hand_over"
    WRONG_PASS_COUNT = "wrong_pass_count"
    ALREADY_PASSED = "already_passed"
    DUPLICATE_CARD = "duplicate_card"


class IllegalPlay(ValueError):
    """An illegal pass or play.

    reason: a ``Reason``; seat: the seat that acted; card: the card (or None
    for a pass); message: readable English.
    """

    def __init__(
        self, reason: Reason, message: str, seat: int | None = None, card: Card | None = None
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.seat = seat
        self.card = card
        self.message = message


class DealError(ValueError):
    """A given deal is not a valid deal for the rule set (wrong count, duplicate, ...)."""


def _check_seat(rules: RuleSet, seat: int) -> None:
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise ValueError(f"seat must be 0..{rules.players - 1}, got {seat!r}")


class Hand:
    """One hand of Hearts.

    Construct with a given deal (``deal``: per-seat card lists in dealt order,
    codes or numbers; ``kitty`` when the rules use one) or a random one from
    ``seed``/``rng``.  ``dealer``: seat 0..players-1.  ``pass_direction``:
    defaults to the first of the rule set's cycle.  ``scores_before``: the
    game's per-seat scores before this hand (used by moon rules that look at
    the game).  Raises ``DealError`` for a bad deal.

    Phases: "pass" (unless the direction is "hold": every seat calls
    ``submit_pass``; passes apply together when the last one arrives), "play"
    (``turn`` is the seat to play), "over" (``result`` is the ``HandResult``).
    """

    __slots__ = (
        "__weakref__",
        "_breakers",
        "_forbid",
        "_lead_mask",
        "_legal",
        "_legal_key",
        "_next",
        "_ntricks",
        "_order",
        "_phase",
        "_rng",
        "broken",
        "deal",
        "dealer",
        "first_card",
        "held",
        "history",
        "is_over",
        "kitty",
        "kitty_owner",
        "kitty_pending",
        "leader",
        "leader0",
        "moon_choice",
        "n",
        "pass_direction",
        "passes",
        "received",
        "result",
        "rules",
        "scores_before",
        "trick_mask",
        "trick_n",
        "trick_no",
        "turn",
        "winners",
        "won",
    )

    def __init__(
        self,
        rules: RuleSet = DEFAULT,
        deal: Sequence[Iterable[Card | str]] | None = None,
        *,
        dealer: int = 0,
        pass_direction: str | None = None,
        kitty: Iterable[Card | str] | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        scores_before: Sequence[int] | None = None,
    ) -> None:
        n = rules.players
        if dealer.__class__ is not int or not 0 <= dealer < n:
            _check_seat(rules, dealer)
        if pass_direction is None:
            pass_direction = rules.pass_cycle[0]
        elif pass_direction not in rules.pass_cycle and pass_direction != _HOLD:
            if pass_direction not in PASS_DIRECTIONS:
                raise ValueError(f"unknown pass direction {value_repr(pass_direction)}")
            problem = pass_direction_problem(pass_direction, n, rules.pass_size)
            if problem:
                raise ValueError(f"pass direction {problem}; the rules have {n} players")
        self.rules = rules
        self.n = n
        self._next = rules.next_seat
        self._order = rules.play_order
        self._breakers = rules.breakers_mask
        self._ntricks = rules.tricks_per_hand
        self.dealer = dealer
        self.pass_direction = _DIRECTION[pass_direction]
        if rng is None:
            rng = random.Random(seed)
        self._rng = rng
        if deal is None:
            # Fisher-Yates on rng.random() (faster than rng.shuffle), dealt one
            # at a time from the dealer's left; the kitty is the rest.
            cards = list(rules.deck_cards)
            r = rng.random
            for i, k in _FY_STEPS[len(cards)]:  # i = len-1 .. 1, k = i + 1
                j = int(r() * k)
                cards[i], cards[j] = cards[j], cards[i]
            nk = n * rules.cards_per_seat
            self.deal = tuple([tuple(cards[(s - dealer - 1) % n : nk : n]) for s in range(n)])
            self.kitty = tuple(cards[nk:])
        else:
            self.deal, self.kitty = self._check_deal(deal, kitty)
        self.held = list(map(mask_of_cards, self.deal))
        self.scores_before = tuple(scores_before) if scores_before is not None else None
        self.moon_choice: MoonChoice | None = None
        self.passes: list[tuple[Card, ...] | None] = [None] * n
        self.received: list[CardMask] | None = None
        self.won = [0] * n
        self.winners: list[int] = []
        self.history: list[Card] = []
        self.trick_no = self.trick_n = 0
        self._lead_mask = self.leader = self.trick_mask = 0
        self._forbid = rules.first_trick_forbidden
        self.broken = False
        self.result: HandResult | None = None
        self.kitty_pending = bool(self.kitty)
        self.kitty_owner: int | None = None
        self.first_card = -1
        self.turn = self.leader0 = -1
        self._legal_key = self._legal = -1
        self.is_over = False
        if pass_direction == _HOLD or rules.pass_size == 0:
            self._start_play()
        else:
            self._phase = PASS

    @classmethod
    def random(
        cls,
        rules: RuleSet = DEFAULT,
        rng: random.Random | None = None,
        *,
        dealer: int = 0,
        pass_direction: str | None = None,
        scores_before: Sequence[int] | None = None,
    ) -> Hand:
        """A random deal from ``rng`` (a ``random.Random``)."""
        return cls(
            rules,
            dealer=dealer,
            pass_direction=pass_direction,
            rng=rng,
            scores_before=scores_before,
        )

    def _check_deal(
        self, deal: Sequence[Iterable[Card | str]], kitty: Iterable[Card | str] | None
    ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        rules = self.rules
        if len(deal) != rules.players:
            raise DealError(f"deal has {len(deal)} seats, the rules need {rules.players}")
        seen: dict[Card, str] = {}
        out = []
        for s, cards in enumerate(deal):
            try:
                cs = tuple(to_card(c) for c in cards)
            except ValueError as e:
                raise DealError(f"seat {s}: {e}") from None
            if len(cs) != rules.cards_per_seat:
                raise DealError(
                    f"seat {s} is dealt {len(cs)} cards, the rules deal {rules.cards_per_seat}"
                )
            for c in cs:
                if c in seen:
                    raise DealError(f"card {CODES[c]} is dealt twice ({seen[c]} and seat {s})")
                if BIT[c] & rules.removed_mask:
                    raise DealError(f"card {CODES[c]} is removed from the deck by the rules")
                seen[c] = f"seat {s}"
            out.append(cs)
        try:
            kt = tuple(to_card(c) for c in (kitty or ()))
        except ValueError as e:
            raise DealError(f"kitty: {e}") from None
        if len(kt) != rules.kitty:
            raise DealError(f"kitty has {len(kt)} cards, the rules need {rules.kitty}")
        for c in kt:
            if c in seen:
                raise DealError(f"card {CODES[c]} is dealt twice ({seen[c]} and the kitty)")
            seen[c] = "the kitty"
        return tuple(out), kt

    # -- pass phase ---------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """``Phase.PASS``, ``PLAY`` or ``OVER`` (equal to "pass", "play", "over")."""
        return self._phase

    def submit_pass(self, seat: int, cards: Iterable[Card | str]) -> None:
        """Seat ``seat`` gives ``cards`` (rules.pass_size of them, from its dealt hand).

        The cards are in the order of ``pass_targets`` for a scatter.  When the
        last seat has submitted, every pass applies at once (001).  Raises
        ``IllegalPlay`` (WRONG_PHASE, ALREADY_PASSED, WRONG_PASS_COUNT,
        DUPLICATE_CARD, CARD_NOT_HELD) or ``ValueError`` for a bad seat/card.
        """
        if seat.__class__ is not int or not 0 <= seat < self.n:
            _check_seat(self.rules, seat)
        cs = tuple(cards)
        for c in cs:
            if c.__class__ is not int or not 0 <= c < 52:
                cs = tuple([to_card(c) for c in cs])  # codes, or a ValueError naming the bad one
                break
        if self._phase is not PASS:
            raise IllegalPlay(
                Reason.WRONG_PHASE,
                "there is no pass now"
                + (" (this hand holds)" if self.pass_direction == _HOLD else ""),
                seat,
            )
        if self.passes[seat] is not None:
            raise IllegalPlay(Reason.ALREADY_PASSED, f"seat {seat} has already passed", seat)
        self._check_pass_cards(seat, cs)  # type: ignore[arg-type]
        self.passes[seat] = cs  # type: ignore[assignment]
        if None not in self.passes:
            self._apply_passes()

    def _check_pass_cards(self, seat: int, cs: Sequence[Card]) -> None:
        """The cards a seat passes: ``rules.pass_size`` of them, distinct, all in its hand
        (before the pass)."""
        if len(cs) != self.rules.pass_size:
            raise IllegalPlay(
                Reason.WRONG_PASS_COUNT,
                f"seat {seat} must pass {self.rules.pass_size} cards, not {len(cs)}",
                seat,
            )
        m = mask_of_cards(cs)
        if m.bit_count() == len(cs) and not m & ~self.held[seat]:
            return  # distinct (no carry in the sum) and all held
        m = 0
        for c in cs:
            if m & BIT[c]:
                raise IllegalPlay(
                    Reason.DUPLICATE_CARD, f"seat {seat} passes {CODES[c]} twice", seat, c
                )
            if not self.held[seat] & BIT[c]:
                raise IllegalPlay(
                    Reason.CARD_NOT_HELD, f"seat {seat} does not hold {CODES[c]}", seat, c
                )
            m |= BIT[c]

    def submit_pass_unchecked(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``submit_pass`` with NO check (for search): ``cards`` a tuple of card numbers."""
        self.passes[seat] = cards
        if None not in self.passes:
            self._apply_passes()

    def submit_passes(self, passes: Sequence[Iterable[Card | str]]) -> None:
        """All seats' passes at once (seat order)."""
        for seat, cs in enumerate(passes):
            self.submit_pass(seat, cs)

    def _apply_passes(self, received: Sequence[Iterable[Card]] | None = None) -> None:
        n, held, passes = self.n, self.held, self.passes
        given = [mask_of_cards(p) for p in passes]  # type: ignore[arg-type]
        direction = self.pass_direction
        if direction == _MIX:
            if received is None:
                pool = [c for p in passes for c in p]  # type: ignore[union-attr]
                self._rng.shuffle(pool)
                k = self.rules.pass_size
                received = [pool[i * k : (i + 1) * k] for i in range(n)]
            got = [sum(BIT[c] for c in received[s]) for s in range(n)]
        elif direction == _SCATTER:
            got = [0] * n
            for s in range(n):
                cards = passes[s]
                assert cards is not None
                for c, t in zip(cards, pass_targets(direction, s, n, len(cards))):
                    got[t] |= 1 << c
        else:
            step = PASS_STEP[direction]
            got = [given[(s - step) % n] for s in range(n)]
        for s in range(n):
            held[s] = (held[s] & ~given[s]) | got[s]
        self.received = got
        self._start_play()

    def _start_play(self) -> None:
        rules = self.rules
        self._phase = PLAY
        self._legal_key = -1
        n = self.n
        if rules.first_lead == _LOWEST_CLUB:
            clubs = SUIT_MASK[0] & rules.deck_mask
            for c in self.kitty:
                clubs &= ~BIT[c]
            first = self.first_card = (clubs & -clubs).bit_length() - 1
            bit = 1 << first
            held = self.held
            for s in range(n):
                if held[s] & bit:
                    self.turn = s
                    break
        else:
            leader = rules.first_leader(self.dealer)
            assert leader is not None  # not the lowest club: the dealer decides
            self.turn = leader
        self.leader0 = self.turn

    # -- play ---------------------------------------------------------------
    def legal_mask(self, seat: int | None = None) -> CardMask:
        """Mask of the cards ``seat`` (default: the seat to play) may play now.

        0 when it is not that seat's turn or not the play phase.  Rules: the
        first lead (002 §2), follow suit (002 §3), the first trick (002 §7),
        hearts broken (002 §8) with the rule set's options.
        """
        if seat is not None and (seat != self.turn or self._phase is not PLAY):
            return 0
        h = self.held[self.turn]
        forbid = self._forbid  # the first trick's forbidden cards (002 §7); 0 after it
        if self.trick_n:
            f = h & self._lead_mask
            if forbid:
                if f:
                    return (f & ~forbid) or f
                return (h & ~forbid) or h
            return f or h
        if self.trick_no == 0 and self.first_card >= 0:
            return BIT[self.first_card] & h
        if forbid and not h & ~forbid:
            return h  # holds nothing but point cards: any of them (settled reading)
        cand = h
        rules = self.rules
        if rules.hearts_must_be_broken and not self.broken:
            g = h & ~BB_HEARTS
            if g and not (rules.lead_hearts_with_queen and not h & _NOT_HEARTS_OR_QUEEN):
                cand = g
        if forbid:
            cand = (cand & ~forbid) or cand
        return cand

    def legal_moves(self, seat: int | None = None) -> list[Card]:
        """The legal cards as a sorted list (see ``legal_mask``).

        Remembers the mask for this decision, so the ``play`` that usually
        follows checks its card with one bit test.
        """
        m = self.legal_mask(seat)
        if m:
            # Keyed by the hand of the seat to play: it shrinks at each of its
            # plays, so it names this decision (reset when play starts).
            self._legal_key = self.held[self.turn]
            self._legal = m
        return cards_of(m)

    def play(self, seat: int, card: Card | str) -> None:
        """Seat ``seat`` plays ``card`` (number or code), checked.

        Raises ``IllegalPlay`` (with ``reason`` one of ``Reason``) if the play
        is illegal, ``ValueError`` for a bad seat or card code.  Nothing
        changes when it raises.
        """
        # Fast path: the seat to play plays a legal card number; anything else
        # (a code, a bad seat or card, an illegal card) takes the full check.
        if (
            seat.__class__ is int
            and card.__class__ is int
            and seat == self.turn
            and self._phase is PLAY
            and card >= 0
        ):
            h = self.held[seat]
            if (self._legal if h == self._legal_key else self.legal_mask()) >> card & 1:
                self.play_unchecked(card)
                return
        self._play_checked(seat, card)

    def _play_checked(self, seat: int, card: Card | str) -> None:
        """``play`` with every check in order, raising the first problem found."""
        _check_seat(self.rules, seat)
        c = to_card(card)
        if self._phase is not PLAY:
            if self._phase is OVER:
                raise IllegalPlay(Reason.HAND_OVER, "the hand is over", seat, c)
            raise IllegalPlay(Reason.WRONG_PHASE, "the pass is not complete", seat, c)
        if seat != self.turn:
            raise IllegalPlay(
                Reason.NOT_YOUR_TURN, f"it is seat {self.turn}'s turn, not seat {seat}'s", seat, c
            )
        if not self.held[seat] & BIT[c]:
            owner = next((s for s in range(self.n) if self.held[s] & BIT[c]), None)
            where = (
                f" (seat {owner} holds it)"
                if owner is not None
                else (" (already played)" if c in self.history else "")
            )
            raise IllegalPlay(
                Reason.CARD_NOT_HELD, f"seat {seat} does not hold {CODES[c]}{where}", seat, c
            )
        if not self.legal_mask() & BIT[c]:
            raise self._why(seat, c)
        self.play_unchecked(c)

    def _why(self, seat: int, c: Card) -> IllegalPlay:
        h = self.held[seat]
        code = CODES[c]
        if self.trick_n:
            lead = self.lead_suit
            if SUIT_OF[c] != lead and h & SUIT_MASK[lead]:
                return IllegalPlay(
                    Reason.MUST_FOLLOW_SUIT,
                    f"seat {seat} must follow {SUIT_NAMES[lead]}, not play {code}",
                    seat,
                    c,
                )
            return IllegalPlay(
                Reason.NO_POINTS_ON_FIRST_TRICK,
                f"{code} may not be played on the first trick",
                seat,
                c,
            )
        if self.trick_no == 0 and self.first_card >= 0:
            return IllegalPlay(
                Reason.MUST_LEAD_LOWEST_CLUB,
                f"seat {seat} must lead {CODES[self.first_card]}, not {code}",
                seat,
                c,
            )
        if BIT[c] & BB_HEARTS and not self.broken and self.rules.hearts_must_be_broken:
            return IllegalPlay(
                Reason.HEARTS_NOT_BROKEN,
                f"hearts are not broken: seat {seat} may not lead {code}",
                seat,
                c,
            )
        return IllegalPlay(
            Reason.NO_POINTS_ON_FIRST_TRICK, f"{code} may not be led on the first trick", seat, c
        )

    def play_unchecked(self, card: Card) -> None:
        """The seat to play plays ``card`` (a number), with NO check at all.

        For search by computer players: the caller guarantees that ``card`` is
        in ``legal_mask()``.  An illegal card corrupts the state silently.
        """
        seat = self.turn
        bit = 1 << card
        self.held[seat] ^= bit
        self.history.append(card)
        n = self.trick_n
        if n:
            self.trick_mask |= bit
        else:
            self._lead_mask = SUIT_MASK[card // 13]
            self.leader = seat
            self.trick_mask = bit
        if bit & self._breakers:
            self.broken = True
        n += 1
        if n == self.n:
            # The seat that played the trick's winning card (002 §4, engine.tricks).
            hist = self.history
            t = self.trick_no
            start = t * n
            best = winning_card(self.trick_mask, hist[start])
            w = self._order[self.leader][hist.index(best, start) - start]
            self.won[w] |= self.trick_mask
            self.winners.append(w)
            self._forbid = 0
            self.trick_n = 0
            self.turn = w
            t = self.trick_no = t + 1
            if self.kitty_pending:
                self._kitty_check(w)
            if t == self._ntricks:
                self._finish()
        else:
            self.trick_n = n
            self.turn = self._next[seat]

    def _kitty_check(self, w: int) -> None:
        rules = self.rules
        if rules.kitty_taker == KittyTaker.FIRST_TRICK or self.trick_mask & rules.penalty_mask:
            self.kitty_pending = False
            self.kitty_owner = w
            self.won[w] |= sum(BIT[c] for c in self.kitty)

    def _finish(self) -> None:
        if self.kitty_pending:  # no penalty card was taken in a trick: last trick's winner
            self.kitty_pending = False
            self.kitty_owner = self.winners[-1]
            self.won[self.kitty_owner] |= sum(BIT[c] for c in self.kitty)
        self._phase = OVER
        self.is_over = True
        self.turn = -1
        self.result = score_hand(
            self.rules,
            self.won,
            self.tricks_won if self.rules.shoot_sun else None,
            scores_before=self.scores_before,
            moon_choice=self.moon_choice,
        )

    def set_moon_choice(self, choice: str | None) -> None:
        """The shooter's choice under ``moon="choice"`` (001): "self" or "others".

        May be called before or after the hand ends (the result is re-scored).
        """
        if choice is not None and choice not in MOON_CHOICES:
            raise ValueError(f"moon choice must be 'self' or 'others', got {choice!r}")
        self.moon_choice = None if choice is None else MoonChoice(choice)
        if self._phase is OVER:
            self.result = score_hand(
                self.rules,
                self.won,
                self.tricks_won,
                scores_before=self.scores_before,
                moon_choice=choice,
            )

    # -- reading ------------------------------------------------------------
    @property
    def lead_suit(self) -> int:
        """Suit (0..3, CDHS) led to the trick in progress, -1 between tricks."""
        n = self.trick_n
        return self.history[-n] // 13 if n else -1

    @property
    def best(self) -> Card:
        """The card winning the trick in progress (002 §4), -1 between tricks."""
        n = self.trick_n
        return winning_card(self.trick_mask, self.history[-n]) if n else -1

    @property
    def tricks_won(self) -> list[int]:
        """Per-seat number of tricks taken so far."""
        w = self.winners
        return [w.count(s) for s in range(self.n)]

    @property
    def points(self) -> tuple[int, ...] | None:
        """Per-seat points of the hand once over (moon applied), else None."""
        return self.result.points if self.result else None

    def seat_of_play(self, index: int) -> int:
        """Seat that played ``history[index]`` (0-based)."""
        trick, pos = divmod(index, self.n)
        seat = self.winners[trick - 1] if trick else self.leader0
        nxt = self.rules.next_seat
        for _ in range(pos):
            seat = nxt[seat]
        return seat

    def tricks(self) -> list[tuple[int, tuple[Card, ...]]]:
        """Tricks so far as ``(leader seat, cards in play order)``; the last may be incomplete."""
        out = []
        hist, n = self.history, self.n
        for t in range(0, len(hist), n):
            out.append((self.seat_of_play(t), tuple(hist[t : t + n])))
        return out

    def copy(self) -> Hand:
        """An independent copy (lists copied, immutable parts shared)."""
        h = Hand.__new__(Hand)
        h.rules = self.rules
        h.n = self.n
        h._next = self._next
        h._order = self._order
        h._breakers = self._breakers
        h._ntricks = self._ntricks
        h.dealer = self.dealer
        h.pass_direction = self.pass_direction
        h.deal = self.deal
        h.kitty = self.kitty
        h.held = self.held[:]
        h.passes = self.passes[:]
        h.received = self.received
        h._phase = self._phase
        h.is_over = self.is_over
        h.turn = self.turn
        h.trick_no = self.trick_no
        h.trick_n = self.trick_n
        h._lead_mask = self._lead_mask
        h._forbid = self._forbid
        h.leader = self.leader
        h.trick_mask = self.trick_mask
        h.broken = self.broken
        h.won = self.won[:]
        h.winners = self.winners[:]
        h.history = self.history[:]
        h.first_card = self.first_card
        h.leader0 = self.leader0
        h.kitty_pending = self.kitty_pending
        h.kitty_owner = self.kitty_owner
        h.result = self.result
        h.scores_before = self.scores_before
        h.moon_choice = self.moon_choice
        h._rng = self._rng
        h._legal_key = self._legal_key
        h._legal = self._legal
        return h

    __copy__ = copy

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (see ``engine.view.PlayerView``)."""
        from .view import player_view

        return player_view(self, seat)

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules,
            self.dealer,
            self.pass_direction,
            self.deal,
            self.kitty,
            tuple(self.passes),
            tuple(self.held),
            tuple(self.history),
            self._phase,
            self.result,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        deal = [[CODES[c] for c in d] for d in self.deal]
        extra = f", kitty={[CODES[c] for c in self.kitty]!r}" if self.kitty else ""
        return (
            f"Hand({self.rules!r}, {deal!r}, dealer={self.dealer}, "
            f"pass_direction={value_repr(self.pass_direction)}{extra})  # {self._phase}, "
            f"{len(self.history)} cards played"
        )
