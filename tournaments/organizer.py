"""The organizer's writes behind the pages: publish, register, withdraw, appoint arbiters,
start and lock rounds, finish the tournament.

Service functions in the house style (keyword-only options, one transaction,
row locks where two clicks could race). A user-fixable problem raises
``OrganizerError`` whose message is translated and shown on the page;
nothing is written then. Role checks are the views' job
(``tournaments.permissions``).
"""

from __future__ import annotations

import importlib.util
import random

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from tables.models import Table

from .models import Player, Registration, Round, Tournament
from .services import create_table


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


def random_tables(registration_ids: list[int], seed: int) -> list[list[int]]:
    """A seeded random seating: tables of 4, with one or two tables of 5 (or 3) when the count is not a multiple of 4.

    ``[]`` players → ``[]``; fewer than 3 players raises ``OrganizerError``.
    """
    n = len(registration_ids)
    if n < 3:
        raise OrganizerError(_("At least 3 active players are needed to start a round."))
    players = sorted(registration_ids)
    random.Random(seed).shuffle(players)
    fours, rest = divmod(n, 4)
    sizes = {0: [4] * fours, 1: [5] + [4] * (fours - 1), 3: [4] * fours + [3]}.get(rest)
    if rest == 2:
        sizes = [5, 5] + [4] * (fours - 2) if fours >= 2 else [3, 3]
    tables, start = [], 0
    for size in sizes:
        tables.append(players[start:start + size])
        start += size
    return tables


def _seating_service():
    """The seating issue's service module when it exists (``tournaments.seating_service``), else None."""
    if importlib.util.find_spec("tournaments.seating_service") is None:
        return None
    return importlib.import_module("tournaments.seating_service")


def start_round(tournament: Tournament, *, seed: int | None = None) -> Round:
    """Seat the next round of the tournament and open it for play.

    Uses the seating service (issue 6) when present, else a seeded random
    seating of the active players. Raises ``OrganizerError`` when the
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
        seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        service = _seating_service()
        if service is not None and hasattr(service, "seat_round"):
            round_ = service.seat_round(tournament, number=number, seed=seed)
        else:
            active = list(
                Registration.objects.filter(tournament=tournament, withdrawn=False).values_list("id", flat=True)
            )
            tables = random_tables(active, seed)
            round_ = Round.objects.create(
                tournament=tournament, number=number, status=Round.Status.PLAYING, seating_method="random", seed=seed,
            )
            for i, regs in enumerate(tables, start=1):
                create_table(round_, i, regs)
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

