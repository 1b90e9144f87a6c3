"""The tournament's API tokens page (``/t/<slug>/manage/api/``) and the API's JSON 404.

Arbiters and the organizer (``permissions.ENTER_RESULTS``) make their own
tokens for the tournament here; the new token's secret is shown once, on the
answer to the form, and never again. Each revokes their own tokens; the
organizer sees and may revoke every token of the tournament.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import permissions
from tournaments.errors import TournamentError
from tournaments.models import Tournament

from . import tokens
from .errors import NOT_FOUND
from .models import ApiToken


class TokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=tokens.MAX_NAME,
        help_text=gettext_lazy("Where the token will be used, e.g. “results tablet, room 2”."),
    )


def _tournament(request, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    permissions.require(request.user, permissions.ENTER_RESULTS, tournament)
    return tournament


def _page(
    request,
    tournament: Tournament,
    *,
    form: TokenForm | None = None,
    new: tokens.NewToken | None = None,
    status: int = 200,
):
    can_manage = permissions.can(request.user, permissions.MANAGE, tournament)
    listed = ApiToken.objects.filter(tournament=tournament).select_related("user")
    if not can_manage:
        listed = listed.filter(user=request.user)
    context = {
        "tournament": tournament,
        "can_manage": can_manage,
        "tokens": list(listed),
        "form": form or TokenForm(),
        "new": new,
        "api_root": request.build_absolute_uri(reverse("api-v1:api-root")),
        "docs": reverse("api-v1:openapi-view"),
        "schema": reverse("api-v1:openapi-json"),
    }
    response = render(request, "api/tokens.html", context, status=status)
    response["Cache-Control"] = "no-store"  # a page with a secret on it is never kept
    return response


@require_http_methods(["GET", "POST"])
def tokens_page(request, slug):
    """GET/POST /t/<slug>/manage/api/: the tokens of this tournament; POST makes a new one (shown
    once)."""
    tournament = _tournament(request, slug)
    if request.method == "GET":
        return _page(request, tournament)
    form = TokenForm(request.POST)
    if not form.is_valid():
        return _page(request, tournament, form=form, status=422)
    try:
        new = tokens.create_token(request.user, tournament, form.cleaned_data["name"])
    except TournamentError as exc:
        form.add_error("name", str(exc))
        return _page(request, tournament, form=form, status=422)
    return _page(request, tournament, new=new, status=201)


@require_POST
def revoke(request, slug, token_id):
    """POST /t/<slug>/manage/api/<id>/revoke/: revoke one of my tokens (the organizer: any of the
    tournament's)."""
    tournament = _tournament(request, slug)
    token = get_object_or_404(ApiToken, pk=token_id, tournament=tournament)
    if token.user_id != request.user.pk and not permissions.can(
        request.user, permissions.MANAGE, tournament
    ):
        return _page(request, tournament, status=403)
    tokens.revoke_token(token)
    messages.success(
        request, _("The token “%(name)s” is revoked: it no longer works.") % {"name": token.name}
    )
    return redirect("api_tokens", tournament.slug)


def api_not_found(request, *args, **kwargs):
    """Any other address under /api/: a JSON 404 in the API's shape."""
    return JsonResponse(
        {
            "detail": [
                {"field": None, "message": _("No such API address. The API is at /api/v1/.")}
            ],
            "code": NOT_FOUND,
        },
        status=404,
    )
