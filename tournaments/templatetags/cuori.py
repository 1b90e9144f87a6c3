"""Template filters of the pages: exact match points as decimals, codes in words
(``tournaments.labels``), seat numbers."""

from fractions import Fraction

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

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


@register.simple_tag
def standings_rows(rows, slug: str, tiebreaks, finals: bool) -> SafeString:
    """The ``<tr>`` rows of a standings table (``tournaments/standings.html``), built in Python.

    rows: ``tournaments.standings.StandingRow`` in rank order; slug: the tournament's (for the
    players' links); tiebreaks: the tournament's ``Metric`` order (``result_points`` has its own
    column); finals: show the final table and place column. A 1,000-row table is rendered about
    ten times faster than by a template loop of filters, which the cold standings page needs.
    Every text is escaped; numbers use the ``points`` and ``exact`` filters' formats.
    """
    if not rows:
        return mark_safe(
            f'<tr><td colspan="6" class="muted">{escape(_("No player registered yet."))}</td></tr>'
        )
    link = reverse("player", args=[slug, 0])[: -len("0/")]
    keys = [m.key for m in tiebreaks if m.key != "result_points"]
    out = []
    for row in rows:
        opening = '<tr class="withdrawn">' if row.withdrawn else "<tr>"
        tied = "=" if row.tied else ""
        cells = [
            f"{opening}<td>{row.rank}{tied}</td>",
            f'<td><a href="{link}{row.player_id}/">{escape(row.name)}</a></td>',
            f'<td class="club">{escape(row.club)}</td>',
        ]
        if finals:
            final = ""
            if row.final_table:
                final = escape(_("T%(t)s") % {"t": row.final_table})
                if row.final_place:
                    final += f" · {row.final_place}"
            cells.append(f'<td class="final">{final}</td>')
        cells.append(
            f'<td title="{exact(row.match_points)}">{points(row.match_points)}</td>'
            f"<td>{row.result_points}</td><td>{row.games}</td>"
        )
        cells.extend(f'<td class="tb">{points(index_key(row.tiebreaks, key))}</td>' for key in keys)
        cells.append("</tr>")
        out.append("".join(cells))
    return mark_safe("\n".join(out))
