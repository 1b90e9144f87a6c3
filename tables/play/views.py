"""HTTP views of online play (issue 7): a seat's private page, the spectator's board, the setup.

Thin: they find the seat (by its token) or the table, call the services and
render ``templates/play/``. Every page and its htmx refresh render the same
``board`` partial; a refresh with the version the client already has gets an
empty 204 (one small query), so polling every second costs nearly nothing.
Refusals come back as the board with the message, status 409 (stale) or 422
(illegal), or 404 for a bad link; nothing is recorded then.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tables.models import PlaySeat, PlayState, Table
from tables.sheet import final_reason
from tournaments import permissions

from . import selectors, services
from .levels import COMPUTER_LEVELS, level_choices, level_label


def _vary(response):
    response["Vary"] = "HX-Request"
    return response


def _seat_or_error(request, token):
    try:
        return services.seat_for_token(token), None
    except services.SeatLinkError as exc:
        response = render(request, "play/link_error.html", {"message": exc.message}, status=404)
        if request.htmx:  # a board polling a link that stopped working: show the whole page
            response["HX-Refresh"] = "true"
        return None, _vary(response)


def _version(request) -> int | None:
    raw = request.POST.get("v") or request.GET.get("v")
    try:
        return int(raw) if raw not in (None, "") else None
    except ValueError:
        return None


def _unchanged(table_id: int, version: int | None) -> bool:
    """The cheap poll: whether the table is still at ``version`` (and no absent player is due).
    A game the arbiter closed that is still live (closed before online play learnt of it) is
    stopped here, once."""
    if version is None:
        return False
    row = (
        PlayState.objects.filter(table_id=table_id)
        .values_list(
            "version",
            "finished",
            "turn_started_at",
            "computer_due",
            "table__closed_by_arbiter",
        )
        .first()
    )
    if row is None or row[0] != version:
        return False
    _current, finished, started, computer_due, closed = row
    if finished:
        return True
    if closed:
        return not services.game_closed(table_id)
    return not services.advance_due(table_id, computer_due=computer_due, turn_started_at=started)


def _render_board(request, board, *, status=200, full_template="play/seat.html", extra=None):
    context = {"board": board, "tournament": board.table.round.tournament, **(extra or {})}
    template = f"{full_template}#board" if request.htmx else full_template
    return _vary(render(request, template, context, status=status))


@require_GET
def seat_page(request, token):
    """A player's private seat page: only this seat's cards (000's interface)."""
    play_seat, error = _seat_or_error(request, token)
    if error:
        return error
    if not request.htmx:
        PlaySeat.objects.filter(pk=play_seat.pk).update(last_seen_at=timezone.now())
    elif _unchanged(play_seat.seat.table_id, _version(request)):
        return _vary(HttpResponse(status=204))
    return _render_board(request, selectors.seat_board(play_seat), extra={"token": token})


@require_POST
def seat_action(request, token, action):
    """Pass three cards (``card`` ×3) or play one (``card``); ``v`` is the version the page
    showed."""
    play_seat, error = _seat_or_error(request, token)
    if error:
        return error
    table_id, seat = play_seat.seat.table_id, play_seat.seat.position
    cards = request.POST.getlist("card")
    try:
        if action == "pass":
            services.submit_pass(table_id, seat, cards, expected_version=_version(request))
        else:
            if len(cards) != 1:
                raise services.IllegalActionError(_("Choose one card to play."), "wrong_count")
            services.submit_play(table_id, seat, cards[0], expected_version=_version(request))
    except services.PlayError as exc:
        board = selectors.seat_board(play_seat)
        board.error = exc.message
        return _render_board(request, board, status=exc.status, extra={"token": token})
    if not request.htmx:
        return redirect("play:seat", token=token)
    return _render_board(request, selectors.seat_board(play_seat), extra={"token": token})


def _table(request, slug, round_number, table_number) -> Table:
    table = get_object_or_404(
        Table.objects.select_related("round__tournament"),
        round__tournament__slug=slug,
        round__number=round_number,
        number=table_number,
    )
    permissions.require(request.user, permissions.VIEW, table.round.tournament)
    return table


@require_GET
def spectator(request, slug, round_number, table_number):
    """The public view of an engine-played table: tricks, scores, whose turn — no hidden card."""
    table = _table(request, slug, round_number, table_number)
    state = PlayState.objects.select_related("table__round__tournament").filter(table=table).first()
    if state is None:
        raise Http404(_("This table is not played via the engine."))
    if request.htmx and _unchanged(table.id, _version(request)):
        return _vary(HttpResponse(status=204))
    board = selectors.board(state, seat=None)
    return _render_board(request, board, full_template="play/spectator.html")


@require_http_methods(["GET", "POST"])
def setup(request, slug, round_number, table_number):
    """The arbiter makes a table engine-played, chooses computers, and hands out the seat links
    (each with its QR code, printable)."""
    table = _table(request, slug, round_number, table_number)
    tournament = table.round.tournament
    permissions.require(request.user, permissions.ENTER_RESULTS, tournament)
    seats = list(table.seats.select_related("registration__player").order_by("position"))
    if request.method == "POST":
        computers = {}
        for seat in seats:
            level = request.POST.get(f"seat-{seat.position}", "")
            if level and level not in COMPUTER_LEVELS:
                messages.error(request, _("Unknown computer level."))
                return redirect(request.path)
            computers[seat.position] = level
        try:
            services.start_engine_play(table, computers=computers)
        except services.PlayError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("The table is played online. Give each player their link."))
        return redirect(request.path)
    started = PlayState.objects.filter(table=table).exists()
    links = {ps.seat_id: ps for ps in PlaySeat.objects.filter(seat__table=table)}
    rows = []
    for seat in seats:
        ps = links.get(seat.id)
        human = ps is not None and not ps.computer
        url = request.build_absolute_uri(reverse("play:seat", args=[ps.token])) if human else ""
        rows.append(
            {
                "seat": seat,
                "play": ps,
                "url": url,
                "computer": level_label(ps.computer) if ps else "",
            }
        )
    return render(
        request,
        "play/setup.html",
        {
            "tournament": tournament,
            "table": table,
            "rows": rows,
            "levels": level_choices(),
            "started": started,
            "final": None if started else final_reason(table),
            "can_manage": permissions.can(request.user, permissions.MANAGE, tournament),
            "can_enter": True,
        },
    )
