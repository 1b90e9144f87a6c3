"""Writes and exports for tournaments: create, register players, import and export results.

Every import runs in one transaction: on any problem nothing is written and
the caller gets every problem, each with its file row number.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tables import services as table_services
from tables.models import Hand, Seat, Table

from . import csvio, rulesets, scoring
from .audit import Actor, copy_to_history, stamp
from .csvio import HandRow, RowError
from .errors import TournamentError
from .models import Player, Registration, Round, Tournament


def create_tournament(
    *,
    slug: str,
    name: str,
    rules: str = "club",
    scoring_scheme: str = "10-6-3-1",
    target: int | None = None,
    hands: int | None = None,
    rounds: int = 1,
    owner=None,
    **extra,
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
    tournament = Tournament(
        slug=slug,
        name=name,
        scoring=scoring_scheme,
        rounds_planned=rounds,
        owner=owner,
        **values,
        **extra,
    )
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


#: ``progress(done, total)``: called now and then by the long imports (a background task reports
#: it).
Progress = Callable[[int, int], None]


def _no_progress(done: int, total: int) -> None:
    pass


def import_players(
    tournament: Tournament, source, *, actor: Actor, progress: Progress = _no_progress
) -> PlayersImport:
    """Register the players of a CSV file (``name`` [, ``club``, ``external_id``]).

    A player with a known external id, or else with the same name and club
    (letter case aside), is reused (players are people, shared across
    tournaments). Bulk reads and writes: a constant number of queries for
    the lookups and a few per 1,000 rows for the writes (100,000 rows in
    seconds). Raises ``TournamentError`` (code "import_failed", with ``problems``) (nothing written)
    for a bad header or row, an external id that belongs to someone else, a player already
    registered, or a finished tournament. ``actor`` is kept in the
    registrations' history.
    """
    rows, errors = csvio.read_players(source)
    if errors:
        raise TournamentError.import_failed(errors)
    progress(0, len(rows))
    result = PlayersImport()
    with transaction.atomic():
        if (
            Tournament.objects.select_for_update().get(pk=tournament.pk).status
            == Tournament.Status.FINISHED
        ):
            raise TournamentError.import_failed(
                [RowError(0, _("The tournament is finished; no player can be registered."))]
            )
        by_id: dict[str, tuple[int, str]] = {}
        by_name: dict[tuple[str, str], int] = {}
        # Every known player in one pass: case-insensitive matching in Python works for every
        # alphabet, where SQLite's LOWER() and LIKE fold ASCII letters only.
        for pk, name, club, external_id in Player.objects.order_by("-id").values_list(
            "id", "name", "club", "external_id"
        ):
            if external_id:
                by_id[external_id] = (pk, name)
            by_name[(name.casefold(), club.casefold())] = pk  # the oldest wins: ordered by -id
        registered = set(
            Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True)
        )
        new_players: list[Player] = []
        wanted: list[tuple[int, int | Player]] = []  # (row, player id or a new Player)
        for row in rows:
            if row.external_id:
                known = by_id.get(row.external_id)
                if known is not None and known[1].casefold() != row.name.casefold():
                    errors.append(
                        RowError(
                            row.row,
                            _("external id %(id)s belongs to %(owner)s, not %(name)s")
                            % {"id": row.external_id, "owner": known[1], "name": row.name},
                        )
                    )
                    continue
                player_id = known[0] if known else None
            else:
                player_id = by_name.get((row.name.casefold(), row.club.casefold()))
            if player_id is None:
                player = Player(name=row.name, club=row.club, external_id=row.external_id)
                new_players.append(player)
                wanted.append((row.row, player))
                continue
            if player_id in registered:
                errors.append(
                    RowError(
                        row.row,
                        _("%(name)s is already registered in %(slug)s")
                        % {"name": row.name, "slug": tournament.slug},
                    )
                )
                continue
            registered.add(player_id)
            wanted.append((row.row, player_id))
        if errors:
            raise TournamentError.import_failed(errors)
        Player.objects.bulk_create(new_players, batch_size=1000)
        progress(len(rows) // 2, len(rows))
        registrations = Registration.objects.bulk_create(
            (
                Registration(tournament=tournament, player_id=p if isinstance(p, int) else p.pk)
                for _row, p in wanted
            ),
            batch_size=1000,
        )
        copy_to_history(Registration.objects.filter(pk__in=[r.pk for r in registrations]), actor)
        result.created = len(new_players)
        result.reused = len(wanted) - len(new_players)
    progress(len(rows), len(rows))
    return result


def _registration_lookup(tournament: Tournament) -> tuple[dict[str, int], set[str]]:
    """Map casefolded names and external ids to registration ids; names that are not unique are
    ambiguous."""
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


def create_table(
    round_: Round, number: int, registration_ids: Sequence[int], *, actor: Actor | None = None
) -> Table:
    """Create a table with seats in the given clockwise order (seat 0 deals first); ``actor`` goes
    to its history."""
    table = Table(round=round_, number=number)
    if actor is not None:
        stamp(table, actor)
    table.save()
    Seat.objects.bulk_create(
        Seat(table=table, round=round_, position=i, registration_id=r)
        for i, r in enumerate(registration_ids)
    )
    return table


def import_hands(
    tournament: Tournament,
    source,
    *,
    actor: Actor,
    close_unfinished: bool = False,
    progress: Progress = _no_progress,
) -> HandsImport:
    """Record the hands of a CSV file (``round,table,hand,player,points`` [, ``penalty``,
    ``total``]).

    Rounds, tables and seats named in the file are created when absent (seat
    order = order of the players' first rows in that table) and checked when
    present. Hands must follow the table's last recorded hand; they go through
    ``tables.services.record_hands`` (the sheet's checks: a locked round, a
    confirmed table, the exact hand check), many tables per statement. A draft
    tournament with results is running: it is published. With
    ``close_unfinished`` every table in the file whose game has not ended is
    closed as by the arbiter (time up). ``actor`` is recorded with every
    write; ``progress(rows done, rows)`` is called as tables are recorded.
    Raises ``TournamentError`` (code "import_failed", with ``problems``) with every problem (the
    first of each table), row-numbered; nothing is written then.
    """
    rows, errors = csvio.read_hands(source)
    if errors:
        raise TournamentError.import_failed(errors)
    lookup, ambiguous = _registration_lookup(tournament)
    by_table: dict[tuple[int, int], list[tuple[HandRow, int]]] = defaultdict(list)
    for row in rows:
        key = row.player.casefold()
        if key in ambiguous:
            errors.append(
                RowError(
                    row.row,
                    _("two registered players are called %(name)s; use the external id")
                    % {"name": row.player},
                )
            )
        elif key not in lookup:
            errors.append(
                RowError(
                    row.row,
                    _("unknown player %(name)r: not registered in %(slug)s")
                    % {"name": row.player, "slug": tournament.slug},
                )
            )
        else:
            by_table[(row.round, row.table)].append((row, lookup[key]))
    if errors:
        raise TournamentError.import_failed(errors)
    result = HandsImport()
    with transaction.atomic():
        if tournament.status == Tournament.Status.FINISHED:
            raise TournamentError.import_failed(
                [
                    RowError(
                        0,
                        _(
                            "The tournament is finished; its results are final. The organizer can "
                            "reopen it."
                        ),
                    )
                ]
            )
        known = _Known.of(tournament)
        plans: list[_TablePlan] = []
        for (round_number, table_number), table_rows in by_table.items():
            plan = _seat_table(known, round_number, table_number, table_rows)
            if isinstance(plan, list):
                errors.extend(plan)
            else:
                plans.append(plan)
        if not errors:
            _create_tables(tournament, known, plans, result, actor)
            errors.extend(_record_plans(plans, result, actor, progress, len(rows)))
        if not errors and close_unfinished:
            for plan in plans:
                if not plan.over:
                    try:
                        table_services.close_game(plan.table, actor=actor)
                    except scoring.ScoringError as exc:
                        errors.append(RowError(plan.first_row, f"{plan.label}: {exc}"))
                    else:
                        result.closed += 1
        if not errors and result.hands and tournament.status == Tournament.Status.DRAFT:
            tournament.status = Tournament.Status.RUNNING
            stamp(tournament, actor).save(update_fields=["status"])
        if errors:
            transaction.set_rollback(True)
    if errors:
        raise TournamentError.import_failed(sorted(errors, key=lambda e: e.row))
    return result


@dataclass
class _Known:
    """What a hands import reads once, not table by table: the rounds, the tables with their seat
    order, who sits where (``sitting[(round number, registration id)]`` = table number), and the
    number of the placement final (None before the finals), from which no table can be added."""

    rounds: dict[int, Round]
    tables: dict[tuple[int, int], tuple[Table, list[int]]]
    sitting: dict[tuple[int, int], int]
    final_number: int | None

    @classmethod
    def of(cls, tournament: Tournament) -> _Known:
        rounds = {r.number: r for r in Round.objects.filter(tournament=tournament)}
        tables: dict[tuple[int, int], tuple[Table, list[int]]] = {}
        for table in Table.objects.filter(round__tournament=tournament).select_related(
            "round__tournament"
        ):
            tables[(table.round.number, table.number)] = (table, [])
        sitting: dict[tuple[int, int], int] = {}
        for round_no, table_no, reg in (
            Seat.objects.filter(round__tournament=tournament)
            .order_by("table_id", "position")
            .values_list("round__number", "table__number", "registration_id")
        ):
            tables[(round_no, table_no)][1].append(reg)
            sitting[(round_no, reg)] = table_no
        finals = [n for n, r in rounds.items() if r.kind == Round.Kind.FINAL]
        return cls(rounds, tables, sitting, finals[0] if finals else None)


@dataclass
class _TablePlan:
    """One table of a hands file: its rows, its seat order (registration ids) and, once known, its
    Table."""

    round_number: int
    number: int
    rows: list[tuple[HandRow, int]]
    seats: list[int]
    table: Table | None
    label: str
    over: bool = False

    @property
    def first_row(self) -> int:
        return self.rows[0][0].row


def _seat_table(
    known: _Known, round_number: int, table_number: int, table_rows: list[tuple[HandRow, int]]
) -> _TablePlan | list[RowError]:
    """The plan of one table of the file, or its problems: seats that do not fit the table as it
    is."""
    label = _("round %(round)s, table %(table)s") % {"round": round_number, "table": table_number}
    first_row = table_rows[0][0].row
    order: list[int] = []
    for _row, reg in table_rows:
        if reg not in order:
            order.append(reg)
    found = known.tables.get((round_number, table_number))
    if found is None:
        if known.final_number is not None and round_number >= known.final_number:
            return [
                RowError(
                    first_row,
                    _(
                        "%(label)s: no table can be added to the placement final (round "
                        "%(n)s) or after it"
                    )
                    % {"label": label, "n": known.final_number},
                )
            ]
        if len(order) not in scoring.TABLE_SIZES:
            return [
                RowError(
                    first_row,
                    ngettext(
                        "%(label)s has %(count)s player; a table has 3, 4 or 5",
                        "%(label)s has %(count)s players; a table has 3, 4 or 5",
                        len(order),
                    )
                    % {"label": label, "count": len(order)},
                )
            ]
        elsewhere = {
            reg: known.sitting[(round_number, reg)]
            for reg in order
            if (round_number, reg) in known.sitting
        }
        if elsewhere:
            rows_of = {reg: row for row, reg in reversed(table_rows)}
            return [
                RowError(
                    rows_of[reg].row,
                    _("%(name)s already sits at table %(table)s in round %(round)s")
                    % {"name": rows_of[reg].player, "table": number, "round": round_number},
                )
                for reg, number in elsewhere.items()
            ]
        known.sitting.update({(round_number, reg): table_number for reg in order})
        return _TablePlan(round_number, table_number, table_rows, order, None, label)
    table, seats = found
    strangers = [(row, reg) for row, reg in table_rows if reg not in seats]
    if strangers:
        return [
            RowError(
                row.row,
                _("%(name)s does not sit at %(label)s") % {"name": row.player, "label": label},
            )
            for row, _reg in strangers
        ]
    return _TablePlan(round_number, table_number, table_rows, seats, table, label)


def _create_tables(
    tournament: Tournament,
    known: _Known,
    plans: list[_TablePlan],
    result: HandsImport,
    actor: Actor,
) -> None:
    """The rounds and tables (with seats) the file names and the tournament lacks, in bulk."""
    for plan in plans:
        if plan.round_number not in known.rounds:
            round_ = Round(
                tournament=tournament, number=plan.round_number, status=Round.Status.PLAYING
            )
            stamp(round_, actor).save()
            known.rounds[plan.round_number] = round_
            result.rounds += 1
    new = [plan for plan in plans if plan.table is None]
    tables = Table.objects.bulk_create(
        [Table(round=known.rounds[p.round_number], number=p.number) for p in new],
        batch_size=500,
    )
    copy_to_history(Table.objects.filter(pk__in=[t.pk for t in tables]), actor)
    Seat.objects.bulk_create(
        (
            Seat(table_id=table.pk, round_id=table.round_id, position=i, registration_id=reg)
            for plan, table in zip(new, tables)
            for i, reg in enumerate(plan.seats)
        ),
        batch_size=500,
    )
    for plan, table in zip(new, tables):
        plan.table = table
        known.tables[(plan.round_number, plan.number)] = (table, plan.seats)
    result.tables += len(new)


#: Tables recorded per call of ``record_hands``: few statements, and progress now and then.
_TABLES_PER_BATCH = 200


def _record_plans(
    plans: list[_TablePlan], result: HandsImport, actor: Actor, progress: Progress, total_rows: int
) -> list[RowError]:
    """Record the hands of every table of the file; the first problem of each table,
    row-numbered."""
    errors: list[RowError] = []
    states = _states([plan.table for plan in plans if plan.table.pk is not None])
    batches: list[
        tuple[_TablePlan, table_services.TableHands, list[int], int, tuple[int, ...]]
    ] = []
    for plan in plans:
        count, totals = states.get(plan.table.pk, (0, (0,) * len(plan.seats)))
        built = _hands_of(plan, count)
        if isinstance(built, RowError):
            errors.append(built)
            continue
        hands, firsts = built
        batches.append(
            (plan, table_services.TableHands(plan.table, hands, count + 1), firsts, count, totals)
        )
    done = 0
    for start in range(0, len(batches), _TABLES_PER_BATCH):
        chunk = batches[start : start + _TABLES_PER_BATCH]
        while chunk:
            try:
                written = table_services.record_hands([b[1] for b in chunk], actor=actor)
            except scoring.ScoringError as exc:
                # Report this table's problem and record the others, to find their problems too.
                bad = next(b for b in chunk if b[1].table.pk == getattr(exc, "table_id", None))
                plan, _batch, firsts, count, _totals = bad
                index = getattr(exc, "index", None)
                if index is None:
                    errors.append(RowError(plan.first_row, f"{plan.label}: {exc}"))
                else:
                    errors.append(
                        RowError(
                            firsts[index],
                            _("%(label)s, hand %(number)s: %(problem)s")
                            % {"label": plan.label, "number": count + 1 + index, "problem": exc},
                        )
                    )
                chunk = [b for b in chunk if b is not bad]
                continue
            for plan, batch, _firsts, _count, totals in chunk:
                problem = _check_totals(plan, written[batch.table.pk], totals)
                if problem is not None:
                    errors.append(problem)
                result.hands += len(written[batch.table.pk])
                done += len(plan.rows)
            break
        progress(done, total_rows)
    return errors


def _states(tables: list[Table]) -> dict[int, tuple[int, tuple[int, ...]]]:
    """(hands recorded, per-seat totals in seat order) of existing tables: 2 queries."""
    if not tables:
        return {}
    ids = [t.pk for t in tables]
    counts = dict(
        Hand.objects.filter(table_id__in=ids).values_list("table_id").annotate(n=Count("id"))
    )
    totals: dict[int, list[int]] = defaultdict(list)
    for table_id, total in (
        Seat.objects.filter(table_id__in=ids)
        .order_by("table_id", "position")
        .values_list("table_id")
        .annotate(total=Coalesce(Sum("scores__points"), 0))
    ):
        totals[table_id].append(total)
    return {pk: (counts.get(pk, 0), tuple(totals[pk])) for pk in ids}


def _hands_of(
    plan: _TablePlan, count: int
) -> tuple[list[table_services.NewHand], list[int]] | RowError:
    """The table's hands in order (each the next one after ``count``), with each hand's first row;
    or a problem."""
    hands: dict[int, dict[int, HandRow]] = defaultdict(dict)
    for row, reg in plan.rows:
        hands[row.hand][reg] = row
    expected = count + 1
    batch: list[table_services.NewHand] = []
    firsts: list[int] = []
    for number in sorted(hands):
        cells = hands[number]
        first = min(r.row for r in cells.values())
        label = plan.label
        if number != expected:
            return RowError(
                first,
                _("%(label)s: the next hand is hand %(expected)s, found hand %(number)s")
                % {"label": label, "expected": expected, "number": number},
            )
        missing = [i + 1 for i, reg in enumerate(plan.seats) if reg not in cells]
        if missing:
            return RowError(
                first,
                ngettext(
                    "%(label)s, hand %(number)s: no row for seat %(seats)s",
                    "%(label)s, hand %(number)s: no row for seats %(seats)s",
                    len(missing),
                )
                % {"label": label, "number": number, "seats": ", ".join(map(str, missing))},
            )
        offenders = [i for i, reg in enumerate(plan.seats) if cells[reg].penalty]
        if len(offenders) > 1:
            return RowError(
                first,
                _("%(label)s, hand %(number)s: more than one offender marked with penalty 1")
                % {"label": label, "number": number},
            )
        points = [cells[reg].points for reg in plan.seats]
        if not offenders and None in points:
            return RowError(
                first,
                _("%(label)s, hand %(number)s: a points cell is empty")
                % {"label": label, "number": number},
            )
        batch.append(
            table_services.NewHand(
                None if offenders else points,
                offenders[0] if offenders else None,
                _("illegal play (imported)") if offenders else "",
            )
        )
        firsts.append(first)
        expected += 1
    return batch, firsts


def _check_totals(plan: _TablePlan, written, totals: tuple[int, ...]) -> RowError | None:
    """The file's ``total`` cells against the running totals; sets ``plan.over`` (the game has
    ended)."""
    rules = plan.table.round.tournament.scoring_rules()
    running = list(totals)
    cells_of: dict[int, dict[int, HandRow]] = defaultdict(dict)
    for row, reg in plan.rows:
        cells_of[row.hand][reg] = row
    for hand in written:
        running = [t + p for t, p in zip(running, hand.points)]
        for i, reg in enumerate(plan.seats):
            cell = cells_of[hand.number][reg]
            if cell.total is not None and cell.total != running[i]:
                return RowError(
                    cell.row,
                    _(
                        "%(label)s, hand %(number)s: total %(given)s for %(name)s, but the hands "
                        "add up to %(total)s"
                    )
                    % {
                        "label": plan.label,
                        "number": hand.number,
                        "given": cell.total,
                        "name": cell.player,
                        "total": running[i],
                    },
                )
    hands = written[-1].number if written else 0
    plan.over = scoring.is_game_over(running, hands, rules, closed=plan.table.closed_by_arbiter)
    return None
