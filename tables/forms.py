"""Forms of the score sheet: the entry row (a hand, a shoot-the-moon or a penalty) and a correction.

The forms turn what was typed into the arguments of ``tables.services``
(``record_hand`` / ``correct_hand``) and put every problem next to its field;
the rules themselves (sums, moon patterns) are checked by the services, which
are the single source of truth.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import scoring
from tournaments.numbers import whole_number

from .sheet import Sheet, moon_points, parse_points

RECORD, MOON, PENALTY, DECIDE = "record", "moon", "penalty", "decide"


class PointsField(forms.IntegerField):
    """A seat's points: ASCII digits with an optional sign only ("１０" and "1_0" are not numbers
    here)."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return whole_number(str(value))
        except ValueError:
            raise forms.ValidationError(_("Whole numbers only."), code="invalid") from None


def _explain_hidden_fields(form: forms.Form, names: tuple[str, ...]) -> None:
    """The hidden fields come from the page itself: when one is missing or malformed, say so (no
    bare 422)."""
    if any(name in form.errors for name in names):
        form.add_error(
            None,
            _(
                "This entry did not come with the sheet's version and hand number: "
                "reload the sheet and enter it again."
            ),
        )


def _seat_choices(sheet: Sheet) -> list[tuple[str, str]]:
    return [(str(s.position), f"{s.position + 1}. {s.name}") for s in sheet.seats]


class EntryForm(forms.Form):
    """The next hand: one points cell per seat (``p0``..), or a moon (``moon`` = shooter), or a
    penalty.

    ``cleaned_data["call"]`` holds the keyword arguments for ``record_hand``
    (points, penalty_offender, penalty_reason); ``version`` and ``number`` are
    the table version and the hand number the arbiter saw (optimistic locking;
    a repeated submission of the same hand is recognised by them).
    """

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    action = forms.ChoiceField(
        choices=[(RECORD, RECORD), (MOON, MOON), (PENALTY, PENALTY), (DECIDE, DECIDE)],
        required=False,
        widget=forms.HiddenInput,
    )
    moon = forms.IntegerField(required=False, widget=forms.HiddenInput)
    moon_self = forms.IntegerField(required=False, widget=forms.HiddenInput)
    penalty_offender = forms.TypedChoiceField(
        label=gettext_lazy("Offender"),
        coerce=int,
        required=False,
        empty_value=None,
    )
    penalty_reason = forms.CharField(label=gettext_lazy("Reason"), max_length=300, required=False)

    def __init__(self, sheet: Sheet, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sheet = sheet
        for seat in sheet.seats:
            self.fields[f"p{seat.position}"] = forms.CharField(
                required=False, max_length=6, label=seat.name
            )
        self.fields["penalty_offender"].choices = [("", "—")] + _seat_choices(sheet)

    def point_fields(self):
        return [self[f"p{s.position}"] for s in self.sheet.seats]

    def clean(self):
        data = super().clean()
        _explain_hidden_fields(self, ("version", "number", "action", "moon", "moon_self"))
        self_scoring = data.get("moon_self") is not None
        if self_scoring:
            data["moon"] = data["moon_self"]
        action = data.get("action") or (MOON if data.get("moon") is not None else RECORD)
        call: dict = {"points": None, "penalty_offender": None, "penalty_reason": ""}
        if action == PENALTY:
            if data.get("penalty_offender") is None:
                self.add_error(
                    "penalty_offender", _("Choose the player who made the illegal play.")
                )
            if not (data.get("penalty_reason") or "").strip():
                self.add_error("penalty_reason", _("Give the reason for the penalty."))
            call.update(
                penalty_offender=data.get("penalty_offender"),
                penalty_reason=(data.get("penalty_reason") or "").strip(),
            )
        elif action == MOON:
            shooter = data.get("moon")
            if shooter is None:
                raise forms.ValidationError(_("Choose the seat that shot the moon."))
            try:
                call["points"] = moon_points(
                    self.sheet.engine_rules, self.sheet.totals, shooter, self_scoring=self_scoring
                )
            except scoring.ScoringError as exc:
                raise forms.ValidationError(str(exc)) from exc
        else:
            numbers, bad = parse_points(
                [self.data.get(f"p{s.position}", "") for s in self.sheet.seats]
            )
            for i in bad:
                self.add_error(f"p{i}", _("Whole numbers only."))
            for i, p in enumerate(numbers):
                if p is None and i not in bad:
                    self.add_error(f"p{i}", _("Enter the points of this seat."))
            if not self.errors:
                call["points"] = [int(p) for p in numbers]  # type: ignore[arg-type]
        data["action"] = action
        data["call"] = call
        return data


class CorrectionForm(forms.Form):
    """A correction of hand ``number``: every seat's points (or a penalty) and the reason, which is
    required."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    reason = forms.CharField(label=gettext_lazy("Reason for the correction"), max_length=100)
    penalty_offender = forms.TypedChoiceField(
        label=gettext_lazy("Penalty to"),
        coerce=int,
        required=False,
        empty_value=None,
    )
    penalty_reason = forms.CharField(
        label=gettext_lazy("Reason for the penalty"), max_length=300, required=False
    )

    def __init__(self, sheet: Sheet, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sheet = sheet
        for seat in sheet.seats:
            self.fields[f"p{seat.position}"] = PointsField(required=False, label=seat.name)
        self.fields["penalty_offender"].choices = [("", _("no penalty"))] + _seat_choices(sheet)

    def point_fields(self):
        return [self[f"p{s.position}"] for s in self.sheet.seats]

    def clean(self):
        data = super().clean()
        _explain_hidden_fields(self, ("version",))
        offender = data.get("penalty_offender")
        call: dict = {"points": None, "penalty_offender": offender, "penalty_reason": ""}
        if offender is not None:
            if not (data.get("penalty_reason") or "").strip():
                self.add_error("penalty_reason", _("Give the reason for the penalty."))
            call["penalty_reason"] = (data.get("penalty_reason") or "").strip()
        else:
            points = []
            for seat in self.sheet.seats:
                value = data.get(f"p{seat.position}")
                if value is None and f"p{seat.position}" not in self.errors:
                    self.add_error(f"p{seat.position}", _("Enter the points of this seat."))
                points.append(value)
            call["points"] = points
        data["call"] = call
        return data
