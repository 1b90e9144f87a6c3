"""Template filters of the pages: exact match points as decimals, pass directions, seat numbers."""

from fractions import Fraction

from django import template
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from tournaments.csvio import format_decimal

register = template.Library()

PASS_LABELS = {
    "left": _("to the left"),
    "right": _("to the right"),
    "across": _("across"),
    "left2": _("two to the left"),
    "right2": _("two to the right"),
    "hold": _("no pass"),
    "scatter": _("scatter"),
    "mix": _("mixed"),
}

STATUS_LABELS = {
    "confirmed": _("confirmed"),
    "ended": _("ended"),
    "playing": _("playing"),
    "waiting": _("not started"),
}


@register.filter
def points(value):
    """Match points for display: 10 → "10", 19/3 → "6.33" ("6,33" in Italian); None → "–"."""
    if value is None or value >= 10**9:  # best_game's "no game" sentinel
        return "–"
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return format_decimal(value, comma=(get_language() or "en").startswith("it"))


@register.filter
def exact(value):
    """An exact fraction as text for a tooltip: "19/3"."""
    return "" if value is None else str(Fraction(value))


@register.filter
def pass_label(direction):
    return PASS_LABELS.get(direction, direction)


@register.filter
def status_label(status):
    return STATUS_LABELS.get(status, status)


@register.filter
def seat_number(position):
    """Seat positions are stored 0..4 and shown 1..5."""
    return int(position) + 1


@register.filter
def index(sequence, i):
    try:
        return sequence[int(i)]
    except (IndexError, TypeError, ValueError):
        return None


@register.filter
def index_key(mapping, key):
    """``mapping[key]`` in a template (None when absent)."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None
