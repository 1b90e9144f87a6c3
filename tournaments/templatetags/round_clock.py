"""``{% round_clock_of round as clock %}``: a round's clock (``tournaments.clock.RoundClock`` or
None) in a template."""

from django import template

from tournaments.clock import round_clock

register = template.Library()


@register.simple_tag
def round_clock_of(round_):
    """The clock of ``round_`` now (no query), or None when the round has none or ``round_`` is
    None."""
    return round_clock(round_) if round_ is not None else None
