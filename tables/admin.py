"""The Django admin for tables and hands: a window on the data, never a second write path.

Hands, scores, penalties, game closes and confirmations are written by
``tables.services`` only (the rules of locked rounds, confirmed results and
the exact hand check live there), so here they are read-only; the score sheet
and the commands change them. Seats can still be arranged by hand before play.
"""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models import Hand, HandScore, Penalty, PlayEvent, PlaySeat, PlayState, Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "registration"]
    raw_id_fields = ["registration"]


@admin.register(Table)
class TableAdmin(SimpleHistoryAdmin):
    list_display = [
        "__str__",
        "round",
        "number",
        "mode",
        "closed_by_arbiter",
        "result_confirmed_at",
        "version",
    ]
    list_filter = ["round__tournament", "round__number", "mode", "closed_by_arbiter"]
    inlines = [SeatInline]
    # Closing a game and confirming a result go through tables.services (the score sheet,
    # close_table).
    readonly_fields = ["closed_by_arbiter", "result_confirmed_at", "version"]

    def save_formset(self, request, form, formset, change):
        # Seats carry their table's round (the (round, registration) uniqueness lives on Seat).
        for seat in formset.save(commit=False):
            seat.round_id = form.instance.round_id
            seat.save()
        for seat in formset.deleted_objects:
            seat.delete()


class ReadOnlyMixin:
    """Shown, never changed here: the services are the only code that writes these rows."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class HandScoreInline(ReadOnlyMixin, admin.TabularInline):
    model = HandScore
    extra = 0
    fields = ["seat", "points"]


class PenaltyInline(ReadOnlyMixin, admin.StackedInline):
    model = Penalty
    extra = 0
    fields = ["offender", "reason", "recorded_by"]


@admin.register(Hand)
class HandAdmin(ReadOnlyMixin, SimpleHistoryAdmin):
    """Hands are recorded and corrected on the score sheet (or by import_hands), with the hand
    check."""

    list_display = ["table", "number", "dealer", "pass_direction", "source", "created_at"]
    list_filter = ["table__round__tournament", "source", "pass_direction"]
    inlines = [HandScoreInline, PenaltyInline]


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyMixin, SimpleHistoryAdmin):
    list_display = ["hand", "offender", "reason", "recorded_by", "created_at"]
    list_filter = ["hand__table__round__tournament"]


@admin.register(PlaySeat)
class PlaySeatAdmin(admin.ModelAdmin):
    list_display = ["seat", "computer", "expires_at", "last_seen_at"]
    list_filter = ["seat__table__round__tournament", "computer"]
    readonly_fields = ["token"]


@admin.register(PlayState)
class PlayStateAdmin(admin.ModelAdmin):
    list_display = ["table", "hand_number", "version", "finished"]
    list_filter = ["table__round__tournament", "finished"]
    readonly_fields = ["deal", "seed", "version"]


@admin.register(PlayEvent)
class PlayEventAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """The event log is the record of what was played: read-only."""

    list_display = [
        "table",
        "hand_number",
        "sequence",
        "seat",
        "kind",
        "cards",
        "actor",
        "created_at",
    ]
    list_filter = ["table__round__tournament", "kind", "actor"]
