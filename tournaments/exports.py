"""Exports: one contract for every CSV download and command (pretix's ``ListExporter`` is the
model).

An ``Exporter`` has a key, a header and a ``rows(tournament, round_number,
excel)`` generator of plain rows; :func:`render` writes any of them as CSV
(comma, or the Excel dialect Italian spreadsheets open: BOM, ``;``, decimal
commas) through ``defusedcsv``, which guards cells a spreadsheet would run
as formulas. The web download (``views.export``) and the commands
(``export_standings``, ``export_results``, ``export_seating``) render the
same exporters, so they write the same rows. Reads only.

Hidden rounds (``Round.hidden``) are left out unless ``hidden=True`` is
asked for (``--include-hidden``, ``?hidden=1`` for the staff): by default an
export holds what the public pages show, so a file handed round cannot tell
what the organizer keeps silent.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO

from tables.models import HandScore, Penalty, Seat

from . import csvio
from .models import Bye, Registration, Tournament
from .selectors import standings

Rows = Iterator[list[object]]


@dataclass(frozen=True)
class Exporter:
    """One CSV export: ``rows(tournament, round_number, excel, hidden=False)`` yields rows matching
    ``header``.

    round_number: only up to (standings) or of (seating) that round, None for all; results ignore
    it. excel: decimals with a comma (the Excel dialect). hidden: include the hidden rounds'
    results.
    """

    key: str
    header: tuple[str, ...]
    rows: Callable[..., Rows]
    by_round: bool = True


def render(
    exporter: Exporter,
    tournament: Tournament,
    out: IO[str],
    *,
    round_number: int | None = None,
    excel: bool = False,
    hidden: bool = False,
) -> None:
    """Write ``exporter``'s header and rows to ``out`` as CSV (``csvio.write_csv``); hidden: with
    the hidden rounds' results (for the staff)."""
    csvio.write_csv(
        out,
        exporter.header,
        exporter.rows(tournament, round_number, excel, hidden=hidden),
        excel=excel,
    )


def standings_rows(
    tournament: Tournament,
    round_number: int | None = None,
    excel: bool = False,
    *,
    hidden: bool = False,
) -> Rows:
    """Rows of ``export_standings`` (header ``csvio.STANDINGS_HEADER``); match points with two
    decimals, ``status`` "withdrawn" for players who left (they stay ranked: their games count).
    After a placement final that decides the ranking the rank is the final ranking
    (``selectors.standings``). hidden: count the hidden rounds too (default: the public
    standings)."""
    for row in standings(tournament, round_number=round_number, public=not hidden):
        yield [
            row.rank,
            row.name,
            row.club,
            csvio.format_decimal(row.match_points, comma=excel),
            row.result_points,
            row.games,
            row.table_wins,
            "withdrawn" if row.withdrawn else "active",
        ]


def results_rows(
    tournament: Tournament,
    round_number: int | None = None,
    excel: bool = False,
    *,
    hidden: bool = False,
) -> Rows:
    """Rows of ``export_results``: one per seat per hand, with the seat's running total (3 queries).

    Every public round (every round with ``hidden``): the file imports back (``import_hands``) into
    an empty tournament.
    """
    labels = _player_labels(tournament)
    offenders = set(
        Penalty.objects.filter(hand__table__round__tournament=tournament).values_list(
            "hand_id", "offender_id"
        )
    )
    scores = HandScore.objects.filter(hand__table__round__tournament=tournament)
    if not hidden:
        scores = scores.filter(hand__table__round__hidden=False)
    scores = scores.order_by(
        "hand__table__round__number", "hand__table__number", "hand__number", "seat__position"
    ).values_list(
        "hand__table__round__number",
        "hand__table__number",
        "hand__number",
        "hand_id",
        "seat_id",
        "seat__registration_id",
        "points",
    )
    totals: dict[int, int] = defaultdict(int)
    for rnd, tbl, number, hand_id, seat_id, reg, points in scores:
        totals[seat_id] += points
        yield [
            rnd,
            tbl,
            number,
            labels[reg],
            points,
            1 if (hand_id, seat_id) in offenders else "",
            totals[seat_id],
        ]


def _player_labels(tournament: Tournament) -> dict[int, str]:
    """How a registration is named in a results file: its name, or its external id when the name is
    shared."""
    regs = list(
        Registration.objects.filter(tournament=tournament).values_list(
            "id", "player__name", "player__external_id"
        )
    )
    names = defaultdict(int)
    for _id, name, _ext in regs:
        names[name.casefold()] += 1
    return {rid: (ext if names[name.casefold()] > 1 and ext else name) for rid, name, ext in regs}


def seating_rows(
    tournament: Tournament,
    round_number: int | None = None,
    excel: bool = False,
    *,
    hidden: bool = False,
) -> Rows:
    """CSV rows ``round,table,seat,player`` (seat numbered from 1, seat 1
    deals first; player = name), then each round's byes with empty table
    and seat; 2 queries. Seating is no result: hidden rounds are listed (``hidden`` is ignored)."""
    seats = Seat.objects.filter(round__tournament=tournament)
    byes = Bye.objects.filter(round__tournament=tournament)
    if round_number is not None:
        seats = seats.filter(round__number=round_number)
        byes = byes.filter(round__number=round_number)
    by_round: dict[int, list[list[object]]] = {}
    for number, table, position, name in seats.order_by(
        "round__number", "table__number", "position"
    ).values_list("round__number", "table__number", "position", "registration__player__name"):
        by_round.setdefault(number, []).append([number, table, position + 1, name])
    for number, name in byes.order_by("round__number", "registration__player__name").values_list(
        "round__number", "registration__player__name"
    ):
        by_round.setdefault(number, []).append([number, "", "", name])
    for number in sorted(by_round):
        yield from by_round[number]


STANDINGS = Exporter("standings", csvio.STANDINGS_HEADER, standings_rows)
RESULTS = Exporter("results", csvio.RESULTS_HEADER, results_rows, by_round=False)
SEATING = Exporter("seating", csvio.SEATING_HEADER, seating_rows)
EXPORTERS: dict[str, Exporter] = {e.key: e for e in (STANDINGS, RESULTS, SEATING)}
