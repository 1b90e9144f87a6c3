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
    list_display = ["__str__", "round", "number", "mode", "closed_by_arbiter", "result_confirmed_at", "version"]
    list_filter = ["round__tournament", "round__number", "mode", "closed_by_arbiter"]
    inlines = [SeatInline]

    def save_formset(self, request, form, formset, change):
        # Seats carry their table's round (the (round, registration) uniqueness lives on Seat).
        for seat in formset.save(commit=False):
            seat.round_id = form.instance.round_id
            seat.save()
        for seat in formset.deleted_objects:
            seat.delete()


class HandScoreInline(admin.TabularInline):
    model = HandScore
    extra = 0
    fields = ["seat", "points"]
    readonly_fields = ["seat"]
    can_delete = False


class PenaltyInline(admin.StackedInline):
    model = Penalty
    extra = 0
    fields = ["offender", "reason", "recorded_by"]


@admin.register(Hand)
class HandAdmin(SimpleHistoryAdmin):
    list_display = ["table", "number", "dealer", "pass_direction", "source", "created_at"]
    list_filter = ["table__round__tournament", "source", "pass_direction"]
    inlines = [HandScoreInline, PenaltyInline]
    readonly_fields = ["record"]


@admin.register(Penalty)
class PenaltyAdmin(SimpleHistoryAdmin):
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
class PlayEventAdmin(admin.ModelAdmin):
    """The event log is the record of what was played: read-only."""

    list_display = ["table", "hand_number", "sequence", "seat", "kind", "cards", "actor", "created_at"]
    list_filter = ["table__round__tournament", "kind", "actor"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
