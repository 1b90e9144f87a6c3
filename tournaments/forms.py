"""Organizer forms: the tournament's settings, players by hand or CSV, arbiters.

Forms check what a form can (required fields, numbers, the tiebreak order);
the domain checks stay in the model constraints and
``tournaments.services.check_tournament_fields``, whose errors the views put
back next to the fields.
"""

from __future__ import annotations

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import labels, numbers, rulesets
from .imports import MAX_UPLOAD_BYTES
from .models import Attendance, Tournament
from .standings import METRICS, TIEBREAK_KEYS

TIEBREAK_SLOTS = len(TIEBREAK_KEYS)


def unique_slug(name: str) -> str:
    """A free tournament address made from ``name``: ``slugify(name)``, then ``-2``, ``-3``… while
    taken.

    "Coppa Città di Roma" → "coppa-citta-di-roma" (accents dropped, as ``static/cuori/cuori.js``
    suggests it while the organizer types); a name with no Latin letter or digit gives "tournament".
    At most ``Tournament.slug``'s 80 characters, suffix included.
    """
    limit = Tournament._meta.get_field("slug").max_length
    base = slugify(name)[: limit - 4].strip("-_") or "tournament"
    taken = set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"[:limit]


def _tiebreak_choices():
    return [("", "—")] + [(key, METRICS[key].label) for key in TIEBREAK_KEYS]


class TournamentForm(forms.ModelForm):
    """Create or edit a tournament. The tiebreak order is chosen in numbered slots (1st, 2nd,
    ...)."""

    rules = forms.ChoiceField(label=gettext_lazy("rule set"))

    class Meta:
        model = Tournament
        fields = [
            "name",
            "slug",
            "start_date",
            "end_date",
            "venue",
            "rules",
            "scoring",
            "game_end",
            "target_points",
            "hands_per_game",
            "rounds_planned",
            "moon_rule",
            "shoot_the_sun",
            "seating_method",
            "odd_policy",
            "table_size",
            "seating_club_weight",
            "round_minutes",
            "confirmation_policy",
            "players_enter_hands",
            "bye_match_points",
            "bye_result_points",
            "finals_decide",
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    #: Fields a new tournament takes from its rule preset (shown when editing only).
    PRESET_FIELDS = ("moon_rule", "shoot_the_sun", "finals_decide")

    def __init__(self, *args, creating: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.creating = creating
        self.fields["confirmation_policy"].required = False
        self.fields["seating_club_weight"].required = False
        if creating:
            # A blank address is made from the name (``clean``); the page's script fills it in as
            # the name is typed.
            self.fields["slug"].required = False
            self.fields["slug"].help_text = _(
                "The end of the tournament's web address, /t/…/: letters, digits and hyphens. "
                "Empty: made from the name."
            )
            self.fields["slug"].widget.attrs["data-slug-from"] = self.add_prefix("name")
        self.fields["rules"].choices = [
            (name, labels.rule_set_label(name)) for name in rulesets.preset_names()
        ]
        self.fields["odd_policy"].choices = [
            ("", _("Automatic: tables of 5, or of 3 where 5s cannot seat everyone"))
        ] + [choice for choice in self.fields["odd_policy"].choices if choice[0]]
        if creating:
            for name in self.PRESET_FIELDS:
                del self.fields[name]
        order = (
            self.instance.tiebreak_order()
            if self.instance.pk
            else list(self.instance.tiebreaks or [])
        )
        for i in range(TIEBREAK_SLOTS):
            self.fields[f"tiebreak_{i + 1}"] = forms.ChoiceField(
                label=_("Tiebreak %(n)s") % {"n": i + 1},
                choices=_tiebreak_choices(),
                required=False,
                initial=order[i] if i < len(order) else "",
            )

    def clean_seating_club_weight(self):
        """Not sent: the model's default (clubs kept apart where it costs no repeated opponents)."""
        value = self.cleaned_data.get("seating_club_weight")
        return Tournament._meta.get_field("seating_club_weight").default if value is None else value

    def clean_confirmation_policy(self):
        """Not chosen: the arbiter records and confirms, as before the policies existed."""
        return self.cleaned_data.get("confirmation_policy") or Tournament.ConfirmationPolicy.ARBITER

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
        if self.creating and not data.get("slug") and data.get("name"):
            data["slug"] = unique_slug(data["name"])
        game_end = data.get("game_end")
        if game_end == Tournament.GameEnd.HANDS and not data.get("hands_per_game"):
            self.add_error("hands_per_game", _("Give the number of hands of a game."))
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The end date is before the start date."))
        return data

    def save(self, commit=True):
        self.instance.tiebreaks = self.cleaned_data["tiebreaks"]
        return super().save(commit)


class PlayerForm(forms.Form):
    """A player typed in (or corrected) by the organizer; ``namesake_confirmed`` is offered only
    after the services refused a name already registered (``organizer.register_player``, code
    ``namesake``)."""

    name = forms.CharField(label=gettext_lazy("name"), max_length=120)
    club = forms.CharField(label=gettext_lazy("club"), max_length=120, required=False)
    external_id = forms.CharField(label=gettext_lazy("external id"), max_length=64, required=False)
    namesake_confirmed = forms.BooleanField(
        label=gettext_lazy("This is another person with the same name"),
        required=False,
    )


class CheckInForm(forms.Form):
    """The check-in of one round: a present / absent / late choice per active player
    (``state_<registration id>``); players left out of the request keep their state."""

    def __init__(self, *args, registrations, states: dict[int, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.registrations = registrations
        for registration in registrations:
            self.fields[f"state_{registration.pk}"] = forms.ChoiceField(
                label=registration.player.name,
                choices=Attendance.State.choices,
                widget=forms.RadioSelect,
                initial=states.get(registration.pk, Attendance.State.PRESENT),
                required=False,
            )

    def rows(self):
        """(registration, bound field) in the players' order."""
        return [(r, self[f"state_{r.pk}"]) for r in self.registrations]

    def states(self) -> dict[int, str]:
        """Registration id → state, from the cleaned data; a player not sent keeps their state."""
        return {
            r.pk: self.cleaned_data[f"state_{r.pk}"]
            for r in self.registrations
            if self.cleaned_data.get(f"state_{r.pk}")
        }


class ClockForm(forms.Form):
    """Start, extend or stop a round's clock (``action``); minutes for start (the duration) or add
    (more)."""

    action = forms.ChoiceField(choices=[("start", "start"), ("add", "add"), ("stop", "stop")])
    minutes = forms.IntegerField(
        label=gettext_lazy("minutes"),
        required=False,
        min_value=-60,
        max_value=numbers.MAX_ROUND_MINUTES,
    )


class PlayersUploadForm(forms.Form):
    """A players CSV (``name`` [, ``club``, ``external_id``]; comma or semicolon; UTF-8), up to 10
    MB.

    ``cleaned_data["file"]`` is the file's text; its name is ``file_name``.
    """

    file = forms.FileField(label=gettext_lazy("CSV file"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(mb)s MB.") % {"mb": MAX_UPLOAD_BYTES // 2**20}
            )
        self.file_name = upload.name or ""
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise forms.ValidationError(
                _("The file is not UTF-8 text; save it as CSV UTF-8.")
            ) from exc


class HandsUploadForm(PlayersUploadForm):
    """A hands CSV (``round,table,hand,player,points`` [, ``penalty``, ``total``]), as
    ``import_hands`` reads."""

    close_unfinished = forms.BooleanField(
        label=gettext_lazy("End the games of the file that have not finished (time is up)"),
        required=False,
    )


class ArbiterForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("User name"), max_length=150)


class NewArbiterForm(forms.Form):
    """The user name of an arbiter's account created from the manage page
    (``organizer.create_arbiter``)."""

    username = forms.CharField(
        label=gettext_lazy("New arbiter's user name"),
        max_length=150,
        help_text=gettext_lazy(
            "Letters, digits and @ . + - _ only; they choose their password from a link."
        ),
    )


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
