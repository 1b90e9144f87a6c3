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
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from tournaments import permissions, scoring
from tournaments.audit import Actor
from tournaments.models import Round, Tournament
from tournaments.numbers import whole_number
from tournaments.scoring import GameOverError, ScoringError

from . import arbiter_board, entries, services
from .forms import CorrectionForm, EntryForm
from .models import Hand, HandEntry, Table, TableFlag
from .sheet import (
    Sheet,
    check_entry,
    load_sheet,
    load_table,
    lock_sheet,
    open_sheet,
    sheet_after_hand,
    table_history,
)


def _table(request, slug: str, round_number: int, table_number: int, permission: str) -> Table:
    """The table, after checking ``permission`` on its tournament (404 / 403)."""
    try:
        table = load_table(slug, round_number, table_number)
    except Table.DoesNotExist as exc:
        raise Http404(_("No such table.")) from exc
    permissions.require(request.user, permission, table.round.tournament)
    if permission == permissions.VIEW:
        permissions.require_results_visible(request.user, table.round)
    return table


def _sheet(
    request, slug: str, round_number: int, table_number: int, permission: str, *, lock: bool = False
) -> Sheet:
    """The table's sheet, read with the table in one go, after checking ``permission`` on its
    tournament (404 / 403).

    lock: inside the caller's transaction, with the table's row locked (``lock_sheet``), to write
    next.
    """

    def check(table: Table) -> None:
        permissions.require(request.user, permission, table.round.tournament)
        if permission == permissions.VIEW:
            permissions.require_results_visible(request.user, table.round)

    try:
        return (lock_sheet if lock else open_sheet)(slug, round_number, table_number, check=check)
    except Table.DoesNotExist as exc:
        raise Http404(_("No such table.")) from exc


#: Refusals caused by the table's state (answered 409); other ``ScoringError``\s are about the input
#: (422).
CONFLICTS = (
    services.StaleTableError,
    services.HandConflictError,
    services.ResultFinalError,
    services.EnginePlayedError,
    GameOverError,
    entries.StaleEntryError,
)


def _context(request, sheet: Sheet, **extra) -> dict:
    can_enter = permissions.can(request.user, permissions.ENTER_RESULTS, sheet.tournament)
    # An engine-played table's hands come from the engine: no entry row, no corrections.
    engine = sheet.table.mode == Table.Mode.ENGINE
    context = {
        "sheet": sheet,
        "tournament": sheet.tournament,
        "table": sheet.table,
        "can_enter": can_enter and sheet.editable and not engine,
        "is_arbiter": can_enter,
        "can_manage": permissions.can(request.user, permissions.MANAGE, sheet.tournament),
        "engine_played": engine,
    }
    if can_enter and sheet.editable and not sheet.over and not engine and "form" not in extra:
        extra["form"] = EntryForm(
            sheet, initial={"version": sheet.table.version, "number": sheet.next_number}
        )
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
    return _render_sheet(
        request, _sheet(request, slug, round_number, table_number, permissions.VIEW)
    )


@require_POST
def check(request, slug, round_number, table_number):
    """POST .../check/: the as-you-type verdict on the entry row (an htmx fragment)."""
    sheet_ = _sheet(request, slug, round_number, table_number, permissions.ENTER_RESULTS)
    verdict = check_entry(sheet_, [request.POST.get(f"p{s.position}", "") for s in sheet_.seats])
    return render(request, "tables/sheet.html#feedback", {"verdict": verdict})


def _actor(request) -> Actor:
    return Actor.of(request.user)


def _changes_since(table: Table, version: int | None) -> str:
    """What others changed at the table since ``version`` (a 409 says it): "Hand 5 recorded by
    Marco: 10 / 3 / 13 / 0"."""
    if version is None:
        return ""
    # The arbiter saw the table as its last history record at that version left it; what came after
    # is new.
    seen = (
        Table.history.filter(id=table.id, version__lte=version)
        .order_by("-history_date", "-history_id")
        .values_list("history_date", flat=True)
        .first()
    )
    if seen is None:
        return ""
    lines = []
    for entry in table_history(table):
        if entry.when <= seen:
            continue
        line = (
            entry.what
            if entry.hand is None
            else _("Hand %(n)s: %(what)s") % {"n": entry.hand, "what": entry.what}
        )
        line = _("%(what)s (by %(who)s)") % {"what": line, "who": entry.who}
        if entry.after:
            line += ": " + " / ".join(str(p) for p in entry.after)
        lines.append(line)
    return "; ".join(lines[-4:])


def _entry_message(request, sheet_: Sheet, exc: ScoringError) -> str | None:
    """For points the rules refuse, the sheet's own wording (the one shown as the arbiter typed)."""
    if not isinstance(exc, scoring.ImpossibleHandError):
        return None
    verdict = check_entry(sheet_, [request.POST.get(f"p{s.position}", "") for s in sheet_.seats])
    return None if verdict.ok else verdict.message


def _refused(
    request,
    table: Table,
    exc: ScoringError,
    *,
    form=None,
    correction=None,
    editing=None,
    seen_version: int | None = None,
    message: str | None = None,
) -> HttpResponse:
    """The fresh sheet after a refused write: 409 when the table's state refuses it, 422 for the
    input.

    What the arbiter typed is kept (``form`` / ``correction``, re-bound with the
    fresh version), and a stale write says what changed meanwhile.
    """
    fresh = load_sheet(table)
    status = (
        403
        if isinstance(exc, entries.EntryNotAllowed)
        else 409
        if isinstance(exc, CONFLICTS)
        else 422
    )
    error = message or str(exc)
    if isinstance(exc, (services.StaleTableError, services.HandConflictError)):
        changed = _changes_since(fresh.table, seen_version)
        error = _(
            "Another arbiter saved this table first: %(changes)s. What you typed is kept below: "
            "check it against the sheet before saving again."
        ) % {"changes": changed or _("the sheet below is current")}
    extra = {}
    if form is not None and fresh.editable and not fresh.over:
        extra["form"] = _rebound(EntryForm, fresh, form.data, number=fresh.next_number)
    if correction is not None and fresh.editable:
        extra.update(correction=_rebound(CorrectionForm, fresh, correction.data), editing=editing)
    return _render_sheet(request, fresh, status=status, error=error, **extra)


def _rebound(form_class, sheet_: Sheet, data, **changes):
    """``form_class`` bound to what was posted, with the sheet's current version (and
    ``changes``)."""
    data = data.copy()
    data["version"] = str(sheet_.table.version)
    for key, value in changes.items():
        data[key] = str(value)
    return form_class(sheet_, data)


@require_POST
def record(request, slug, round_number, table_number):
    """POST .../hands/: record the next hand (points, a moon or a penalty).

    One transaction: the table's row is locked, the sheet read under the lock
    (``lock_sheet``), the form checked against it and the hand written; the
    sheet answered is that sheet with the new hand (``sheet_after_hand``). A
    refused write rolls back, and the answer reads the sheet afresh.
    """
    try:
        with transaction.atomic():
            sheet_ = _sheet(
                request, slug, round_number, table_number, permissions.ENTER_RESULTS, lock=True
            )
            table = sheet_.table
            form = EntryForm(sheet_, request.POST)
            if not form.is_valid():
                if sheet_.final_reason:
                    return _render_sheet(request, sheet_, status=409, error=sheet_.final_reason)
                return _render_sheet(request, sheet_, status=422, form=form)
            number = form.cleaned_data["number"]
            decide = request.POST.get("action") == "decide"
            if decide:
                done = entries.decide(
                    table, number, actor=_actor(request), **form.cleaned_data["call"]
                )
            else:
                done = entries.submit(
                    table,
                    **form.cleaned_data["call"],
                    actor=_actor(request),
                    number=number,
                    expected_version=form.cleaned_data["version"],
                    locked=True,
                )
    except ScoringError as exc:
        return _refused(
            request,
            table,
            exc,
            form=form,
            seen_version=form.cleaned_data["version"],
            message=_entry_message(request, sheet_, exc),
        )
    after = sheet_after_hand(sheet_, done) if isinstance(done, Hand) and not decide else None
    return _after_write(request, table, _entered_notice(done), sheet_=after)


def _entered_notice(done: Hand | HandEntry) -> str:
    """What the sheet says after an entry: recorded, or waiting for a player or a second entry."""
    if isinstance(done, HandEntry):
        if done.status == HandEntry.Status.MISMATCH:
            return _("Hand %(n)s differs from the other entry: decide which is right.") % {
                "n": done.number
            }
        if done.table.round.tournament.confirmation_policy == Tournament.ConfirmationPolicy.DOUBLE:
            return _("Hand %(n)s entered; it is recorded when a second, equal entry arrives.") % {
                "n": done.number
            }
        return _(
            "Hand %(n)s entered; it is recorded when another player of the table accepts it."
        ) % {"n": done.number}
    if not done.created:
        # The same form arrived twice (a double click, a resent request): one hand, no error.
        return _("Hand %(n)s was already recorded.") % {"n": done.number}
    return _("Hand %(n)s recorded.") % {"n": done.number}


@require_POST
def decide(request, slug, round_number, table_number, entry_id):
    """POST .../entries/<id>/decide/: the arbiter records a waiting or disputed entry as the
    hand."""
    table = _table(request, slug, round_number, table_number, permissions.ENTER_RESULTS)
    entry = get_object_or_404(HandEntry, pk=entry_id, table=table)
    try:
        hand = entries.decide(table, entry.number, actor=_actor(request), entry_id=entry.pk)
    except ScoringError as exc:
        return _refused(request, table, exc)
    return _after_write(request, table, _("Hand %(n)s recorded.") % {"n": hand.number})


def _after_write(
    request, table: Table, notice: str, *, sheet_: Sheet | None = None
) -> HttpResponse:
    """htmx: the fresh sheet with a notice (the entry row is empty and focused); otherwise redirect
    (PRG).

    ``sheet_``: the sheet as it is now, when the view has it; else it is read (htmx only).
    """
    if request.htmx:
        return _render_sheet(request, sheet_ or load_sheet(table), notice=notice)
    messages.success(request, notice)
    return redirect("tables:sheet", table.round.tournament.slug, table.round.number, table.number)


@require_http_methods(["GET", "POST"])
def correct(request, slug, round_number, table_number, hand_number):
    """GET/POST .../hands/<n>/correct/: change a recorded hand, with a reason kept in the
    history."""
    table = _table(request, slug, round_number, table_number, permissions.ENTER_RESULTS)
    hand = Hand.objects.filter(table=table, number=hand_number).first()
    if hand is None:
        raise Http404(_("No such hand."))
    sheet_ = load_sheet(table)
    row = sheet_.rows[hand_number - 1]
    if request.method == "GET":
        if sheet_.final_reason:
            return _render_sheet(request, sheet_, status=409, error=sheet_.final_reason)
        initial = {"version": table.version, **{f"p{i}": p for i, p in enumerate(row.points)}}
        if row.penalty:
            initial.update(penalty_offender=row.penalty[0], penalty_reason=row.penalty[1])
        form = CorrectionForm(sheet_, initial=initial)
        if request.htmx:
            return render(
                request,
                "tables/sheet.html#correction",
                _context(request, sheet_, correction=form, row=row),
            )
        return _render_sheet(request, sheet_, correction=form, editing=hand_number)
    form = CorrectionForm(sheet_, request.POST)
    if not form.is_valid():
        if sheet_.final_reason:
            return _render_sheet(request, sheet_, status=409, error=sheet_.final_reason)
        return _render_sheet(request, sheet_, status=422, correction=form, editing=hand_number)
    try:
        services.correct_hand(
            hand,
            **form.cleaned_data["call"],
            reason=form.cleaned_data["reason"],
            actor=_actor(request),
            expected_version=form.cleaned_data["version"],
        )
    except ScoringError as exc:
        return _refused(
            request,
            table,
            exc,
            correction=form,
            editing=hand_number,
            seen_version=form.cleaned_data["version"],
            message=_entry_message(request, sheet_, exc),
        )
    return _after_write(request, table, _("Hand %(n)s corrected.") % {"n": hand_number})


def _posted_version(request) -> int | None:
    """The table version the page was showing (a hidden field); None when missing or malformed."""
    try:
        version = whole_number(request.POST.get("version", ""))
    except ValueError:
        return None
    return version if version >= 0 else None


def _no_version(request, table: Table) -> HttpResponse:
    return _render_sheet(
        request,
        load_sheet(table),
        status=422,
        error=_(
            "This request did not come with the sheet's version: reload the sheet and try again."
        ),
    )


@require_POST
def close(request, slug, round_number, table_number):
    """POST .../close/: the arbiter ends the game when time is up (the version shown is
    required)."""
    table = _table(request, slug, round_number, table_number, permissions.ENTER_RESULTS)
    version = _posted_version(request)
    if version is None:
        return _no_version(request, table)
    try:
        services.close_game(table, actor=_actor(request), expected_version=version)
    except ScoringError as exc:
        return _refused(request, table, exc, seen_version=version)
    return _after_write(request, table, _("The game is closed."))


@require_POST
def confirm(request, slug, round_number, table_number):
    """POST .../confirm/: an arbiter confirms the table result of an ended game (the version shown
    is required)."""
    table = _table(request, slug, round_number, table_number, permissions.ENTER_RESULTS)
    version = _posted_version(request)
    if version is None:
        return _no_version(request, table)
    try:
        services.confirm_result(table, actor=_actor(request), expected_version=version)
    except ScoringError as exc:
        return _refused(request, table, exc, seen_version=version)
    return _after_write(request, table, _("Result confirmed."))


@require_POST
def reopen(request, slug, round_number, table_number):
    """POST .../reopen/: the organizer reopens a confirmed table result, with a reason."""
    table = _table(request, slug, round_number, table_number, permissions.MANAGE)
    try:
        services.reopen_result(table, actor=_actor(request), reason=request.POST.get("reason", ""))
    except ScoringError as exc:
        return _refused(request, table, exc)
    return _after_write(request, table, _("The result is reopened; hands can be corrected."))


@require_GET
def history(request, slug, round_number, table_number):
    """GET .../history/: every change on the table (who, when, before and after, reason)."""
    table = _table(request, slug, round_number, table_number, permissions.VIEW)
    sheet_ = load_sheet(table)
    entries = table_history(table)
    return render(request, "tables/history.html", {**_context(request, sheet_), "entries": entries})


@require_GET
@vary_on_headers("HX-Request")
def arbiter_round(request, slug, number):
    """GET /t/<slug>/rounds/<n>/arbiter/[?sort=table]: every table's state, calls for the arbiter
    first (live)."""
    try:
        round_ = Round.objects.select_related("tournament").get(
            tournament__slug=slug, number=number
        )
    except Round.DoesNotExist as exc:
        raise Http404(_("No such round.")) from exc
    tournament = round_.tournament
    permissions.require(request.user, permissions.ENTER_RESULTS, tournament)
    sort = "table" if request.GET.get("sort") == "table" else "state"
    context = {
        "tournament": tournament,
        "round": round_,
        "sort": sort,
        "board": arbiter_board.round_board(tournament, round_, sort=sort),
    }
    template = "tables/arbiter_round.html#board" if request.htmx else "tables/arbiter_round.html"
    return render(request, template, context)


@require_POST
def resolve_flag(request, slug, round_number, table_number, flag_id):
    """POST .../flags/<id>/resolve/: the arbiter answers a call, with a note."""
    table = _table(request, slug, round_number, table_number, permissions.ENTER_RESULTS)
    flag = get_object_or_404(TableFlag, pk=flag_id, table=table)
    entries.resolve_flag(flag, actor=_actor(request), note=request.POST.get("note", ""))
    messages.success(request, _("Call at table %(n)s answered.") % {"n": table.number})
    return redirect("tables:arbiter_round", slug, round_number)
