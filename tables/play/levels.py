"""The computer player levels offered at engine-played tables, and their names on the pages.

The levels are the engine's (``engine.players.LEVELS``, weakest first: one
definition); this module only adds the translated name each page shows.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from engine.players import LEVELS

#: The levels a seat may be given, weakest first ("" is a human seat).
COMPUTER_LEVELS: tuple[str, ...] = tuple(LEVELS)

_LABELS = {
    "random": _("computer, random play"),
    "easy": _("computer, easy level"),
    "medium": _("computer, medium level"),
    "hard": _("computer, hard level"),
}


def level_label(level: str) -> str:
    """What the pages call a seat played at ``level`` (translated), e.g. "computer: easy"; "" for a
    human seat (blank level). A level without a name here is shown as "computer: <level>"."""
    if not level:
        return ""
    label = _LABELS.get(level)
    return str(label) if label is not None else f"{_('computer')}: {level}"


def level_choices() -> list[tuple[str, str]]:
    """(level, translated name) for every level in ``COMPUTER_LEVELS``, weakest first."""
    return [(level, level_label(level)) for level in COMPUTER_LEVELS]
