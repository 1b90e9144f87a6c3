"""What a computer player knows at a decision, as plain masks and ints.

Two things live here, shared by every level and by the hard player's
rollouts (one implementation of each computation):

``RulesInfo``
    numbers read once from a ``RuleSet`` (card points, the penalty and bonus
    cards, the "big" card — the penalty card worth most outside hearts, the
    queen of spades in every preset — and the moon rule).  No strategy
    hard-codes 26 or 13: they read these.
``TableMemory``
    what one seat remembers of the table at a decision: the trick in
    progress, the cards gone, who has shown which void (002 §3), points taken,
    and where the player knows a card to be because it passed it (003,
    "remembers the cards it passed").  All public except that last part.
    ``memory_from_view`` builds it from a
    ``PlayerView`` only; the hard player's rollouts update it card by card
    with ``TableMemory.push``.
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import BB_HEARTS, HEARTS, QUEEN_SPADES, RANK_OF, SUIT_MASK, SUIT_OF, Card, CardMask
from ..rules import PassDirection, RuleSet, pass_targets
from ..tricks import winning_card
from ..view import PlayerView


class RulesInfo:
    """Per-rule-set constants the strategies read (never hard-coded).

    pts: points of each card 0..51 (``rules.points_table``; bonus cards < 0).
    penalty / bonus: masks of cards worth positive / negative points.
    big: the penalty card with the most points outside hearts (the queen of
      spades in every preset), or -1; big_suit, big_pts; over_big: the cards
      of its suit above it (king and ace of spades), the ones that catch it.
    moon_on: the rules score shooting the moon (``rules.moon_scored``).
    moon_total / hand_total: ``rules.moon_total`` / ``rules.hand_total``.
    moon_alarm: points a lone taker must hold before others defend (half the
      moon total).
    safe_first_trick: no penalty card can fall on the first trick (002 §7).
    """

    __slots__ = (
        "big",
        "big_pts",
        "big_suit",
        "bonus",
        "deck",
        "hand_total",
        "moon_alarm",
        "moon_on",
        "moon_total",
        "n",
        "next_seat",
        "over_big",
        "penalty",
        "pts",
        "rules",
        "safe_first_trick",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.n = rules.players
        self.pts = rules.points_table
        self.penalty = rules.penalty_mask
        self.bonus = rules.bonus_mask
        self.deck = rules.deck_mask
        self.next_seat = rules.next_seat
        big, big_pts = -1, 0
        m = self.penalty & ~BB_HEARTS
        while m:
            c = (m & -m).bit_length() - 1
            m &= m - 1
            if self.pts[c] > big_pts or (self.pts[c] == big_pts and c == QUEEN_SPADES):
                big, big_pts = c, self.pts[c]
        self.big, self.big_pts = big, big_pts
        self.big_suit = SUIT_OF[big] if big >= 0 else -1
        self.over_big = (
            (SUIT_MASK[self.big_suit] & ~((2 << big) - 1) & self.deck) if big >= 0 else 0
        )
        self.moon_on = rules.moon_scored
        self.moon_total = rules.moon_total
        self.hand_total = rules.hand_total
        self.moon_alarm = max(1, rules.moon_total // 2)
        self.safe_first_trick = (
            bool(self.penalty) and (rules.first_trick_forbidden & self.penalty) == self.penalty
        )


@lru_cache(maxsize=64)
def rules_info(rules: RuleSet) -> RulesInfo:
    """The cached ``RulesInfo`` of a rule set."""
    return RulesInfo(rules)


class TableMemory:
    """What one seat remembers of the table at a decision (was ``knowledge.Table``).

    trick: ``[(seat, card), ...]`` of the trick in progress (empty between
      tricks); trick_cards: their mask; lead_suit, win_card, win_seat: its
      led suit and winning card (``tricks.winning_card``) and seat (-1 when
      empty); trick_pen: positive points on it;
      trick_bonus: bonus (negative) points on it.
    trick_no: tricks completed.  gone: mask of every card played, the current
      trick included.  voids: per-seat mask of suits (bit s) shown void.
    taken: per-seat card points taken.  pen_takers: mask of seats (bit s)
      that have taken a penalty card.  broken: hearts broken.
    holder: card -> seat for cards known to be in a seat's hand (passed to
      it, 003), dropped when played.
    """

    __slots__ = (
        "broken",
        "gone",
        "holder",
        "lead_suit",
        "pen_takers",
        "ri",
        "taken",
        "trick",
        "trick_bonus",
        "trick_cards",
        "trick_no",
        "trick_pen",
        "voids",
        "win_card",
        "win_seat",
    )

    def __init__(self, ri: RulesInfo) -> None:
        self.ri = ri
        self.trick: list[tuple[int, Card]] = []
        self.trick_cards = 0
        self.lead_suit = -1
        self.win_card = -1
        self.win_seat = -1
        self.trick_pen = 0
        self.trick_bonus = 0
        self.trick_no = 0
        self.gone = 0
        self.voids = [0] * ri.n
        self.taken = [0] * ri.n
        self.pen_takers = 0
        self.broken = False
        self.holder: dict[Card, int] = {}

    def copy(self) -> TableMemory:
        t = TableMemory.__new__(TableMemory)
        t.ri = self.ri
        t.trick = self.trick[:]
        t.trick_cards = self.trick_cards
        t.lead_suit, t.win_card, t.win_seat = self.lead_suit, self.win_card, self.win_seat
        t.trick_pen, t.trick_bonus, t.trick_no = self.trick_pen, self.trick_bonus, self.trick_no
        t.gone = self.gone
        t.voids = self.voids[:]
        t.taken = self.taken[:]
        t.pen_takers = self.pen_takers
        t.broken = self.broken
        t.holder = dict(self.holder)
        return t

    def push(self, seat: int, card: Card) -> None:
        """Record ``seat`` playing ``card`` (the caller's legality; the trick closes itself)."""
        ri = self.ri
        bit = 1 << card
        self.gone |= bit
        if self.holder:
            self.holder.pop(card, None)
        p = ri.pts[card]
        if p > 0:
            self.trick_pen += p
        elif p < 0:
            self.trick_bonus += p
        if bit & ri.rules.breakers_mask:
            self.broken = True
        if not self.trick:
            self.lead_suit = card // 13
            self.trick_cards = bit
            self.win_card, self.win_seat = card, seat
        else:
            self.trick_cards |= bit
            if winning_card(self.trick_cards, self.trick[0][1]) == card:
                self.win_card, self.win_seat = card, seat
            elif card // 13 != self.lead_suit:
                self.voids[seat] |= 1 << self.lead_suit
        self.trick.append((seat, card))
        if len(self.trick) == ri.n:
            w = self.win_seat
            self.taken[w] += self.trick_pen + self.trick_bonus
            if self.trick_pen:
                self.pen_takers |= 1 << w
            self.trick = []
            self.trick_cards = 0
            self.lead_suit = self.win_card = self.win_seat = -1
            self.trick_pen = self.trick_bonus = 0
            self.trick_no += 1

    # -- questions the strategies ask ---------------------------------------
    def big_out(self, hand: CardMask) -> bool:
        """The big card (queen of spades) is still to be played and not in ``hand``."""
        big = self.ri.big
        return big >= 0 and not ((self.gone | hand) >> big) & 1

    def moon_threat(self, me: int) -> int:
        """The seat other than ``me`` that alone has taken penalty cards worth at least
        ``moon_alarm`` points (a shooter to stop), else -1."""
        ri = self.ri
        pt = self.pen_takers
        if not ri.moon_on or not pt or pt & (pt - 1):
            return -1
        s = pt.bit_length() - 1
        if s == me or self.taken[s] < ri.moon_alarm:
            return -1
        return s

    def seats_after(self, me: int) -> list[int]:
        """Seats still to play to the current trick after ``me``."""
        ri = self.ri
        left = ri.n - len(self.trick) - 1
        out = []
        s = me
        for _ in range(left):
            s = ri.next_seat[s]
            out.append(s)
        return out


def passed_to(view: PlayerView) -> dict[Card, int]:
    """Cards this seat passed, each with the seat that received it (003: the player
    remembers them).  Empty on a hold hand, before the pass, or for a "mix" pass
    (001), where the receiver is unknown."""
    if not view.passed or view.pass_direction in (PassDirection.HOLD, PassDirection.MIX):
        return {}
    n = view.rules.players
    targets = pass_targets(view.pass_direction, view.seat, n, len(view.passed))
    return {c: t for c, t in zip(view.passed, targets) if t != view.seat}


def memory_from_view(view: PlayerView, *, remember_passes: bool = True) -> TableMemory:
    """The ``TableMemory`` of a view: replays the public tricks (nothing hidden is read)."""
    ri = rules_info(view.rules)
    t = TableMemory(ri)
    nxt = ri.next_seat
    for leader, cards in view.tricks:
        s = leader
        for c in cards:
            t.push(s, c)
            s = nxt[s]
    if remember_passes:
        for c, s in passed_to(view).items():
            if not (t.gone >> c) & 1 and not (view.held >> c) & 1:
                t.holder[c] = s
    return t


def rank_key(ri: RulesInfo, c: Card) -> tuple[int, int]:
    """Sort key: points first, then rank (to drop the most costly card)."""
    return (ri.pts[c], RANK_OF[c])


def is_heart(c: Card) -> bool:
    return SUIT_OF[c] == HEARTS
