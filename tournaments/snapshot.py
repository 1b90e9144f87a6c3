"""One consistent view of the database for a read made of several queries.

Under PostgreSQL's default isolation (read committed) every statement sees
the data committed when *it* starts: a page that reads the hands, then the
scores, can see a hand committed in between without its scores (a 500 on the
score sheet while another arbiter saves). :func:`snapshot` runs the reads in
one read-only transaction at REPEATABLE READ, so all of them see the same
committed state. SQLite needs no setting: a read transaction holds its
snapshot (its shared lock, or the WAL read mark) until it ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction


@contextmanager
def snapshot() -> Iterator[None]:
    """Run the enclosed reads against one committed state of the database.

    Inside an open transaction (a service, a test) the reads already share
    that transaction, so nothing changes. Never write inside a snapshot: on
    PostgreSQL it is READ ONLY and a write raises.
    """
    if connection.in_atomic_block:
        yield
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield
