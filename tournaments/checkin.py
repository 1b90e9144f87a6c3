"""Check-in per round and late arrivals (issue 14): the writes.

Before a round is seated the organizer (or an arbiter) marks who is there:
present (the default), absent or late (``Attendance``). Seating leaves out
the absent and the late (``seating_service.seat_next_round`` reads
:func:`not_seated`). A late player who arrives during the round joins it
either with a bye (the tournament's bye points) or as a fill-in at a table
that has not started and can take one more seat (a table of 3 becomes a
table of 4, a table of 4 of 5 where the rule set has a 5-seat variant);
otherwise they simply play from the next round on.

Every function runs in one transaction and raises ``TournamentError``
(translated, with a code) for a request that cannot be met; nothing is
written then. ``actor`` is kept in the history.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from tables.models import HandEntry, Seat, Table

from . import rulesets
from .audit import Actor, stamp
from .errors import TournamentError
from .models import Attendance, Bye, Registration, Round, Tournament

State = Attendance.State


def next_round_number(tournament: Tournament) -> int:
    """The round the check-in is for: the last round while it is not locked, else the next one."""
    last = tournament.rounds.order_by("-number").values_list("number", "status").first()
    if last is None:
        return 1
    number, status = last
    return number if status != Round.Status.LOCKED else number + 1


def not_seated(tournament: Tournament, round_number: int) -> set[int]:
    """Registration ids marked absent or late for ``round_number``: seating leaves them out. One
    query."""
    return set(
        Attendance.objects.filter(
            registration__tournament=tournament,
            round_number=round_number,
            state__in=[State.ABSENT, State.LATE],
        ).values_list("registration_id", flat=True)
    )


def set_attendance(
    tournament: Tournament,
    round_number: int,
    states: Mapping[int, str],
    *,
    actor: Actor,
) -> int:
    """Record the check-in of ``round_number``: ``states`` maps registration ids to
    present/absent/late.

    Allowed for the round about to be seated (:func:`next_round_number`) and,
    while it is played, for the current one (a player leaving early: absent;
    the seating already made is not changed). Registrations of another
    tournament or withdrawn ones are refused. Returns the number of players
    whose state changed. Raises ``TournamentError`` (codes finished,
    round_number, unknown_player, bad_state).
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status == Tournament.Status.FINISHED:
            raise TournamentError(_("The tournament is finished."), code="finished")
        expected = next_round_number(tournament)
        if round_number != expected:
            raise TournamentError(
                _("The check-in is for round %(n)s now.") % {"n": expected},
                code="round_number",
            )
        bad = [s for s in states.values() if s not in State.values]
        if bad:
            raise TournamentError(
                _("Unknown check-in state %(state)s.") % {"state": bad[0]}, code="bad_state"
            )
        known = set(
            Registration.objects.filter(
                tournament=tournament, withdrawn=False, pk__in=list(states)
            ).values_list("pk", flat=True)
        )
        unknown = set(states) - known
        if unknown:
            raise TournamentError(
                _("Player %(id)s is not an active player of this tournament.")
                % {"id": min(unknown)},
                code="unknown_player",
            )
        current = {
            a.registration_id: a
            for a in Attendance.objects.select_for_update().filter(
                registration_id__in=known, round_number=round_number
            )
        }
        changed = 0
        for registration_id, state in states.items():
            row = current.get(registration_id)
            if row is None and state == State.PRESENT:
                continue  # present is the default: no row needed
            if row is not None and row.state == state:
                continue
            if row is None:
                row = Attendance(registration_id=registration_id, round_number=round_number)
            row.state = state
            stamp(row, actor).save()
            changed += 1
    return changed


def late_players(round_: Round) -> list[Registration]:
    """Players marked late for ``round_`` who have neither a seat nor a bye in it yet, by name."""
    placed = set(Seat.objects.filter(round=round_).values_list("registration_id", flat=True))
    placed |= set(Bye.objects.filter(round=round_).values_list("registration_id", flat=True))
    late = (
        Registration.objects.filter(
            tournament_id=round_.tournament_id,
            withdrawn=False,
            attendances__round_number=round_.number,
            attendances__state=State.LATE,
        )
        .select_related("player")
        .order_by("player__name", "id")
    )
    return [r for r in late if r.pk not in placed]


def _arrive(round_: Round, registration: Registration, actor: Actor) -> None:
    Attendance.objects.filter(registration=registration, round_number=round_.number).delete()
    stamp(
        Attendance(registration=registration, round_number=round_.number, state=State.PRESENT),
        actor,
    ).save()


def _open_round(round_: Round, registration: Registration) -> Round:
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is finished."), code="finished")
    if round_.status == Round.Status.LOCKED:
        raise TournamentError(
            _("Round %(n)s is locked.") % {"n": round_.number}, code="round_locked"
        )
    if registration.tournament_id != round_.tournament_id or registration.withdrawn:
        raise TournamentError(
            _("%(name)s is not an active player of this tournament.")
            % {"name": registration.player.name},
            code="unknown_player",
        )
    if (
        Seat.objects.filter(round=round_, registration=registration).exists()
        or Bye.objects.filter(round=round_, registration=registration).exists()
    ):
        raise TournamentError(
            _("%(name)s already plays in round %(n)s.")
            % {"name": registration.player.name, "n": round_.number},
            code="already_placed",
        )
    return round_


def give_bye(round_: Round, registration: Registration, *, actor: Actor) -> Bye:
    """A late player joins ``round_`` with a bye (the tournament's bye match and result points).

    Raises ``TournamentError`` when the round is locked, the tournament
    finished, or the player already has a seat or a bye in the round.
    """
    with transaction.atomic():
        round_ = _open_round(round_, registration)
        bye = Bye(round=round_, registration=registration)
        bye.save()
        _arrive(round_, registration, actor)
    return bye


def fill_in(round_: Round, registration: Registration, *, actor: Actor) -> Seat:
    """A late player takes the last seat of a table of ``round_`` that has not started; returns the
    seat.

    The table chosen is the smallest that can grow by one under the
    tournament's rule set (``rulesets.table_rules``: 3, 4 or 5 seats), among
    arbiter-entered tables with no hand recorded or entered yet; the lowest
    number first. The new seat is the last one (seat 1 still deals first).
    Raises ``TournamentError`` (code ``no_table``) when no table can take
    them: give a bye instead.
    """
    with transaction.atomic():
        round_ = _open_round(round_, registration)
        tournament = round_.tournament
        tables = (
            Table.objects.select_for_update()
            .filter(
                round=round_,
                mode=Table.Mode.ARBITER,
                hands_recorded=0,
                closed_by_arbiter=False,
                result_confirmed_at__isnull=True,
            )
            .order_by("number")
        )
        sizes = {t: t.seats.count() for t in tables}
        started = set(
            HandEntry.objects.filter(table__in=list(sizes)).values_list("table_id", flat=True)
        )
        candidates = []
        for table, size in sizes.items():
            if table.pk in started or size >= 5:
                continue
            try:
                rulesets.table_rules(tournament.rules, size + 1)
            except ValueError:
                continue
            candidates.append((size, table.number, table))
        if not candidates:
            raise TournamentError(
                _("No table of round %(n)s can take another player now; give a bye instead.")
                % {"n": round_.number},
                code="no_table",
            )
        size, _number, table = min(candidates, key=lambda c: (c[0], c[1]))
        seat = Seat(table=table, round=round_, registration=registration, position=size)
        seat.save()
        table.version += 1
        stamp(table, actor).save(update_fields=["version"])
        _arrive(round_, registration, actor)
    return seat
