"""Addresses of the tournament pages. The public ones are stable: printed cards and QR codes link to them."""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import permissions  # noqa: F401  (registers the named permissions with ``rules``)
from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("t/new/", views.create, name="create"),
    path("t/<slug:slug>/", views.tournament, name="tournament"),
    path("t/<slug:slug>/standings/", views.standings, name="standings"),
    path("t/<slug:slug>/rounds/<int:number>/", views.round_page, name="round"),
    path("t/<slug:slug>/rounds/<int:number>/print/", views.print_round, name="print_round"),
    path("t/<slug:slug>/players/<int:player_id>/", views.player, name="player"),
    path("t/<slug:slug>/qr.svg", views.qr_code, name="qr"),
    path("t/<slug:slug>/export/<str:kind>.csv", views.export, name="export"),
    path("t/<slug:slug>/manage/", views.manage, name="manage"),
    path("t/<slug:slug>/manage/edit/", views.edit, name="edit"),
    path("t/<slug:slug>/manage/players/", views.players, name="manage_players"),
    path("t/<slug:slug>/manage/players/upload/", views.players_upload, name="players_upload"),
    path("t/<slug:slug>/manage/players/<int:registration_id>/withdraw/", views.withdraw, name="withdraw"),
    path("t/<slug:slug>/manage/arbiters/", views.arbiters, name="arbiters"),
    path("t/<slug:slug>/manage/arbiters/<int:user_id>/remove/", views.remove_arbiter, name="remove_arbiter"),
    path("t/<slug:slug>/manage/publish/", views.publish, name="publish"),
    path("t/<slug:slug>/manage/rounds/start/", views.start_round, name="start_round"),
    path("t/<slug:slug>/manage/rounds/<int:number>/lock/", views.lock_round, name="lock_round"),
    path("t/<slug:slug>/manage/rounds/<int:number>/seating/", views.seating, name="seating"),
    path("t/<slug:slug>/manage/finish/", views.finish, name="finish"),
]
