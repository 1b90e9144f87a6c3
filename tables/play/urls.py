from django.urls import path

from . import views

app_name = "play"

urlpatterns = [
    path("s/<str:token>/", views.seat_page, name="seat"),
    path("s/<str:token>/pass/", views.seat_action, {"action": "pass"}, name="pass"),
    path("s/<str:token>/play/", views.seat_action, {"action": "play"}, name="play"),
    path("<slug:slug>/<int:round_number>/<int:table_number>/", views.spectator, name="spectator"),
    path("<slug:slug>/<int:round_number>/<int:table_number>/setup/", views.setup, name="setup"),
]
