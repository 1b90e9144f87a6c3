"""Addresses of a table's score sheet; stable, because printed table cards link to them."""

from django.urls import path

from . import link_views, views

app_name = "tables"

_table = "t/<slug:slug>/tables/<int:round_number>/<int:table_number>/"

urlpatterns = [
    path(_table, views.sheet, name="sheet"),
    path(_table + "check/", views.check, name="check"),
    path(_table + "hands/", views.record, name="record"),
    path(_table + "hands/<int:hand_number>/correct/", views.correct, name="correct"),
    path(_table + "close/", views.close, name="close"),
    path(_table + "confirm/", views.confirm, name="confirm"),
    path(_table + "reopen/", views.reopen, name="reopen"),
    path(_table + "history/", views.history, name="history"),
    path(_table + "entries/<int:entry_id>/decide/", views.decide, name="decide"),
    path(_table + "flags/<int:flag_id>/resolve/", views.resolve_flag, name="resolve_flag"),
    path("t/<slug:slug>/rounds/<int:number>/arbiter/", views.arbiter_round, name="arbiter_round"),
    # A player's private address (tournaments.links): the key is "<registration id>-<secret>".
    path("p/<str:key>/", link_views.board, name="player_link"),
    path("p/<str:key>/hands/", link_views.enter, name="player_enter"),
    path("p/<str:key>/entries/<int:entry_id>/accept/", link_views.accept, name="player_accept"),
    path("p/<str:key>/entries/<int:entry_id>/reject/", link_views.reject, name="player_reject"),
    path("p/<str:key>/result/", link_views.accept_result, name="player_result"),
    path("p/<str:key>/call/", link_views.call_arbiter, name="player_call"),
]
