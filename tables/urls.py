"""Addresses of a table's score sheet; stable, because printed table cards link to them."""

from django.urls import path

from . import views

app_name = "tables"

_table = "t/<slug:slug>/tables/<int:round_number>/<int:table_number>/"

urlpatterns = [
    path(_table, views.sheet, name="sheet"),
    path(_table + "check/", views.check, name="check"),
    path(_table + "hands/", views.record, name="record"),
    path(_table + "hands/<int:hand_number>/correct/", views.correct, name="correct"),
    path(_table + "close/", views.close, name="close"),
    path(_table + "confirm/", views.confirm, name="confirm"),
    path(_table + "history/", views.history, name="history"),
]
