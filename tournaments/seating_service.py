"""Seating glue (issue 6): load rounds from the database, call
``tournaments.seating`` (pure), save tables, seats and byes.

Like Tabbycat's draw manager: the algorithms never see a model.  Players
are registration ids.  Settings the tournament model does not hold yet
(method, odd-count policy, table size) come as keyword arguments, falling
back to a tournament attribute of the same name when one exists
(``seating_method``, ``odd_policy``, ``table_size``), then to the defaults.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tables.models import Seat, Table

from . import seating, selectors
from .models import Bye, Registration, Round, Tournament
from .services import create_table


class SeatingServiceError(Exception):
    """A request the organizer can fix; the message is translated."""


# Translated messages for ``seating.SeatingError`` codes (the pure module
# has no Django, so it names the problem and we word it here).
_MESSAGES = {
    "too_few_players": lambda p: _("%(n)s active players cannot fill one table of %(size)s.") % p,
    "odd_policy_cannot_seat": lambda p: _(
        "%(n)s players cannot be seated at tables of %(size)s and %(odd_size)s; choose another "
        "odd-count policy."
    ) % p,
    "bad_odd_policy": lambda p: _("Unknown odd-count policy %(odd)s: use one of %(choices)s.") % p,
    "bad_method": lambda p: _("Unknown seating method %(method)s: use one of %(choices)s.") % p,
    "not_in_round": lambda p: _("Player %(player)s is not in this round.") % p,
    "no_such_table": lambda p: _("There is no table %(table)s.") % p,
    "bad_table_size_after_move": lambda p: _("Table %(table)s would have %(count)s players.") % p,
}


def _translate(error: seating.SeatingError) -> SeatingServiceError:
    message = _MESSAGES.get(error.code)
    return SeatingServiceError(message(error.params) if message else str(error))


@dataclass(frozen=True)
class SeatedRound:
    """What ``seat_next_round`` did: the saved round, the seating (player =
    registration id) and the repeated pairs it created."""

    round: Round
    seating: seating.Seating
    repeats: tuple[seating.Repeat, ...]


def history(tournament: Tournament, *, before: int | None = None) -> dict[int, seating.Seating]:
    """The tournament's rounds (before round number ``before``) as plain
    seatings of registration ids, keyed by round number; 2 queries."""
    seats = Seat.objects.filter(round__tournament=tournament)
    byes = Bye.objects.filter(round__tournament=tournament)
    if before is not None:
        seats = seats.filter(round__number__lt=before)
        byes = byes.filter(round__number__lt=before)
    tables: dict[int, dict[int, list[int]]] = {}
    for number, table, registration in seats.order_by(
        "round__number", "table__number", "position"
    ).values_list("round__number", "table__number", "registration_id"):
        tables.setdefault(number, {}).setdefault(table, []).append(registration)
    bye_lists: dict[int, list[int]] = {}
    for number, registration in byes.order_by("round__number", "registration_id").values_list(
        "round__number", "registration_id"
    ):
        bye_lists.setdefault(number, []).append(registration)
    numbers = sorted(set(tables) | set(bye_lists))
    return {
        n: seating.Seating(
            tuple(tuple(t) for _, t in sorted(tables.get(n, {}).items())), tuple(bye_lists.get(n, ()))
        )
        for n in numbers
    }


def round_seating(round_: Round) -> seating.Seating:
    """One saved round as a plain seating (tables in number order)."""
    return history(round_.tournament, before=round_.number + 1).get(round_.number, seating.Seating(()))


def _setting(tournament: Tournament, name: str, given, default):
    if given is not None:
        return given
    value = getattr(tournament, name, None)
    return value if value not in (None, "") else default


def seat_next_round(
    tournament: Tournament,
    *,
    number: int | None = None,
    seed: int | None = None,
    method: str | None = None,
    odd: str | None = None,
    table_size: int | None = None,
    status: str = Round.Status.PLAYING,
) -> SeatedRound:
    """Seat round ``number`` (default: the next) of ``tournament`` and save
    it: a ``Round`` (method and seed recorded), its tables and seats (seat 0
    deals first) and byes, in one transaction.

    Without an odd-count policy (argument or tournament field) counts that
    tables of 5 cannot seat (6, 7, 11 players) get tables of 3.  Active
    players are the registrations not withdrawn, late ones included.
    ``swiss`` ranks them by the standings after the rounds played
    (``selectors.standings``); balanced follows one plan for the tournament
    (seeded by the tournament's ``seed``, chosen and saved when round 1 is
    seated if empty; a round's seed defaults to one derived from it) while
    the rounds match it, looking ahead over
    the rounds planned.  Raises ``SeatingServiceError`` (translated) when
    the round exists, the previous round is not locked, the tournament is
    finished, or the players cannot be seated; nothing is written then.
    """
    method = _setting(tournament, "seating_method", method, seating.BALANCED)
    chosen_odd = _setting(tournament, "odd_policy", odd, None)
    odd = chosen_odd or seating.TABLES_OF_5
    table_size = int(_setting(tournament, "table_size", table_size, 4))
    if method not in seating.GENERATING_METHODS:
        raise SeatingServiceError(
            _("Unknown seating method %(method)s: use one of %(choices)s.")
            % {"method": method, "choices": ", ".join(seating.GENERATING_METHODS)}
        )
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status == Tournament.Status.FINISHED:
            raise SeatingServiceError(_("The tournament is finished."))
        rounds = dict(tournament.rounds.values_list("number", "status"))
        last = max(rounds, default=0)
        number = last + 1 if number is None else number
        if number in rounds:
            raise SeatingServiceError(_("Round %(n)s is already seated.") % {"n": number})
        if number != last + 1:
            raise SeatingServiceError(_("The next round to seat is round %(n)s.") % {"n": last + 1})
        if last and rounds[last] != Round.Status.LOCKED:
            raise SeatingServiceError(
                _("Lock round %(n)s before seating the next one.") % {"n": last}
            )
        if tournament.seed is None:
            # The tournament's seed fixes the whole seating plan; chosen once, then recorded.
            tournament.seed = seed if seed is not None and number == 1 else random.SystemRandom().randrange(2**31)
            tournament.save(update_fields=["seed"])
        if seed is None:
            seed = random.Random(f"{tournament.seed}:{number}").randrange(2**31)
        active = list(
            Registration.objects.filter(tournament=tournament, withdrawn=False)
            .order_by("id").values_list("id", flat=True)
        )
        past = history(tournament, before=number)
        past_list = [past[n] for n in sorted(past)]
        ranks = None
        if method == seating.SWISS and past_list:
            ranks = {
                row.registration_id: row.rank - 1
                for row in selectors.standings(tournament, round_number=number - 1)
            }
        plan_seed = tournament.seed
        if chosen_odd is None:
            # no policy chosen: tables of 5, or of 3 for counts 5s cannot seat (6, 7, 11)
            try:
                seating.table_plan(len(active), table_size=table_size, odd=odd)
            except seating.SeatingError as exc:
                if exc.code == "odd_policy_cannot_seat":
                    odd = seating.TABLES_OF_3
        try:
            result = seating.seat_round(
                active, history=past_list, method=method, seed=seed, table_size=table_size,
                odd=odd, ranks=ranks, rounds_left=max(1, tournament.rounds_planned - number + 1),
                plan_seed=plan_seed,
            )
        except seating.SeatingError as exc:
            raise _translate(exc) from None
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=status, seating_method=method, seed=seed,
        )
        for table_number, table in enumerate(result.tables, 1):
            create_table(round_, table_number, table)
        Bye.objects.bulk_create(Bye(round=round_, registration_id=r) for r in result.byes)
    return SeatedRound(round_, result, tuple(seating.find_repeats(result, past_list)))


def seat_round(tournament: Tournament, *, number: int | None = None, seed: int | None = None) -> Round:
    """``seat_next_round`` with the tournament's settings, returning the
    saved ``Round`` (the entry point ``organizer.start_round`` uses)."""
    return seat_next_round(tournament, number=number, seed=seed).round


def repeats_in_round(round_: Round) -> list[seating.Repeat]:
    """Pairs at one table of ``round_`` who met in an earlier round (players
    are registration ids), for the organizer's page."""
    past = history(round_.tournament, before=round_.number + 1)
    current = past.pop(round_.number, seating.Seating(()))
    return seating.find_repeats(current, [past[n] for n in sorted(past)])


def _editable(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status == Round.Status.LOCKED:
        raise SeatingServiceError(_("Round %(n)s is locked.") % {"n": round_.number})
    if Table.objects.filter(round=round_, hands__isnull=False).exists():
        raise SeatingServiceError(
            _("Round %(n)s has hands recorded; its seating can no longer change.") % {"n": round_.number}
        )
    return round_


def _save_edit(round_: Round, after: seating.Seating) -> None:
    """Rewrite the round's tables, seats and byes from ``after``."""
    Seat.objects.filter(round=round_).delete()
    Table.objects.filter(round=round_).delete()
    Bye.objects.filter(round=round_).delete()
    for table_number, table in enumerate(after.tables, 1):
        create_table(round_, table_number, table)
    Bye.objects.bulk_create(Bye(round=round_, registration_id=r) for r in after.byes)
    round_.seating_method = seating.MANUAL
    round_.save(update_fields=["seating_method"])


def _edit(round_: Round, change) -> seating.ManualChange:
    """Apply ``change(before, history)`` (a pure ``seating`` edit) to a round with no hands yet, and save it."""
    with transaction.atomic():
        round_ = _editable(round_)
        past = history(round_.tournament, before=round_.number + 1)
        before = past.pop(round_.number, seating.Seating(()))
        try:
            result = change(before, [past[n] for n in sorted(past)])
        except seating.SeatingError as exc:
            raise _translate(exc) from None
        _save_edit(round_, result.seating)
    return result


def swap_players(round_: Round, a: int, b: int) -> seating.ManualChange:
    """Swap registrations ``a`` and ``b`` (seated or on a bye) in a round
    with no hands yet; returns the new seating and the repeats it creates.
    Raises ``SeatingServiceError``."""
    return _edit(round_, lambda before, past: seating.swap_players(before, a, b, history=past))


def move_player(round_: Round, registration: int, table: int | None) -> seating.ManualChange:
    """Move a registration to the last seat of table number ``table`` (1..),
    or to the byes when ``table`` is None, in a round with no hands yet.
    Raises ``SeatingServiceError``."""
    index = None if table is None else table - 1
    return _edit(round_, lambda before, past: seating.move_player(before, registration, index, history=past))


def seating_rows(tournament: Tournament, *, round_number: int | None = None) -> Iterator[list[object]]:
    """CSV rows ``round,table,seat,player`` (seat numbered from 1, seat 1
    deals first; player = name), then each round's byes with empty table
    and seat; 2 queries."""
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
