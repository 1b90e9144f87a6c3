"""Addresses of the API (``/api/v1/``, its schema and docs) and of the tournament's API tokens
page."""

from django.urls import path, re_path

from . import views
from .api import api

urlpatterns = [
    path("api/v1/", api.urls),
    # Anything else under /api/ is a JSON 404 too, never the site's HTML page.
    re_path(r"^api/", views.api_not_found),
    path("t/<slug:slug>/manage/api/", views.tokens_page, name="api_tokens"),
    path("t/<slug:slug>/manage/api/<int:token_id>/revoke/", views.revoke, name="api_token_revoke"),
]
