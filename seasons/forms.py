"""The organizer's season form: what the season is, how it scores, and which of their tournaments it
ranks.

The form checks what a form can (required fields, numbers); ``seasons.services`` checks the rest and
its ``SeasonError`` names the field the view puts it back next to.
"""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament

from . import leaderboard, services
from .models import DEFAULT_BEST_RESULTS, MAX_BEST_RESULTS, Season


class TournamentChoices(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Tournament) -> str:
        details = [obj.start_date.isoformat()] if obj.start_date else []
        return f"{obj.name} ({', '.join([*details, str(obj.get_status_display())])})"


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=200)
    slug = forms.CharField(
        label=_("web address"),
        max_length=80,
        required=False,
        help_text=_(
            "The end of the season's web address, /seasons/…/: letters, digits and hyphens. "
            "Empty: made from the name."
        ),
    )
    club = forms.CharField(
        label=_("club"), max_length=120, help_text=_("The club whose tournaments the season ranks.")
    )
    best_results = forms.IntegerField(
        label=_("results counted"),
        min_value=1,
        max_value=MAX_BEST_RESULTS,
        initial=DEFAULT_BEST_RESULTS,
        help_text=_("Each player's best results that count: the others are dropped."),
    )
    scoring = forms.ChoiceField(
        label=_("scoring"),
        choices=Season.Scoring.choices,
        initial=Season.Scoring.PLACE,
        widget=forms.RadioSelect,
        help_text=_(
            "By place: the points table below, tied players sharing the points of the places they "
            "cover. By match points: each player's match points in the tournament's final "
            "standings."
        ),
    )
    place_points = forms.CharField(
        label=_("points by place"),
        max_length=2000,
        required=False,
        initial=", ".join(str(v) for v in leaderboard.DEFAULT_PLACE_POINTS),
        help_text=_(
            "The points of the 1st, 2nd, 3rd... place, separated by commas; places beyond the list "
            "score 0."
        ),
    )
    tournaments = TournamentChoices(
        label=_("tournaments"),
        queryset=Tournament.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Only finished tournaments count; running ones are listed as not counted yet."),
    )

    def __init__(self, *args, user, season: Season | None = None, **kwargs):
        if season is not None and "initial" not in kwargs:
            kwargs["initial"] = {
                "name": season.name,
                "slug": season.slug,
                "club": season.club,
                "best_results": season.best_results,
                "scoring": season.scoring,
                "place_points": ", ".join(str(v) for v in season.place_points),
                "tournaments": list(season.tournaments.all()),
            }
        super().__init__(*args, **kwargs)
        self.season = season
        owner = season.owner_id if season is not None and season.owner_id else user.pk
        mine = Q(owner_id=owner)
        if season is not None:
            mine |= Q(seasons=season)
        self.fields["tournaments"].queryset = (
            Tournament.objects.filter(mine)
            .distinct()
            .order_by("-start_date", "-created_at", "name")
        )
        if season is None:
            self.fields["slug"].widget.attrs["data-slug-from"] = self.add_prefix("name")

    def clean_place_points(self) -> list[int]:
        text = self.cleaned_data.get("place_points", "")
        if not text.strip():
            return list(leaderboard.DEFAULT_PLACE_POINTS)
        try:
            return services.parse_place_points(text)
        except services.SeasonError as exc:
            raise forms.ValidationError(str(exc)) from None

    def fields_for_service(self) -> services.SeasonFields:
        data = self.cleaned_data
        return services.SeasonFields(
            name=data["name"],
            club=data["club"],
            best_results=data["best_results"],
            scoring=data["scoring"],
            place_points=data["place_points"],
            tournaments=list(data["tournaments"]),
            slug=data.get("slug", ""),
        )
