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
from django.utils.translation import ngettext

from engine.handcheck import HandKind, ImpossiblePoints, Problem, check_points, possible_points
from engine.rules import PRESETS, MoonRule, RuleSet

from . import labels, numbers
from .rulesets import (  # noqa: F401 (GAME_END_ARBITER re-exported; defined once, in rulesets)
    GAME_END_ARBITER,
    GAME_END_HANDS,
    GAME_END_TARGET,
    table_rules,
    tournament_rules,
)

TABLE_SIZES = (3, 4, 5)

HAND_NORMAL = HandKind.NORMAL.value
HAND_MOON = HandKind.MOON.value
HAND_SUN = HandKind.SUN.value
HAND_PENALTY = "penalty"


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


class ImpossibleHandError(ScoringError):
    """Points no hand can give; ``problem`` is the engine's ``Problem`` code, ``params`` its
    details."""

    def __init__(self, message: str, problem: Problem, params: dict):
        super().__init__(message)
        self.problem = problem
        self.params = params


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """A tournament's rules as scoring needs them (plain data, no database).

    preset: the engine preset the tournament plays (``engine.rules.PRESETS``);
    moon_rule / shoot_the_sun: the tournament's moon variant (001; 002 §6 is
        "others") and whether taking every trick scores the sun (001, 004);
    game_end / target / hands: 002 §15 (``target`` points), 000 (``hands``
        hands), or "arbiter" (closed when time is up).
    Card points, hand totals and the moon's amount are never copied here:
    they come from the engine rule set of each table size (:meth:`table_rules`).
    """

    preset: str = "club"
    moon_rule: str = MoonRule.OTHERS
    shoot_the_sun: bool = False
    game_end: str = GAME_END_TARGET
    target: int = 100
    hands: int | None = None

    @classmethod
    def of_preset(cls, name: str, **changes) -> ScoringRules:
        """The rules of engine preset ``name`` (its moon rule, sun and game end), with
        ``changes``."""
        rules = table_rules(name, PRESETS[name].players)
        values: dict = {"preset": name, "moon_rule": rules.moon, "shoot_the_sun": rules.shoot_sun}
        if rules.target is not None:
            values.update(game_end=GAME_END_TARGET, target=rules.target)
        else:
            values.update(game_end=GAME_END_HANDS, hands=rules.max_hands)
        return cls(**{**values, **changes})

    def table_rules(self, players: int) -> RuleSet:
        """The engine rule set of a table of ``players`` seats (3, 4 or 5).

        Raises ``ScoringError`` for another table size.
        """
        if players not in TABLE_SIZES:
            raise ScoringError(
                ngettext(
                    "a hand has 3, 4 or 5 seats, got %(count)s score",
                    "a hand has 3, 4 or 5 seats, got %(count)s scores",
                    players,
                )
                % {"count": players}
            )
        return tournament_rules(
            self.preset,
            players,
            moon=self.moon_rule,
            shoot_sun=self.shoot_the_sun,
            game_end=self.game_end,
            target=self.target,
            hands=self.hands,
        )

    @property
    def hand_total(self) -> int:
        """Net card points of one hand at a 4-seat table (26 in 002, 36 in 000, 16 in Omnibus)."""
        return self.table_rules(4).hand_total

    @property
    def moon_total(self) -> int:
        """The penalty points of every penalty card together (26 in 002): what a moon moves."""
        return self.table_rules(4).moon_total

    @property
    def min_points(self) -> int:
        """The points of the bonus cards together (0, or -10 for the Omnibus jack of diamonds)."""
        return self.table_rules(4).hand_min_points


def default_tiebreaks() -> list[str]:
    """The standings' tiebreaks after match points: result points (002), then table wins."""
    return ["result_points", "table_wins"]


def match_point_table(
    scheme: str,
    overrides: Mapping[str, Sequence[object]] | None = None,
) -> dict[int, tuple[Fraction, ...]]:
    """Points of each place for tables of 3, 4 and 5 seats.

    scheme: a key of ``SCHEMES``; overrides: ``{"3": ["10", "4", "1"], ...}``
    (strings or numbers, exact: "19/3" and "5.5" are allowed, at most
    ``numbers.MAX_MATCH_POINTS``; never an exponent). Raises ``ScoringError`` for
    an unknown scheme or an override of the wrong length, with negative points
    or with a lower place worth more than a higher one.
    """
    if scheme not in SCHEMES:
        raise ScoringError(
            _("unknown scoring scheme %(scheme)s; known: %(known)s")
            % {"scheme": scheme, "known": ", ".join(SCHEMES)}
        )
    table = {size: tuple(Fraction(p) for p in points) for size, points in SCHEMES[scheme].items()}
    for key, points in (overrides or {}).items():
        if str(key) not in ("3", "4", "5"):
            raise ScoringError(
                _("match points given for tables of %(size)s; tables have 3, 4 or 5 seats")
                % {"size": key}
            )
        size = int(key)
        if not isinstance(points, (list, tuple)) or len(points) != size:
            count = len(points) if isinstance(points, (list, tuple)) else 1
            raise ScoringError(
                ngettext(
                    "tables of %(size)s need %(size)s match point values, got %(count)s",
                    "tables of %(size)s need %(size)s match point values, got %(count)s",
                    count,
                )
                % {"size": size, "count": count}
            )
        try:
            values = tuple(numbers.match_points(str(p)) for p in points)
        except ValueError as exc:
            raise ScoringError(
                _(
                    "match points for tables of %(size)s: %(points)s are not numbers of match "
                    "points (like 10, 5.5 or 19/3)"
                )
                % {"size": size, "points": ", ".join(map(str, points))}
            ) from exc
        if any(v < 0 for v in values) or any(a < b for a, b in itertools.pairwise(values)):
            raise ScoringError(
                _("match points for tables of %(size)s must be non-negative and non-increasing")
                % {"size": size}
            )
        table[size] = values
    return table


def _points_text(points) -> str:
    return " / ".join(str(p) for p in points)


def _problem_message(problem: ImpossiblePoints, points: Sequence[int]) -> str:
    """The arbiter's sentence for refused ``points``, in the page's language (one per ``Problem``
    code)."""
    p = problem.params
    code = problem.code
    if code == Problem.SEATS:
        return ngettext(
            "a hand has 3, 4 or 5 seats, got %(count)s score",
            "a hand has 3, 4 or 5 seats, got %(count)s scores",
            p["count"],
        ) % {"count": p["count"]}
    if code == Problem.NOT_INTEGER:
        return _("points must be whole numbers, got %(value)s") % {"value": p["value"]}
    if code == Problem.SUM:
        allowed = _(" or ").join(str(a) for a in p["allowed"])
        if len(p["allowed"]) > 1:
            message = _(
                "the points add up to %(found)s; a hand must add up to %(allowed)s (a "
                "shoot-the-moon pattern)"
            )
        else:
            message = _("the points add up to %(found)s; a hand must add up to %(allowed)s")
        return message % {"found": p["found"], "allowed": allowed}
    if code == Problem.BELOW_LOWEST:
        return ngettext(
            "seat %(seat)s has %(points)s point; the lowest allowed is %(lowest)s",
            "seat %(seat)s has %(points)s points; the lowest allowed is %(lowest)s",
            abs(p["points"]),
        ) % {"seat": p["seat"] + 1, "points": p["points"], "lowest": p["lowest"]}
    if code == Problem.MOON_SHAPE:
        expected = _points_text(p["expected"][0])
        if p.get("rule_says") == MoonRule.SELF:
            return _(
                "With these game scores the shooter must subtract the points (the others taking "
                "them would end the game with the shooter losing): expected %(expected)s"
            ) % {"expected": expected}
        if p.get("rule_says") == MoonRule.OTHERS:
            return _(
                "With these game scores every other seat takes the points of the shoot-the-moon: "
                "expected %(expected)s"
            ) % {"expected": expected}
        return _(
            "The points add up to %(found)s as in a shoot-the-moon, but they are not a "
            "shoot-the-moon score: expected, for example, %(expected)s"
        ) % {"found": p["found"], "expected": expected}
    if code == Problem.TOO_MANY_NEGATIVE:
        bonus, negative = p["bonus"], p["negative"]
        values = {"count": labels.count_word(negative), "number": len(bonus)}
        if not bonus:
            return (
                ngettext(
                    "%(count)s seat is negative, but no card is worth negative points",
                    "%(count)s seats are negative, but no card is worth negative points",
                    negative,
                )
                % values
            )
        values["cards"] = ", ".join(f"{labels.card_name(c, article=False)} ({v})" for c, v in bonus)
        return (
            ngettext(
                "%(count)s seats are negative but there is only one %(cards)s",
                "%(count)s seats are negative but only %(number)s cards are worth negative points: "
                "%(cards)s",
                len(bonus),
            )
            % values
        )
    if code == Problem.CARD_NOBODY:
        values = {
            "at_least": p["at_least"],
            "card": labels.card_name(p["card"]),
            "points": p["points"],
        }
        if p["points"] > 0 and max(points) < p["at_least"]:
            return (
                _(
                    "No seat has %(at_least)s or more points, so nobody took %(card)s: check the "
                    "numbers"
                )
                % values
            )
        return _("No seat's points can include %(card)s (%(points)s): check the numbers") % values
    if code == Problem.SEAT_UNREACHABLE:
        return ngettext(
            "Seat %(seat)s has %(points)s point, but no set of point cards is worth exactly that: "
            "check the numbers",
            "Seat %(seat)s has %(points)s points, but no set of point cards is worth exactly that: "
            "check the numbers",
            abs(p["points"]),
        ) % {"seat": p["seat"] + 1, "points": p["points"]}
    if code == Problem.EVERY_PENALTY_CARD:
        return _(
            "Seat %(seat)s took every penalty card: record it as shooting the moon, "
            "or as a penalty for an illegal play"
        ) % {"seat": p["seat"] + 1}
    return _("No way of sharing out the point cards gives these points: check the numbers")


def check_hand(
    points: Sequence[int], rules: ScoringRules, totals_before: Sequence[int] | None = None
) -> str:
    """Check one hand's per-seat penalty points exactly; return its kind.

    points: per-seat penalty points, seat order, 3 to 5 integers;
    totals_before: the game's per-seat totals before this hand (the moon rule
    "others unless it loses" needs them; None allows either pattern).
    Returns ``HAND_NORMAL`` (some split of the point cards among the seats
    gives these points, 002 §5, bonus cards included, 001 Omnibus),
    ``HAND_MOON`` or ``HAND_SUN`` (a shoot-the-moon/sun pattern of the rules,
    002 §6, 001, 004). Raises ``ScoringError`` with a sentence an arbiter
    understands, naming the card that makes the points impossible
    (``ImpossibleHandError`` with the problem's code; ``engine.handcheck``
    decides, this only translates).
    """
    if len(points) not in TABLE_SIZES:
        raise ScoringError(
            ngettext(
                "a hand has 3, 4 or 5 seats, got %(count)s score",
                "a hand has 3, 4 or 5 seats, got %(count)s scores",
                len(points),
            )
            % {"count": len(points)}
        )
    try:
        return check_points(
            rules.table_rules(len(points)), points, scores_before=totals_before
        ).value
    except ImpossiblePoints as problem:
        raise ImpossibleHandError(
            _problem_message(problem, points), problem.code, problem.params
        ) from None


def points_floor(players: int, rules: ScoringRules) -> int:
    """The lowest points any seat can take in a hand at a table of ``players`` (a moon "self"
    pattern's, or a bonus card's)."""
    return possible_points(rules.table_rules(players)).lowest


def penalty_points(offender: int, players: int, rules: ScoringRules) -> list[int]:
    """Points of a hand with a confirmed illegal play (002, "Errori e penalità").

    The offender (seat index 0..players-1) takes every penalty point of the
    hand (26 in 002), every other seat 0, whatever was played.
    Raises ``ScoringError`` for a seat that is not at the table.
    """
    total = rules.table_rules(players).moon_total
    if not 0 <= offender < players:
        raise ScoringError(
            _("the offender must be one of the %(count)s seats") % {"count": players}
        )
    points = [0] * players
    points[offender] = total
    return points


def is_game_over(
    totals: Sequence[int], hands_played: int, rules: ScoringRules, *, closed: bool = False
) -> bool:
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
    """Sum of fractions over their least common denominator: exact, and much faster than
    ``sum()``."""
    values = list(values)
    denominator = math.lcm(*(v.denominator for v in values)) if values else 1
    return Fraction(sum(v.numerator * (denominator // v.denominator) for v in values), denominator)


def places(totals: Sequence[int]) -> list[int]:
    """Place of each seat by total penalty points, fewest first; tied seats share the best place.

    ``places([34, 34, 78, 123]) == [1, 1, 3, 4]``.
    """
    ordered = sorted(totals)
    return [
        ordered.index(mine) + 1 for mine in totals
    ]  # the first index of a total = the seats below it


def table_match_points(
    totals: Sequence[int], points_by_place: Sequence[Fraction]
) -> list[Fraction]:
    """Match points of each seat (002 "Al tavolo"): tied seats share the points of the places they
    cover.

    totals: per-seat penalty totals; points_by_place: one value per place, best
    first (len == number of seats). ``[34, 34, 78, 123]`` with 10/6/3/1 gives
    8, 8, 3, 1; three seats tied first share (10+6+3)/3 = 19/3 each.
    Raises ``ScoringError`` when the lengths differ.
    """
    if len(points_by_place) != len(totals):
        raise ScoringError(
            ngettext(
                "%(seats)s seats but %(values)s match point value",
                "%(seats)s seats but %(values)s match point values",
                len(points_by_place),
            )
            % {"seats": len(totals), "values": len(points_by_place)}
        )
    return list(shares(tuple(places(totals)), points_by_place))


def shares(seat_places: Sequence[int], points_by_place: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """Match points per seat from the seats' places (``places()``): tied seats share the points of
    the places they cover (002 "Al tavolo"). A tournament's tables have few patterns of places, so a
    caller with many tables may keep the answers by pattern."""
    result = []
    for place in seat_places:
        tied = seat_places.count(place)
        covered = points_by_place[place - 1 : place - 1 + tied]
        result.append(exact_sum(covered) / tied if tied > 1 else Fraction(covered[0]))
    return tuple(result)


def game_result(
    totals: Sequence[int],
    hands_played: int,
    rules: ScoringRules,
    points_table: Mapping[int, Sequence[Fraction]],
    *,
    closed: bool = False,
) -> tuple[bool, tuple[int, ...] | None, tuple[Fraction, ...] | None]:
    """A table's game from its per-seat totals: (over, places, match points).

    Places and match points are None while the game goes on (and for a table
    that is not of 3, 4 or 5 seats). points_table: ``match_point_table()``.
    """
    n = len(totals)
    if n not in TABLE_SIZES or not is_game_over(totals, hands_played, rules, closed=closed):
        return False, None, None
    seat_places = tuple(places(totals))
    return True, seat_places, shares(seat_places, points_table[n])
