"""A player's private page (``/p/<key>/``): no account, the secret address is the key (issue 13).

Thin views over ``tournaments.links`` (who the address belongs to),
``tables.player_page`` (what the page shows) and ``tables.entries`` (what the
player does: enter a hand, accept or reject an entry of another seat, accept
the table result, call the arbiter). Every write is made with the player as
its actor. An unknown or revoked address answers 404, and an address that
keeps failing from one client address is throttled (429, django-ratelimit);
an action the policy does not allow answers 403; an entry that changed since
it was shown, 409 with the page as it is now.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers
from django_ratelimit.core import is_ratelimited

from tournaments import links
from tournaments.audit import Actor
from tournaments.numbers import whole_number
from tournaments.scoring import ScoringError

from . import entries
from .forms import EntryForm
from .player_page import current_seat, player_board
from .views import CONFLICTS

#: Wrong addresses one client may try per minute before it is made to wait (a brute-force guard;
#: the secrets have 192 bits, so this only keeps the noise down).
FAILED_LINKS_PER_MINUTE = "20/m"


def _client(_group, request) -> str:
    """The client's address as django-axes read it (the trusted proxy header, CUORI_PROXY_COUNT)."""
    return getattr(request, "axes_ip_address", None) or request.META.get("REMOTE_ADDR", "")


def _registration(request, key: str):
    """The registration of the address, or 404 (429 when this client keeps trying wrong ones)."""
    if is_ratelimited(
        request, group="player-link", key=_client, rate=FAILED_LINKS_PER_MINUTE, increment=False
    ):
        raise _TooMany
    try:
        return links.registration_for(key)
    except links.LinkNotFound:
        is_ratelimited(
            request, group="player-link", key=_client, rate=FAILED_LINKS_PER_MINUTE, increment=True
        )
        raise Http404(
            _("This private address is not valid (any more). Ask the organizer for yours.")
        ) from None


class _TooMany(Exception):
    pass


def _page(request, key: str, *, status: int = 200, **extra) -> HttpResponse:
    registration = _registration(request, key)
    board = player_board(registration)
    form = extra.pop("form", None)
    if form is None and board.can_enter:
        form = EntryForm(
            board.sheet,
            initial={"version": board.sheet.table.version, "number": board.sheet.next_number},
        )
    context = {"board": board, "key": key, "tournament": board.tournament, "form": form, **extra}
    template = "tables/player_link.html#board" if request.htmx else "tables/player_link.html"
    response = render(request, template, context, status=status)
    response["Vary"] = "HX-Request"
    response["Cache-Control"] = "no-store"  # a private page: never in a shared cache
    response["Referrer-Policy"] = (
        "no-referrer"  # the address is the key: never sent to another site
    )
    return response


def _guarded(view):
    def wrapped(request, key, *args, **kwargs):
        try:
            return view(request, key, *args, **kwargs)
        except _TooMany:
            return HttpResponse(_("Too many wrong addresses from here; wait a minute."), status=429)

    wrapped.__doc__, wrapped.__name__ = view.__doc__, view.__name__
    return wrapped


@_guarded
@require_GET
@vary_on_headers("HX-Request")
def board(request, key):
    """GET /p/<key>/: where I sit, my table's sheet and what I may do there, my results and
    place."""
    return _page(request, key)


def _act(request, key, action, notice: str) -> HttpResponse:
    """Run ``action(registration, actor)``; the page again with the notice, or with the refusal."""
    registration = _registration(request, key)
    try:
        action(registration, Actor.of_player(registration))
    except entries.EntryNotAllowed as exc:
        return _page(request, key, status=403, error=str(exc))
    except ScoringError as exc:
        return _page(
            request, key, status=409 if isinstance(exc, CONFLICTS) else 422, error=str(exc)
        )
    return _page(request, key, notice=notice)


def _seen(request) -> tuple | None:
    """The entry as the page showed it (``EntryView.seen``): "13 13 0 0" or "penalty 2"."""
    raw = request.POST.get("seen", "").split()
    try:
        if raw[:1] == ["penalty"]:
            return (None, whole_number(raw[1]))
        return (tuple(whole_number(p) for p in raw), None) if raw else None
    except (ValueError, IndexError):
        return None


@_guarded
@require_POST
def enter(request, key):
    """POST /p/<key>/hands/: enter the next hand of my table (the sheet's form and its checks)."""
    registration = _registration(request, key)
    board_ = player_board(registration)
    if not board_.can_enter:
        return _page(request, key, status=403, error=_("You cannot enter hands at your table now."))
    form = EntryForm(board_.sheet, request.POST)
    if not form.is_valid():
        return _page(request, key, status=422, form=form)
    number = form.cleaned_data["number"]

    def act(_registration, actor):
        entries.submit(
            board_.sheet.table,
            actor=actor,
            number=number,
            **form.cleaned_data["call"],
            expected_version=form.cleaned_data["version"],
        )

    return _act(request, key, act, _("Hand %(n)s entered.") % {"n": number})


@_guarded
@require_POST
def accept(request, key, entry_id):
    """POST /p/<key>/entries/<id>/accept/: accept another seat's entry (it is recorded)."""
    seen = _seen(request)

    def act(registration, actor):
        entries.accept(_table_of(registration), entry_id, actor=actor, seen=seen)

    return _act(request, key, act, _("Accepted: the hand is recorded."))


@_guarded
@require_POST
def reject(request, key, entry_id):
    """POST /p/<key>/entries/<id>/reject/: reject another seat's entry, with a reason."""
    seen = _seen(request)

    def act(registration, actor):
        entries.reject(
            _table_of(registration),
            entry_id,
            actor=actor,
            reason=request.POST.get("reason", ""),
            seen=seen,
        )

    return _act(request, key, act, _("Rejected: the arbiter will look at it."))


@_guarded
@require_POST
def accept_result(request, key):
    """POST /p/<key>/result/: accept my table's result (policy "player")."""
    try:
        version = whole_number(request.POST.get("version", ""))
    except ValueError:
        version = None

    def act(registration, actor):
        entries.accept_result(_table_of(registration), actor=actor, expected_version=version)

    return _act(request, key, act, _("The table result is confirmed."))


@_guarded
@require_POST
def call_arbiter(request, key):
    """POST /p/<key>/call/: call the arbiter to my table, with a short reason."""

    def act(registration, actor):
        entries.flag_table(
            _table_of(registration), actor=actor, reason=request.POST.get("reason", "")
        )

    return _act(request, key, act, _("The arbiter has been called."))


def _table_of(registration):
    """The player's current table (the latest round they sit in); ``EntryNotAllowed`` on a bye."""
    seat = current_seat(registration)
    if seat is None:
        raise entries.EntryNotAllowed(_("You have no table in this round."))
    return seat.table
