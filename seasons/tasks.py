"""Celery tasks of the ratings: thin wrappers over ``seasons.services`` (ids in, never
instances)."""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from . import services

#: A lost connection or a lock timeout is worth a retry: an update is idempotent.
RETRY = {
    "autoretry_for": (OperationalError, InterfaceError),
    "retry_backoff": 1,
    "retry_backoff_max": 60,
    "max_retries": 5,
}


@shared_task(name="seasons.update_ratings", ignore_result=True, **RETRY)
def update_ratings(tables=(), rounds=(), tournaments=()) -> str | None:
    """Bring the ratings in line after changes to these tables (ids), rounds ([tournament id,
    number]) and tournaments (ids); returns the order key it replayed from (None: nothing had
    changed)."""
    done = services.update_ratings(
        tables=tables,
        rounds=[tuple(r) for r in rounds],
        tournaments=tournaments,
    )
    return done.start


@shared_task(name="seasons.recompute_ratings", ignore_result=True, **RETRY)
def recompute_ratings() -> int:
    """Every rating from scratch; returns the number of tables rated."""
    return services.recompute_ratings().tables
