"""The round clock, read side: how long a round has left (issue 14).

A round's clock runs from ``Round.clock_started_at`` for ``Round.minutes``
minutes; it is started (and restarted or stopped) by
``tournaments.services.start_clock`` / ``stop_clock``. When it runs out the
arbiter closes the tables still playing (the game end "closed by the
arbiter when time is up"; the rule documents set no time limit, so this is
the organizer's). Plain data, no writes; every page that shows the
clock (the arbiter's sheet and round page, the player's page, the
projector) reads it from here, and counts down in the browser from
``ends_at`` (``data-ends-at``, ``static/cuori/cuori.js``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from .models import Round


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A round's clock at ``now``.

    minutes: the duration (≥ 1); started_at / ends_at: aware datetimes, None
    while the clock has not been started; remaining: whole seconds left
    (0 once time is up; the full duration before the start); running:
    started and not yet up; over: started and up.
    """

    minutes: int
    started_at: datetime | None
    ends_at: datetime | None
    remaining: int

    @property
    def running(self) -> bool:
        return self.started_at is not None and self.remaining > 0

    @property
    def over(self) -> bool:
        return self.started_at is not None and self.remaining == 0

    @property
    def display(self) -> str:
        """Time left as "H:MM:SS" (from an hour up) or "MM:SS"."""
        hours, rest = divmod(self.remaining, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes:02d}:{seconds:02d}"


def clock_at(minutes: int | None, started_at: datetime | None, now: datetime) -> RoundClock | None:
    """The clock of a round of ``minutes`` started at ``started_at`` (None: not started), at
    ``now``.

    Returns None when the round has no clock (``minutes`` None or 0).
    Remaining seconds round up, so "00:00" means time is really up.
    """
    if not minutes:
        return None
    if started_at is None:
        return RoundClock(minutes=minutes, started_at=None, ends_at=None, remaining=minutes * 60)
    ends_at = started_at + timedelta(minutes=minutes)
    remaining = max(0, math.ceil((ends_at - now).total_seconds()))
    return RoundClock(minutes=minutes, started_at=started_at, ends_at=ends_at, remaining=remaining)


def round_clock(round_: Round, *, now: datetime | None = None) -> RoundClock | None:
    """The clock of ``round_`` now (no query: the round's own fields), or None when it has none."""
    return clock_at(round_.minutes, round_.clock_started_at, now or timezone.now())
