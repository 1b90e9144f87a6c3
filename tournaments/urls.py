"""Addresses of the tournament pages. The public ones are stable: printed cards and QR codes link to
them."""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import (
    evening_views,
    permissions,  # noqa: F401  (registers the named permissions with ``rules``)
    views,
)

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # A new arbiter chooses their password from the single-use link the organizer hands them.
    path(
        "accounts/password/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="registration/set_password.html",
            post_reset_login=True,
            post_reset_login_backend="django.contrib.auth.backends.ModelBackend",
            success_url="/accounts/password/done/",
        ),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="registration/set_password_done.html"
        ),
        name="password_reset_complete",
    ),
    path("t/new/", views.create, name="create"),
    path("t/<slug:slug>/", views.tournament, name="tournament"),
    path("t/<slug:slug>/standings/", views.standings, name="standings"),
    path("t/<slug:slug>/rounds/<int:number>/", views.round_page, name="round"),
    path("t/<slug:slug>/rounds/<int:number>/print/", views.print_round, name="print_round"),
    path("t/<slug:slug>/players/<int:player_id>/", views.player, name="player"),
    path("t/<slug:slug>/projector/", views.projector, name="projector"),
    path("t/<slug:slug>/qr.svg", views.qr_code, name="qr"),
    path("t/<slug:slug>/export/<str:kind>.csv", views.export, name="export"),
    path("t/<slug:slug>/manage/", views.manage, name="manage"),
    path("t/<slug:slug>/manage/edit/", views.edit, name="edit"),
    path("t/<slug:slug>/manage/players/", views.players, name="manage_players"),
    path("t/<slug:slug>/manage/players/upload/", views.players_upload, name="players_upload"),
    path("t/<slug:slug>/manage/hands/upload/", views.hands_upload, name="hands_upload"),
    path("t/<slug:slug>/manage/imports/<int:job_id>/", views.import_job, name="import_job"),
    path(
        "t/<slug:slug>/manage/players/<int:registration_id>/withdraw/",
        views.withdraw,
        name="withdraw",
    ),
    path(
        "t/<slug:slug>/manage/players/<int:registration_id>/link/",
        views.player_link,
        name="player_link_manage",
    ),
    path("t/<slug:slug>/manage/links/issue/", views.issue_links, name="issue_links"),
    path("t/<slug:slug>/manage/links/print/", views.print_links, name="print_links"),
    path("t/<slug:slug>/manage/arbiters/", views.arbiters, name="arbiters"),
    path("t/<slug:slug>/manage/arbiters/new/", evening_views.create_arbiter, name="create_arbiter"),
    path(
        "t/<slug:slug>/manage/arbiters/<int:user_id>/link/",
        evening_views.arbiter_link,
        name="arbiter_link",
    ),
    path(
        "t/<slug:slug>/manage/players/<int:registration_id>/edit/",
        evening_views.edit_player,
        name="edit_player",
    ),
    path(
        "t/<slug:slug>/manage/players/<int:registration_id>/delete/",
        evening_views.delete_player,
        name="delete_player",
    ),
    path("t/<slug:slug>/manage/check-in/", evening_views.check_in, name="check_in"),
    path(
        "t/<slug:slug>/manage/check-in/<int:registration_id>/arrive/",
        evening_views.arrive,
        name="arrive",
    ),
    path("t/<slug:slug>/rounds/<int:number>/clock/", evening_views.round_clock, name="round_clock"),
    path(
        "t/<slug:slug>/manage/arbiters/<int:user_id>/remove/",
        views.remove_arbiter,
        name="remove_arbiter",
    ),
    path("t/<slug:slug>/manage/publish/", views.publish, name="publish"),
    path("t/<slug:slug>/manage/rounds/start/", views.start_round, name="start_round"),
    path("t/<slug:slug>/manage/rounds/<int:number>/lock/", views.lock_round, name="lock_round"),
    path(
        "t/<slug:slug>/manage/rounds/<int:number>/reopen/", views.reopen_round, name="reopen_round"
    ),
    path("t/<slug:slug>/manage/rounds/<int:number>/seating/", views.seating, name="seating"),
    path(
        "t/<slug:slug>/manage/rounds/<int:number>/visibility/",
        views.round_visibility,
        name="round_visibility",
    ),
    path("t/<slug:slug>/manage/finals/", views.create_finals, name="create_finals"),
    path("t/<slug:slug>/manage/finish/", views.finish, name="finish"),
    path("t/<slug:slug>/manage/reopen/", views.reopen, name="reopen"),
]
