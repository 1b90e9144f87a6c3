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
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Exists, OuterRef, Q
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import quote_etag
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from tables.models import Seat

from . import (
    exports,
    imports,
    labels,
    links,
    organizer,
    pages,
    permissions,
    rulesets,
    scoring,
    seating_service,
    selectors,
    services,
)
from .audit import Actor
from .clock import round_clock
from .errors import TournamentError
from .forms import (
    ArbiterForm,
    HandsUploadForm,
    MoveForm,
    NewArbiterForm,
    PlayerForm,
    PlayersUploadForm,
    SwapForm,
    TournamentForm,
)
from .models import Bye, ImportJob, Registration, Round, Tournament
from .projector import show as projector_show
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


def _public(request, tournament: Tournament) -> bool:
    """Whether the visitor sees the public view (hidden rounds' results left out): not the
    tournament's staff."""
    return not permissions.sees_hidden_rounds(request.user, tournament)


# --- public pages -------------------------------------------------------------------------------


@require_GET
def home(request):
    """GET /: public tournaments, and the user's own (organized or arbitrated)."""
    public = Tournament.objects.exclude(status=Tournament.Status.DRAFT)
    mine = Tournament.objects.none()
    if request.user.is_authenticated:
        mine = Tournament.objects.filter(
            Q(owner=request.user) | Q(arbiters=request.user)
        ).distinct()
    context = {
        "public": public,
        "mine": mine,
        "can_create": request.user.has_perm(permissions.CREATE),
    }
    return render(request, "tournaments/home.html", context)


@require_GET
def tournament(request, slug):
    """GET /t/<slug>/: rounds, the current round's seating with "where do I sit?", the top ten,
    finished tables.

    A finished tournament shows its podium and final standings instead of the seating. The top ten
    leave withdrawn players out and show nothing before a game has ended (``pages.standing_lines``).
    """
    tournament = _tournament(request, slug)
    if tournament.status == Tournament.Status.FINISHED:
        return _finished_page(request, tournament)
    rounds = list(tournament.rounds.all())
    current = rounds[-1] if rounds else None
    public = _public(request, tournament)
    tables = pages.round_tables(tournament, current, public=public) if current else []
    query = request.GET.get("q", "")
    found = pages.find_seats(tables, query)
    context = {
        **_roles(request, tournament),
        "rounds": rounds,
        "current": current,
        "tables": found,
        "query": query,
        "finished": [t for t in tables if t.over],
    }
    if request.htmx and request.htmx.target == "seating":
        response = render(request, "tournaments/tournament.html#seating", context)
    else:
        context["top"] = pages.active_lines(pages.standing_lines(tournament, public=public))[:10]
        context["hidden_note"] = pages.hidden_note(
            [r.number for r in rounds if r.hidden] if public else [], [r.number for r in rounds]
        )
        context["byes"] = pages.round_byes(current) if current else []
        response = render(request, "tournaments/tournament.html", context)
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    return response


def _finished_page(request, tournament: Tournament) -> HttpResponse:
    """The page of a finished tournament: the rounds, the podium and the final standings."""
    fp = pages.fingerprint(tournament)
    public = _public(request, tournament)
    rounds = list(tournament.rounds.all())
    note = pages.hidden_note(
        [r.number for r in rounds if r.hidden] if public else [], [r.number for r in rounds]
    )
    context = {
        **_roles(request, tournament),
        "rounds": rounds,
        "podium": pages.podium(pages.standing_lines(tournament, fp, public=public)),
        "table_html": _standings_table(
            request, tournament, fp, None, {"live": False, "hidden_note": note}, public=public
        ),
    }
    return render(request, "tournaments/tournament.html", context)


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
    viewer = f"{get_language()}-{request.user.pk or 0}-{int(bool(request.htmx))}"
    etag = quote_etag(f"{fp}-{round_number or 0}-{viewer}")
    if request.htmx and request.GET.get("v") == fp:
        response = HttpResponse(status=204)
    elif etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        live = round_number is None and tournament.status == Tournament.Status.RUNNING
        public = _public(request, tournament)
        rounds = list(tournament.rounds.values_list("number", "hidden"))
        hidden = [n for n, is_hidden in rounds if is_hidden]
        numbers = [n for n, _h in rounds]
        context = {
            **_roles(request, tournament),
            "round_number": round_number,
            "fingerprint": fp,
            "live": live,
            "round_numbers": [n for n in numbers if not (public and n in hidden)],
            # The staff see every round, the hidden ones marked; everyone else the public rounds
            # only.
            "hidden_note": pages.hidden_note(
                [n for n in hidden if round_number is None or n <= round_number], numbers
            )
            if public
            else "",
            "hidden_rounds": hidden if not public else [],
        }

        context["table_html"] = _standings_table(
            request, tournament, fp, round_number, context, public=public
        )
        if request.htmx:
            response = HttpResponse(context["table_html"])
        else:
            response = render(request, "tournaments/standings.html", context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["HX-Request", "Accept-Language", "Cookie"])
    return response


def _standings_table(
    request,
    tournament: Tournament,
    fp: str,
    round_number: int | None,
    context: dict,
    *,
    public: bool = True,
) -> str:
    """The standings table's HTML (after ``round_number``, or all), the same for every visitor of
    one kind: rendered once per fingerprint ``fp``, language and view (public: hidden rounds left
    out; the staff's: every round) (``pages.cached``). ``context`` gives the partial ``live`` and
    ``fingerprint`` (for the live poll) and ``hidden_note``."""

    def table_html() -> str:
        rows = standings_selector(tournament, round_number=round_number, public=public)
        tiebreaks = [METRICS[k] for k in tournament.tiebreak_order()]
        finals = any(row.final_table for row in rows)
        return render_to_string(
            "tournaments/standings.html#table",
            {
                "tournament": tournament,
                **context,
                "rows": rows,
                "tiebreaks": tiebreaks,
                "finals": finals,
            },
            request,
        )

    view = "public" if public else "staff"
    return pages.cached(
        tournament, fp, f"standings-{round_number or 0}-{get_language()}-{view}", table_html
    )


@require_GET
def round_page(request, slug, number):
    """GET /t/<slug>/rounds/<n>/: the round's seating and results."""
    tournament = _tournament(request, slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    public = _public(request, tournament)
    context = {
        **_roles(request, tournament),
        "round": round_,
        "tables": pages.round_tables(tournament, round_, public=public),
        "byes": pages.round_byes(round_),
        "concealed": public and round_.hidden,
        "clock": round_clock(round_) if round_.status != Round.Status.LOCKED else None,
    }
    return render(request, "tournaments/round.html", context)


@require_GET
def projector(request, slug):
    """GET /t/<slug>/projector/[?slide=N]: a screen at the venue paging through the seating, the
    round clock and the standings (``tournaments.projector``), with no login for a published
    tournament.

    The page shows slide N (wrapped around) and asks htmx for slide N + 1 after the slide's seconds;
    the poll gets the slide alone. Queries do not grow with the number of players.
    """
    tournament = _tournament(request, slug)
    show = projector_show(tournament)
    try:
        wanted = int(request.GET.get("slide", "0"))
    except ValueError:
        wanted = 0
    position, slide, following = show.at(wanted)
    context = {
        "tournament": tournament,
        "show": show,
        "slide": slide,
        "position": position,
        "next": following,
    }
    template = "tournaments/projector.html#screen" if request.htmx else "tournaments/projector.html"
    response = render(request, template, context)
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_GET
def player(request, slug, player_id):
    """GET /t/<slug>/players/<player id>/: every game of the player in this tournament."""
    tournament = _tournament(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player"),
        tournament=tournament,
        player_id=player_id,
    )
    page = pages.player_page(tournament, registration, public=_public(request, tournament))
    context = {**_roles(request, tournament), "page": page}
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
    """GET/POST /t/new/: a new tournament, owned by the user (a draft until published).

    Only users who may create tournaments (``permissions.CREATE``: staff and organizers by default).
    """
    if not request.user.has_perm(permissions.CREATE):
        raise PermissionDenied(permissions.CREATE)
    form = TournamentForm(request.POST or None, creating=True)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        end = data["game_end"]
        try:
            new = services.create_tournament(
                slug=data["slug"],
                name=data["name"],
                rules=data["rules"],
                scoring_scheme=data["scoring"],
                target=data["target_points"] if end != Tournament.GameEnd.HANDS else None,
                hands=data["hands_per_game"] if end == Tournament.GameEnd.HANDS else None,
                rounds=data["rounds_planned"],
                owner=request.user,
                start_date=data["start_date"],
                end_date=data["end_date"],
                venue=data["venue"],
                tiebreaks=data["tiebreaks"],
                bye_match_points=data["bye_match_points"],
                bye_result_points=data["bye_result_points"],
                **{
                    field: data[field]
                    for field in (
                        "seating_method",
                        "odd_policy",
                        "table_size",
                        "confirmation_policy",
                        "players_enter_hands",
                        "seating_club_weight",
                        "round_minutes",
                    )
                },
            )
            if end == Tournament.GameEnd.ARBITER:
                new.game_end = end
                new.save(update_fields=["game_end"])
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(
                request, _("Tournament created. Register the players, then start round 1.")
            )
            return redirect("manage", new.slug)
    return render(
        request,
        "tournaments/edit.html",
        {"form": form, "creating": True},
        status=422 if form.errors else 200,
    )


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
    """GET /t/<slug>/manage/: the organizer's dashboard: rounds, tables finished, actions,
    downloads."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    return _manage_page(request, tournament)


def _manage_page(request, tournament: Tournament, *, status: int = 200, **extra) -> HttpResponse:
    rounds = list(tournament.rounds.all())
    current = rounds[-1] if rounds else None
    tables = pages.round_tables(tournament, current) if current else []
    context = {
        **_roles(request, tournament),
        "rounds": rounds,
        "current": current,
        "tables": tables,
        "finished_count": sum(1 for t in tables if t.over),
        "registered": tournament.registrations.count(),
        "active": tournament.registrations.filter(withdrawn=False).count(),
        "arbiters": list(tournament.arbiters.order_by("username")),
        "arbiter_form": ArbiterForm(),
        "new_arbiter_form": NewArbiterForm(prefix="new"),
        "hands_form": HandsUploadForm(prefix="hands"),
        "imports": list(tournament.import_jobs.order_by("-created_at")[:5]),
        "has_finals": any(r.kind == Round.Kind.FINAL for r in rounds),
        "hidden_rounds": [r.number for r in rounds if r.hidden],
        **extra,
    }
    return render(request, "tournaments/manage.html", context, status=status)


def _players_context(request, tournament, **extra):
    registrations = list(
        tournament.registrations.select_related("player")
        .order_by("player__name", "id")
        .annotate(
            seated=Exists(Seat.objects.filter(registration=OuterRef("pk")))
            | Exists(Bye.objects.filter(registration=OuterRef("pk"))),
        )
    )
    return {
        **_roles(request, tournament),
        "registrations": registrations,
        "player_form": PlayerForm(),
        "upload_form": PlayersUploadForm(),
        **extra,
    }


@require_http_methods(["GET", "POST"])
def players(request, slug):
    """GET/POST /t/<slug>/manage/players/: the registered players; POST registers one typed in."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    if request.method == "POST":
        form = PlayerForm(request.POST)
        namesake = False
        if form.is_valid():
            try:
                registration = organizer.register_player(
                    tournament, **form.cleaned_data, actor=_actor(request)
                )
            except TournamentError as exc:
                namesake = exc.code == "namesake"  # offer "another person with the same name"
                form.add_error(
                    "external_id" if exc.code == "external_id_taken" else "name", str(exc)
                )
            else:
                messages.success(
                    request, _("%(name)s registered.") % {"name": registration.player.name}
                )
                return redirect("manage_players", tournament.slug)
        context = _players_context(request, tournament, player_form=form, namesake=namesake)
        return render(request, "tournaments/players.html", context, status=422)
    return render(request, "tournaments/players.html", _players_context(request, tournament))


@require_POST
def players_upload(request, slug):
    """POST /t/<slug>/manage/players/upload/: register the players of a CSV file (all or nothing, in
    the background)."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    form = PlayersUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(
            request,
            "tournaments/players.html",
            _players_context(request, tournament, upload_form=form),
            status=422,
        )
    job = imports.start_import(
        tournament,
        ImportJob.Kind.PLAYERS,
        form.cleaned_data["file"],
        actor=_actor(request),
        file_name=form.file_name,
    )
    return redirect("import_job", tournament.slug, job.pk)


@require_POST
def hands_upload(request, slug):
    """POST /t/<slug>/manage/hands/upload/: record the hands of a CSV file (all or nothing, in the
    background)."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    form = HandsUploadForm(request.POST, request.FILES, prefix="hands")
    if not form.is_valid():
        return _manage_page(request, tournament, status=422, hands_form=form)
    job = imports.start_import(
        tournament,
        ImportJob.Kind.HANDS,
        form.cleaned_data["file"],
        actor=_actor(request),
        file_name=form.file_name,
        close_unfinished=form.cleaned_data["close_unfinished"],
    )
    return redirect("import_job", tournament.slug, job.pk)


@require_GET
@vary_on_headers("HX-Request")
def import_job(request, slug, job_id):
    """GET /t/<slug>/manage/imports/<id>/: an upload's import: progress while it runs, then its
    result or its problems."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    job = get_object_or_404(ImportJob, tournament=tournament, pk=job_id)
    context = {**_roles(request, tournament), "job": job, "progress": imports.progress_of(job)}
    template = "tournaments/import_job.html#job" if request.htmx else "tournaments/import_job.html"
    return render(request, template, context)


@require_POST
def withdraw(request, slug, registration_id):
    """POST /t/<slug>/manage/players/<registration>/withdraw/: withdraw (or with ``undo``,
    reinstate) a player."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    registration = get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, pk=registration_id
    )
    undo = request.POST.get("undo") == "1"
    organizer.set_withdrawn(registration, not undo, actor=_actor(request))
    message = (
        _("%(name)s is back in the tournament.")
        if undo
        else _("%(name)s withdrawn; their games still count.")
    )
    messages.success(request, message % {"name": registration.player.name})
    return redirect("manage_players", tournament.slug)


@require_POST
def player_link(request, slug, registration_id):
    """POST /t/<slug>/manage/players/<registration>/link/: give a player a new private address, or
    take it away."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    registration = get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, pk=registration_id
    )
    if request.POST.get("action") == "revoke":
        links.revoke(registration, actor=_actor(request))
        messages.success(
            request,
            _("%(name)s's private address no longer works.") % {"name": registration.player.name},
        )
    else:
        links.issue(registration, actor=_actor(request))
        messages.success(
            request,
            _("%(name)s has a new private address; the old one no longer works.")
            % {"name": registration.player.name},
        )
    return redirect("manage_players", tournament.slug)


@require_POST
def issue_links(request, slug):
    """POST /t/<slug>/manage/links/issue/: a private address for every player who has none."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    count = links.issue_missing(tournament, actor=_actor(request))
    messages.success(
        request,
        ngettext("%(n)s private address issued.", "%(n)s private addresses issued.", count)
        % {"n": count},
    )
    return redirect("manage_players", tournament.slug)


@require_GET
def print_links(request, slug):
    """GET /t/<slug>/manage/links/print/: one slip per player (sorted by surname) with a QR code and
    the address."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    slips = [
        (r, request.build_absolute_uri(links.path_of(r))) for r in links.with_links(tournament)
    ]
    missing = tournament.registrations.filter(link_secret="").count()
    return render(
        request,
        "tournaments/print_links.html",
        {**_roles(request, tournament), "slips": slips, "missing": missing},
    )


@require_POST
def arbiters(request, slug):
    """POST /t/<slug>/manage/arbiters/: appoint a user as arbiter of this tournament."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    form = ArbiterForm(request.POST)
    if form.is_valid():
        try:
            user = organizer.appoint_arbiter(tournament, form.cleaned_data["username"])
        except TournamentError as exc:
            form.add_error("username", str(exc))
        else:
            messages.success(
                request, _("%(name)s is now an arbiter.") % {"name": user.get_username()}
            )
            return redirect("manage", tournament.slug)
    return _manage_page(request, tournament, status=422, arbiter_form=form)


@require_POST
def remove_arbiter(request, slug, user_id):
    tournament = _tournament(request, slug, permissions.MANAGE)
    try:
        user = organizer.remove_arbiter(tournament, user_id)
    except TournamentError as exc:
        return _manage_page(request, tournament, status=404, action_error=str(exc))
    messages.success(
        request, _("%(name)s is no longer an arbiter.") % {"name": user.get_username()}
    )
    return redirect("manage", tournament.slug)


def _organizer_action(request, slug, action, success):
    tournament = _tournament(request, slug, permissions.MANAGE)
    try:
        result = action(tournament)
    except TournamentError as exc:
        return _manage_page(request, tournament, status=409, action_error=str(exc))
    messages.success(request, success(result))
    return redirect("manage", tournament.slug)


def _actor(request) -> Actor:
    return Actor.of(request.user)


@require_POST
def publish(request, slug):
    """POST /t/<slug>/manage/publish/: make the tournament's pages public."""
    return _organizer_action(
        request,
        slug,
        lambda t: organizer.publish(t, actor=_actor(request)),
        lambda t: _("The tournament is public."),
    )


@require_POST
def start_round(request, slug):
    """POST /t/<slug>/manage/rounds/start/: seat and open the next round."""

    def seated(round_):
        count = round_.tables.count()
        return ngettext(
            "Round %(n)s seated: %(tables)s table.", "Round %(n)s seated: %(tables)s tables.", count
        ) % {"n": round_.number, "tables": count}

    return _organizer_action(
        request, slug, lambda t: organizer.start_round(t, actor=_actor(request)), seated
    )


def _decide(request, tournament, *, title, url, plan, act, done, undo=""):
    """A decision taken on a confirmation page (lock a round, finish, create the finals).

    GET shows what it will do (``plan()``, a ``selectors.DecisionPlan``) and the one button that
    does it, posting to ``url``; POST runs ``act()`` and, on success, redirects to the manage page
    with the message ``done(result)``; a ``TournamentError`` shows the page again (409) with its
    message and the plan as it stands. ``undo``: how the decision can be undone, when reopening
    is not the way."""
    status, error = 200, ""
    if request.method == "POST":
        try:
            result = act()
        except TournamentError as exc:
            status, error = 409, str(exc)
        else:
            messages.success(request, done(result))
            return redirect("manage", tournament.slug)
    context = {
        **_roles(request, tournament),
        "title": title,
        "plan": plan(),
        "action_url": url,
        "button": title,
        "error": error,
        "undo": undo,
    }
    return render(request, "tournaments/decision.html", context, status=status)


@require_http_methods(["GET", "POST"])
def lock_round(request, slug, number):
    """GET /t/<slug>/manage/rounds/<n>/lock/: what locking does; POST: lock the round (its results
    final).

    Games not finished are ended (time up) only when the confirmation page
    said so and the POST carries ``close_unfinished``.
    """
    tournament = _tournament(request, slug, permissions.MANAGE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    return _decide(
        request,
        tournament,
        title=_("Lock round %(n)s") % {"n": number},
        url=reverse("lock_round", args=[tournament.slug, number]),
        plan=lambda: selectors.lock_plan(round_),
        act=lambda: organizer.lock_round(
            round_,
            actor=_actor(request),
            close_unfinished=request.POST.get("close_unfinished") == "1",
        ),
        done=lambda _round: _("Round %(n)s locked.") % {"n": number},
    )


@require_POST
def reopen_round(request, slug, number):
    """POST /t/<slug>/manage/rounds/<n>/reopen/: reopen a locked round, with a reason."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    try:
        organizer.reopen_round(round_, actor=_actor(request), reason=request.POST.get("reason", ""))
    except TournamentError as exc:
        return _manage_page(request, tournament, status=409, action_error=str(exc))
    messages.success(
        request, _("Round %(n)s is open again: its tables can be corrected.") % {"n": number}
    )
    return redirect("manage", tournament.slug)


@require_POST
def round_visibility(request, slug, number):
    """POST /t/<slug>/manage/rounds/<n>/visibility/ with ``hidden`` 1 or 0: hide the round's results
    from everyone but the organizer and the arbiters, or release them
    (``organizer.set_round_hidden``)."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    hidden = request.POST.get("hidden") == "1"
    organizer.set_round_hidden(round_, hidden, actor=_actor(request))
    if hidden:
        message = _("Round %(n)s is hidden: only the organizer and the arbiters see its results.")
    else:
        message = _("Round %(n)s is released: its results are public.")
    messages.success(request, message % {"n": number})
    return redirect("manage", tournament.slug)


@require_http_methods(["GET", "POST"])
def create_finals(request, slug):
    """GET /t/<slug>/manage/finals/[?tables=N]: who would sit at each final table, and what creating
    the finals does; POST: seat the placement finals after the Swiss rounds
    (``organizer.create_finals``: final table 1 the players ranked 1-4, table 2 5-8, ...)."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    raw = (request.POST.get("tables") or request.GET.get("tables") or "").strip()
    tables = None
    if raw:
        try:
            tables = int(raw)
        except ValueError:
            return _manage_page(
                request,
                tournament,
                status=422,
                action_error=_("The number of final tables must be a whole number."),
            )

    def created(round_):
        count = round_.tables.count()
        return ngettext(
            "Finals created in round %(n)s: %(tables)s table.",
            "Finals created in round %(n)s: %(tables)s tables.",
            count,
        ) % {"n": round_.number, "tables": count}

    query = f"?tables={tables}" if tables else ""
    return _decide(
        request,
        tournament,
        title=_("Create the finals"),
        url=reverse("create_finals", args=[tournament.slug]) + query,
        plan=lambda: organizer.finals_decision(tournament, tables),
        act=lambda: organizer.create_finals(tournament, actor=_actor(request), tables=tables),
        done=created,
        undo=_(
            "The finals cannot be removed once created; their seating can be changed on the "
            "round's seating page until the first hand is recorded."
        ),
    )


@require_http_methods(["GET", "POST"])
def seating(request, slug, number):
    """GET/POST /t/<slug>/manage/rounds/<n>/seating/: the round's seating with repeated pairs
    highlighted; the organizer swaps two players or moves one (issue 6, manual method) and
    sees the repeats the change creates."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    page = pages.seating_page(round_)
    players = sorted(
        [(seat.registration_id, seat.name) for _n, seats in page.tables for seat in seats]
        + list(page.byes),
        key=lambda item: item[1].casefold(),
    )
    swap_form = SwapForm(players=players, prefix="swap")
    move_form = MoveForm(players=players, tables=len(page.tables), prefix="move")
    status, error = 200, ""
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "swap":
            swap_form = SwapForm(request.POST, players=players, prefix="swap")
            form, call = (
                swap_form,
                lambda d: seating_service.swap_players(round_, d["first"], d["second"]),
            )
        elif action == "move":
            move_form = MoveForm(
                request.POST, players=players, tables=len(page.tables), prefix="move"
            )
            form, call = (
                move_form,
                lambda d: seating_service.move_player(round_, d["player"], d["table"] or None),
            )
        else:
            return HttpResponse(_("Unknown action."), status=400)
        if form.is_valid():
            try:
                change = call(form.cleaned_data)
            except TournamentError as exc:
                status, error = 409, str(exc)
            else:
                names = dict(players)
                if change.created:
                    created = "; ".join(
                        ngettext(
                            "%(a)s and %(b)s at table %(table)s (met %(times)s time before)",
                            "%(a)s and %(b)s at table %(table)s (met %(times)s times before)",
                            r.times_met,
                        )
                        % {
                            "a": names[r.players[0]],
                            "b": names[r.players[1]],
                            "table": r.table + 1,
                            "times": r.times_met,
                        }
                        for r in change.created
                    )
                    messages.warning(
                        request,
                        _("Seating changed. It creates repeated pairs: %(pairs)s.")
                        % {"pairs": created},
                    )
                else:
                    messages.success(request, _("Seating changed; no repeated pair created."))
                return redirect("seating", tournament.slug, round_.number)
        else:
            status = 422
    context = {
        **_roles(request, tournament),
        "round": round_,
        "page": page,
        "swap_form": swap_form,
        "move_form": move_form,
        "error": error,
        "editable": round_.status != Round.Status.LOCKED,
    }
    return render(request, "tournaments/seating.html", context, status=status)


@require_http_methods(["GET", "POST"])
def finish(request, slug):
    """GET /t/<slug>/manage/finish/: what finishing does; POST: finish the tournament (every round
    locked)."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    return _decide(
        request,
        tournament,
        title=_("Finish the tournament"),
        url=reverse("finish", args=[tournament.slug]),
        plan=lambda: selectors.finish_plan(tournament),
        act=lambda: organizer.finish_tournament(tournament, actor=_actor(request)),
        done=lambda _result: _("The tournament is finished."),
    )


@require_POST
def reopen(request, slug):
    """POST /t/<slug>/manage/reopen/: reopen a finished tournament, with a reason."""
    tournament = _tournament(request, slug, permissions.MANAGE)
    try:
        organizer.reopen_tournament(
            tournament, actor=_actor(request), reason=request.POST.get("reason", "")
        )
    except TournamentError as exc:
        return _manage_page(request, tournament, status=409, action_error=str(exc))
    messages.success(
        request, _("The tournament is running again; reopen a round to correct its results.")
    )
    return redirect("manage", tournament.slug)


@require_GET
def export(request, slug, kind):
    """GET /t/<slug>/export/<standings|results|seating>.csv[?excel=1][&round=N][&hidden=1]: the same
    exporters as the commands; ``hidden=1`` includes the hidden rounds' results (as
    ``--include-hidden``)."""
    tournament = _tournament(request, slug, permissions.ENTER_RESULTS)
    exporter = exports.EXPORTERS.get(kind)
    if exporter is None:
        raise Http404(_("No such export."))
    excel = request.GET.get("excel") == "1"
    hidden = (
        request.GET.get("hidden") == "1"
    )  # the staff's file, hidden rounds included (only they get here)
    round_number = _standings_round(request, tournament) if exporter.by_round else None
    out = io.StringIO()
    exports.render(exporter, tournament, out, round_number=round_number, excel=excel, hidden=hidden)
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    suffix = f"-round-{round_number}" if round_number else ""
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-{kind}{suffix}.csv"'
    return response


@require_GET
def print_round(request, slug, number):
    """GET /t/<slug>/rounds/<n>/print/: a table card and a blank score sheet per table, for paper
    play."""
    tournament = _tournament(request, slug, permissions.ENTER_RESULTS)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    hands = tournament.hands_per_game or 16
    cards = []
    for table in pages.round_tables(tournament, round_):
        n = len(table.seats)
        rows = (
            [
                (
                    number,
                    table.seats[rulesets.dealer(n, number)].name,
                    labels.pass_label(rulesets.pass_direction(tournament.rules, n, number)),
                )
                for number in range(1, hands + 1)
            ]
            if n in scoring.TABLE_SIZES
            else []
        )
        url = request.build_absolute_uri(
            reverse("tables:sheet", args=[tournament.slug, round_.number, table.number])
        )
        cards.append((table, url, rows))
    context = {
        **_roles(request, tournament),
        "round": round_,
        "cards": cards,
        "standings_url": request.build_absolute_uri(reverse("standings", args=[tournament.slug])),
    }
    return render(request, "tournaments/print.html", context)
