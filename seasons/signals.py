"""What keeps the ratings up to date: receivers on the models the services write, and one task per
commit.

Why signals and a task, not a call in the services: a table's result becomes
final in several places (``tables.services.confirm_result``, a round locked by
``tournaments.organizer``, a tournament finished, reopened, re-dated or
deleted), and those services stay unaware of ratings. The receivers only note
*what* changed, in memory, for the transaction under way:

- a ``Table`` saved with ``result_confirmed_at`` or ``closed_by_arbiter``
  (confirmed, reopened, closed) or saved whole: that table;
- a ``Round`` saved with ``status`` (locked, reopened) or ``hidden`` (hidden, released: the ratings
  are public and leave hidden rounds out) or deleted: that round;
- a ``Tournament`` saved with ``status`` or ``start_date`` (finished,
  reopened, published, re-dated: the order moves) or saved whole, or deleted:
  that tournament.

Hands and scores are not watched: a table that counts is final, and the
services refuse to change its hands until it is reopened, which is seen.

Debounced per transaction: whatever the number of saves (locking a round
closes its unfinished tables, an import closes hundreds), one
``seasons.update_ratings`` task is scheduled with ``transaction.on_commit``,
so it reads what was committed and nothing when the transaction rolls back.
Without a broker the task runs right after the commit, in the same process
(``robust``: a failure is logged, never turned into an error for the write
that committed); with one, a worker runs it. An update that finds the log
already in line (another task did the work) costs a few queries and writes
nothing. ``manage.py recompute_ratings`` rebuilds everything if a task was lost.
"""

from __future__ import annotations

import logging
import threading

from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save, pre_delete
from django.dispatch import receiver

from tables.models import Table
from tournaments.models import Round, Tournament

log = logging.getLogger(__name__)

_TABLE_FIELDS = frozenset({"result_confirmed_at", "closed_by_arbiter"})
_ROUND_FIELDS = frozenset({"status", "hidden"})
_TOURNAMENT_FIELDS = frozenset({"status", "start_date"})


class _Batch:
    """The changes noted in one transaction, sent as one task after its commit."""

    def __init__(self) -> None:
        self.tables: set[int] = set()
        self.rounds: set[tuple[int, int]] = set()
        self.tournaments: set[int] = set()

    def flush(self) -> None:
        if _local.__dict__.get("batch") is self:
            _local.batch = None
        if not (self.tables or self.rounds or self.tournaments):
            return
        from .tasks import update_ratings

        update_ratings.delay(
            tables=sorted(self.tables),
            rounds=sorted(self.rounds),
            tournaments=sorted(self.tournaments),
        )


_local = threading.local()


def _batch() -> _Batch:
    """The batch of the transaction under way: a new one (and its on-commit task) unless one is
    waiting for this transaction's commit (a rolled-back transaction drops its callbacks, and with
    them its batch)."""
    batch = _local.__dict__.get("batch")
    if (
        batch is not None
        and connection.in_atomic_block
        and any(callback == batch.flush for _sids, callback, _robust in connection.run_on_commit)
    ):
        return batch
    batch = _local.batch = _Batch()
    # Outside a transaction on_commit runs at once: the caller's note must be added first
    # (``_note``).
    return batch


def _note(kind: str, value) -> None:
    try:
        batch = _batch()
        fresh = not (batch.tables or batch.rounds or batch.tournaments)
        if kind == "table":
            batch.tables.add(value)
        elif kind == "round":
            if value[0] in batch.tournaments:
                return
            batch.rounds.add(value)
        else:
            batch.tournaments.add(value)
        if fresh:
            transaction.on_commit(batch.flush, robust=True)
    except Exception:  # a note must never break the write it follows
        log.exception("ratings: could not note a change (%s %s)", kind, value)


@receiver(post_save, sender=Table, dispatch_uid="seasons-table-saved")
def table_saved(sender, instance: Table, created: bool, update_fields=None, **kwargs) -> None:
    if created or (update_fields is not None and not _TABLE_FIELDS & set(update_fields)):
        return
    _note("table", instance.pk)


@receiver(post_save, sender=Round, dispatch_uid="seasons-round-saved")
def round_saved(sender, instance: Round, created: bool, update_fields=None, **kwargs) -> None:
    if created or (update_fields is not None and not _ROUND_FIELDS & set(update_fields)):
        return
    _note("round", (instance.tournament_id, instance.number))


@receiver(post_delete, sender=Round, dispatch_uid="seasons-round-deleted")
def round_deleted(sender, instance: Round, **kwargs) -> None:
    _note("round", (instance.tournament_id, instance.number))


@receiver(post_save, sender=Tournament, dispatch_uid="seasons-tournament-saved")
def tournament_saved(
    sender, instance: Tournament, created: bool, update_fields=None, **kwargs
) -> None:
    if created or (update_fields is not None and not _TOURNAMENT_FIELDS & set(update_fields)):
        return
    _note("tournament", instance.pk)


@receiver(pre_delete, sender=Tournament, dispatch_uid="seasons-tournament-deleted")
def tournament_deleted(sender, instance: Tournament, **kwargs) -> None:
    # Before the cascade: its rounds' deletions are then covered by the tournament's note.
    _note("tournament", instance.pk)
