"""The easy and medium strategies (003), and the shooter's line used by hard.

Each policy is a plain function ``(table, me, hand, legal) -> Card`` over
masks, so the medium player, and the hard player's rollouts in sampled
deals, run the same code.  ``table`` is a ``knowledge.TableMemory`` (public state
only); ``hand`` and ``legal`` are the seat's held and legal cards.

Points always come from the rule set (``RulesInfo.pts``): a card's "danger"
is its points, and the "big" card is whatever penalty card outside hearts is
worth most (the queen of spades in every preset).
"""

from __future__ import annotations

from ..cards import BB_HEARTS, HEARTS, RANK_OF, SUIT_MASK, SUIT_OF, Card, CardMask, scan_forward
from .knowledge import RulesInfo, TableMemory


def _hi(m: CardMask) -> Card:
    return m.bit_length() - 1


def _lo(m: CardMask) -> Card:
    return (m & -m).bit_length() - 1


def _max_by_points(ri: RulesInfo, m: CardMask) -> Card:
    """The card of ``m`` with the most points, then the highest rank."""
    pts = ri.pts
    return max(scan_forward(m), key=lambda c: (pts[c], RANK_OF[c], c))


def danger(ri: RulesInfo, c: Card) -> int:
    """How much a card hurts in hand (003 easy): its points first, then catching the big
    card (the king and ace of spades over the queen), then its rank."""
    return 10 * ri.pts[c] + (40 if (ri.over_big >> c) & 1 else 0) + RANK_OF[c]


# -- passing ------------------------------------------------------------------
def easy_pass(ri: RulesInfo, hand: CardMask, k: int) -> tuple[Card, ...]:
    """003 easy: pass the most dangerous cards — penalty cards by their points,
    the cards that catch the big card (king and ace of spades), then high ranks."""
    return tuple(sorted(scan_forward(hand), key=lambda c: (-danger(ri, c), c))[:k])


def medium_pass(ri: RulesInfo, hand: CardMask, k: int) -> tuple[Card, ...]:
    """003 medium: pass the big card unless well guarded by lower cards of its suit,
    the cards over it when short in that suit, high hearts, keep bonus cards, and
    empty the shortest side suit to create a void."""
    if k <= 0:
        return ()
    pts, big = ri.pts, ri.big
    lengths = [(hand & SUIT_MASK[s]).bit_count() for s in range(4)]
    guards = (hand & SUIT_MASK[ri.big_suit] & ((1 << big) - 1)).bit_count() if big >= 0 else 0
    holds_big = big >= 0 and (hand >> big) & 1
    void_suit = -1
    short = [s for s in range(4) if s != HEARTS and s != ri.big_suit and 0 < lengths[s] <= k]
    if short:
        void_suit = min(
            short,
            key=lambda s: (lengths[s], -max(RANK_OF[c] for c in scan_forward(hand & SUIT_MASK[s]))),
        )

    def score(c: Card) -> int:
        s, r, p = SUIT_OF[c], RANK_OF[c], pts[c]
        if c == big:
            return 10 * p if guards < 4 else -5
        sc = r
        if p < 0:
            return sc - 100
        if s == HEARTS:
            sc += 2 * p + (6 if r >= 9 else 0)
        elif p > 0:
            sc += 10 * p
        if big >= 0 and s == ri.big_suit:
            if c > big:
                sc += 0 if guards >= 3 and not holds_big else 40
            else:
                sc -= 8
        if s == void_suit:
            sc += 8
        return sc

    return tuple(sorted(scan_forward(hand), key=lambda c: (-score(c), c))[:k])


# -- play -----------------------------------------------------------------------
def easy_play(t: TableMemory, me: int, hand: CardMask, legal: CardMask) -> Card:
    """003 easy: rules and basic tactics, no memory of played cards.

    Lead the lowest card (not a heart, not a penalty card, when it can);
    follow with the highest card under the winning card (duck); when it
    cannot duck, play high only as the last player on a pointless trick, else
    low; when void, discard its most dangerous card.
    """
    if not legal & (legal - 1):
        return _lo(legal)
    ri = t.ri
    if not t.trick:
        m = legal & ~BB_HEARTS & ~ri.penalty or legal
        return min(scan_forward(m), key=lambda c: (RANK_OF[c], c))
    follow = legal & SUIT_MASK[t.lead_suit]
    if follow:
        below = follow & ((1 << t.win_card) - 1)
        if below:
            return _max_by_points(ri, below)
        if len(t.trick) == ri.n - 1 and not t.trick_pen:
            return _hi(follow & ~ri.penalty or follow)
        return _lo(follow)
    return max(scan_forward(legal), key=lambda c: (danger(ri, c), c))


def medium_play(
    t: TableMemory, me: int, hand: CardMask, legal: CardMask, *, shoot: bool = False
) -> Card:
    """003 medium: easy's tactics plus the listed advanced ones.

    Leads spades under the queen to smoke it out when it does not hold it;
    leads its short suits low to create voids, avoiding suits where another
    seat has shown a void; remembers the cards it passed (having passed the
    queen of spades, plays its king or ace of spades once the receiver has
    played to the trick); dumps the queen under a higher spade; discards to
    empty short suits; defends against a lone seat that has taken more than
    half the moon total (takes the trick from it, never feeds it points).

    ``shoot``: play ``shoot_play`` while this seat alone has taken penalty
    cards (used by the hard player's rollouts and moon plan).
    """
    if not legal & (legal - 1):
        return _lo(legal)
    ri = t.ri
    if shoot and ri.moon_on and not t.pen_takers & ~(1 << me):
        return shoot_play(t, me, hand, legal)
    if not t.trick:
        return _medium_lead(t, me, hand, legal)
    follow = legal & SUIT_MASK[t.lead_suit]
    if follow:
        return _medium_follow(t, me, hand, follow)
    return _medium_discard(t, me, hand, legal)


def _medium_lead(t: TableMemory, me: int, hand: CardMask, legal: CardMask) -> Card:
    ri = t.ri
    big = ri.big
    big_out = t.big_out(hand)
    others_void = 0
    for s, v in enumerate(t.voids):
        if s != me:
            others_void |= v
    if big_out:
        under = legal & SUIT_MASK[ri.big_suit] & ((1 << big) - 1)
        if under:  # smoke out the queen (003)
            return _lo(under) if (others_void >> ri.big_suit) & 1 else _hi(under)
    best, best_key = -1, None
    for s in range(4):
        m = legal & SUIT_MASK[s]
        if not m:
            continue
        c = _lo(m)
        p = ri.pts[c]
        key = 2 * RANK_OF[c] + (hand & SUIT_MASK[s]).bit_count()
        if s == HEARTS:
            key += 4
        if p > 0:
            key += 3 * p
        elif p < 0:
            key += 10
        if s == ri.big_suit and big >= 0:
            if (hand >> big) & 1:
                key += 20
            elif big_out and c > big:
                key += 40
        if (others_void >> s) & 1:
            key += 6
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best


def _medium_follow(t: TableMemory, me: int, hand: CardMask, follow: CardMask) -> Card:
    ri = t.ri
    big = ri.big
    w = t.win_card
    below = follow & ((1 << w) - 1)
    above = follow & ~below
    last = len(t.trick) == ri.n - 1
    threat = t.moon_threat(me)
    if threat >= 0 and t.win_seat == threat and above:
        return _hi(above & ~ri.penalty or above)  # stop the moon: take the trick
    if last:
        if t.trick_pen == 0 or t.trick_pen + t.trick_bonus < 0:
            safe = above & ~ri.penalty
            if safe:
                return _hi(safe)
        if below:
            return _max_by_points(ri, below)
        nonpen = above & ~ri.penalty
        if nonpen:
            return _hi(nonpen)
        return min(scan_forward(above), key=lambda c: (ri.pts[c], c))
    if below:
        return _max_by_points(ri, below)
    suit = t.lead_suit
    if big >= 0 and suit == ri.big_suit:
        if (hand >> big) & 1:
            other = above & ~(1 << big)
            if other:
                under = other & ((1 << big) - 1)
                return _hi(under) if under else _lo(other)
            return big
        if t.big_out(hand):
            holder = t.holder.get(big, -1)
            if holder >= 0 and any(s == holder for s, _ in t.trick):
                return _hi(above)  # 003: the receiver of our queen has played
            return _lo(above)
    if ri.safe_first_trick and t.trick_no == 0:
        return _hi(above & ~ri.penalty or above)
    risky = suit == HEARTS or t.trick_pen > 0
    if not risky:
        for s in t.seats_after(me):
            if (t.voids[s] >> suit) & 1:
                risky = True
                break
    if risky:
        return _lo(above)
    return _hi(above & ~ri.penalty or above)


def _medium_discard(t: TableMemory, me: int, hand: CardMask, legal: CardMask) -> Card:
    ri = t.ri
    pts = ri.pts
    threat = t.moon_threat(me)
    if threat >= 0 and t.win_seat == threat:
        legal = legal & ~ri.penalty or legal
    big_out = t.big_out(hand)
    lengths = [(hand & SUIT_MASK[s]).bit_count() for s in range(4)]

    def danger(c: Card) -> tuple[int, int]:
        s = SUIT_OF[c]
        d = 10 * pts[c] + RANK_OF[c]
        if big_out and (ri.over_big >> c) & 1:
            d += 40
        if s != HEARTS and lengths[s] <= 2:
            d += 4
        return (d, c)

    return max(scan_forward(legal), key=danger)


def shoot_play(t: TableMemory, me: int, hand: CardMask, legal: CardMask) -> Card:
    """The line of a seat shooting the moon: lead its sure winners (no outstanding
    higher card in the suit), win every trick it can with its highest card,
    throw low non-penalty cards when void."""
    if not legal & (legal - 1):
        return _lo(legal)
    ri = t.ri
    if not t.trick:
        outstanding = ri.deck & ~t.gone & ~hand
        best, best_key = -1, None
        for s in range(4):
            m = legal & SUIT_MASK[s]
            if not m:
                continue
            c = _hi(m)
            boss = not (outstanding & SUIT_MASK[s] & ~((2 << c) - 1))
            key = (boss, (hand & SUIT_MASK[s]).bit_count(), RANK_OF[c])
            if best_key is None or key > best_key:
                best, best_key = c, key
        return best
    follow = legal & SUIT_MASK[t.lead_suit]
    if follow:
        above = follow & ~((1 << t.win_card) - 1)
        return _hi(above) if above else _lo(follow)
    m = legal & ~ri.penalty or legal
    return min(scan_forward(m), key=lambda c: (RANK_OF[c], c))
