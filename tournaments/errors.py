"""The one error of the tournaments' writes: ``TournamentError``, with a code.

Every service of the tournament side (``organizer``, ``services``,
``seating_service``, ``imports``) raises it when the rules or the
tournament's state refuse a write; nothing is written then. ``str()`` is the
translated sentence a page shows next to the action (or a command prints);
``code`` is a stable name for tests and programs; ``problems`` lists, for an
import, every row-numbered problem (``csvio.RowError``).
The hands' writes (``tables.services``) raise ``tournaments.scoring.ScoringError``
and its kinds.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import ngettext

from .csvio import RowError


class TournamentError(ValueError):
    """A tournament write the rules or the tournament's state refuse.

    message: translated; code: e.g. "finished", "round_not_locked",
    "reason_missing", "seating", "import_failed"; problems: the row-numbered
    problems of an import (empty otherwise).
    """

    def __init__(self, message: str, *, code: str, problems: Sequence[RowError] = ()):
        super().__init__(message)
        self.code = code
        self.problems = list(problems)

    @classmethod
    def import_failed(cls, problems: Sequence[RowError]) -> TournamentError:
        """An import refused: every problem, in row order (the whole file's first); nothing was
        written.

        The readers, the registrations and the tables find problems in passes of their own; an
        organizer fixes a file from top to bottom, so ``problems`` is sorted by row (stable: the
        problems of one row keep the order they were found in).
        """
        ordered = sorted(problems, key=lambda problem: problem.row)
        message = ngettext(
            "%(n)s problem in the file", "%(n)s problems in the file", len(ordered)
        ) % {"n": len(ordered)}
        return cls(message, code="import_failed", problems=ordered)
