"""Writes and exports for tournaments: create, register players, import and export results.

Every import runs in one transaction: on any problem nothing is written and
the caller gets every problem, each with its file row number.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tables import services as table_services
from tables.models import HandScore, Penalty, Seat, Table

from . import csvio, rulesets, scoring
from .csvio import HandRow, RowError
from .models import Player, Registration, Round, Tournament


class ImportFailed(Exception):
    """An import found problems; ``errors`` lists them (row-numbered); nothing was written."""

    def __init__(self, errors: Sequence[RowError]):
        super().__init__(f"{len(errors)} problem(s)")
        self.errors = list(errors)


def create_tournament(
    *, slug: str, name: str, rules: str = "club", scoring_scheme: str = "10-6-3-1",
    target: int | None = None, hands: int | None = None, rounds: int = 1, owner=None, **extra,
) -> Tournament:
    """Create a tournament whose scoring fields come from the engine preset ``rules``.

    target / hands: the game end (002 §15 target, 000 fixed hands); neither
    given: the preset's default. Raises ``ValidationError`` (field → message)
    for an unknown preset or scheme, a taken slug, or bad numbers.
    """
    try:
        values = rulesets.tournament_defaults(rules)
    except ValueError as exc:
        raise ValidationError({"rules": str(exc)}) from exc
    if target is not None and hands is not None:
        raise ValidationError({"target": "give a target or a number of hands, not both"})
    if target is not None:
        values.update(game_end=Tournament.GameEnd.TARGET, target_points=target, hands_per_game=None)
    if hands is not None:
        values.update(game_end=Tournament.GameEnd.HANDS, hands_per_game=hands)
    tournament = Tournament(slug=slug, name=name, scoring=scoring_scheme, rounds_planned=rounds, owner=owner, **values, **extra)
    tournament.full_clean()
    tournament.save()
    return tournament


def check_tournament_fields(tournament: Tournament) -> None:
    """Domain checks beyond field validation (rule set, tiebreak keys, match point overrides).

    Raises ``ValidationError`` (field → message); see ``Tournament.clean``.
    """
    tournament.clean()


@dataclass
class PlayersImport:
    created: int = 0
    reused: int = 0


def import_players(tournament: Tournament, source) -> PlayersImport:
    """Register the players of a CSV file (``name`` [, ``club``, ``external_id``]).

    A player with a known external id, or else with the same name and club, is
    reused (players are people, shared across tournaments). Raises
    ``ImportFailed`` (nothing written) for a bad header or row, or a player
    already registered.
    """
    rows, errors = csvio.read_players(source)
    if errors:
        raise ImportFailed(errors)
    result = PlayersImport()
    with transaction.atomic():
        registered = set(Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True))
        for row in rows:
            player = None
            if row.external_id:
                player = Player.objects.filter(external_id=row.external_id).first()
                if player is not None and player.name.casefold() != row.name.casefold():
                    errors.append(RowError(row.row, _("external id %(id)s belongs to %(owner)s, not %(name)s") % {"id": row.external_id, "owner": player.name, "name": row.name}))
                    continue
            else:
                player = Player.objects.filter(name__iexact=row.name, club__iexact=row.club).order_by("id").first()
            if player is None:
                player = Player.objects.create(name=row.name, club=row.club, external_id=row.external_id)
                result.created += 1
            else:
                result.reused += 1
            if player.id in registered:
                errors.append(RowError(row.row, _("%(name)s is already registered in %(slug)s") % {"name": row.name, "slug": tournament.slug}))
                continue
            Registration.objects.create(tournament=tournament, player=player)
            registered.add(player.id)
        if errors:
            transaction.set_rollback(True)
    if errors:
        raise ImportFailed(errors)
    return result


def _registration_lookup(tournament: Tournament) -> tuple[dict[str, int], set[str]]:
    """Map casefolded names and external ids to registration ids; names that are not unique are ambiguous."""
    lookup: dict[str, int] = {}
    ambiguous: set[str] = set()
    for reg_id, name, external_id in Registration.objects.filter(tournament=tournament).values_list(
        "id", "player__name", "player__external_id"
    ):
        key = name.casefold()
        if key in lookup:
            ambiguous.add(key)
        lookup[key] = reg_id
        if external_id:
            lookup[external_id.casefold()] = reg_id
    return lookup, ambiguous


@dataclass
class HandsImport:
    rounds: int = 0
    tables: int = 0
    hands: int = 0
    closed: int = 0
    problems: list[RowError] = field(default_factory=list)


def create_table(round_: Round, number: int, registration_ids: Sequence[int]) -> Table:
    """Create a table with seats in the given clockwise order (seat 0 deals first)."""
    table = Table.objects.create(round=round_, number=number)
    Seat.objects.bulk_create(
        Seat(table=table, round=round_, position=i, registration_id=r) for i, r in enumerate(registration_ids)
    )
    return table


def import_hands(tournament: Tournament, source, *, close_unfinished: bool = False) -> HandsImport:
    """Record the hands of a CSV file (``round,table,hand,player,points`` [, ``penalty``, ``total``]).

    Rounds, tables and seats named in the file are created when absent (seat
    order = order of the players' first rows in that table) and checked when
    present. Hands must follow the table's last recorded hand. With
    ``close_unfinished`` every table in the file whose game has not ended is
    closed as by the arbiter (time up). Raises ``ImportFailed`` with every
    problem, row-numbered; nothing is written then.
    """
    rows, errors = csvio.read_hands(source)
    if errors:
        raise ImportFailed(errors)
    lookup, ambiguous = _registration_lookup(tournament)
    by_table: dict[tuple[int, int], list[tuple[HandRow, int]]] = defaultdict(list)
    for row in rows:
        key = row.player.casefold()
        if key in ambiguous:
            errors.append(RowError(row.row, _("two registered players are called %(name)s; use the external id") % {"name": row.player}))
        elif key not in lookup:
            errors.append(RowError(row.row, _("unknown player %(name)r: not registered in %(slug)s") % {"name": row.player, "slug": tournament.slug}))
        else:
            by_table[(row.round, row.table)].append((row, lookup[key]))
    if errors:
        raise ImportFailed(errors)
    result = HandsImport()
    with transaction.atomic():
        rounds = {r.number: r for r in Round.objects.filter(tournament=tournament)}
        for (round_number, table_number), table_rows in by_table.items():
            errors.extend(_import_table(tournament, rounds, round_number, table_number, table_rows, result, close_unfinished))
        if errors:
            transaction.set_rollback(True)
    if errors:
        raise ImportFailed(sorted(errors, key=lambda e: e.row))
    return result


def _import_table(tournament, rounds, round_number, table_number, table_rows, result, close_unfinished) -> list[RowError]:
    first_row = table_rows[0][0].row
    label = _("round %(round)s, table %(table)s") % {"round": round_number, "table": table_number}
    round_ = rounds.get(round_number)
    if round_ is None:
        round_ = rounds[round_number] = Round.objects.create(tournament=tournament, number=round_number, status=Round.Status.PLAYING)
        result.rounds += 1
    order: list[int] = []
    for _row, reg in table_rows:
        if reg not in order:
            order.append(reg)
    table = Table.objects.filter(round=round_, number=table_number).first()
    if table is None:
        if len(order) not in scoring.TABLE_SIZES:
            return [RowError(first_row, _("%(label)s has %(count)s players; a table has 3, 4 or 5") % {"label": label, "count": len(order)})]
        elsewhere = dict(
            Seat.objects.filter(round=round_, registration_id__in=order).values_list("registration_id", "table__number")
        )
        if elsewhere:
            rows_of = {reg: row for row, reg in reversed(table_rows)}
            return [
                RowError(rows_of[reg].row, _("%(name)s already sits at table %(table)s in round %(round)s") % {"name": rows_of[reg].player, "table": number, "round": round_number})
                for reg, number in elsewhere.items()
            ]
        table = create_table(round_, table_number, order)
        result.tables += 1
    seats = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    strangers = [(row, reg) for row, reg in table_rows if reg not in seats]
    if strangers:
        return [RowError(row.row, _("%(name)s does not sit at %(label)s") % {"name": row.player, "label": label}) for row, _reg in strangers]
    hands: dict[int, dict[int, HandRow]] = defaultdict(dict)
    for row, reg in table_rows:
        hands[row.hand][reg] = row
    state = table_services.game_state(table)
    expected = state.hands + 1
    totals = list(state.totals)
    for number in sorted(hands):
        cells = hands[number]
        first = min(r.row for r in cells.values())
        if number != expected:
            return [RowError(first, _("%(label)s: the next hand is hand %(expected)s, found hand %(number)s") % {"label": label, "expected": expected, "number": number})]
        missing = [i + 1 for i, reg in enumerate(seats) if reg not in cells]
        if missing:
            return [RowError(first, _("%(label)s, hand %(number)s: no row for seat(s) %(seats)s") % {"label": label, "number": number, "seats": ", ".join(map(str, missing))})]
        offenders = [i for i, reg in enumerate(seats) if cells[reg].penalty]
        if len(offenders) > 1:
            return [RowError(first, _("%(label)s, hand %(number)s: more than one offender marked with penalty 1") % {"label": label, "number": number})]
        points = [cells[reg].points for reg in seats]
        if not offenders and None in points:
            return [RowError(first, _("%(label)s, hand %(number)s: a points cell is empty") % {"label": label, "number": number})]
        try:
            table_services.record_hand(
                table, points, penalty_offender=offenders[0] if offenders else None,
                penalty_reason="illegal play (imported)" if offenders else "",
            )
        except scoring.ScoringError as exc:
            return [RowError(first, _("%(label)s, hand %(number)s: %(problem)s") % {"label": label, "number": number, "problem": exc})]
        result.hands += 1
        table.refresh_from_db(fields=["version"])
        recorded = list(HandScore.objects.filter(hand__table=table, hand__number=number).order_by("seat__position").values_list("points", flat=True))
        totals = [t + p for t, p in zip(totals, recorded)]
        for i, reg in enumerate(seats):
            given = cells[reg].total
            if given is not None and given != totals[i]:
                return [RowError(cells[reg].row, _("%(label)s, hand %(number)s: total %(given)s for %(name)s, but the hands add up to %(total)s") % {"label": label, "number": number, "given": given, "name": cells[reg].player, "total": totals[i]})]
        expected += 1
    if close_unfinished and not table_services.game_state(table).over:
        table_services.close_game(table)
        result.closed += 1
    return []


def standings_rows(tournament: Tournament, *, round_number: int | None = None, excel: bool = False) -> Iterator[list[object]]:
    """Rows of ``export_standings`` (header ``csvio.STANDINGS_HEADER``); match points with two decimals."""
    from .selectors import standings

    for row in standings(tournament, round_number=round_number):
        yield [row.rank, row.name, row.club, csvio.format_decimal(row.match_points, comma=excel),
               row.result_points, row.games, row.table_wins]


def results_rows(tournament: Tournament) -> Iterator[list[object]]:
    """Rows of ``export_results``: one per seat per hand, with the seat's running total (3 queries)."""
    labels = _player_labels(tournament)
    offenders = set(Penalty.objects.filter(hand__table__round__tournament=tournament).values_list("hand_id", "offender_id"))
    scores = (
        HandScore.objects.filter(hand__table__round__tournament=tournament)
        .order_by("hand__table__round__number", "hand__table__number", "hand__number", "seat__position")
        .values_list("hand__table__round__number", "hand__table__number", "hand__number", "hand_id",
                     "seat_id", "seat__registration_id", "points")
    )
    totals: dict[int, int] = defaultdict(int)
    for rnd, tbl, number, hand_id, seat_id, reg, points in scores:
        totals[seat_id] += points
        yield [rnd, tbl, number, labels[reg], points, 1 if (hand_id, seat_id) in offenders else "", totals[seat_id]]


def _player_labels(tournament: Tournament) -> dict[int, str]:
    """How a registration is named in a results file: its name, or its external id when the name is shared."""
    regs = list(Registration.objects.filter(tournament=tournament).values_list("id", "player__name", "player__external_id"))
    names = defaultdict(int)
    for _id, name, _ext in regs:
        names[name.casefold()] += 1
    return {rid: (ext if names[name.casefold()] > 1 and ext else name) for rid, name, ext in regs}
