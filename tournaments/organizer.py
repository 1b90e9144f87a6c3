"""The organizer's writes behind the pages and commands: publish, register, withdraw, appoint
arbiters, start, lock and reopen rounds, hide and release rounds, create the placement finals,
finish and reopen the tournament.

Service functions in the house style (keyword-only options, one transaction,
row locks where two clicks could race). A user-fixable problem raises
``TournamentError`` whose message is translated and shown on the page (or
printed by the command); nothing is written then. Each decision names its
``actor`` (``tournaments.audit.Actor``) and every reopening its reason, in
the audit history. Role checks are the views' job
(``tournaments.permissions``); the consequences a confirmation page states
come from ``tournaments.selectors.lock_plan`` / ``finish_plan``.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tables import services as table_services
from tables.models import Table

from . import checkin, names, numbers, seating_service, selectors
from .audit import Actor, stamp
from .errors import TournamentError
from .models import Player, Registration, Round, Tournament
from .services import create_table


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _set_status(instance, status: str, actor: Actor, reason: str = "") -> None:
    instance.status = status
    stamp(instance, actor, reason).save(update_fields=["status"])


def _require_reason(reason: str) -> str:
    reason = reason.strip()
    if not reason:
        raise TournamentError(
            _("Give the reason for reopening; it is kept in the history."), code="reason_missing"
        )
    return reason


def publish(tournament: Tournament, *, actor: Actor) -> Tournament:
    """Make a draft tournament public (status running). Idempotent; a finished one stays
    finished."""
    with transaction.atomic():
        tournament = _locked(tournament)
        if tournament.status == Tournament.Status.DRAFT:
            _set_status(tournament, Tournament.Status.RUNNING, actor)
    return tournament


def _namesakes(
    tournament: Tournament, name: str, *, other_than: Player | None = None
) -> list[Player]:
    """Players registered in ``tournament`` whose name folds to the same key as ``name``
    (names.fold)."""
    key = names.fold(name)
    found = Player.objects.filter(registrations__tournament=tournament).order_by("id")
    if other_than is not None:
        found = found.exclude(pk=other_than.pk)
    return [p for p in found.only("id", "name", "club") if names.fold(p.name) == key]


def _namesake_error(found: list[Player]) -> TournamentError:
    who = ", ".join(str(p) for p in found)
    return TournamentError(
        ngettext(
            "%(who)s is already registered. If this is another person with the same name, confirm "
            "it.",
            "%(who)s are already registered. If this is another person with the same name, confirm "
            "it.",
            len(found),
        )
        % {"who": who},
        code="namesake",
    )


def _check_external_id(
    external_id: str, name: str, *, other_than: Player | None = None
) -> Player | None:
    """The player who has ``external_id`` (None if nobody); refuses an id that belongs to someone
    else's name."""
    if not external_id:
        return None
    player = Player.objects.filter(external_id=external_id).first()
    if player is not None and player != other_than and names.fold(player.name) != names.fold(name):
        raise TournamentError(
            _("External id %(id)s belongs to %(name)s.") % {"id": external_id, "name": player.name},
            code="external_id_taken",
        )
    return player


def _clean_person(name: str, club: str, external_id: str) -> tuple[str, str, str]:
    name, club, external_id = " ".join(name.split()), " ".join(club.split()), external_id.strip()
    if not name:
        raise TournamentError(_("The name is empty."), code="name_empty")
    return name, club, external_id


def register_player(
    tournament: Tournament,
    *,
    name: str,
    club: str = "",
    external_id: str = "",
    namesake_confirmed: bool = False,
    actor: Actor | None = None,
) -> Registration:
    """Register one player typed in by the organizer.

    A player with the same external id (or, without one, the same name and
    club, ignoring case) is reused, as ``import_players`` does.
    Someone of the same name already registered (another club, or no club)
    is refused with code ``namesake`` unless ``namesake_confirmed``: a second
    "Marco Bianchi" is registered only on purpose. Raises ``TournamentError``
    (codes name_empty, finished, external_id_taken, already_registered,
    namesake); nothing is written then.
    """
    name, club, external_id = _clean_person(name, club, external_id)
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(
            _("The tournament is finished; no player can be registered."), code="finished"
        )
    with transaction.atomic():
        _locked(
            tournament
        )  # two organizers registering the same name at once: one waits, then sees the other
        player = _check_external_id(external_id, name)
        if player is None and not external_id:
            player = (
                Player.objects.filter(name__iexact=name, club__iexact=club).order_by("id").first()
            )
        if (
            player is not None
            and Registration.objects.filter(tournament=tournament, player=player).exists()
        ):
            raise TournamentError(
                _("%(name)s is already registered.") % {"name": player.name},
                code="already_registered",
            )
        if not namesake_confirmed:
            found = _namesakes(tournament, name, other_than=player)
            if found:
                raise _namesake_error(found)
        if player is None:
            player = Player(name=name, club=club, external_id=external_id)
            (stamp(player, actor) if actor else player).save()
        registration = Registration(tournament=tournament, player=player)
        (stamp(registration, actor) if actor else registration).save()
        return registration


def edit_player(
    registration: Registration,
    *,
    name: str,
    club: str = "",
    external_id: str = "",
    namesake_confirmed: bool = False,
    actor: Actor,
) -> Player:
    """Correct a registered player's name, club and external id (the person, in every tournament
    they play).

    Same checks as :func:`register_player`: an external id of someone else is
    refused, and a name already registered in this tournament needs
    ``namesake_confirmed``. The change is kept in the player's history with
    ``actor``. Raises ``TournamentError``; nothing is written then.
    """
    name, club, external_id = _clean_person(name, club, external_id)
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=registration.player_id)
        _check_external_id(external_id, name, other_than=player)
        if (
            external_id
            and Player.objects.filter(external_id=external_id).exclude(pk=player.pk).exists()
        ):
            raise TournamentError(
                _("External id %(id)s is already used.") % {"id": external_id},
                code="external_id_taken",
            )
        if not namesake_confirmed and names.fold(name) != names.fold(player.name):
            found = _namesakes(registration.tournament, name, other_than=player)
            if found:
                raise _namesake_error(found)
        player.name, player.club, player.external_id = name, club, external_id
        stamp(player, actor).save(update_fields=["name", "club", "external_id"])
        # Pages cached under the tournaments' fingerprints show the new name at once.
        Tournament.objects.filter(registrations__player=player).update(
            names_revision=F("names_revision") + 1
        )
    return player


def delete_registration(registration: Registration, *, actor: Actor) -> str:
    """Delete a registration made by mistake; returns the player's name.

    Only a player who never sat at a table nor had a bye can be deleted
    (otherwise withdraw them: their games count). The player is deleted too
    when no other tournament has them. Raises ``TournamentError`` (code
    ``has_played``); nothing is written then.
    """
    with transaction.atomic():
        registration = (
            Registration.objects.select_for_update()
            .select_related("player")
            .get(pk=registration.pk)
        )
        if registration.seats.exists() or registration.byes.exists():
            raise TournamentError(
                _(
                    "%(name)s has already been seated: withdraw them instead (their games still "
                    "count)."
                )
                % {"name": registration.player.name},
                code="has_played",
            )
        player = registration.player
        stamp(registration, actor).delete()
        if not player.registrations.exists():
            stamp(player, actor).delete()
    return player.name


def set_withdrawn(
    registration: Registration, withdrawn: bool, *, actor: Actor | None = None
) -> Registration:
    """Withdraw a player (their games still count; they are not seated again) or take them back."""
    if registration.withdrawn != withdrawn:
        registration.withdrawn = withdrawn
        (stamp(registration, actor) if actor else registration).save(update_fields=["withdrawn"])
    return registration


def appoint_arbiter(tournament: Tournament, username: str):
    """Appoint an existing user (by user name) as arbiter. Raises ``TournamentError`` for an unknown
    user."""
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise TournamentError(
            _("There is no user called %(name)s.") % {"name": username.strip()}, code="unknown_user"
        )
    tournament.arbiters.add(user)
    return user


def create_arbiter(tournament: Tournament, username: str):
    """Create an account called ``username`` (no password yet) and appoint it arbiter; returns the
    user.

    The organizer hands the new arbiter a set-password link
    (``tournaments.accounts.set_password_path``); until it is used nobody can
    log in as that user. Raises ``TournamentError`` when the name is empty,
    not a valid user name, or taken.
    """
    model = get_user_model()
    username = username.strip()
    field = model._meta.get_field(model.USERNAME_FIELD)
    try:
        field.run_validators(username)
        if not username:
            raise ValidationError(_("The user name is empty."))
    except ValidationError as exc:
        raise TournamentError(" ".join(exc.messages), code="bad_username") from None
    with transaction.atomic():
        if model.objects.filter(**{f"{model.USERNAME_FIELD}__iexact": username}).exists():
            raise TournamentError(
                _("The user name %(name)s is taken; appoint that account or choose another name.")
                % {"name": username},
                code="username_taken",
            )
        user = model(**{model.USERNAME_FIELD: username})
        user.set_unusable_password()
        user.save()
        tournament.arbiters.add(user)
    return user


def remove_arbiter(tournament: Tournament, user_id: int):
    """Remove an arbiter from the tournament; returns the user. Raises ``TournamentError`` for
    someone who is not one."""
    user = tournament.arbiters.filter(pk=user_id).first()
    if user is None:
        raise TournamentError(
            _("That user is not an arbiter of this tournament."), code="not_an_arbiter"
        )
    tournament.arbiters.remove(user)
    return user


def current_round(tournament: Tournament) -> Round | None:
    """The last round of the tournament, or None before the first."""
    return tournament.rounds.order_by("-number").first()


def start_round(tournament: Tournament, *, actor: Actor, seed: int | None = None) -> Round:
    """Seat the next round of the tournament and open it for play.

    Seats it with ``seating_service.seat_next_round`` (the tournament's method,
    odd-count policy and table size). Raises ``TournamentError`` when the
    previous round is not locked, every planned round has been played, the
    tournament is finished or too few players are active.
    """
    with transaction.atomic():
        tournament = _locked(tournament)
        if tournament.status == Tournament.Status.FINISHED:
            raise TournamentError(_("The tournament is finished."), code="finished")
        last = current_round(tournament)
        if last is not None and last.status != Round.Status.LOCKED:
            raise TournamentError(
                _("Lock round %(n)s before starting the next one.") % {"n": last.number},
                code="round_not_locked",
            )
        number = 1 if last is None else last.number + 1
        if number > tournament.rounds_planned:
            raise TournamentError(
                ngettext(
                    "The %(n)s planned round has been played; raise the number of rounds to add "
                    "one.",
                    "All %(n)s planned rounds have been played; raise the number of rounds to add "
                    "one.",
                    tournament.rounds_planned,
                )
                % {"n": tournament.rounds_planned},
                code="rounds_played",
            )
        round_ = seating_service.seat_next_round(tournament, number=number, seed=seed).round
        if tournament.round_minutes:
            # Starting the round starts its clock (the arbiter may restart it when play begins).
            round_.minutes, round_.clock_started_at = tournament.round_minutes, timezone.now()
            stamp(round_, actor).save(update_fields=["minutes", "clock_started_at"])
        if tournament.status == Tournament.Status.DRAFT:
            _set_status(tournament, Tournament.Status.RUNNING, actor)
    return round_


def _clock_round(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.status == Round.Status.LOCKED:
        raise TournamentError(
            _("Round %(n)s is locked.") % {"n": round_.number}, code="round_locked"
        )
    return round_


def start_clock(round_: Round, *, actor: Actor, minutes: int | None = None) -> Round:
    """(Re)start the round clock now, for ``minutes`` (default: the round's, else the tournament's).

    minutes: 1 to ``numbers.MAX_ROUND_MINUTES``. Raises ``TournamentError``
    when the round is locked or no duration is known or possible.
    """
    with transaction.atomic():
        round_ = _clock_round(round_)
        minutes = minutes or round_.minutes or round_.tournament.round_minutes
        if not minutes or not 1 <= minutes <= numbers.MAX_ROUND_MINUTES:
            raise TournamentError(
                _("Give the round's duration in minutes, from 1 to %(max)s.")
                % {"max": numbers.MAX_ROUND_MINUTES},
                code="clock_minutes",
            )
        round_.minutes, round_.clock_started_at = minutes, timezone.now()
        stamp(round_, actor).save(update_fields=["minutes", "clock_started_at"])
    return round_


def add_minutes(round_: Round, minutes: int, *, actor: Actor) -> Round:
    """Give a running (or run out) round clock ``minutes`` more (negative: fewer, down to 1 minute
    in all).

    Raises ``TournamentError`` when the round is locked or its clock not started.
    """
    with transaction.atomic():
        round_ = _clock_round(round_)
        if round_.clock_started_at is None or not round_.minutes:
            raise TournamentError(
                _("The round clock has not been started."), code="clock_not_started"
            )
        round_.minutes = max(1, min(numbers.MAX_ROUND_MINUTES, round_.minutes + minutes))
        stamp(round_, actor).save(update_fields=["minutes"])
    return round_


def stop_clock(round_: Round, *, actor: Actor) -> Round:
    """Stop the round clock (the round then has no time limit shown). Idempotent."""
    with transaction.atomic():
        round_ = _clock_round(round_)
        if round_.clock_started_at is not None:
            round_.clock_started_at = None
            stamp(round_, actor).save(update_fields=["clock_started_at"])
    return round_


def lock_round(round_: Round, *, actor: Actor, close_unfinished: bool = False) -> Round:
    """Lock a round: its results become final and no hand can be entered or corrected.

    A table whose game has not ended is refused, unless ``close_unfinished``:
    then its game is closed as the arbiter does when time is up (its hands so
    far are final). Idempotent. Raises ``TournamentError`` naming the tables
    whose game has not ended (or that have no hand at all, which cannot be
    closed), or when the tournament is finished.
    """
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
        if round_.status == Round.Status.LOCKED:
            return round_
        if round_.tournament.status == Tournament.Status.FINISHED:
            raise TournamentError(_("The tournament is finished."), code="finished")
        # Lock the round's tables too, so no hand slips in between the check and the lock.
        list(Table.objects.select_for_update().filter(round=round_).values_list("id"))
        plan = selectors.lock_plan(round_)
        if plan.blocking:
            raise TournamentError(" ".join(plan.blocking), code="blocked")
        if plan.unfinished and not close_unfinished:
            raise TournamentError(
                ngettext(
                    "Table %(tables)s has not finished its game.",
                    "Tables %(tables)s have not finished their game.",
                    len(plan.unfinished),
                )
                % {"tables": selectors.number_list(plan.unfinished)},
                code="tables_unfinished",
            )
        for table in Table.objects.filter(round=round_, number__in=plan.unfinished):
            table_services.close_game(table, actor=actor)
        _set_status(round_, Round.Status.LOCKED, actor)
    return round_


def reopen_round(round_: Round, *, actor: Actor, reason: str) -> Round:
    """Reopen a locked round: its tables can be corrected again (results not confirmed stay open).

    ``reason`` is required and kept in the history. Raises ``TournamentError``
    without a reason, when the round is not locked, or when the tournament is
    finished (reopen it first).
    """
    reason = _require_reason(reason)
    with transaction.atomic():
        tournament = _locked(round_.tournament)
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if tournament.status == Tournament.Status.FINISHED:
            raise TournamentError(
                _("The tournament is finished: reopen the tournament first."), code="finished"
            )
        if round_.status != Round.Status.LOCKED:
            raise TournamentError(
                _("Round %(n)s is not locked.") % {"n": round_.number}, code="round_not_locked"
            )
        _set_status(round_, Round.Status.PLAYING, actor, reason)
    return round_


def finish_tournament(tournament: Tournament, *, actor: Actor) -> Tournament:
    """Finish the tournament: the standings become final. Every round must be locked.

    Rounds planned but not played are allowed (the confirmation page states
    them). Idempotent. Raises ``TournamentError`` when a round is not locked or
    none has been played.
    """
    with transaction.atomic():
        tournament = _locked(tournament)
        if tournament.status == Tournament.Status.FINISHED:
            return tournament
        plan = selectors.finish_plan(tournament)
        if plan.blocking:
            raise TournamentError(" ".join(plan.blocking), code="blocked")
        _set_status(tournament, Tournament.Status.FINISHED, actor)
    return tournament


def reopen_tournament(tournament: Tournament, *, actor: Actor, reason: str) -> Tournament:
    """Reopen a finished tournament (status running again); its rounds stay locked until reopened.

    ``reason`` is required and kept in the history. Raises ``TournamentError``
    without a reason or when the tournament is not finished.
    """
    reason = _require_reason(reason)
    with transaction.atomic():
        tournament = _locked(tournament)
        if tournament.status != Tournament.Status.FINISHED:
            raise TournamentError(_("The tournament is not finished."), code="not_finished")
        _set_status(tournament, Tournament.Status.RUNNING, actor, reason)
    return tournament


def set_round_hidden(round_: Round, hidden: bool, *, actor: Actor) -> Round:
    """Hide a round's results from everyone but the tournament's staff (``hidden``), or release
    them.

    While hidden, the public pages, the API and the exports leave the round's
    results out and the public standings stay at the rounds that are public
    (``selectors.standings(public=True)``); the organizer and the arbiters
    still see everything, and seating the next round uses every result.
    Idempotent; the change is kept in the round's history with ``actor``, and
    the tournament's ``visibility_revision`` is raised so cached pages follow.
    Any round may be hidden, whatever its state (Tabbycat's silent rounds).
    """
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.hidden != hidden:
            round_.hidden = hidden
            stamp(round_, actor).save(update_fields=["hidden"])
            Tournament.objects.filter(pk=round_.tournament_id).update(
                visibility_revision=F("visibility_revision") + 1
            )
    return round_


def final_plan(
    tournament: Tournament, tables: int | None = None
) -> tuple[int, list[list[int]], list[int]]:
    """The placement final ``create_finals`` would seat now: (round number, tables, left out).

    tables: lists of registration ids in seat order, table 1 the players ranked
    1 to ``table_size`` in the current standings (every round counted, hidden
    ones too), table 2 the next, and so on; seat 1 (who deals first) is the
    best ranked. Players withdrawn or checked in as absent or late for the
    final's round are skipped. ``tables``: how many final tables (default:
    as many full tables as the players fill); the players beyond them
    (the remainder, fewer than a table, by default) play no final: they keep
    their Swiss rank below the finalists. Raises ``TournamentError`` when
    the tournament is finished, has no round or a round not locked, already
    has its final, or cannot fill the tables asked for.
    """
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is finished."), code="finished")
    rounds = list(tournament.rounds.order_by("number").values_list("number", "status", "kind"))
    if not rounds:
        raise TournamentError(_("Play the Swiss rounds before the finals."), code="no_rounds")
    if any(kind == Round.Kind.FINAL for _n, _s, kind in rounds):
        raise TournamentError(_("The finals have already been created."), code="finals_exist")
    last, status, _kind = rounds[-1]
    if status != Round.Status.LOCKED:
        raise TournamentError(
            _("Lock round %(n)s before creating the finals.") % {"n": last}, code="round_not_locked"
        )
    number = last + 1
    if number > numbers.MAX_ROUNDS:
        raise TournamentError(
            _("A tournament has at most %(n)s rounds.") % {"n": numbers.MAX_ROUNDS},
            code="too_many_rounds",
        )
    away = checkin.not_seated(tournament, number)
    withdrawn = set(tournament.registrations.filter(withdrawn=True).values_list("id", flat=True))
    ranked = [
        row.registration_id
        for row in selectors.standings(tournament)
        if row.registration_id not in away and row.registration_id not in withdrawn
    ]
    size = tournament.table_size
    most = len(ranked) // size
    if most == 0:
        raise TournamentError(
            _("%(n)s active players cannot fill one final table of %(size)s.")
            % {"n": len(ranked), "size": size},
            code="too_few_players",
        )
    count = most if tables is None else tables
    if not 1 <= count <= most:
        raise TournamentError(
            ngettext(
                "The players fill %(most)s final table of %(size)s: ask for 1.",
                "The players fill %(most)s final tables of %(size)s: ask for 1 to %(most)s.",
                most,
            )
            % {"most": most, "size": size},
            code="finals_tables",
        )
    seated = [ranked[i * size : (i + 1) * size] for i in range(count)]
    return number, seated, ranked[count * size :]


def finals_decision(tournament: Tournament, tables: int | None = None) -> selectors.DecisionPlan:
    """What ``create_finals`` would do now, for its confirmation page (reads only; 4 queries).

    consequences: one line per final table with its players in seat order, the
    players who play no final, and that no round can follow; blocking: the reason
    ``final_plan`` refuses (its ``TournamentError`` message), when it does.
    """
    try:
        number, seated, left = final_plan(tournament, tables)
    except TournamentError as exc:
        return selectors.DecisionPlan([str(exc)], [], [])
    named = dict(
        Registration.objects.filter(tournament=tournament).values_list("id", "player__name")
    )
    lines = [
        _("Final table %(t)s: %(players)s") % {"t": t, "players": ", ".join(named[r] for r in regs)}
        for t, regs in enumerate(seated, 1)
    ]
    if left:
        lines.append(
            ngettext(
                "%(players)s plays no final and keeps their Swiss rank.",
                "%(players)s play no final and keep their Swiss ranks.",
                len(left),
            )
            % {"players": ", ".join(named[r] for r in left)}
        )
    lines.append(_("The finals are round %(n)s; no round can follow them.") % {"n": number})
    return selectors.DecisionPlan([], lines, [])


def create_finals(tournament: Tournament, *, actor: Actor, tables: int | None = None) -> Round:
    """Create the placement final after the Swiss rounds: a round of kind ``final`` seated by
    ``final_plan`` (table 1 the players ranked 1-4, table 2 5-8, ... at tables of 4), open for play.

    Its games are scored like any other (the tournament's match points); with
    ``finals_decide`` the finalists then rank first, by table and place
    (``standings.final_ranking``), else the final counts as one more round.
    No Swiss round can follow it. The round clock starts as for a round.
    Raises ``TournamentError`` (see ``final_plan``); nothing is written then.
    """
    with transaction.atomic():
        tournament = _locked(tournament)
        number, seated, _left = final_plan(tournament, tables)
        round_ = Round(
            tournament=tournament,
            number=number,
            status=Round.Status.PLAYING,
            kind=Round.Kind.FINAL,
            seating_method="final",
        )
        if tournament.round_minutes:
            round_.minutes, round_.clock_started_at = tournament.round_minutes, timezone.now()
        stamp(round_, actor).save()
        for table_number, registrations in enumerate(seated, 1):
            create_table(round_, table_number, registrations, actor=actor)
    return round_
