"""Season and rating pages: thin views over ``seasons.selectors`` (reads) and ``seasons.services``
(writes).

Public: the seasons list, a season's leaderboard (when one of its tournaments is public), the
ratings. The season's organizer (or staff) creates and edits it; creating needs the right to create
tournaments (``tournaments.permissions.CREATE``).
"""

from __future__ import annotations

import io

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tournaments import permissions

from . import exports, selectors, services
from .forms import SeasonForm
from .models import Season


def can_manage(user, season: Season) -> bool:
    """The season's organizer, or a superuser (no query)."""
    return bool(user.is_authenticated and (user.is_superuser or season.owner_id == user.pk))


def _season(request, slug: str) -> Season:
    season = get_object_or_404(Season, slug=slug)
    if not selectors.is_visible(season, request.user):
        raise Http404(_("No such season."))
    return season


@require_GET
def season_list(request):
    """GET /seasons/: public seasons, and the user's own."""
    public, mine = selectors.seasons_list(request.user)
    context = {
        "public": public,
        "mine": mine,
        "can_create": request.user.has_perm(permissions.CREATE),
    }
    return render(request, "seasons/list.html", context)


@require_GET
def season(request, slug):
    """GET /seasons/<slug>/: the leaderboard (only finished tournaments count) and the season's
    tournaments."""
    found = _season(request, slug)
    board = selectors.season_board(found, request.user)
    context = {"season": found, "board": board, "can_manage": can_manage(request.user, found)}
    return render(request, "seasons/season.html", context)


@require_GET
def season_export(request, slug):
    """GET /seasons/<slug>/export.csv[?excel=1]: the leaderboard as ``export_season`` writes it."""
    found = _season(request, slug)
    excel = request.GET.get("excel") == "1"
    out = io.StringIO()
    exports.write_season(found, out, excel=excel, user=request.user)
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{found.slug}{"-excel" if excel else ""}.csv"'
    )
    return response


def _save(request, form: SeasonForm, season: Season | None):
    try:
        if season is None:
            return services.create_season(form.fields_for_service(), owner=request.user)
        return services.update_season(season, form.fields_for_service(), user=request.user)
    except services.SeasonError as exc:
        form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        return None


@login_required
@require_http_methods(["GET", "POST"])
def season_create(request):
    """GET/POST /seasons/new/: a new season, owned by the user."""
    if not request.user.has_perm(permissions.CREATE):
        raise PermissionDenied(permissions.CREATE)
    form = SeasonForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        saved = _save(request, form, None)
        if saved is not None:
            messages.success(request, _("Season created."))
            return redirect("seasons:season", saved.slug)
    context = {"form": form, "creating": True}
    return render(request, "seasons/edit.html", context, status=422 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def season_edit(request, slug):
    """GET/POST /seasons/<slug>/edit/: the season's settings and tournaments (its organizer
    only)."""
    found = get_object_or_404(Season, slug=slug)
    if not can_manage(request.user, found):
        raise PermissionDenied("seasons.manage")
    form = SeasonForm(request.POST or None, user=request.user, season=found)
    if request.method == "POST" and form.is_valid():
        saved = _save(request, form, found)
        if saved is not None:
            messages.success(request, _("Season saved."))
            return redirect("seasons:season", saved.slug)
    context = {"form": form, "creating": False, "season": found}
    return render(request, "seasons/edit.html", context, status=422 if form.errors else 200)


@require_GET
def ratings(request):
    """GET /ratings/[?page=N]: every rated player, best first, 50 a page."""
    page = selectors.ratings_page(request.GET.get("page"))
    return render(request, "seasons/ratings.html", {"page": page})


@require_GET
def ratings_export(request):
    """GET /ratings/export.csv: the ratings as ``export_ratings`` writes them."""
    out = io.StringIO()
    exports.write_ratings(out)
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="ratings.csv"'
    return response
