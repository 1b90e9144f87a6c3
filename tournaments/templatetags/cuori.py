"""Template filters of the pages: exact match points as decimals, codes in words
(``tournaments.labels``), seat numbers."""

from fractions import Fraction

from django import template
from django.utils.translation import get_language

from tournaments import labels, names
from tournaments.csvio import format_decimal

register = template.Library()


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
def match_points_count(value):
    """Match points with their noun, singular or plural: 1 → "1 match point", 19/3 → "6.33 match
    points"."""
    if value is None:
        return ""
    return labels.match_points_phrase(value, points(value))


@register.filter
def plural_count(value):
    """The whole number a ``blocktranslate count`` takes for exact match points
    (``labels.plural_count``)."""
    return 0 if value is None else labels.plural_count(value)


@register.filter
def finds(name, query):
    """Whether a "where do I sit?" search for ``query`` finds ``name``
    (``tournaments.names.matches``)."""
    return bool(query) and names.matches(str(name), str(query))


@register.filter
def exact(value):
    """An exact fraction as text for a tooltip: "19/3"."""
    return "" if value is None else str(Fraction(value))


@register.filter
def pass_label(direction):
    return labels.pass_label(direction)


@register.filter
def pass_symbol(direction):
    return labels.PASS_SYMBOLS.get(direction, "")


@register.filter
def status_label(status):
    """A table's state in words ("game over"), ``labels.TABLE_STATUS_LABELS``."""
    return labels.table_status_label(status)


@register.filter
def rule_set_label(name):
    """A rule-set preset's human name ("Black Maria (3 players)"), ``labels.RULE_SET_LABELS``."""
    return labels.rule_set_label(name)


@register.filter
def seating_method_label(method):
    """How a round was seated, in words ("Balanced: fewest repeated opponents")."""
    return labels.seating_method_label(method)


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


@register.filter
def attr_name(obj):
    """``obj.name`` (None-safe), for an item picked with ``index``."""
    return getattr(obj, "name", "")


@register.filter
def qr(url, scale=3):
    """An inline SVG QR code of ``url`` (segno): printed table cards, sheets and players' slips."""
    import segno
    from django.utils.safestring import mark_safe

    if not url:
        return ""
    return mark_safe(
        segno.make(str(url), error="m").svg_inline(scale=int(scale), border=2, title=str(url))
    )
