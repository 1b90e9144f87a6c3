"""CSV in and out: one reader per import format, one writer for every export.

Readers return plain rows and a list of ``RowError`` (file row numbers: the
header is row 1) instead of stopping at the first problem, so an organizer
sees every mistake at once. The writer renders comma CSV, or with
``excel=True`` the dialect Italian spreadsheets open directly: UTF-8 BOM,
``;`` separators and decimal commas. Text cells that a spreadsheet would run
as a formula are prefixed with an apostrophe (formula injection), and the
readers take that apostrophe off again, so every export imports back equal.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import IO

from defusedcsv import csv as defused
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .numbers import (
    MAX_HAND_NUMBER,
    MAX_HAND_POINTS,
    MAX_ROUNDS,
    MAX_TABLE_NUMBER,
    printable,
    whole_number,
)

PLAYERS_REQUIRED = ("name",)
PLAYERS_OPTIONAL = ("club", "external_id")
HANDS_REQUIRED = ("round", "table", "hand", "player", "points")
HANDS_OPTIONAL = ("penalty", "total")
#: ``status``: "active", or "withdrawn" for a player who left (their games still count).
STANDINGS_HEADER = (
    "rank",
    "player",
    "club",
    "match_points",
    "result_points",
    "games",
    "table_wins",
    "status",
)
RESULTS_HEADER = ("round", "table", "hand", "player", "points", "penalty", "total")
SEATING_HEADER = ("round", "table", "seat", "player")


@dataclass(frozen=True)
class RowError:
    """A problem in an input file; ``row`` is the file's row number (header = 1), 0 for the whole
    file."""

    row: int
    message: str

    def __str__(self) -> str:
        return (
            _("row %(row)s: %(message)s") % {"row": self.row, "message": self.message}
            if self.row
            else self.message
        )


@dataclass(frozen=True)
class PlayerRow:
    row: int
    name: str
    club: str
    external_id: str


@dataclass(frozen=True)
class HandRow:
    row: int
    round: int
    table: int
    hand: int
    player: str
    points: int | None
    penalty: bool
    total: int | None


def _text(source: IO[str] | str) -> str:
    text = source if isinstance(source, str) else source.read()
    return text.removeprefix("\ufeff")


def _dict_rows(
    text: str, required: Sequence[str], optional: Sequence[str]
) -> tuple[list[tuple[int, dict[str, str]]], list[RowError]]:
    """Sniff ``,`` or ``;``, check the header, return (row number, cells) pairs."""
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        return [], [
            RowError(
                0,
                _("the file is empty; expected the header %(header)s")
                % {"header": ",".join(required)},
            )
        ]
    except csv.Error as exc:
        return [], [RowError(1, _("unreadable CSV: %(problem)s") % {"problem": exc})]
    missing = [c for c in required if c not in header]
    unknown = [c for c in header if c not in required and c not in optional]
    duplicated = sorted({c for c in header if header.count(c) > 1})
    problems = []
    if missing:
        problems.append(
            ngettext("missing column %(columns)s", "missing columns %(columns)s", len(missing))
            % {"columns": ", ".join(missing)}
        )
    if unknown:
        problems.append(
            ngettext("unknown column %(columns)s", "unknown columns %(columns)s", len(unknown))
            % {"columns": ", ".join(unknown)}
        )
    if duplicated:
        problems.append(
            ngettext("repeated column %(columns)s", "repeated columns %(columns)s", len(duplicated))
            % {"columns": ", ".join(duplicated)}
        )
    if problems:
        expected = ",".join(required) + "".join(f"[,{c}]" for c in optional)
        return [], [
            RowError(
                1,
                _("wrong header: %(problems)s (expected %(expected)s)")
                % {"problems": "; ".join(problems), "expected": expected},
            )
        ]
    rows, errors = [], []
    try:
        for cells in reader:
            number = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if len(cells) != len(header):
                errors.append(
                    RowError(
                        number,
                        ngettext(
                            "%(cells)s cell, the header has %(columns)s",
                            "%(cells)s cells, the header has %(columns)s",
                            len(cells),
                        )
                        % {"cells": len(cells), "columns": len(header)},
                    )
                )
                continue
            rows.append((number, {h: c.strip() for h, c in zip(header, cells)}))
    except csv.Error as exc:
        errors.append(
            RowError(reader.line_num, _("unreadable CSV: %(problem)s") % {"problem": exc})
        )
    return rows, errors


#: Characters that make a spreadsheet run a cell as a formula: ``defusedcsv`` writes such a text
#: cell with an apostrophe in front (and "|" as "\\|"); the readers undo that (``_unguard``).
_GUARDED = ("@", "+", "-", "=", "|", "%")

#: The longest text each column may hold: the database's limits (``Player``).
TEXT_LIMITS = {"name": 120, "club": 120, "external_id": 64, "player": 120}


def _int(
    value: str, column: str, row: int, errors: list[RowError], *, minimum: int, maximum: int
) -> int | None:
    try:
        number = whole_number(value)
    except ValueError:
        errors.append(
            RowError(
                row,
                _("%(column)s %(value)r is not a whole number")
                % {"column": column, "value": value[:20]},
            )
        )
        return None
    if not minimum <= number <= maximum:
        errors.append(
            RowError(
                row,
                _("%(column)s must be from %(minimum)s to %(maximum)s, got %(number)s")
                % {"column": column, "minimum": minimum, "maximum": maximum, "number": number},
            )
        )
        return None
    return number


def _unguard(text: str) -> str:
    """A text cell as it was before ``defusedcsv`` guarded it: "'=SUM(1)" → "=SUM(1)", "'|a\\|b" →
    "|a|b".

    (A name that really starts with an apostrophe and one of ``_GUARDED`` reads
    as if guarded: the one case the guard cannot tell apart.)
    """
    if text[:1] == "'":
        unguarded = text[1:].replace("\\|", "|")
        if unguarded[:1] in _GUARDED and unguarded[:1]:
            return unguarded
    return text


def _text_cell(row: dict[str, str], column: str, number: int, errors: list[RowError]) -> str | None:
    """A text cell, unguarded, checked for control characters and for the column's length; None when
    wrong."""
    value = _unguard(row.get(column, ""))
    if not printable(value):
        errors.append(
            RowError(
                number,
                _("%(column)s contains a control character (such as a NUL byte or a line break)")
                % {"column": column},
            )
        )
        return None
    limit = TEXT_LIMITS[column]
    if len(value) > limit:
        errors.append(
            RowError(
                number,
                _("%(column)s is %(length)s characters long; at most %(limit)s")
                % {"column": column, "length": len(value), "limit": limit},
            )
        )
        return None
    return value


def read_players(source: IO[str] | str) -> tuple[list[PlayerRow], list[RowError]]:
    """Parse a players file: header ``name`` and optional ``club``, ``external_id``.

    Returns (rows, errors); an empty name, a repeated external id or a
    player listed twice (same name and club) is an error of its row.
    """
    cells, errors = _dict_rows(_text(source), PLAYERS_REQUIRED, PLAYERS_OPTIONAL)
    rows: list[PlayerRow] = []
    seen_names: dict[tuple[str, str], int] = {}
    seen_ids: dict[str, int] = {}
    for number, row in cells:
        before = len(errors)
        name, club, external_id = (
            _text_cell(row, column, number, errors) for column in ("name", "club", "external_id")
        )
        if len(errors) > before:
            continue
        if not name:
            errors.append(RowError(number, _("the name is empty")))
            continue
        key = (name.casefold(), club.casefold())
        if external_id and external_id in seen_ids:
            errors.append(
                RowError(
                    number,
                    _("external id %(id)r already on row %(row)s")
                    % {"id": external_id, "row": seen_ids[external_id]},
                )
            )
            continue
        if not external_id and key in seen_names:
            errors.append(
                RowError(
                    number,
                    _("%(name)s is already on row %(row)s")
                    % {"name": name, "row": seen_names[key]},
                )
            )
            continue
        seen_names[key] = number
        if external_id:
            seen_ids[external_id] = number
        rows.append(PlayerRow(number, name, club, external_id))
    return rows, errors


def read_hands(source: IO[str] | str) -> tuple[list[HandRow], list[RowError]]:
    """Parse a hands file: header ``round,table,hand,player,points`` and optional ``penalty``,
    ``total``.

    One row per seat per hand. ``penalty`` 1 marks the offender of an illegal
    play (the hand is then scored as a penalty); ``total`` (as written by
    ``export_results``) is checked against the running total when present.
    Returns (rows, errors); malformed numbers and repeated rows are errors.
    """
    cells, errors = _dict_rows(_text(source), HANDS_REQUIRED, HANDS_OPTIONAL)
    rows: list[HandRow] = []
    seen: dict[tuple[int, int, int, str], int] = {}
    for number, row in cells:
        before = len(errors)
        rnd = _int(row["round"], "round", number, errors, minimum=1, maximum=MAX_ROUNDS)
        tbl = _int(row["table"], "table", number, errors, minimum=1, maximum=MAX_TABLE_NUMBER)
        hand = _int(row["hand"], "hand", number, errors, minimum=1, maximum=MAX_HAND_NUMBER)
        penalty_cell = row.get("penalty", "")
        if penalty_cell not in ("", "0", "1"):
            errors.append(
                RowError(
                    number,
                    _("penalty must be 1, 0 or empty, got %(value)r")
                    % {"value": penalty_cell[:20]},
                )
            )
        points = (
            _int(
                row["points"],
                "points",
                number,
                errors,
                minimum=-MAX_HAND_POINTS,
                maximum=MAX_HAND_POINTS,
            )
            if row["points"] or penalty_cell != "1"
            else None
        )
        total = (
            _int(
                row["total"],
                "total",
                number,
                errors,
                minimum=-MAX_HAND_POINTS * MAX_HAND_NUMBER,
                maximum=MAX_HAND_POINTS * MAX_HAND_NUMBER,
            )
            if row.get("total")
            else None
        )
        player = _text_cell(row, "player", number, errors)
        if player == "":
            errors.append(RowError(number, _("the player is empty")))
        if len(errors) > before:
            continue
        key = (rnd, tbl, hand, player.casefold())
        if key in seen:
            errors.append(
                RowError(
                    number,
                    _(
                        "round %(round)s, table %(table)s, hand %(hand)s, %(name)s already on row "
                        "%(row)s"
                    )
                    % {"round": rnd, "table": tbl, "hand": hand, "name": player, "row": seen[key]},
                )
            )
            continue
        seen[key] = number
        rows.append(HandRow(number, rnd, tbl, hand, player, points, penalty_cell == "1", total))
    return rows, errors


def format_decimal(value: Fraction | int, *, places: int = 2, comma: bool = False) -> str:
    """Exact fraction → fixed decimals, rounded half up: 19/3 → "6.33" (or "6,33")."""
    quantum = Decimal(1).scaleb(-places)
    text = (
        str(
            (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
                quantum, rounding=ROUND_HALF_UP
            )
        )
        if isinstance(value, Fraction)
        else f"{value:.{places}f}"
    )
    return text.replace(".", ",") if comma else text


def write_csv(
    out: IO[str], header: Sequence[str], rows: Iterable[Sequence[object]], *, excel: bool = False
) -> None:
    """Write a header and rows. Numbers are written as given; text is guarded against formula
    injection.

    excel: UTF-8 BOM, ``;`` separators (Italian spreadsheets); decimals are
    expected pre-formatted by the caller (``format_decimal(..., comma=excel)``).
    """
    if excel:
        out.write("\ufeff")
    writer = defused.writer(
        out, delimiter=";" if excel else ",", lineterminator="\r\n" if excel else "\n"
    )
    writer.writerow(header)
    writer.writerows(rows)
