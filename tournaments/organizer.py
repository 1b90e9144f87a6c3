"""The organizer's writes behind the pages: publish, register, withdraw, appoint arbiters,
start and lock rounds, finish the tournament.

Service functions in the house style (keyword-only options, one transaction,
row locks where two clicks could race). A user-fixable problem raises
``OrganizerError`` whose message is translated and shown on the page;
nothing is written then. Role checks are the views' job
(``tournaments.permissions``).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from tables.models import Table

from . import seating_service
from .models import Player, Registration, Round, Tournament


class OrganizerError(ValueError):
    """An organizer action the rules or the tournament's state refuse; ``str()`` is translated."""


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def publish(tournament: Tournament) -> Tournament:
    """Make a draft tournament public (status running). Idempotent."""
    with transaction.atomic():
        tournament = _locked(tournament)
        if tournament.status == Tournament.Status.DRAFT:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
    return tournament


def register_player(tournament: Tournament, *, name: str, club: str = "", external_id: str = "") -> Registration:
    """Register one player typed in by the organizer.

    A player with the same external id (or, without one, the same name and
    club) is reused, as ``import_players`` does. Raises ``OrganizerError``
    when the id belongs to someone else, the player is already registered or
    the tournament is finished.
    """
    name, club, external_id = name.strip(), club.strip(), external_id.strip()
    if not name:
        raise OrganizerError(_("The name is empty."))
    if tournament.status == Tournament.Status.FINISHED:
        raise OrganizerError(_("The tournament is finished; no player can be registered."))
    with transaction.atomic():
        if external_id:
            player = Player.objects.filter(external_id=external_id).first()
            if player is not None and player.name.casefold() != name.casefold():
                raise OrganizerError(
                    _("External id %(id)s belongs to %(name)s.") % {"id": external_id, "name": player.name}
                )
        else:
            player = Player.objects.filter(name__iexact=name, club__iexact=club).order_by("id").first()
        if player is None:
            player = Player.objects.create(name=name, club=club, external_id=external_id)
        if Registration.objects.filter(tournament=tournament, player=player).exists():
            raise OrganizerError(_("%(name)s is already registered.") % {"name": player.name})
        return Registration.objects.create(tournament=tournament, player=player)


def set_withdrawn(registration: Registration, withdrawn: bool) -> Registration:
    """Withdraw a player (their games still count; they are not seated again) or take them back."""
    if registration.withdrawn != withdrawn:
        registration.withdrawn = withdrawn
        registration.save(update_fields=["withdrawn"])
    return registration


def appoint_arbiter(tournament: Tournament, username: str):
    """Appoint an existing user (by user name) as arbiter. Raises ``OrganizerError`` for an unknown user."""
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise OrganizerError(_("There is no user called %(name)s.") % {"name": username.strip()})
    tournament.arbiters.add(user)
    return user


def remove_arbiter(tournament: Tournament, user_id: int) -> None:
    tournament.arbiters.remove(user_id)


def current_round(tournament: Tournament) -> Round | None:
    """The last round of the tournament, or None before the first."""
    return tournament.rounds.order_by("-number").first()


def start_round(tournament: Tournament, *, seed: int | None = None) -> Round:
    """Seat the next round of the tournament and open it for play.

    Seats it with ``seating_service.seat_round`` (the tournament's method,
    odd-count policy and table size). Raises ``OrganizerError`` when the
    previous round is not locked, every planned round has been played, the
    tournament is finished or too few players are active.
    """
    with transaction.atomic():
        tournament = _locked(tournament)
        if tournament.status == Tournament.Status.FINISHED:
            raise OrganizerError(_("The tournament is finished."))
        last = current_round(tournament)
        if last is not None and last.status != Round.Status.LOCKED:
            raise OrganizerError(_("Lock round %(n)s before starting the next one.") % {"n": last.number})
        number = 1 if last is None else last.number + 1
        if number > tournament.rounds_planned:
            raise OrganizerError(
                _("All %(n)s planned rounds have been played; raise the number of rounds to add one.")
                % {"n": tournament.rounds_planned}
            )
        try:
            round_ = seating_service.seat_round(tournament, number=number, seed=seed)
        except seating_service.SeatingServiceError as exc:
            raise OrganizerError(str(exc)) from None
        if tournament.status == Tournament.Status.DRAFT:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
    return round_


def lock_round(round_: Round) -> Round:
    """Lock a round: its results become final and no hand can be entered or corrected.

    Raises ``OrganizerError`` naming the tables whose game has not ended.
    """
    from .pages import round_tables

    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
        if round_.status == Round.Status.LOCKED:
            return round_
        # Lock the round's tables too, so no hand slips in between the check and the lock.
        list(Table.objects.select_for_update().filter(round=round_).values_list("id"))
        unfinished = [t.number for t in round_tables(round_.tournament, round_) if not t.over]
        if unfinished:
            raise OrganizerError(
                _("These tables have not finished their game: %(tables)s.")
                % {"tables": ", ".join(map(str, unfinished))}
            )
        round_.status = Round.Status.LOCKED
        round_.save(update_fields=["status"])
    return round_


def finish_tournament(tournament: Tournament) -> Tournament:
    """Finish the tournament: every round must be locked. Raises ``OrganizerError`` otherwise."""
    with transaction.atomic():
        tournament = _locked(tournament)
        open_rounds = list(tournament.rounds.exclude(status=Round.Status.LOCKED).values_list("number", flat=True))
        if open_rounds:
            raise OrganizerError(
                _("Lock round(s) %(rounds)s first.") % {"rounds": ", ".join(map(str, open_rounds))}
            )
        if not tournament.rounds.exists():
            raise OrganizerError(_("No round has been played."))
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
    return tournament

