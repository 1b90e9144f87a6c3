"""Tournament pages: public (tournament, standings, round, player) and the organizer's.

Thin views in the healthchecks style: ``_tournament()`` returns the
tournament after checking a named permission (``tournaments.permissions``;
403 otherwise), reads come from ``tournaments.pages`` / ``selectors``,
writes from ``tournaments.organizer`` / ``services``. A page and its live
update render the same template partial, chosen by ``request.htmx``.
"""

from __future__ import annotations

import io

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import csvio, organizer, pages, permissions, seating_service, services
from .forms import ArbiterForm, MoveForm, PlayerForm, PlayersUploadForm, SwapForm, TournamentForm
from .models import Registration, Round, Tournament
from .selectors import standings as standings_selector
from .standings import METRICS


def _tournament(request, slug: str, permission: str = permissions.VIEW) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    permissions.require(request.user, permission, tournament)
    return tournament


def _roles(request, tournament: Tournament) -> dict:
    return {
        "tournament": tournament,
        "can_manage": permissions.can(request.user, permissions.MANAGE, tournament),
        "can_enter": permissions.can(request.user, permissions.ENTER_RESULTS, tournament),
    }


# --- public pages -------------------------------------------------------------------------------


@require_GET
def home(request):
    """GET /: public tournaments, and the user's own (organized or arbitrated)."""
    public = Tournament.objects.exclude(status=Tournament.Status.DRAFT)
    mine = Tournament.objects.none()
    if request.user.is_authenticated:
        mine = Tournament.objects.filter(Q(owner=request.user) | Q(arbiters=request.user)).distinct()
    return render(request, "tournaments/home.html", {"public": public, "mine": mine})


@require_GET
def tournament(request, slug):
    """GET /t/<slug>/: rounds, the current round's seating with "where do I sit?", standings, finished tables."""
    tournament = _tournament(request, slug)
    rounds = list(tournament.rounds.all())
    current = rounds[-1] if rounds else None
    tables = pages.round_tables(tournament, current) if current else []
    query = request.GET.get("q", "")
    found = pages.find_seats(tables, query)
    context = {
        **_roles(request, tournament), "rounds": rounds, "current": current, "tables": found, "query": query,
        "finished": [t for t in tables if t.over],
    }
    if request.htmx and request.htmx.target == "seating":
        response = render(request, "tournaments/tournament.html#seating", context)
    else:
        context["top"] = pages.cached(
            tournament, pages.fingerprint(tournament), "top10",
            lambda: [(r.rank, r.player_id, r.name, r.match_points) for r in standings_selector(tournament)[:10]],
        )
        context["byes"] = pages.round_byes(current) if current else []
        response = render(request, "tournaments/tournament.html", context)
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    return response


def _standings_round(request, tournament: Tournament) -> int | None:
    raw = request.GET.get("round")
    if not raw:
        return None
    try:
        number = int(raw)
    except ValueError as exc:
        raise Http404(_("No such round.")) from exc
    if number < 1:
        raise Http404(_("No such round."))
    return number


@require_GET
def standings(request, slug):
    """GET /t/<slug>/standings/[?round=N]: the standings after round N, or live.

    Live polling (htmx, every 15 s) sends the fingerprint it showed
    (``?v=``): when nothing changed the answer is 204 with no body and no
    standings computed (1 query). A plain GET carries the fingerprint as an
    ETag, so a reload answers 304 when nothing changed.
    """
    tournament = _tournament(request, slug)
    round_number = _standings_round(request, tournament)
    fp = pages.fingerprint(tournament)
    etag = quote_etag(f"{fp}-{round_number or 0}-{get_language()}-{request.user.pk or 0}-{int(bool(request.htmx))}")
    if request.htmx and request.GET.get("v") == fp:
        response = HttpResponse(status=204)
    elif etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        live = round_number is None and tournament.status == Tournament.Status.RUNNING
        context = {
            **_roles(request, tournament), "round_number": round_number, "fingerprint": fp, "live": live,
            "round_numbers": list(tournament.rounds.values_list("number", flat=True)),
        }

        def table_html() -> str:
            rows = standings_selector(tournament, round_number=round_number)
            tiebreaks = [METRICS[k] for k in tournament.tiebreak_order()]
            return render_to_string("tournaments/standings.html#table",
                                    {**context, "rows": rows, "tiebreaks": tiebreaks}, request)

        # The table is the same for every visitor: rendered once per fingerprint and language.
        context["table_html"] = pages.cached(tournament, fp, f"standings-{round_number or 0}-{get_language()}", table_html)
        if request.htmx:
            response = HttpResponse(context["table_html"])
        else:
            response = render(request, "tournaments/standings.html", context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["HX-Request", "Accept-Language", "Cookie"])
    return response


@require_GET
def round_page(request, slug, number):
    """GET /t/<slug>/rounds/<n>/: the round's seating and results."""
    tournament = _tournament(request, slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    context = {
        **_roles(request, tournament), "round": round_, "tables": pages.round_tables(tournament, round_),
        "byes": pages.round_byes(round_),
    }
    return render(request, "tournaments/round.html", context)


@require_GET
def player(request, slug, player_id):
    """GET /t/<slug>/players/<player id>/: every game of the player in this tournament."""
    tournament = _tournament(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, player_id=player_id,
    )
    context = {**_roles(request, tournament), "page": pages.player_page(tournament, registration)}
    return render(request, "tournaments/player.html", context)


@require_GET
def qr_code(request, slug):
    """GET /t/<slug>/qr.svg: a QR code that opens the public standings."""
    tournament = _tournament(request, slug)
    url = request.build_absolute_uri(reverse("standings", args=[tournament.slug]))
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False)
    response = HttpResponse(out.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "max-age=3600"
    return response


# --- organizer pages ------------------------------------------------------------------------------


def _apply_errors(form, error: ValidationError) -> None:
    aliases = {"target": "target_points", "hands": "hands_per_game"}
    if hasattr(error, "error_dict"):
        for field, errors in error.message_dict.items():
            name = aliases.get(field, field)
            for message in errors:
                form.add_error(name if name in form.fields else None, message)
    else:
        form.add_error(None, error)


@login_required
@require_http_methods(["GET", "POST"])
def create(request):
    """GET/POST /t/new/: a new tournament, owned by the user (a draft until published)."""
    form = TournamentForm(request.POST or None, creating=True)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        end = data["game_end"]
        try:
            new = services.create_tournament(
                slug=data["slug"], name=data["name"], rules=data["rules"], scoring_scheme=data["scoring"],
                target=data["target_points"] if end != Tournament.GameEnd.HANDS else None,
                hands=data["hands_per_game"] if end == Tournament.GameEnd.HANDS else None,
                rounds=data["rounds_planned"], owner=request.user, start_date=data["start_date"],
                end_date=data["end_date"], venue=data["venue"], tiebreaks=data["tiebreaks"],
                bye_match_points=data["bye_match_points"], bye_result_points=data["bye_result_points"],
            )
            if end == Tournament.GameEnd.ARBITER:
                new.game_end = end
                new.save(update_fields=["game_end"])
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Tournament created. Register the players, then start round 1."))
            return redirect("manage", new.slug)
    return render(request, "tournaments/edit.html", {"form": form, "creating": True}, status=422 if form.errors else 200)


@require_http_methods(["GET", "POST"])
def edit(request, slug):
    """GET/POST /t/<slug>/manage/edit/: the tournament's settings."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        candidate = form.save(commit=False)
        try:
            services.check_tournament_fields(candidate)
            candidate.full_clean()
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            candidate.save()
            messages.success(request, _("Settings saved."))
            return redirect("manage", candidate.slug)
    tournament.refresh_from_db()
    context = {**_roles(request, tournament), "form": form, "creating": False}
    return render(request, "tournaments/edit.html", context, status=422 if form.errors else 200)


@require_GET
def manage(request, slug):
    """GET /t/<slug>/manage/: the organizer's dashboard: rounds, tables finished, actions, downloads."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    return _manage_page(request, tournament)


def _manage_page(request, tournament: Tournament, *, status: int = 200, **extra) -> HttpResponse:
    rounds = list(tournament.rounds.all())
    current = rounds[-1] if rounds else None
    tables = pages.round_tables(tournament, current) if current else []
    context = {
        **_roles(request, tournament), "rounds": rounds, "current": current, "tables": tables,
        "finished_count": sum(1 for t in tables if t.over),
        "registered": tournament.registrations.count(),
        "active": tournament.registrations.filter(withdrawn=False).count(),
        "arbiters": list(tournament.arbiters.order_by("username")),
        "arbiter_form": ArbiterForm(), **extra,
    }
    return render(request, "tournaments/manage.html", context, status=status)


def _players_context(request, tournament, **extra):
    registrations = list(tournament.registrations.select_related("player").order_by("player__name", "id"))
    return {
        **_roles(request, tournament), "registrations": registrations,
        "player_form": PlayerForm(), "upload_form": PlayersUploadForm(), **extra,
    }


@require_http_methods(["GET", "POST"])
def players(request, slug):
    """GET/POST /t/<slug>/manage/players/: the registered players; POST registers one typed in."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    if request.method == "POST":
        form = PlayerForm(request.POST)
        if form.is_valid():
            try:
                registration = organizer.register_player(tournament, **form.cleaned_data)
            except organizer.OrganizerError as exc:
                form.add_error("name", str(exc))
            else:
                messages.success(request, _("%(name)s registered.") % {"name": registration.player.name})
                return redirect("manage_players", tournament.slug)
        return render(request, "tournaments/players.html", _players_context(request, tournament, player_form=form), status=422)
    return render(request, "tournaments/players.html", _players_context(request, tournament))


@require_POST
def players_upload(request, slug):
    """POST /t/<slug>/manage/players/upload/: register the players of a CSV file (all or nothing)."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    form = PlayersUploadForm(request.POST, request.FILES)
    row_errors: list[csvio.RowError] = []
    if form.is_valid():
        try:
            result = services.import_players(tournament, form.cleaned_data["file"])
        except services.ImportFailed as exc:
            row_errors = exc.errors
        else:
            messages.success(request, _("%(created)s new players, %(reused)s known players registered.")
                             % {"created": result.created, "reused": result.reused})
            return redirect("manage_players", tournament.slug)
    context = _players_context(request, tournament, upload_form=form, row_errors=row_errors)
    return render(request, "tournaments/players.html", context, status=422)


@require_POST
def withdraw(request, slug, registration_id):
    """POST /t/<slug>/manage/players/<registration>/withdraw/: withdraw (or with ``undo``, reinstate) a player."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    registration = get_object_or_404(Registration.objects.select_related("player"), tournament=tournament, pk=registration_id)
    undo = request.POST.get("undo") == "1"
    organizer.set_withdrawn(registration, not undo)
    message = _("%(name)s is back in the tournament.") if undo else _("%(name)s withdrawn; their games still count.")
    messages.success(request, message % {"name": registration.player.name})
    return redirect("manage_players", tournament.slug)


@require_POST
def arbiters(request, slug):
    """POST /t/<slug>/manage/arbiters/: appoint a user as arbiter of this tournament."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    form = ArbiterForm(request.POST)
    if form.is_valid():
        try:
            user = organizer.appoint_arbiter(tournament, form.cleaned_data["username"])
        except organizer.OrganizerError as exc:
            form.add_error("username", str(exc))
        else:
            messages.success(request, _("%(name)s is now an arbiter.") % {"name": user.get_username()})
            return redirect("manage", tournament.slug)
    return _manage_page(request, tournament, status=422, arbiter_form=form)


@require_POST
def remove_arbiter(request, slug, user_id):
    tournament = _tournament(request, slug, permissions.MANAGE)
    organizer.remove_arbiter(tournament, user_id)
    messages.success(request, _("Arbiter removed."))
    return redirect("manage", tournament.slug)


def _organizer_action(request, slug, action, success):
    tournament = _tournament(request, slug, permissions.MANAGE)
    try:
        result = action(tournament)
    except organizer.OrganizerError as exc:
        return _manage_page(request, tournament, status=409, action_error=str(exc))
    messages.success(request, success(result))
    return redirect("manage", tournament.slug)


@require_POST
def publish(request, slug):
    """POST /t/<slug>/manage/publish/: make the tournament's pages public."""
    return _organizer_action(request, slug, organizer.publish, lambda t: _("The tournament is public."))


@require_POST
def start_round(request, slug):
    """POST /t/<slug>/manage/rounds/start/: seat and open the next round."""
    return _organizer_action(
        request, slug, organizer.start_round,
        lambda r: _("Round %(n)s seated: %(tables)s tables.") % {"n": r.number, "tables": r.tables.count()},
    )


@require_POST
def lock_round(request, slug, number):
    """POST /t/<slug>/manage/rounds/<n>/lock/: make the round's results final."""

    def lock(tournament):
        round_ = Round.objects.filter(tournament=tournament, number=number).first()
        if round_ is None:
            raise Http404(_("No such round."))
        return organizer.lock_round(round_)

    return _organizer_action(request, slug, lock, lambda r: _("Round %(n)s locked.") % {"n": r.number})


@require_http_methods(["GET", "POST"])
def seating(request, slug, number):
    """GET/POST /t/<slug>/manage/rounds/<n>/seating/: the round's seating with repeated pairs
    highlighted; the organizer swaps two players or moves one (issue 6, manual method) and
    sees the repeats the change creates."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    page = pages.seating_page(round_)
    players = sorted(
        [(seat.registration_id, seat.name) for _n, seats in page.tables for seat in seats] + list(page.byes),
        key=lambda item: item[1].casefold(),
    )
    swap_form = SwapForm(players=players, prefix="swap")
    move_form = MoveForm(players=players, tables=len(page.tables), prefix="move")
    status, error = 200, ""
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "swap":
            swap_form = SwapForm(request.POST, players=players, prefix="swap")
            form, call = swap_form, lambda d: seating_service.swap_players(round_, d["first"], d["second"])
        elif action == "move":
            move_form = MoveForm(request.POST, players=players, tables=len(page.tables), prefix="move")
            form, call = move_form, lambda d: seating_service.move_player(round_, d["player"], d["table"] or None)
        else:
            return HttpResponse(_("Unknown action."), status=400)
        if form.is_valid():
            try:
                change = call(form.cleaned_data)
            except seating_service.SeatingServiceError as exc:
                status, error = 409, str(exc)
            else:
                names = dict(players)
                if change.created:
                    created = "; ".join(
                        _("%(a)s and %(b)s at table %(table)s (met %(times)s time(s) before)")
                        % {"a": names[r.players[0]], "b": names[r.players[1]], "table": r.table + 1, "times": r.times_met}
                        for r in change.created
                    )
                    messages.warning(request, _("Seating changed. It creates repeated pairs: %(pairs)s.") % {"pairs": created})
                else:
                    messages.success(request, _("Seating changed; no repeated pair created."))
                return redirect("seating", tournament.slug, round_.number)
        else:
            status = 422
    context = {
        **_roles(request, tournament), "round": round_, "page": page, "swap_form": swap_form,
        "move_form": move_form, "error": error,
        "editable": round_.status != Round.Status.LOCKED,
    }
    return render(request, "tournaments/seating.html", context, status=status)


@require_POST
def finish(request, slug):
    """POST /t/<slug>/manage/finish/: finish the tournament (every round locked)."""
    return _organizer_action(request, slug, organizer.finish_tournament, lambda t: _("The tournament is finished."))


EXPORTS = {
    "standings": csvio.STANDINGS_HEADER,
    "results": csvio.RESULTS_HEADER,
    "seating": csvio.SEATING_HEADER,
}


@require_GET
def export(request, slug, kind):
    """GET /t/<slug>/export/<standings|results|seating>.csv[?excel=1][&round=N]: CSV downloads for organizer and arbiters."""
    tournament = _tournament(request, slug, permissions.ENTER_RESULTS)
    if kind not in EXPORTS:
        raise Http404(_("No such export."))
    excel = request.GET.get("excel") == "1"
    round_number = _standings_round(request, tournament)
    if kind == "standings":
        rows = services.standings_rows(tournament, round_number=round_number, excel=excel)
    elif kind == "results":
        rows = services.results_rows(tournament)
    else:
        rounds = tournament.rounds.all() if round_number is None else tournament.rounds.filter(number=round_number)
        rows = (
            [r.number, t.number, s.position + 1, s.name]
            for r in rounds for t in pages.round_tables(tournament, r) for s in t.seats
        )
    out = io.StringIO()
    csvio.write_csv(out, EXPORTS[kind], rows, excel=excel)
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    suffix = f"-round-{round_number}" if round_number else ""
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-{kind}{suffix}.csv"'
    return response


@require_GET
def print_round(request, slug, number):
    """GET /t/<slug>/rounds/<n>/print/: a table card and a blank score sheet per table, for paper play."""
    tournament = _tournament(request, slug, permissions.ENTER_RESULTS)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    tables = pages.round_tables(tournament, round_)
    hands = tournament.hands_per_game or 16
    context = {
        **_roles(request, tournament), "round": round_, "tables": tables, "blank_rows": range(1, hands + 1),
        "standings_url": request.build_absolute_uri(reverse("standings", args=[tournament.slug])),
    }
    return render(request, "tournaments/print.html", context)
