"""The organizer's evening without /admin/ (issue 14): people, check-in, late arrivals, the round
clock.

Thin views over ``tournaments.organizer`` (players, arbiters, the clock) and
``tournaments.checkin`` (who is there); refusals (``TournamentError``) are
shown next to the field or at the top of the page, with status 422 (bad
input) or 409 (the state does not allow it), and nothing is written then.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from . import checkin, organizer, permissions
from .accounts import set_password_path
from .audit import Actor
from .errors import TournamentError
from .forms import CheckInForm, ClockForm, NewArbiterForm, PlayerForm
from .models import Attendance, Registration, Round, Tournament
from .views import _manage_page as manage_page
from .views import _roles as roles
from .views import _tournament


def _context(request, tournament: Tournament, **extra) -> dict:
    return {**roles(request, tournament), **extra}


def _registration(tournament: Tournament, registration_id: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, pk=registration_id
    )


# --- players --------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def edit_player(request, slug, registration_id):
    """GET/POST /t/<slug>/manage/players/<id>/edit/: correct a player's name, club and external
    id."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    registration = _registration(tournament, registration_id)
    player = registration.player
    namesake = False
    if request.method == "POST":
        form = PlayerForm(request.POST)
        if form.is_valid():
            try:
                organizer.edit_player(
                    registration, **form.cleaned_data, actor=Actor.of(request.user)
                )
            except TournamentError as exc:
                namesake = exc.code == "namesake"
                form.add_error(
                    "external_id" if exc.code == "external_id_taken" else "name", str(exc)
                )
            else:
                messages.success(
                    request, _("%(name)s saved.") % {"name": form.cleaned_data["name"].strip()}
                )
                return redirect("manage_players", tournament.slug)
        status = 422
    else:
        form = PlayerForm(
            initial={"name": player.name, "club": player.club, "external_id": player.external_id}
        )
        status = 200
    context = _context(
        request,
        tournament,
        form=form,
        registration=registration,
        namesake=namesake,
        can_delete=not (registration.seats.exists() or registration.byes.exists()),
    )
    return render(request, "tournaments/player_edit.html", context, status=status)


@require_POST
def delete_player(request, slug, registration_id):
    """POST /t/<slug>/manage/players/<id>/delete/: delete a registration made by mistake (never
    seated)."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    registration = _registration(tournament, registration_id)
    try:
        name = organizer.delete_registration(registration, actor=Actor.of(request.user))
    except TournamentError as exc:
        messages.error(request, str(exc))
        return redirect("edit_player", tournament.slug, registration.pk)
    messages.success(request, _("%(name)s deleted.") % {"name": name})
    return redirect("manage_players", tournament.slug)


# --- arbiters -------------------------------------------------------------------------------------


@require_POST
def create_arbiter(request, slug):
    """POST /t/<slug>/manage/arbiters/new/: create an arbiter's account; the page shows its
    set-password link once."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    form = NewArbiterForm(request.POST, prefix="new")
    if form.is_valid():
        try:
            user = organizer.create_arbiter(tournament, form.cleaned_data["username"])
        except TournamentError as exc:
            form.add_error("username", str(exc))
        else:
            link = request.build_absolute_uri(set_password_path(user))
            context = _context(request, tournament, arbiter=user, link=link)
            response = render(request, "tournaments/arbiter_created.html", context)
            response["Cache-Control"] = (
                "no-store"  # the link is a key: never cached, never shown again
            )
            return response
    return manage_page(
        request, tournament, status=422, new_arbiter_form=form
    )  # the error next to the field


@require_POST
def arbiter_link(request, slug, user_id):
    """POST /t/<slug>/manage/arbiters/<id>/link/: a new set-password link for an arbiter (the old
    one still works until a password is set)."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    user = get_object_or_404(tournament.arbiters, pk=user_id)
    link = request.build_absolute_uri(set_password_path(user))
    response = render(
        request,
        "tournaments/arbiter_created.html",
        _context(request, tournament, arbiter=user, link=link, again=True),
    )
    response["Cache-Control"] = "no-store"
    return response


# --- check-in and late arrivals -------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def check_in(request, slug):
    """GET/POST /t/<slug>/manage/check-in/: who is present, absent or late for the round about to be
    seated (or being played); and the late players who arrived: a bye or a seat as a fill-in."""
    tournament = _tournament(request, slug, permissions.ENTER_RESULTS)
    number = checkin.next_round_number(tournament)
    registrations = list(
        tournament.registrations.filter(withdrawn=False)
        .select_related("player")
        .order_by("player__name", "id")
    )
    states = dict(
        Attendance.objects.filter(
            registration__tournament=tournament, round_number=number
        ).values_list("registration_id", "state")
    )
    form = CheckInForm(request.POST or None, registrations=registrations, states=states)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                changed = checkin.set_attendance(
                    tournament, number, form.states(), actor=Actor.of(request.user)
                )
            except TournamentError as exc:
                messages.error(request, str(exc))
                status = 409
            else:
                messages.success(
                    request,
                    ngettext(
                        "Check-in saved: %(n)s change.", "Check-in saved: %(n)s changes.", changed
                    )
                    % {"n": changed},
                )
                return redirect("check_in", tournament.slug)
        else:
            status = 422
    round_ = tournament.rounds.filter(number=number).first()
    counts = {state: 0 for state in Attendance.State.values}
    for registration in registrations:
        counts[states.get(registration.pk, Attendance.State.PRESENT)] += 1
    context = _context(
        request,
        tournament,
        form=form,
        number=number,
        round=round_,
        counts=counts,
        late=checkin.late_players(round_)
        if round_ is not None and round_.status != Round.Status.LOCKED
        else [],
    )
    return render(request, "tournaments/check_in.html", context, status=status)


@require_POST
def arrive(request, slug, registration_id):
    """POST /t/<slug>/manage/check-in/<id>/arrive/: a late player joins the round being played
    (``how``: bye or fill_in)."""
    tournament = _tournament(request, slug, permissions.ENTER_RESULTS)
    registration = _registration(tournament, registration_id)
    round_ = tournament.rounds.order_by("-number").first()
    how = request.POST.get("how")
    try:
        if round_ is None:
            raise TournamentError(_("No round has been seated yet."), code="no_round")
        if how == "fill_in":
            seat = checkin.fill_in(round_, registration, actor=Actor.of(request.user))
            messages.success(
                request,
                _("%(name)s sits at table %(table)s, seat %(seat)s.")
                % {
                    "name": registration.player.name,
                    "table": seat.table.number,
                    "seat": seat.position + 1,
                },
            )
        elif how == "bye":
            checkin.give_bye(round_, registration, actor=Actor.of(request.user))
            messages.success(
                request,
                _("%(name)s has a bye in round %(n)s.")
                % {"name": registration.player.name, "n": round_.number},
            )
        else:
            raise TournamentError(_("Choose a bye or a seat as a fill-in."), code="bad_request")
    except TournamentError as exc:
        messages.error(request, str(exc))
    return redirect("check_in", tournament.slug)


# --- the round clock ------------------------------------------------------------------------------


@require_POST
def round_clock(request, slug, number):
    """POST /t/<slug>/rounds/<n>/clock/: start (or restart) the round clock, add minutes, or stop
    it; back to the arbiter's round page."""
    tournament = _tournament(request, slug, permissions.ENTER_RESULTS)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    form = ClockForm(request.POST)
    actor = Actor.of(request.user)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
        return redirect("tables:arbiter_round", tournament.slug, number)
    action, minutes = form.cleaned_data["action"], form.cleaned_data["minutes"]
    try:
        if action == "start":
            organizer.start_clock(round_, minutes=minutes or None, actor=actor)
            messages.success(request, _("The clock of round %(n)s is running.") % {"n": number})
        elif action == "add":
            organizer.add_minutes(round_, minutes or 5, actor=actor)
            messages.success(request, _("Round %(n)s's clock changed.") % {"n": number})
        else:
            organizer.stop_clock(round_, actor=actor)
            messages.success(request, _("The clock of round %(n)s is stopped.") % {"n": number})
    except TournamentError as exc:
        messages.error(request, str(exc))
    return redirect("tables:arbiter_round", tournament.slug, number)
