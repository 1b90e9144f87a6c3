"""Celery tasks of online play (issue 7): thin wrappers over ``tables.play.services``.

They take ids, never model instances, are enqueued after commit by
``services.schedule``, and are idempotent: each carries the version at which
its seat's turn began and does nothing once the seat has acted or the table
moved on (a stale absent-player timeout, a redelivered task).
"""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from tables.play import services

#: A lost connection or a lock timeout is worth a retry: the task is idempotent.
RETRY = {
    "autoretry_for": (OperationalError, InterfaceError, services.StaleStateError),
    "retry_backoff": 1,
    "retry_backoff_max": 30,
    "max_retries": 5,
}


@shared_task(name="tables.play_computer", ignore_result=True, **RETRY)
def play_computer(table_id: int, seat: int, turn_version: int) -> bool:
    """A computer player's pass or play at ``seat``, if still due; without a pause
    (``CUORI_COMPUTER_PAUSE`` 0), the computers due after it in the same transaction."""
    return services.computer_move(table_id, seat, turn_version)


@shared_task(name="tables.play_absent", ignore_result=True, **RETRY)
def play_absent(table_id: int, seat: int, turn_version: int) -> bool:
    """The automatic pass or play of an absent human at ``seat`` after the timeout (000), if
    still due."""
    return services.absent_move(table_id, seat, turn_version)
