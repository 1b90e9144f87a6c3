"""Tournament standings: pure functions over plain game results (no database access).

Standings rank players by the sum of their match points (exact fractions),
then by the tournament's tiebreaks in its chosen order; players equal on
everything share the rank (002 "Nel torneo": match points, then result
points). Each tiebreak is one small named ``Metric`` (Tabbycat's habit): a
key, a label, a direction and a function of one player's record.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext_lazy as _  # lazy strings only; no database access

from .scoring import exact_sum


@dataclass(frozen=True, slots=True)
class GameResult:
    """One player's result in one ended game.

    points: the player's penalty total in that game (result points, 002);
    place: 1.. (tied seats share the best place); match_points: exact;
    table: registration ids of every seat of that table, the player's own
    included (``opponents`` leaves it out).
    """

    round_number: int
    table_id: int
    points: int
    place: int
    match_points: Fraction
    table: tuple[int, ...] = ()

    def opponents(self, me: int) -> tuple[int, ...]:
        """The registration ids of the other seats of the table (``me`` left out)."""
        return tuple(r for r in self.table if r != me)


@dataclass(frozen=True, slots=True)
class ByeResult:
    """A round a player sat out: the tournament's bye match points and result points."""

    round_number: int
    match_points: Fraction
    points: int


@dataclass(slots=True)
class PlayerRecord:
    """Everything standings need about one registration."""

    registration_id: int
    player_id: int
    name: str
    club: str = ""
    withdrawn: bool = False
    games: list[GameResult] = field(default_factory=list)
    byes: list[ByeResult] = field(default_factory=list)
    _match_points: tuple[int, int, Fraction] | None = field(default=None, repr=False, compare=False)

    @property
    def match_points(self) -> Fraction:
        """Exact sum of the games' and byes' match points (cached until a game or bye is added)."""
        key = (len(self.games), len(self.byes))
        if self._match_points is None or self._match_points[:2] != key:
            total = exact_sum([*(g.match_points for g in self.games), *(b.match_points for b in self.byes)])
            self._match_points = (*key, total)
        return self._match_points[2]

    @property
    def result_points(self) -> int:
        return sum(g.points for g in self.games) + sum(b.points for b in self.byes)


@dataclass(frozen=True, slots=True)
class Metric:
    """A ranking metric: ``value(record, context)``; ``higher_is_better`` sets the direction."""

    key: str
    label: str
    higher_is_better: bool
    value: Callable[[PlayerRecord, dict[int, PlayerRecord]], int | Fraction]


def match_points(record: PlayerRecord, _all: dict[int, PlayerRecord]) -> Fraction:
    """Sum of match points, byes included (002)."""
    return record.match_points


def result_points(record: PlayerRecord, _all: dict[int, PlayerRecord]) -> int:
    """Sum of the player's game penalty totals; fewer is better (002)."""
    return record.result_points


def table_wins(record: PlayerRecord, _all: dict[int, PlayerRecord]) -> int:
    """Games finished in first place, shared first places included."""
    return sum(1 for g in record.games if g.place == 1)


def best_game(record: PlayerRecord, _all: dict[int, PlayerRecord]) -> int:
    """The fewest penalty points in one game; fewer is better (a player without games ranks last)."""
    return min((g.points for g in record.games), default=10**9)


def opponents_match_points(record: PlayerRecord, everyone: dict[int, PlayerRecord]) -> Fraction:
    """Strength of schedule: the sum of the current match points of every opponent met (once per game)."""
    me = record.registration_id
    return exact_sum(everyone[o].match_points for g in record.games for o in g.table if o != me and o in everyone)


METRICS: dict[str, Metric] = {
    m.key: m
    for m in (
        Metric("match_points", _("match points"), True, match_points),
        Metric("result_points", _("result points"), False, result_points),
        Metric("table_wins", _("table wins"), True, table_wins),
        Metric("best_game", _("best game"), False, best_game),
        Metric("opponents_match_points", _("opponents' match points"), True, opponents_match_points),
    )
}
TIEBREAK_KEYS = tuple(k for k in METRICS if k != "match_points")


def check_tiebreaks(keys: Sequence[str]) -> list[str]:
    """Validate a tiebreak order; raises ``ValueError`` for an unknown or repeated key."""
    seen: set[str] = set()
    for key in keys:
        if key not in TIEBREAK_KEYS:
            raise ValueError(f"unknown tiebreak {key!r}; known: {', '.join(TIEBREAK_KEYS)}")
        if key in seen:
            raise ValueError(f"tiebreak {key!r} is listed twice")
        seen.add(key)
    return list(keys)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings. ``tied``: the rank is shared with another player."""

    rank: int
    tied: bool
    registration_id: int
    player_id: int
    name: str
    club: str
    withdrawn: bool
    match_points: Fraction
    result_points: int
    games: int
    table_wins: int
    tiebreaks: dict[str, int | Fraction]


def _whole_numbers(column: list[int | Fraction]) -> list[int]:
    """One metric's values for every player as whole numbers in the same order: the fractions times
    their common denominator. Exact (19/3 and 6 compare as 19 and 18), and integers sort much faster
    than fractions."""
    denominator = math.lcm(*(v.denominator for v in column if isinstance(v, Fraction))) if column else 1
    return [v.numerator * (denominator // v.denominator) if isinstance(v, Fraction) else v * denominator
            for v in column]


def rank(records: Iterable[PlayerRecord], tiebreaks: Sequence[str]) -> list[StandingRow]:
    """Rank players: match points (higher first), then each tiebreak in order.

    records: one per registration; tiebreaks: keys of ``METRICS`` (e.g.
    ``["result_points", "table_wins"]``). Players equal on every metric share
    the rank (1, 2, 2, 4) and are listed by name. Raises ``ValueError`` for
    an unknown or repeated tiebreak key. Exact: no float is ever compared.
    """
    metrics = [METRICS["match_points"]] + [METRICS[k] for k in check_tiebreaks(tiebreaks)]
    everyone = {r.registration_id: r for r in records}
    values = [[m.value(record, everyone) for m in metrics] for record in everyone.values()]
    columns = [_whole_numbers([row[i] for row in values]) for i in range(len(metrics))]
    keyed = []
    for j, record in enumerate(everyone.values()):
        sort_key = tuple(-col[j] if m.higher_is_better else col[j] for m, col in zip(metrics, columns))
        keyed.append((sort_key, record.name.casefold(), record.registration_id, record, values[j]))
    keyed.sort(key=lambda item: item[:3])
    rows: list[StandingRow] = []
    position = 1
    for _key, group in itertools.groupby(keyed, key=lambda item: item[0]):
        members = list(group)
        for _k, _n, _id, record, values in members:
            rows.append(StandingRow(
                rank=position, tied=len(members) > 1,
                registration_id=record.registration_id, player_id=record.player_id,
                name=record.name, club=record.club, withdrawn=record.withdrawn,
                match_points=record.match_points, result_points=record.result_points,
                games=len(record.games), table_wins=table_wins(record, everyone),
                tiebreaks={m.key: v for m, v in zip(metrics[1:], values[1:])},
            ))
        position += len(members)
    return rows
