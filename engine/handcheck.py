"""The exact check of one hand's per-seat points, as an arbiter types them.

``check_points(rules, points)`` accepts exactly the per-seat points that some
sharing of the point cards (002 §5; 000, 001 card values) gives, or that a
shoot-the-moon or shoot-the-sun score allows (002 §6; 001 moon variants; 001,
004 sun), and tells which of the three it is.  Anything else raises
``ImpossiblePoints`` with a ``Problem`` code, JSON-able ``params`` for a
translated message, and an English sentence as ``str(exc)``.

Everything is derived from the engine's ``RuleSet``: ``players``,
``deck_mask``, ``points_table``, ``penalty_mask`` (cards worth > 0),
``bonus_mask`` (cards worth < 0, e.g. the Omnibus jack of diamonds, 001),
``moon_total``, ``hand_total``, ``moon``, ``shoot_sun`` and ``target``.

Terms:
  point cards: the cards of the deck worth non-zero points.  A kitty's cards
    end with some seat too (001 "Kitty"), so they are point cards like any.
  split: each point card given to one seat; a seat's points are the sum of
    its cards.
  normal hand: points given by a split.  With a moon rule (``moon != "off"``)
    a split where one seat holds every penalty card is scored as a moon (or
    sun), never raw (002 §6), so only splits where no seat holds them all
    count; with ``moon="off"`` (Black Maria, 001) every split counts.
  moon: shooter ``s`` holds every penalty card, each bonus card is anywhere;
    "others" (002 §6): ``p[s] = bonus(s)``, ``p[o] = moon_total + bonus(o)``;
    "self" (001): ``p[s] = bonus(s) - moon_total``, ``p[o] = bonus(o)``.
  sun (``shoot_sun``, 001, 004): the shooter takes every trick, so every
    card: "others" ``p[s] = total bonus``, ``p[o] = 2 * moon_total``; "self"
    ``p[s] = total bonus - 2 * moon_total``, ``p[o] = 0``.
  The moon rule picks the pattern: "others", "self", "choice" (001: either),
  "others_unless_loses" (001: "self" when "others" would end the game with
  another seat below the shooter, ``engine.scoring.forced_choice``;
  both when the game scores before the hand are not given).

These are the formulas of ``engine.scoring.score_hand``: every score the
engine produces is accepted.

Not checked here: a hand scored as a penalty for an illegal play (002
"Errori e penalità": the offender takes ``moon_total``, every other seat 0)
is recorded through its own path and would be refused here as a hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from types import MappingProxyType

from .cards import CODES, RANK_NAMES, RANK_OF, SUIT_NAMES, SUIT_OF, Card, to_card
from .rules import MoonChoice, MoonRule, RuleSet
from .scoring import forced_choice, moon_choices, moon_points

__all__ = [
    "HandKind",
    "ImpossiblePoints",
    "MoonPattern",
    "PossiblePoints",
    "Problem",
    "card_name",
    "check_points",
    "possible_points",
]


class HandKind(str, Enum):
    """What an accepted hand is: card points as taken, a moon or a sun."""

    NORMAL = "normal"
    MOON = "moon"
    SUN = "sun"


class Problem(str, Enum):
    """Why points were refused; ``ImpossiblePoints.code``.  Tried in this order."""

    SEATS = "seats"
    NOT_INTEGER = "not_integer"
    SUM = "sum"
    BELOW_LOWEST = "below_lowest"
    MOON_SHAPE = "moon_shape"
    TOO_MANY_NEGATIVE = "too_many_negative"
    CARD_NOBODY = "card_nobody"
    SEAT_UNREACHABLE = "seat_unreachable"
    EVERY_PENALTY_CARD = "every_penalty_card"
    NO_SPLIT = "no_split"


class ImpossiblePoints(ValueError):
    """Per-seat points no hand under the rule set can score.

    code: a ``Problem``.  params: plain JSON-able values for a translated
    message (seats 0-based, cards as codes such as ``"QS"``), per code:
      seats: count, players.  not_integer: seat, value (``repr`` string).
      sum: found, allowed (sorted sums).  below_lowest: seat, points, lowest.
      moon_shape: found (the sum), expected (a few allowed patterns, lists in
        seat order), and rule_says ("self"/"others") when the game scores
        made "others_unless_loses" pick the other pattern.
      too_many_negative: negative (count of seats below 0), bonus (list of
        ``[code, points]`` of the bonus cards).
      card_nobody: card, points (its value), at_least (the smallest seat total
        that could hold it).  seat_unreachable: seat, points.
      every_penalty_card: seat.  no_split: nothing.
    ``str(exc)`` is an English sentence with 1-based seat numbers.
    """

    def __init__(self, code: Problem, params: Mapping[str, object], message: str) -> None:
        super().__init__(message)
        self.code = Problem(code)
        self.params = dict(params)
        self.message = message

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (type(self), (self.code, self.params, self.message))

    def __str__(self) -> str:
        return self.message


# -- card names ----------------------------------------------------------------
def card_name(card: Card | str, *, article: bool = True, points: int | None = None) -> str:
    """English name of a card: ``"the queen of spades"``, ``"jack of diamonds (-10)"``.

    card: number 0..51 or code.  article: prefix "the".  points: shown in
    brackets when given.  Raises ``ValueError`` for a bad card.
    """
    c = to_card(card)
    name = f"{RANK_NAMES[RANK_OF[c]]} of {SUIT_NAMES[SUIT_OF[c]]}"
    if article:
        name = "the " + name
    if points is not None:
        name += f" ({points})"
    return name


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count_word(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _vec(points: Sequence[int]) -> str:
    return "/".join(str(p) for p in points)


# -- the precomputed sets --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MoonPattern:
    """One moon or sun score: the points in seat order and how they arise.

    points: per-seat penalty points.  kind: ``HandKind.MOON`` or ``SUN``.
    shooter: seat 0..players-1.  choice: "self" or "others".
    others_points / self_points: the same outcome (same bonus cards) scored
      "others" / "self" (one of them is ``points``).
    """

    points: tuple[int, ...]
    kind: HandKind
    shooter: int
    choice: MoonChoice
    others_points: tuple[int, ...]
    self_points: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class PossiblePoints:
    """Everything ``check_points`` needs for one rule set (``possible_points``).

    groups: the point cards grouped by value, ``(value, cards)`` in order of
      decreasing absolute value (then higher value first).
    normal: the normal hands' points as sorted (ascending) tuples: a split
      gives them (with a moon rule: one where no seat holds every penalty
      card).  Feasibility is symmetric under seat permutation.
    every_penalty: sorted tuples reachable only by splits where one seat
      holds every penalty card (empty with ``moon="off"``).
    patterns: every moon/sun score the moon rule may allow, by points in seat
      order (``others_unless_loses`` lists both choices; ``check_points``
      narrows them with the game scores).
    allowed_sums: sorted sums a hand may have (``hand_total`` and the
      patterns' sums).  lowest: the lowest points any accepted vector gives a
      seat.  subset_sums: the totals some set of point cards is worth.
    fits: per group, the totals the other point cards can add to a card of it.
    """

    rules: RuleSet
    groups: tuple[tuple[int, tuple[Card, ...]], ...]
    normal: frozenset[tuple[int, ...]]
    every_penalty: frozenset[tuple[int, ...]]
    patterns: Mapping[tuple[int, ...], tuple[MoonPattern, ...]]
    allowed_sums: tuple[int, ...]
    lowest: int
    subset_sums: frozenset[int]
    fits: tuple[frozenset[int], ...]


def _compositions(k: int, n: int) -> Iterator[tuple[int, ...]]:
    """Every way of writing k as an ordered sum of n non-negative parts."""
    if n == 1:
        yield (k,)
        return
    for i in range(k + 1):
        for rest in _compositions(k - i, n - 1):
            yield (i, *rest)


def _all_splits(groups: Sequence[tuple[int, int]], n: int) -> set[tuple[int, ...]]:
    """Sorted per-seat totals of every split of ``(value, count)`` groups among n seats."""
    states: set[tuple[int, ...]] = {(0,) * n}
    for value, k in sorted(groups, key=lambda g: (g[0] > 0, g[0])):  # bonus first, then small
        new: set[tuple[int, ...]] = set()
        if k == 1:
            for st in states:
                prev = None
                for i, a in enumerate(st):
                    if a == prev:
                        continue
                    prev = a
                    lst = list(st)
                    lst[i] = a + value
                    lst.sort()
                    new.add(tuple(lst))
        else:
            steps = [tuple(c * value for c in comp) for comp in _compositions(k, n)]
            for st in states:
                for step in steps:
                    new.add(tuple(sorted([a + b for a, b in zip(st, step)])))
        states = new
    return states


def _split_without_all_in_one(
    groups: Sequence[tuple[int, int]], target: Sequence[int], penalty_cards: int
) -> bool:
    """Is there a split giving exactly ``target`` where no seat holds every penalty card?

    groups: ``(value, count)``; penalty cards are those with value > 0.
    A memoised search over the groups (bonus groups first), seat states kept
    as sorted ``(points still needed, penalty cards held)`` pairs.
    """
    ordered = sorted(groups, key=lambda g: (g[0] > 0, -abs(g[0])))
    rest_pos = [0] * (len(ordered) + 1)
    for i in range(len(ordered) - 1, -1, -1):
        v, k = ordered[i]
        rest_pos[i] = rest_pos[i + 1] + (v * k if v > 0 else 0)
    n = len(target)
    seen: set[tuple[int, tuple[tuple[int, int], ...]]] = set()

    def search(i: int, seats: tuple[tuple[int, int], ...]) -> bool:
        key = (i, seats)
        if key in seen:
            return False
        seen.add(key)
        if i == len(ordered):
            return all(need == 0 for need, _ in seats) and all(
                held < penalty_cards for _, held in seats
            )
        value, k = ordered[i]
        if value > 0 and (
            any(need < 0 for need, _ in seats) or sum(need for need, _ in seats) != rest_pos[i]
        ):
            return False
        for comp in _compositions(k, n):
            nxt = []
            for (need, held), c in zip(seats, comp):
                if value > 0 and c * value > need:
                    break
                nxt.append((need - c * value, held + (c if value > 0 else 0)))
            else:
                if search(i + 1, tuple(sorted(nxt))):
                    return True
        return False

    return search(0, tuple(sorted((t, 0) for t in target)))


def _subset_sums(values: Sequence[int]) -> frozenset[int]:
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return frozenset(sums)


def _bonus_placements(bonus_groups: Sequence[tuple[int, int]], n: int) -> set[tuple[int, ...]]:
    """Every per-seat total of the bonus cards (``(value, count)`` groups) among n seats."""
    placements: set[tuple[int, ...]] = {(0,) * n}
    for value, k in bonus_groups:
        placements = {
            tuple(a + c * value for a, c in zip(pl, comp))
            for pl in placements
            for comp in _compositions(k, n)
        }
    return placements


def _patterns(
    rules: RuleSet, bonus_groups: Sequence[tuple[int, int]]
) -> dict[tuple[int, ...], tuple[MoonPattern, ...]]:
    """Every moon/sun score the moon rule allows (both choices where it may pick either)."""
    n = rules.players
    if not rules.moon_scored:
        return {}
    total_bonus = sum(v * k for v, k in bonus_groups)
    placements = sorted(_bonus_placements(bonus_groups, n))
    outcomes: list[tuple[HandKind, int, tuple[int, ...], int]] = []
    for s in range(n):
        outcomes.extend((HandKind.MOON, s, bonus, rules.moon_total) for bonus in placements)
        if rules.shoot_sun:  # the shooter takes every trick, so every bonus card too
            bonus = tuple(total_bonus if i == s else 0 for i in range(n))
            outcomes.append((HandKind.SUN, s, bonus, 2 * rules.moon_total))
    out: dict[tuple[int, ...], list[MoonPattern]] = {}
    for kind, s, bonus, amount in outcomes:
        others, own = moon_points(s, bonus, amount)
        for choice in moon_choices(rules):
            pts = others if choice == MoonChoice.OTHERS else own
            out.setdefault(pts, []).append(MoonPattern(pts, kind, s, choice, others, own))
    return {k: tuple(v) for k, v in out.items()}


@lru_cache(maxsize=64)
def possible_points(rules: RuleSet) -> PossiblePoints:
    """The feasible normal hands and the moon/sun patterns of a rule set, cached.

    rules: an engine ``RuleSet`` (hashable; one cache entry per distinct rule
    set).  Returns a ``PossiblePoints``.  Built by a dynamic programme over
    the point cards grouped by equal value (002 §5: the 13 hearts worth 1 are
    interchangeable), sorted per-seat totals as states.  Spot Hearts (001) at
    5 seats is the largest: about 100,000 normal vectors, some 0.2 s and
    11 MB (``bench/handcheck.py``).  Never raises for a valid ``RuleSet``.
    """
    n = rules.players
    table = rules.points_table
    point_mask = rules.deck_mask & (rules.penalty_mask | rules.bonus_mask)
    cards = [c for c in range(52) if point_mask >> c & 1]
    by_value: dict[int, list[Card]] = {}
    for c in cards:
        by_value.setdefault(table[c], []).append(c)
    order = sorted(by_value, key=lambda v: (-abs(v), -v))
    groups = tuple((v, tuple(sorted(by_value[v], reverse=True))) for v in order)
    counts = [(v, len(cs)) for v, cs in groups]
    bonus_groups = [(v, k) for v, k in counts if v < 0]
    penalty_count = sum(k for v, k in counts if v > 0)

    every = _all_splits(counts, n)
    every_penalty: set[tuple[int, ...]] = set()
    if rules.moon != MoonRule.OFF and penalty_count:
        # Splits where one seat (seat 0, by symmetry) holds every penalty card: few.
        for bonus in _bonus_placements(bonus_groups, n):
            vec = tuple(
                sorted((rules.moon_total if i == 0 else 0) + b for i, b in enumerate(bonus))
            )
            if vec in every and not _split_without_all_in_one(counts, vec, penalty_count):
                every_penalty.add(vec)
        normal = frozenset(every - every_penalty)
    else:
        normal = frozenset(every)

    patterns = _patterns(rules, bonus_groups)
    sums = {rules.hand_total} | {sum(p) for p in patterns}
    lows = [t[0] for t in normal] + [min(p) for p in patterns]
    values = [table[c] for c in cards]
    fits = []
    for v, _cards in groups:
        others = list(values)
        others.remove(v)
        fits.append(_subset_sums(others))
    return PossiblePoints(
        rules=rules,
        groups=groups,
        normal=normal,
        every_penalty=frozenset(every_penalty),
        patterns=MappingProxyType(patterns),
        allowed_sums=tuple(sorted(sums)),
        lowest=min(lows) if lows else 0,
        subset_sums=_subset_sums(values),
        fits=tuple(fits),
    )


# -- the check ---------------------------------------------------------------------
def _rule_says(
    rules: RuleSet, pat: MoonPattern, scores_before: Sequence[int] | None
) -> MoonChoice | None:
    """The choice the rules force for this outcome, or None when either is allowed."""
    return forced_choice(rules, pat.shooter, pat.others_points, scores_before)


def _allowed(rules: RuleSet, pat: MoonPattern, scores_before: Sequence[int] | None) -> bool:
    says = _rule_says(rules, pat, scores_before)
    return says is None or says == pat.choice


def check_points(
    rules: RuleSet, points: Sequence[int], *, scores_before: Sequence[int] | None = None
) -> HandKind:
    """Check one hand's per-seat penalty points exactly; return what the hand is.

    rules: the table's engine ``RuleSet``.  points: per-seat penalty points of
    the hand, seat order, ``rules.players`` integers (bonus cards negative; a
    "self" shooter negative).  scores_before: per-seat game scores before the
    hand; used only by ``moon="others_unless_loses"`` (001), which then
    allows just the pattern the rule picks (without it, both).
    Returns ``HandKind.NORMAL`` (some sharing of the point cards gives these
    points, 002 §5), ``MOON`` (002 §6, 001) or ``SUN`` (001, 004).
    Raises ``ImpossiblePoints`` (a ``ValueError``) with the first ``Problem``
    that applies, in ``Problem`` order; ``ValueError`` if ``scores_before``
    has the wrong length.  A penalty hand for an illegal play (002 "Errori e
    penalità") is not a hand for this check.
    """
    pp = possible_points(rules)
    n = rules.players
    if len(points) != n:
        raise ImpossiblePoints(
            Problem.SEATS,
            {"count": len(points), "players": n},
            f"Expected {n} scores, one for each seat, got {len(points)}",
        )
    for s, x in enumerate(points):
        if not isinstance(x, int) or isinstance(x, bool):
            raise ImpossiblePoints(
                Problem.NOT_INTEGER,
                {"seat": s, "value": repr(x)},
                f"Seat {s + 1}'s points must be a whole number, got {x!r}",
            )
    if scores_before is not None and len(scores_before) != n:
        raise ValueError(f"scores_before must have {n} scores, got {len(scores_before)}")
    if sum(points) == rules.hand_total and tuple(sorted(points)) in pp.normal:
        return HandKind.NORMAL
    pats = pp.patterns.get(tuple(points))
    if pats:
        for pat in pats:
            if _allowed(rules, pat, scores_before):
                return pat.kind
    raise _diagnose(pp, tuple(points), scores_before)


def _diagnose(
    pp: PossiblePoints, points: tuple[int, ...], scores_before: Sequence[int] | None
) -> ImpossiblePoints:
    """The first problem (``Problem`` order) of refused points of the right shape."""
    rules = pp.rules
    found = sum(points)
    if found not in pp.allowed_sums:
        others = [a for a in pp.allowed_sums if a != rules.hand_total]
        msg = f"The points add up to {found}, but a hand's points add up to {rules.hand_total}"
        if others:
            what = "the moon or the sun" if rules.shoot_sun else "the moon"
            listed = ", ".join(str(a) for a in others[:-1])
            listed = f"{listed} or {others[-1]}" if listed else str(others[-1])
            msg += f" (or to {listed} when a seat shoots {what})"
        return ImpossiblePoints(
            Problem.SUM, {"found": found, "allowed": list(pp.allowed_sums)}, msg
        )
    for s, p in enumerate(points):
        if p < pp.lowest:
            return ImpossiblePoints(
                Problem.BELOW_LOWEST,
                {"seat": s, "points": p, "lowest": pp.lowest},
                f"Seat {s + 1} has {p} points; no seat can have fewer than {pp.lowest}",
            )
    if found != rules.hand_total:
        return _moon_shape(pp, points, found, scores_before)
    bonus = [(c, rules.points_table[c]) for c in range(52) if rules.bonus_mask >> c & 1]
    negative = sum(1 for p in points if p < 0)
    if negative > len(bonus):
        seats = f"{_count_word(negative).capitalize()} seat{'s are' if negative > 1 else ' is'}"
        if not bonus:
            tail = "no card is worth negative points"
        elif len(bonus) == 1:
            tail = "there is only one " + card_name(bonus[0][0], article=False, points=bonus[0][1])
        else:
            names = [card_name(c, points=v) for c, v in bonus]
            tail = (
                f"only {_count_word(len(bonus))} cards are worth negative points: "
                + ", ".join(names[:-1])
                + " and "
                + names[-1]
            )
        return ImpossiblePoints(
            Problem.TOO_MANY_NEGATIVE,
            {"negative": negative, "bonus": [[CODES[c], v] for c, v in bonus]},
            f"{seats} negative but {tail}",
        )
    negative_sum = sum(v for _, v in bonus)
    for (value, cards), fits in zip(pp.groups, pp.fits):
        if not any(p - value in fits for p in points):
            card = cards[0]
            at_least = value + negative_sum - min(0, value)
            name = card_name(card)
            if value > 0 and max(points) < at_least:
                msg = (
                    f"No seat has {at_least} or more points, so nobody took {name}: "
                    f"check the numbers"
                )
            else:
                msg = (
                    f"No seat's points can include {card_name(card, points=value)}: "
                    f"check the numbers"
                )
            return ImpossiblePoints(
                Problem.CARD_NOBODY,
                {"card": CODES[card], "points": value, "at_least": at_least},
                msg,
            )
    for s, p in enumerate(points):
        if p not in pp.subset_sums:
            return ImpossiblePoints(
                Problem.SEAT_UNREACHABLE,
                {"seat": s, "points": p},
                f"No set of point cards is worth exactly {p}, the points of seat {s + 1}: "
                f"check the numbers",
            )
    if tuple(sorted(points)) in pp.every_penalty:
        seat = max(range(len(points)), key=lambda i: points[i])
        return ImpossiblePoints(
            Problem.EVERY_PENALTY_CARD,
            {"seat": seat},
            f"Seat {seat + 1} took every penalty card: record it as shooting the moon, "
            f"or as a penalty for an illegal play",
        )
    return ImpossiblePoints(
        Problem.NO_SPLIT,
        {},
        "No way of sharing the point cards gives these points: check the numbers",
    )


def _moon_shape(
    pp: PossiblePoints, points: tuple[int, ...], found: int, scores_before: Sequence[int] | None
) -> ImpossiblePoints:
    """MOON_SHAPE for points whose sum is a moon/sun sum but that no allowed pattern gives."""
    rules = pp.rules
    same_sum = [pat for pats in pp.patterns.values() for pat in pats if sum(pat.points) == found]
    sun = same_sum[0].kind is HandKind.SUN
    what = "the sun" if sun else "the moon"
    guess = min(range(len(points)), key=lambda i: points[i])  # the shooter has the fewest
    forced = pp.patterns.get(points)
    if not forced:
        candidates = sorted(
            {
                pat.points
                for pat in same_sum
                if pat.shooter == guess and _allowed(rules, pat, scores_before)
            }
        )
        candidates = candidates or sorted(
            {pat.points for pat in same_sum if _allowed(rules, pat, scores_before)}
        )
        if candidates:
            expected = [list(c) for c in candidates[:4]]
            return ImpossiblePoints(
                Problem.MOON_SHAPE,
                {"found": found, "expected": expected},
                f"The points add up to {found} as when a seat shoots {what}, but they are not "
                f"such a score: expected for example {_vec(expected[0])}",
            )
    # The moon rule allows this pattern, or this sum, but the game scores pick the other one.
    pat = forced[0] if forced else next(p for p in same_sum if p.shooter == guess)
    says = _rule_says(rules, pat, scores_before) or pat.choice
    vec = pat.self_points if says == MoonChoice.SELF else pat.others_points
    amount = pat.others_points[pat.shooter] - pat.self_points[pat.shooter]
    how = (
        f"the shooter subtracts {amount}"
        if says == MoonChoice.SELF
        else f"every other seat takes {amount}"
    )
    who = (
        f"Seat {pat.shooter + 1} shot {what}"
        if forced
        else (f"The points add up to {found} as when a seat shoots {what}")
    )
    return ImpossiblePoints(
        Problem.MOON_SHAPE,
        {"found": found, "expected": [list(vec)], "rule_says": str(says)},
        f"{who}, but with these game scores the rule says {how}: expected {_vec(vec)}",
    )
