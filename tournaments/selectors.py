"""Reads that keep the number of SQL queries constant whatever the tournament's size.

``standings(tournament)`` runs 4 queries (seats with their summed points,
tables with their hand counts, registrations with players, byes) and then
ranks in Python with exact fractions.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce

from tables.models import Seat, Table

from . import scoring
from .models import Bye, Registration, Tournament
from .standings import ByeResult, GameResult, PlayerRecord, StandingRow, rank


@dataclass(frozen=True, slots=True)
class TableResult:
    """A table's game as plain data: seat order registration ids, totals, and, when ended, places and match points."""

    table_id: int
    round_number: int
    number: int
    hands: int
    over: bool
    registrations: tuple[int, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...] | None
    match_points: tuple[Fraction, ...] | None
    confirmed: bool = False
    engine: bool = False


def table_results(
    tournament: Tournament, *, round_number: int | None = None, only: Q | None = None,
) -> list[TableResult]:
    """Every table of the tournament (up to ``round_number``) with totals and, for ended games, the result.

    only: a further filter on tables (e.g. ``Q(round=round_)``). 2 queries.
    Tables are ordered by round and number; seats by position.
    """
    table_filter = Q(round__tournament=tournament)
    if round_number is not None:
        table_filter &= Q(round__number__lte=round_number)
    tables = Table.objects.filter(table_filter)
    if only is not None:
        tables = tables.filter(only)
        seat_filter = Q(table__in=tables.values("id"))
    else:
        seat_filter = table_filter  # the same conditions, without a subquery (the standings' path)
    seats = (
        Seat.objects.filter(seat_filter)
        .values_list("table_id", "registration_id")
        .annotate(total=Coalesce(Sum("scores__points"), 0))
        .order_by("table_id", "position")
    )
    tables = (
        tables.values_list("id", "number", "round__number", "closed_by_arbiter", "result_confirmed_at", "mode")
        .annotate(hand_count=Count("hands"))
        .order_by("round__number", "number")
    )
    by_table: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for table_id, registration_id, total in seats:
        by_table[table_id].append((registration_id, total))
    rules = tournament.scoring_rules()
    points_table = tournament.match_point_table()
    results = []
    for table_id, number, round_no, closed, confirmed_at, mode, hand_count in tables:
        table_seats = by_table.get(table_id, [])
        totals = tuple(total for _reg, total in table_seats)
        over, places, match_points = scoring.game_result(totals, hand_count, rules, points_table, closed=closed)
        results.append(TableResult(
            table_id=table_id, round_number=round_no, number=number, hands=hand_count,
            over=over, registrations=tuple(reg for reg, _total in table_seats), totals=totals,
            places=places, match_points=match_points,
            confirmed=confirmed_at is not None, engine=mode == Table.Mode.ENGINE,
        ))
    return results


def player_records(tournament: Tournament, *, round_number: int | None = None) -> dict[int, PlayerRecord]:
    """Every registration's ended games and byes (up to ``round_number``), keyed by registration id. 4 queries."""
    records = {
        r["id"]: PlayerRecord(
            registration_id=r["id"], player_id=r["player_id"], name=r["player__name"],
            club=r["player__club"], withdrawn=r["withdrawn"],
        )
        for r in Registration.objects.filter(tournament=tournament).values(
            "id", "player_id", "player__name", "player__club", "withdrawn"
        )
    }
    round_totals: dict[int, list[int]] = defaultdict(list)
    for result in table_results(tournament, round_number=round_number):
        if not result.over:
            continue
        round_totals[result.round_number].extend(result.totals)
        for i, registration_id in enumerate(result.registrations):
            records[registration_id].games.append(GameResult(
                round_number=result.round_number, table_id=result.table_id, points=result.totals[i],
                place=result.places[i], match_points=result.match_points[i],
                opponents=tuple(r for r in result.registrations if r != registration_id),
            ))
    byes = Bye.objects.filter(round__tournament=tournament)
    if round_number is not None:
        byes = byes.filter(round__number__lte=round_number)
    bye_points = Fraction(tournament.bye_match_points)
    for registration_id, number in byes.values_list("registration_id", "round__number"):
        if tournament.bye_result_points is not None:
            points = tournament.bye_result_points
        else:
            totals = round_totals.get(number, [])
            # The round's mean result points, rounded half up, so result points stay whole numbers.
            points = int(Fraction(sum(totals), len(totals)) + Fraction(1, 2)) if totals else 0
        records[registration_id].byes.append(ByeResult(number, bye_points, points))
    return records


def standings(tournament: Tournament, *, round_number: int | None = None) -> list[StandingRow]:
    """The tournament's standings after ``round_number`` (all rounds when None); 4 queries.

    Only ended games count (a game in progress has no places yet).
    Raises ``ValueError`` if the tournament's tiebreak order is invalid.
    """
    records = player_records(tournament, round_number=round_number)
    return rank(records.values(), tournament.tiebreak_order())
