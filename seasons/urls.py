"""Addresses of the season and rating pages."""

from django.urls import path

from . import views

app_name = "seasons"

urlpatterns = [
    path("seasons/", views.season_list, name="list"),
    path("seasons/new/", views.season_create, name="create"),
    path("seasons/<slug:slug>/", views.season, name="season"),
    path("seasons/<slug:slug>/edit/", views.season_edit, name="edit"),
    path("seasons/<slug:slug>/export.csv", views.season_export, name="export"),
    path("ratings/", views.ratings, name="ratings"),
    path("ratings/export.csv", views.ratings_export, name="ratings_export"),
]
