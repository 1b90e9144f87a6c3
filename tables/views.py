"""The table's score sheet: read by anyone, written by the tournament's arbiters and organizer.

One template (``tables/sheet.html``) with partials: the full page, the
``sheet`` fragment that htmx swaps after every write, the ``feedback``
fragment of the as-you-type check, and a ``correction`` row. Every write is a
POST checked against ``tournaments.permissions.ENTER_RESULTS`` (403) and
calls ``tables.services``; a refused write answers 422 (bad input) or 409
(someone else saved first) with the current sheet and the message, so the
arbiter never loses sight of what is recorded.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from tournaments import permissions
from tournaments.scoring import GameOverError, ScoringError

from . import services
from .forms import CorrectionForm, EntryForm
from .models import Hand, HandScore, Table
from .sheet import Sheet, check_entry, load_sheet, load_table, table_history


def _table(request, slug: str, round_number: int, table_number: int, permission: str) -> Table:
    """The table, after checking ``permission`` on its tournament (404 / 403)."""
    try:
        table = load_table(slug, round_number, table_number)
    except Table.DoesNotExist as exc:
        raise Http404(_("No such table.")) from exc
    permissions.require(request.user, permission, table.round.tournament)
    return table


def _fresh(table: Table) -> Table:
    """The table as it is in the database now (a write raised its version; the sheet must show that one)."""
    return Table.objects.select_related("round__tournament").get(pk=table.pk)


def _context(request, sheet: Sheet, **extra) -> dict:
    can_enter = permissions.can(request.user, permissions.ENTER_RESULTS, sheet.tournament)
    # An engine-played table's hands come from the engine: no entry row, no corrections.
    engine = sheet.table.mode == Table.Mode.ENGINE
    context = {
        "sheet": sheet, "tournament": sheet.tournament, "table": sheet.table,
        "can_enter": can_enter and sheet.editable and not engine,
        "is_arbiter": can_enter,
        "engine_played": engine,
    }
    if can_enter and sheet.editable and not sheet.over and not engine and "form" not in extra:
        extra["form"] = EntryForm(sheet, initial={"version": sheet.table.version, "number": sheet.next_number})
    context.update(extra)
    return context


def _render_sheet(request, sheet: Sheet, *, status: int = 200, **extra) -> HttpResponse:
    """The whole page, or only the sheet fragment for htmx."""
    template = "tables/sheet.html#sheet" if request.htmx else "tables/sheet.html"
    response = TemplateResponse(request, template, _context(request, sheet, **extra), status=status)
    response["Vary"] = "HX-Request"
    return response


@require_GET
@vary_on_headers("HX-Request")
def sheet(request, slug, round_number, table_number):
    """GET /t/<slug>/tables/<round>/<table>/: the hand-by-hand sheet (entry row for arbiters)."""
    table = _table(request, slug, round_number, table_number, permissions.VIEW)
    return _render_sheet(request, load_sheet(table))


@require_POST
def check(request, slug, round_number, table_number):
    """POST .../check/: the as-you-type verdict on the entry row (an htmx fragment)."""
    table = _table(request, slug, round_number, table_number, permissions.ENTER_RESULTS)
    sheet_ = load_sheet(table)
    verdict = check_entry(sheet_, [request.POST.get(f"p{s.position}", "") for s in sheet_.seats])
    return render(request, "tables/sheet.html#feedback", {"verdict": verdict})


def _same_hand_recorded(table: Table, number: int, call: dict) -> bool:
    """Whether hand ``number`` already exists with exactly these points (a double submission)."""
    recorded = list(
        HandScore.objects.filter(hand__table=table, hand__number=number)
        .order_by("seat__position").values_list("points", flat=True)
    )
    if not recorded:
        return False
    if call["penalty_offender"] is not None:
        hand = Hand.objects.filter(table=table, number=number).select_related("penalty__offender").first()
        penalty = getattr(hand, "penalty", None)
        return penalty is not None and penalty.offender.position == call["penalty_offender"]
    return recorded == list(call["points"] or [])


@require_POST
def record(request, slug, round_number, table_number):
    """POST .../hands/: record the next hand (points, a moon or a penalty)."""
    table = _table(request, slug, round_number, table_number, permissions.ENTER_RESULTS)
    sheet_ = load_sheet(table)
    if not sheet_.editable:
        return _render_sheet(request, sheet_, status=409, error=_("This table's result is final; it cannot be changed."))
    form = EntryForm(sheet_, request.POST)
    if not form.is_valid():
        return _render_sheet(request, sheet_, status=422, form=form)
    call = form.cleaned_data["call"]
    number = form.cleaned_data["number"]
    try:
        services.record_hand(table, **call, user=request.user, expected_version=form.cleaned_data["version"])
    except services.StaleTableError:
        fresh = load_sheet(_fresh(table))
        if _same_hand_recorded(table, number, call):
            # The same form arrived twice (a double click, a resent request): one hand, no error.
            return _after_write(request, fresh, _("Hand %(n)s was already recorded.") % {"n": number})
        return _render_sheet(
            request, fresh, status=409,
            error=_("Another arbiter saved this table first. This is the sheet as it is now: check it and enter the hand again."),
        )
    except GameOverError:
        return _render_sheet(request, load_sheet(_fresh(table)), status=409, error=_("The game has ended; no further hand can be recorded."))
    except ScoringError as exc:
        verdict = check_entry(sheet_, [request.POST.get(f"p{s.position}", "") for s in sheet_.seats])
        message = verdict.message if not verdict.ok else str(exc)
        return _render_sheet(request, sheet_, status=422, form=form, error=message)
    return _after_write(request, load_sheet(_fresh(table)), _("Hand %(n)s recorded.") % {"n": number})


def _after_write(request, sheet_: Sheet, notice: str) -> HttpResponse:
    """htmx: the fresh sheet with a notice (the entry row is empty and focused); otherwise redirect (PRG)."""
    if request.htmx:
        return _render_sheet(request, sheet_, notice=notice)
    messages.success(request, notice)
    return redirect("tables:sheet", sheet_.tournament.slug, sheet_.round.number, sheet_.table.number)


@require_http_methods(["GET", "POST"])
def correct(request, slug, round_number, table_number, hand_number):
    """GET/POST .../hands/<n>/correct/: change a recorded hand, with a reason kept in the history."""
    table = _table(request, slug, round_number, table_number, permissions.ENTER_RESULTS)
    hand = Hand.objects.filter(table=table, number=hand_number).first()
    if hand is None:
        raise Http404(_("No such hand."))
    sheet_ = load_sheet(table)
    row = sheet_.rows[hand_number - 1]
    if not sheet_.editable:
        return _render_sheet(request, sheet_, status=409, error=_("This table's result is final; it cannot be changed."))
    if request.method == "GET":
        initial = {"version": table.version, **{f"p{i}": p for i, p in enumerate(row.points)}}
        if row.penalty:
            initial.update(penalty_offender=row.penalty[0], penalty_reason=row.penalty[1])
        form = CorrectionForm(sheet_, initial=initial)
        if request.htmx:
            return render(request, "tables/sheet.html#correction", _context(request, sheet_, correction=form, row=row))
        return _render_sheet(request, sheet_, correction=form, editing=hand_number)
    form = CorrectionForm(sheet_, request.POST)
    error = None
    if form.is_valid():
        try:
            services.correct_hand(
                hand, **form.cleaned_data["call"], reason=form.cleaned_data["reason"], user=request.user,
                expected_version=form.cleaned_data["version"],
            )
        except services.StaleTableError:
            return _render_sheet(
                request, load_sheet(_fresh(table)), status=409,
                error=_("Another arbiter changed this table first. This is the sheet as it is now: correct it again if needed."),
            )
        except ScoringError as exc:
            verdict = check_entry(sheet_, [request.POST.get(f"p{s.position}", "") for s in sheet_.seats])
            error = verdict.message if not verdict.ok else str(exc)
        else:
            return _after_write(request, load_sheet(_fresh(table)), _("Hand %(n)s corrected.") % {"n": hand_number})
    return _render_sheet(request, sheet_, status=422, correction=form, editing=hand_number, error=error)


@require_POST
def close(request, slug, round_number, table_number):
    """POST .../close/: the arbiter ends the game when time is up."""
    table = _table(request, slug, round_number, table_number, permissions.ENTER_RESULTS)
    sheet_ = load_sheet(table)
    if not sheet_.editable:
        return _render_sheet(request, sheet_, status=409, error=_("This table's result is final; it cannot be changed."))
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        version = None
    try:
        services.close_game(table, user=request.user, expected_version=version)
    except services.StaleTableError:
        return _render_sheet(request, load_sheet(_fresh(table)), status=409,
                             error=_("Another arbiter changed this table first. Check the sheet and try again."))
    except ScoringError:
        return _render_sheet(request, sheet_, status=422, error=_("A game cannot end before its first hand."))
    return _after_write(request, load_sheet(_fresh(table)), _("The game is closed."))


@require_POST
def confirm(request, slug, round_number, table_number):
    """POST .../confirm/: the arbiter confirms the table result of an ended game."""
    table = _table(request, slug, round_number, table_number, permissions.ENTER_RESULTS)
    sheet_ = load_sheet(table)
    if sheet_.round.status == sheet_.round.Status.LOCKED:
        return _render_sheet(request, sheet_, status=409, error=_("This table's result is final; it cannot be changed."))
    try:
        services.confirm_result(table, user=request.user)
    except ScoringError:
        return _render_sheet(request, sheet_, status=422, error=_("The game has not ended yet."))
    return _after_write(request, load_sheet(_fresh(table)), _("Result confirmed."))


@require_GET
def history(request, slug, round_number, table_number):
    """GET .../history/: every change on the table (who, when, before and after, reason)."""
    table = _table(request, slug, round_number, table_number, permissions.VIEW)
    sheet_ = load_sheet(table)
    entries = table_history(table)
    return render(request, "tables/history.html", {**_context(request, sheet_), "entries": entries})
