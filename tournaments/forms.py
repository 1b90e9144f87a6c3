"""Organizer forms: the tournament's settings, players by hand or CSV, arbiters.

Forms check what a form can (required fields, numbers, the tiebreak order);
the domain checks stay in the model constraints and
``tournaments.services.check_tournament_fields``, whose errors the views put
back next to the fields.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import rulesets
from .models import Tournament
from .standings import METRICS, TIEBREAK_KEYS

TIEBREAK_SLOTS = len(TIEBREAK_KEYS)


def _tiebreak_choices():
    return [("", "—")] + [(key, METRICS[key].label) for key in TIEBREAK_KEYS]


class TournamentForm(forms.ModelForm):
    """Create or edit a tournament. The tiebreak order is chosen in numbered slots (1st, 2nd, ...)."""

    rules = forms.ChoiceField(label=gettext_lazy("rule set"))

    class Meta:
        model = Tournament
        fields = [
            "name", "slug", "start_date", "end_date", "venue", "rules", "scoring", "game_end",
            "target_points", "hands_per_game", "rounds_planned", "hand_total", "moon_rule", "shoot_the_sun",
            "min_hand_points", "seating_method", "odd_policy", "table_size", "bye_match_points",
            "bye_result_points",
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    #: Fields a new tournament takes from its rule preset (shown when editing only).
    PRESET_FIELDS = ("hand_total", "moon_rule", "shoot_the_sun", "min_hand_points")

    def __init__(self, *args, creating: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.creating = creating
        self.fields["rules"].choices = [(name, name) for name in rulesets.preset_names()]
        if creating:
            for name in self.PRESET_FIELDS:
                del self.fields[name]
        order = self.instance.tiebreak_order() if self.instance.pk else list(self.instance.tiebreaks or [])
        for i in range(TIEBREAK_SLOTS):
            self.fields[f"tiebreak_{i + 1}"] = forms.ChoiceField(
                label=_("Tiebreak %(n)s") % {"n": i + 1}, choices=_tiebreak_choices(), required=False,
                initial=order[i] if i < len(order) else "",
            )

    def tiebreak_fields(self):
        return [self[f"tiebreak_{i + 1}"] for i in range(TIEBREAK_SLOTS)]

    def clean(self):
        data = super().clean()
        order: list[str] = []
        for i in range(TIEBREAK_SLOTS):
            key = data.get(f"tiebreak_{i + 1}")
            if not key:
                continue
            if key in order:
                self.add_error(f"tiebreak_{i + 1}", _("This tiebreak is already chosen above."))
            order.append(key)
        data["tiebreaks"] = order
        game_end = data.get("game_end")
        if game_end == Tournament.GameEnd.HANDS and not data.get("hands_per_game"):
            self.add_error("hands_per_game", _("Give the number of hands of a game."))
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The end date is before the start date."))
        if data.get("min_hand_points") is not None and data["min_hand_points"] > 0:
            self.add_error("min_hand_points", _("This cannot be above zero."))
        return data

    def save(self, commit=True):
        self.instance.tiebreaks = self.cleaned_data["tiebreaks"]
        return super().save(commit)


class PlayerForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("name"), max_length=120)
    club = forms.CharField(label=gettext_lazy("club"), max_length=120, required=False)
    external_id = forms.CharField(label=gettext_lazy("external id"), max_length=64, required=False)


class PlayersUploadForm(forms.Form):
    """A players CSV (``name`` [, ``club``, ``external_id``]; comma or semicolon; UTF-8)."""

    file = forms.FileField(label=gettext_lazy("CSV file"))

    MAX_BYTES = 2_000_000

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise forms.ValidationError(_("The file is not UTF-8 text; save it as CSV UTF-8.")) from exc


class ArbiterForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("User name"), max_length=150)


class SwapForm(forms.Form):
    """Swap two players of a round (seated or on a bye)."""

    first = forms.TypedChoiceField(label=gettext_lazy("player"), coerce=int)
    second = forms.TypedChoiceField(label=gettext_lazy("with"), coerce=int)

    def __init__(self, *args, players: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"].choices = players
        self.fields["second"].choices = players

    def clean(self):
        data = super().clean()
        if data.get("first") is not None and data.get("first") == data.get("second"):
            self.add_error("second", _("Choose two different players."))
        return data


class MoveForm(forms.Form):
    """Move one player to another table (to its last seat) or to the byes."""

    player = forms.TypedChoiceField(label=gettext_lazy("player"), coerce=int)
    table = forms.TypedChoiceField(label=gettext_lazy("to table"), coerce=int)

    def __init__(self, *args, players: list[tuple[int, str]], tables: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = players
        self.fields["table"].choices = [(n, str(n)) for n in range(1, tables + 1)] + [(0, _("bye"))]
