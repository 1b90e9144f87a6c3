from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from tables.models import Table

from .models import Bye, Player, Registration, Round, Tournament


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["player", "withdrawn"]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "status", "seating_method", "seed"]
    readonly_fields = [
        "status"
    ]  # locked and reopened through tournaments.organizer (with a reason)
    show_change_link = True


@admin.register(Tournament)
class TournamentAdmin(SimpleHistoryAdmin):
    list_display = ["name", "slug", "status", "rules", "scoring", "game_end", "start_date", "venue"]
    list_filter = ["status", "rules", "scoring", "game_end"]
    search_fields = ["name", "slug", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [RoundInline, RegistrationInline]

    def get_readonly_fields(self, request, obj=None):
        # Publishing, finishing and reopening go through tournaments.organizer (the manage page, the
        # commands).
        return ["status"] if obj is not None else []


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "external_id"]
    list_filter = ["club"]
    search_fields = ["name", "club", "external_id"]


@admin.register(Registration)
class RegistrationAdmin(SimpleHistoryAdmin):
    list_display = ["player", "tournament", "withdrawn"]
    list_filter = ["tournament", "withdrawn"]
    search_fields = ["player__name", "player__club"]
    autocomplete_fields = ["player"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ["number", "mode", "closed_by_arbiter", "result_confirmed_at"]
    readonly_fields = ["closed_by_arbiter", "result_confirmed_at"]
    show_change_link = True


@admin.register(Round)
class RoundAdmin(SimpleHistoryAdmin):
    list_display = ["tournament", "number", "status", "seating_method"]
    list_filter = ["tournament", "status"]
    inlines = [TableInline]
    # Locked, reopened, hidden and released through tournaments.organizer (with the actor, a reason,
    # and the counter that refreshes cached pages); the kind is set when the finals are created, and
    # whether the round keeps the schedule (with its figures) when the seating service seats it.
    readonly_fields = [
        "status",
        "kind",
        "hidden",
        "schedule_kept",
        "kept_repeats",
        "planned_repeats",
    ]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ["round", "registration"]
    list_filter = ["round__tournament"]
