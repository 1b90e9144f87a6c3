"""The arbiter's round page as plain data (reads only): every table's state at a glance (issue 13).

States, most urgent first: called (a player called the arbiter), disputed (an
entry rejected, or two different entries), awaiting confirmation (an entry
waits for a player or a second entry, or an ended game waits for its result
to be confirmed), playing (hand N), not started, confirmed.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q

from tournaments import pages
from tournaments.models import Round, Tournament

from .models import HandEntry, TableFlag

#: Table states in the order the arbiter deals with them.
STATES = ("called", "disputed", "awaiting", "playing", "waiting", "confirmed")


@dataclass(frozen=True)
class FlagView:
    id: int
    reason: str
    by: str
    at: datetime


@dataclass
class TableState:
    """One table of the round for the arbiter: its state, hands, players and open calls."""

    table: pages.TableView
    state: str
    flags: list[FlagView] = field(default_factory=list)
    open_entries: int = 0

    @property
    def rank(self) -> int:
        return STATES.index(self.state)


def round_board(tournament: Tournament, round_: Round, *, sort: str = "state") -> list[TableState]:
    """Every table of ``round_`` with its state (5 queries); ``sort``: "state" (urgent first) or
    "table"."""
    tables = pages.round_tables(tournament, round_)
    entries: dict[int, list[str]] = defaultdict(list)
    for table_id, status in HandEntry.objects.filter(
        table__round=round_,
        status__in=["pending", "rejected", "mismatch"],
    ).values_list("table_id", "status"):
        entries[table_id].append(status)
    flags: dict[int, list[FlagView]] = defaultdict(list)
    for flag in (
        TableFlag.objects.filter(Q(table__round=round_), resolved_at__isnull=True)
        .select_related("raised_by__player")
        .order_by("created_at")
    ):
        by = flag.raised_by.player.name if flag.raised_by_id else ""
        flags[flag.table_id].append(FlagView(flag.pk, flag.reason, by, flag.created_at))
    board = []
    for t in tables:
        statuses = entries.get(t.table_id, [])
        if flags.get(t.table_id):
            state = "called"
        elif any(s in ("rejected", "mismatch") for s in statuses):
            state = "disputed"
        elif statuses or (t.over and not t.confirmed):
            state = "awaiting"
        elif t.confirmed:
            state = "confirmed"
        elif t.hands:
            state = "playing"
        else:
            state = "waiting"
        board.append(TableState(t, state, flags.get(t.table_id, []), len(statuses)))
    if sort == "state":
        board.sort(key=lambda s: (s.rank, s.table.number))
    return board
