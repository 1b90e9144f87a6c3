"""What the API's reads answer, as plain dicts built from the pages' own reads (never a service).

Each function runs a constant number of queries whatever the tournament's
size, beyond finding the tournament (the tests pin every endpoint's total):
the tournament list 2, a tournament none, its rounds 1, a round 4
(``tournaments.pages.round_tables`` and its byes), the standings 4
(``tournaments.selectors.standings``: the rows of ``export_standings``); a
table's is its score sheet (``tables.sheet.open_sheet``: 5 with the table).
"""

from __future__ import annotations

from fractions import Fraction

from django.db.models import Count
from django.urls import reverse

from tables.models import HandEntry, Table
from tables.sheet import Sheet
from tournaments import labels, pages, selectors
from tournaments.csvio import format_decimal
from tournaments.models import Round, Tournament
from tournaments.standings import METRICS


def label(code: str, text) -> dict:
    return {"code": code, "label": str(text)}


def _choice(choices, code: str) -> dict:
    return label(code, dict(choices).get(code, code))


def fraction(value: Fraction | int | None) -> str | None:
    """Exact match points as text: Fraction(19, 3) → "19/3", 10 → "10"."""
    return None if value is None else str(Fraction(value))


def decimal(value: Fraction | int | None) -> str | None:
    """Match points as ``export_standings`` writes them: "6.33"."""
    return None if value is None else format_decimal(value)


def tournament_url(tournament: Tournament) -> str:
    return reverse("api-v1:tournament", kwargs={"slug": tournament.slug})


def tournament_summary(t: Tournament) -> dict:
    return {
        "slug": t.slug,
        "name": t.name,
        "status": _choice(Tournament.Status.choices, t.status),
        "start_date": t.start_date,
        "end_date": t.end_date,
        "venue": t.venue,
        "rounds_planned": t.rounds_planned,
        "url": tournament_url(t),
    }


def public_tournaments():
    """Tournaments anyone may read (not drafts), newest first: a queryset to page through."""
    return Tournament.objects.exclude(status=Tournament.Status.DRAFT).order_by(
        "-start_date", "name", "id"
    )


def tournament_detail(t: Tournament) -> dict:
    """A tournament's settings, each code with its words (no query)."""
    rules = t.scoring_rules()
    table = t.match_point_table()
    return {
        **tournament_summary(t),
        "rules": label(t.rules, labels.rule_set_label(t.rules)),
        "hand_total": rules.hand_total,
        "moon_rule": _choice(Tournament.MoonRule.choices, t.moon_rule),
        "shoot_the_sun": t.shoot_the_sun,
        "scoring": _choice(Tournament.Scoring.choices, t.scoring),
        "match_points": [
            {"seats": n, "places": [fraction(p) for p in table[n]]} for n in sorted(table)
        ],
        "game_end": _choice(Tournament.GameEnd.choices, t.game_end),
        "target_points": t.target_points if t.game_end == Tournament.GameEnd.TARGET else None,
        "hands_per_game": t.hands_per_game,
        "tiebreaks": [
            label(key, METRICS[key].label if key in METRICS else key) for key in t.tiebreak_order()
        ],
        "seating_method": label(t.seating_method, labels.seating_method_label(t.seating_method)),
        "table_size": t.table_size,
        "odd_policy": _choice(Tournament.OddPolicy.choices, t.odd_policy) if t.odd_policy else None,
        "confirmation_policy": _choice(
            Tournament.ConfirmationPolicy.choices, t.confirmation_policy
        ),
        "players_enter_hands": t.players_enter_hands,
        "bye_match_points": fraction(t.bye_points()),
        "bye_match_points_decimal": decimal(t.bye_points()),
        "bye_result_points": t.bye_result_points,
        "round_minutes": t.round_minutes,
    }


def _round_summary(r: Round, table_count: int) -> dict:
    return {
        "number": r.number,
        "status": _choice(Round.Status.choices, r.status),
        "kind": _choice(Round.Kind.choices, r.kind),
        "hidden": r.hidden,
        "seating_method": label(r.seating_method, labels.seating_method_label(r.seating_method))
        if r.seating_method
        else None,
        "table_count": table_count,
        "minutes": r.minutes,
        "clock_started_at": r.clock_started_at,
    }


def rounds(t: Tournament) -> list[dict]:
    """Every round of ``t`` with its number of tables (1 query)."""
    found = Round.objects.filter(tournament=t).annotate(n=Count("tables")).order_by("number")
    return [_round_summary(r, r.n) for r in found]


def _seat(position: int, player_id: int, name: str, club: str, total: int, place, mp) -> dict:
    return {
        "position": position,
        "player_id": player_id,
        "name": name,
        "club": club,
        "total": total,
        "place": place,
        "match_points": fraction(mp),
        "match_points_decimal": decimal(mp),
    }


def _table_status(status: str) -> dict:
    return label(status, labels.table_status_label(status))


def round_detail(t: Tournament, r: Round, *, public: bool = False) -> dict:
    """Round ``r`` with every table, its seats (players, totals, places, match points) and the byes
    (4 queries).

    public: a hidden round's tables without hands, totals or results (status "hidden")."""
    tables = pages.round_tables(t, r, public=public)
    byes = pages.round_byes(r)
    return {
        **_round_summary(r, len(tables)),
        "tables": [
            {
                "number": v.number,
                "status": _table_status(v.status),
                "hands": v.hands,
                "over": v.over,
                "confirmed": v.confirmed,
                "engine": v.engine,
                "seats": [
                    _seat(s.position, s.player_id, s.name, s.club, s.total, s.place, s.match_points)
                    for s in v.seats
                ],
            }
            for v in tables
        ],
        "byes": [{"player_id": pid, "name": name} for pid, name in byes],
    }


def _penalty(penalty) -> dict | None:
    return None if penalty is None else {"seat": penalty[0], "reason": penalty[1]}


def hands(sheet: Sheet) -> list[dict]:
    """The sheet's recorded hands, oldest first (no query)."""
    return [
        {
            "number": row.number,
            "dealer": row.dealer,
            "pass_direction": label(row.pass_direction, labels.pass_label(row.pass_direction)),
            "points": list(row.points),
            "totals": list(row.totals),
            "kind": row.kind,
            "penalty": _penalty(row.penalty),
            "corrected": row.corrected,
        }
        for row in sheet.rows
    ]


def table_detail(sheet: Sheet, *, with_entries: bool) -> dict:
    """A table as its score sheet shows it (no query: ``sheet`` is read already).

    with_entries: include the entries waiting for a check (for those who enter results).
    """
    table = sheet.table
    status = (
        "confirmed"
        if sheet.confirmed
        else "ended"
        if sheet.over
        else "playing"
        if sheet.rows
        else "waiting"
    )
    places = sheet.places or [None] * len(sheet.seats)
    points = sheet.match_points or [None] * len(sheet.seats)
    engine = table.mode == Table.Mode.ENGINE
    editable = sheet.editable and not sheet.over and not engine
    return {
        "tournament": sheet.tournament.slug,
        "round": sheet.round.number,
        "number": table.number,
        "status": _table_status(status),
        "version": table.version,
        "engine": engine,
        "over": sheet.over,
        "confirmed": sheet.confirmed,
        "closed_by_arbiter": table.closed_by_arbiter,
        "final_reason": sheet.final_reason,
        "hand_total": sheet.hand_total,
        "moon_allowed": sheet.moon_allowed,
        "shooter_chooses": sheet.shooter_chooses,
        "seats": [
            _seat(s.position, s.player_id, s.name, s.club, total, place, mp)
            for s, total, place, mp in zip(sheet.seats, sheet.totals, places, points)
        ],
        "hands": hands(sheet),
        "next_hand": {
            "number": sheet.next_number,
            "dealer": sheet.next_dealer,
            "pass_direction": label(sheet.next_pass, labels.pass_label(sheet.next_pass)),
        }
        if editable
        else None,
        "entries": [
            {
                "id": e.id,
                "number": e.number,
                "points": list(e.points) if e.points is not None else None,
                "penalty": _penalty(e.penalty),
                "author": e.author,
                "status": _choice(HandEntry.Status.choices, e.status),
                "reason": e.reason,
            }
            for e in sheet.entries
        ]
        if with_entries
        else None,
    }


def standings(t: Tournament, round_number: int | None, *, public: bool = True) -> dict:
    """The rows of ``export_standings`` (``tournaments.exports.standings_rows``), with exact match
    points beside the export's decimals (4 queries). public: hidden rounds left out
    (``export_standings``); else every round (``export_standings --include-hidden``). After a
    deciding placement final, each finalist's ``final_table`` and ``final_place``."""
    return {
        "tournament": t.slug,
        "round": round_number,
        "rows": [
            {
                "rank": row.rank,
                "tied": row.tied,
                "player_id": row.player_id,
                "player": row.name,
                "club": row.club,
                "match_points": fraction(row.match_points),
                "match_points_decimal": decimal(row.match_points),
                "result_points": row.result_points,
                "games": row.games,
                "table_wins": row.table_wins,
                "status": "withdrawn" if row.withdrawn else "active",
                "final_table": row.final_table,
                "final_place": row.final_place,
            }
            for row in selectors.standings(t, round_number=round_number, public=public)
        ],
    }
