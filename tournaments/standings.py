"""Tournament standings: pure functions over plain game results (no database access).

Standings rank players by the sum of their match points (exact fractions),
then by the tournament's tiebreaks in its chosen order; players equal on
everything share the rank (002 "Nel torneo": match points, then result
points). Each tiebreak is one small named ``Metric`` (Tabbycat's habit): a
key, a label, a direction and a function of one player's record.
"""

from __future__ import annotations

import dataclasses
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
            total = exact_sum(
                [*(g.match_points for g in self.games), *(b.match_points for b in self.byes)]
            )
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
    """The fewest penalty points in one game; fewer is better (a player without games ranks
    last)."""
    return min((g.points for g in record.games), default=10**9)


def opponents_match_points(record: PlayerRecord, everyone: dict[int, PlayerRecord]) -> Fraction:
    """Strength of schedule: the sum of the current match points of every opponent met (once per
    game)."""
    me = record.registration_id
    return exact_sum(
        everyone[o].match_points for g in record.games for o in g.table if o != me and o in everyone
    )


METRICS: dict[str, Metric] = {
    m.key: m
    for m in (
        Metric("match_points", _("match points"), True, match_points),
        Metric("result_points", _("result points"), False, result_points),
        Metric("table_wins", _("table wins"), True, table_wins),
        Metric("best_game", _("best game"), False, best_game),
        Metric(
            "opponents_match_points", _("opponents' match points"), True, opponents_match_points
        ),
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
    final_table: int | None = None
    final_place: int | None = None
    final_match_points: Fraction | None = None


def _whole_numbers(column: list[int | Fraction]) -> list[int]:
    """One metric's values for every player as whole numbers in the same order: the fractions times
    their common denominator. Exact (19/3 and 6 compare as 19 and 18), and integers sort much faster
    than fractions."""
    denominator = (
        math.lcm(*(v.denominator for v in column if isinstance(v, Fraction))) if column else 1
    )
    return [
        v.numerator * (denominator // v.denominator) if isinstance(v, Fraction) else v * denominator
        for v in column
    ]


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
        sort_key = tuple(
            -col[j] if m.higher_is_better else col[j] for m, col in zip(metrics, columns)
        )
        keyed.append((sort_key, record.name.casefold(), record.registration_id, record, values[j]))
    keyed.sort(key=lambda item: item[:3])
    rows: list[StandingRow] = []
    position = 1
    for _key, group in itertools.groupby(keyed, key=lambda item: item[0]):
        members = list(group)
        for _k, _n, _id, record, values in members:
            rows.append(
                StandingRow(
                    rank=position,
                    tied=len(members) > 1,
                    registration_id=record.registration_id,
                    player_id=record.player_id,
                    name=record.name,
                    club=record.club,
                    withdrawn=record.withdrawn,
                    match_points=record.match_points,
                    result_points=record.result_points,
                    games=len(record.games),
                    table_wins=table_wins(record, everyone),
                    tiebreaks={m.key: v for m, v in zip(metrics[1:], values[1:])},
                )
            )
        position += len(members)
    return rows


# --- placement finals: the finalists above the Swiss standings ---------------------------------


@dataclass(frozen=True, slots=True)
class FinalTable:
    """One table of the placement final: number 1.. (table 1 plays for places 1-4 at tables of 4),
    registrations in seat order; places and match points once its game has ended (None before)."""

    number: int
    registrations: tuple[int, ...]
    places: tuple[int, ...] | None = None
    match_points: tuple[Fraction, ...] | None = None


@dataclass(frozen=True, slots=True)
class FinalSeat:
    """Where a player sat in the final: table number and place (None while the game is on)."""

    table: int
    place: int | None
    match_points: Fraction | None


#: Rank of a player who played no final, after every finalist.
NO_FINAL = 10**9


def final_table_number(row: StandingRow, seat: FinalSeat | None) -> int:
    """First key: the final table (1 before 2 ...); players without a final come after every
    finalist."""
    return seat.table if seat is not None else NO_FINAL


def final_place(row: StandingRow, seat: FinalSeat | None) -> int:
    """Second key: the place at the final table (1 best); 0 for all while its game is on, so the
    Swiss standings order them until it ends."""
    return seat.place if seat is not None and seat.place is not None else 0


def swiss_rank(row: StandingRow, seat: FinalSeat | None) -> int:
    """Last key: the rank in the Swiss standings (breaks ties inside a final table, orders the
    others)."""
    return row.rank


#: The keys of the final ranking, in order (each a small named function, as the tiebreaks).
FINAL_ORDER: tuple[Callable[[StandingRow, FinalSeat | None], int], ...] = (
    final_table_number,
    final_place,
    swiss_rank,
)


def final_ranking(swiss: Sequence[StandingRow], finals: Iterable[FinalTable]) -> list[StandingRow]:
    """The ranking after a placement final: ``swiss`` rows (``rank`` over the rounds before the
    final) reordered by ``FINAL_ORDER``: the players of final table 1 first, by their places there,
    then table 2's ..., then everyone who played no final in Swiss order. Places shared at a final
    table are broken by the Swiss rank; players equal on every key (a shared place and a shared
    Swiss rank, or a Swiss tie outside the finals) share the rank. Rows keep their Swiss match
    points and tiebreaks, and gain ``final_table``, ``final_place`` and ``final_match_points``.
    Exact; no database access.
    """
    seats: dict[int, FinalSeat] = {}
    for table in finals:
        places = table.places or (None,) * len(table.registrations)
        points = table.match_points or (None,) * len(table.registrations)
        for registration, place, mp in zip(table.registrations, places, points):
            seats[registration] = FinalSeat(table.number, place, mp)
    keyed = [
        (tuple(key(row, seats.get(row.registration_id)) for key in FINAL_ORDER), i, row)
        for i, row in enumerate(swiss)
    ]
    keyed.sort(key=lambda item: item[:2])
    rows: list[StandingRow] = []
    position = 1
    for _key, group in itertools.groupby(keyed, key=lambda item: item[0]):
        members = list(group)
        for _k, _i, row in members:
            seat = seats.get(row.registration_id)
            rows.append(
                dataclasses.replace(
                    row,
                    rank=position,
                    tied=len(members) > 1,
                    final_table=seat.table if seat else None,
                    final_place=seat.place if seat else None,
                    final_match_points=seat.match_points if seat else None,
                )
            )
        position += len(members)
    return rows
