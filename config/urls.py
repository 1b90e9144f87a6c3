"""Root URL configuration: the admin, the language switch, the tournament and table pages."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("play/", include("tables.play.urls")),
    path("", include("seasons.urls")),
    path("", include("api.urls")),
    path("", include("tables.urls")),
    path("", include("tournaments.urls")),
]
