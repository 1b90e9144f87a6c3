"""Scoring of hands and games: pure functions over plain data (no Django).

Units: points are integer penalty points per seat, in seat order (seat 0
first, clockwise); match points are exact ``Fraction`` values.

Sources: 002 (club regulations, the default): §5 hearts 1 and the queen of
spades 13 (26 per hand), §6 shoot the moon, §15 game to 100; "Al tavolo"
10/6/3/1 with tied players sharing the points of the places they cover;
"Errori e penalità" whoever errs pays the whole hand. 000 (Peppa): 36 per
hand, a fixed number of hands, victory points 20/0/0/0 and 14/6/0/0.
001 (pagat): moon variants, shooting the sun; 004: the sun gives the others 52.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import (
    gettext as _,  # messages are shown to arbiters; no database access
)

TABLE_SIZES = (3, 4, 5)

HAND_NORMAL = "normal"
HAND_MOON = "moon"
HAND_SUN = "sun"
HAND_PENALTY = "penalty"

MOON_OFF = "off"
MOON_OTHERS = "others"
MOON_SELF = "self"
MOON_CHOICE = "choice"
MOON_OTHERS_UNLESS_LOSES = "others_unless_loses"
MOON_RULES = (MOON_OFF, MOON_OTHERS, MOON_SELF, MOON_CHOICE, MOON_OTHERS_UNLESS_LOSES)

GAME_END_TARGET = "target"
GAME_END_HANDS = "hands"
GAME_END_ARBITER = "arbiter"

#: Points of each place per table size for each scheme. The 4-seat rows are
#: the sources' (002; 000's victory points); the 3- and 5-seat rows are ours,
#: chosen so that the average per player stays 5, as at a 4-seat table, and
#: each organizer may change them (``Tournament.match_points``).
SCHEMES: dict[str, dict[int, tuple[int, ...]]] = {
    "10-6-3-1": {3: (10, 4, 1), 4: (10, 6, 3, 1), 5: (10, 6, 5, 3, 1)},
    "20-0-0-0": {3: (15, 0, 0), 4: (20, 0, 0, 0), 5: (25, 0, 0, 0, 0)},
    "14-6-0-0": {3: (11, 4, 0), 4: (14, 6, 0, 0), 5: (17, 8, 0, 0, 0)},
}


class ScoringError(ValueError):
    """Points, a hand or a game that the rules refuse; ``str()`` is the readable reason."""


class GameOverError(ScoringError):
    """A hand recorded after the game has ended."""


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """The parameters of a rule set that scoring needs.

    hand_total: net card points in one hand (26 in 002, 36 in 000; 16 with
        the Omnibus jack of diamonds at -10, 001).
    moon_rule: one of ``MOON_RULES`` (001 lists the variants; 002 §6 is "others").
    shoot_the_sun: whether taking every trick scores the sun (001, 004).
    min_points: the lowest points one seat may take in a normal hand: the sum
        of the bonus cards' points (0, or -10 for Omnibus).
    game_end / target / hands: 002 §15 (target 100) or 000 (fixed hands), or
        "arbiter" (closed when time is up).
    """

    hand_total: int = 26
    moon_rule: str = MOON_OTHERS
    shoot_the_sun: bool = False
    min_points: int = 0
    game_end: str = GAME_END_TARGET
    target: int = 100
    hands: int | None = None

    @property
    def moon_total(self) -> int:
        """The penalty points one player takes by taking every penalty card (26 in 002)."""
        return self.hand_total - self.min_points


def default_tiebreaks() -> list[str]:
    """The standings' tiebreaks after match points: result points (002), then table wins."""
    return ["result_points", "table_wins"]


def match_point_table(
    scheme: str, overrides: Mapping[str, Sequence[object]] | None = None,
) -> dict[int, tuple[Fraction, ...]]:
    """Points of each place for tables of 3, 4 and 5 seats.

    scheme: a key of ``SCHEMES``; overrides: ``{"3": ["10", "4", "1"], ...}``
    (strings or numbers, exact: "19/3" is allowed). Raises ``ScoringError`` for
    an unknown scheme or an override of the wrong length, with negative points
    or with a lower place worth more than a higher one.
    """
    if scheme not in SCHEMES:
        raise ScoringError(_("unknown scoring scheme %(scheme)s; known: %(known)s") % {"scheme": scheme, "known": ", ".join(SCHEMES)})
    table = {size: tuple(Fraction(p) for p in points) for size, points in SCHEMES[scheme].items()}
    for key, points in (overrides or {}).items():
        try:
            size = int(key)
            values = tuple(Fraction(str(p)) for p in points)
        except (TypeError, ValueError, ZeroDivisionError) as exc:
            raise ScoringError(_("match points for tables of %(size)s: %(points)s are not numbers") % {"size": key, "points": points}) from exc
        if size not in TABLE_SIZES:
            raise ScoringError(_("match points given for tables of %(size)s; tables have 3, 4 or 5 seats") % {"size": size})
        if len(values) != size:
            raise ScoringError(_("tables of %(size)s need %(size)s match point values, got %(count)s") % {"size": size, "count": len(values)})
        if any(v < 0 for v in values) or any(a < b for a, b in itertools.pairwise(values)):
            raise ScoringError(_("match points for tables of %(size)s must be non-negative and non-increasing") % {"size": size})
        table[size] = values
    return table


def _check_shape(points: Sequence[int]) -> None:
    if len(points) not in TABLE_SIZES:
        raise ScoringError(_("a hand has 3, 4 or 5 seats, got %(count)s scores") % {"count": len(points)})
    for p in points:
        if isinstance(p, bool) or not isinstance(p, int):
            raise ScoringError(_("points must be whole numbers, got %(value)r") % {"value": p})


def moon_patterns(players: int, rules: ScoringRules, totals_before: Sequence[int] | None = None) -> dict[tuple[int, ...], str]:
    """Every per-seat points pattern of a shoot-the-moon (or sun) hand allowed by the rules.

    Returns ``{pattern: HAND_MOON | HAND_SUN}``. With a bonus card (Omnibus)
    the card's negative points go to any one seat on top of the pattern. With
    ``others_unless_losing`` and ``totals_before`` given, only the pattern the
    rule prescribes for that score is allowed (001).
    """
    total = rules.moon_total
    bases: list[tuple[tuple[int, ...], str]] = []
    for shooter in range(players):
        others = [total] * players
        others[shooter] = 0
        selfish = [0] * players
        selfish[shooter] = -total
        rule = rules.moon_rule
        if rule == MOON_OTHERS_UNLESS_LOSES and totals_before is not None:
            after = [t + p for t, p in zip(totals_before, others)]
            losing = max(after) >= rules.target and min(after) < after[shooter]
            rule = MOON_SELF if losing and rules.game_end == GAME_END_TARGET else MOON_OTHERS
        if rule in (MOON_OTHERS, MOON_CHOICE, MOON_OTHERS_UNLESS_LOSES):
            bases.append((tuple(others), HAND_MOON))
        if rule in (MOON_SELF, MOON_CHOICE, MOON_OTHERS_UNLESS_LOSES):
            bases.append((tuple(selfish), HAND_MOON))
        if rules.shoot_the_sun:
            sun = [2 * total] * players
            sun[shooter] = 0
            bases.append((tuple(sun), HAND_SUN))
    patterns: dict[tuple[int, ...], str] = {}
    for base, kind in bases:
        if rules.min_points:
            for seat in range(players):
                with_bonus = list(base)
                with_bonus[seat] += rules.min_points
                patterns[tuple(with_bonus)] = kind
        else:
            patterns[base] = kind
    return patterns


def check_hand(points: Sequence[int], rules: ScoringRules, totals_before: Sequence[int] | None = None) -> str:
    """Check one hand's per-seat penalty points; return its kind.

    points: per-seat penalty points, seat order, 3 to 5 integers.
    Returns ``HAND_NORMAL`` (the points add up to the hand total), ``HAND_MOON``
    or ``HAND_SUN`` (a shoot-the-moon/sun pattern, 002 §6, 001, 004).
    Raises ``ScoringError`` naming the sum found and the sums allowed, or the
    seat below the rule set's lowest points, or a seat that took every
    penalty card but was not scored as shooting the moon.
    """
    _check_shape(points)
    players = len(points)
    patterns = moon_patterns(players, rules, totals_before) if rules.moon_rule != MOON_OFF or rules.shoot_the_sun else {}
    if tuple(points) in patterns:
        return patterns[tuple(points)]
    for seat, p in enumerate(points):
        if p < rules.min_points:
            raise ScoringError(_("seat %(seat)s has %(points)s points; the lowest allowed is %(lowest)s") % {"seat": seat + 1, "points": p, "lowest": rules.min_points})
    found = sum(points)
    if found != rules.hand_total:
        allowed = [rules.hand_total] + sorted({sum(p) for p in patterns} - {rules.hand_total})
        if len(allowed) > 1:
            message = _("the points add up to %(found)s; a hand must add up to %(allowed)s (a shoot-the-moon pattern)")
        else:
            message = _("the points add up to %(found)s; a hand must add up to %(allowed)s")
        raise ScoringError(message % {"found": found, "allowed": _(" or ").join(str(a) for a in allowed)})
    if rules.moon_rule != MOON_OFF:
        positive = [seat for seat, p in enumerate(points) if p > 0]
        total = rules.moon_total
        if len(positive) == 1 and points[positive[0]] in (total, total + rules.min_points):
            raise ScoringError(_(
                "Seat %(seat)s took every penalty card: record it as shooting the moon, "
                "or as a penalty for an illegal play"
            ) % {"seat": positive[0] + 1})
    return HAND_NORMAL


def points_floor(players: int, rules: ScoringRules) -> int:
    """The lowest points any seat can take in a hand: a normal hand's minimum or a moon pattern's."""
    patterns = moon_patterns(players, rules)
    return min([rules.min_points, *(min(p) for p in patterns)])


def penalty_points(offender: int, players: int, rules: ScoringRules) -> list[int]:
    """Points of a hand with a confirmed illegal play (002, "Errori e penalità").

    The offender (seat index 0..players-1) takes every penalty point of the
    hand (26 in 002), every other seat 0, whatever was played.
    Raises ``ScoringError`` for a seat that is not at the table.
    """
    if players not in TABLE_SIZES:
        raise ScoringError(_("a hand has 3, 4 or 5 seats, got %(count)s") % {"count": players})
    if not 0 <= offender < players:
        raise ScoringError(_("the offender must be one of the %(count)s seats") % {"count": players})
    points = [0] * players
    points[offender] = rules.moon_total
    return points


def is_game_over(totals: Sequence[int], hands_played: int, rules: ScoringRules, *, closed: bool = False) -> bool:
    """Whether a table's game has ended.

    totals: per-seat penalty totals after ``hands_played`` hands. A game ends
    when a seat has reached the target (002 §15), after the fixed number of
    hands (000), or when the arbiter closed it (time up), whichever the rules
    say; an arbiter may always close a game.
    """
    if closed:
        return True
    if rules.game_end == GAME_END_TARGET:
        return hands_played > 0 and max(totals) >= rules.target
    if rules.game_end == GAME_END_HANDS:
        return rules.hands is not None and hands_played >= rules.hands
    return False


def exact_sum(values: Iterable[Fraction | int]) -> Fraction:
    """Sum of fractions over their least common denominator: exact, and much faster than ``sum()``."""
    values = list(values)
    denominator = math.lcm(*(v.denominator for v in values)) if values else 1
    return Fraction(sum(v.numerator * (denominator // v.denominator) for v in values), denominator)


def places(totals: Sequence[int]) -> list[int]:
    """Place of each seat by total penalty points, fewest first; tied seats share the best place.

    ``places([34, 34, 78, 123]) == [1, 1, 3, 4]``.
    """
    return [1 + sum(1 for other in totals if other < mine) for mine in totals]


def table_match_points(totals: Sequence[int], points_by_place: Sequence[Fraction]) -> list[Fraction]:
    """Match points of each seat (002 "Al tavolo"): tied seats share the points of the places they cover.

    totals: per-seat penalty totals; points_by_place: one value per place, best
    first (len == number of seats). ``[34, 34, 78, 123]`` with 10/6/3/1 gives
    8, 8, 3, 1; three seats tied first share (10+6+3)/3 = 19/3 each.
    Raises ``ScoringError`` when the lengths differ.
    """
    if len(points_by_place) != len(totals):
        raise ScoringError(_("%(seats)s seats but %(values)s match point values") % {"seats": len(totals), "values": len(points_by_place)})
    result = []
    for mine in totals:
        first = sum(1 for other in totals if other < mine)
        tied = sum(1 for other in totals if other == mine)
        result.append(exact_sum(points_by_place[first:first + tied]) / tied if tied > 1 else Fraction(points_by_place[first]))
    return result


def game_result(
    totals: Sequence[int], hands_played: int, rules: ScoringRules,
    points_table: Mapping[int, Sequence[Fraction]], *, closed: bool = False,
) -> tuple[bool, tuple[int, ...] | None, tuple[Fraction, ...] | None]:
    """A table's game from its per-seat totals: (over, places, match points).

    Places and match points are None while the game goes on (and for a table
    that is not of 3, 4 or 5 seats). points_table: ``match_point_table()``.
    """
    n = len(totals)
    if n not in TABLE_SIZES or not is_game_over(totals, hands_played, rules, closed=closed):
        return False, None, None
    return True, tuple(places(totals)), tuple(table_match_points(totals, points_table[n]))
