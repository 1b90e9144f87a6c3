"""A hand POST reads the sheet with the table's row locked: it waits for a write in flight at its
table.

Another arbiter's hand is being saved (its transaction holds the table's lock)
when the POST arrives: the POST waits, then sees that hand wholly (the sheet
read under the lock) and refuses its own, stale, entry with 409 and the
current sheet. Nothing is doubled. PostgreSQL only: SQLite has no row locks.
"""

import threading
import time

import pytest
from django.db import connection, connections, transaction

from tables.models import Hand, Table
from tables.services import record_hand
from tournaments.audit import COMMAND_LINE

from .conftest import sheet_url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite has no row locks"),
]


def test_a_hand_post_waits_for_the_write_in_flight_and_answers_from_what_it_committed(
    as_arbiter, table
):
    record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    holding, release = threading.Event(), threading.Event()

    def other_arbiter():
        try:
            with transaction.atomic():
                record_hand(
                    Table.objects.select_related("round__tournament").get(pk=table.pk),
                    [0, 0, 13, 13],
                    actor=COMMAND_LINE,
                )
                holding.set()
                release.wait(20)
        finally:
            connections.close_all()

    writer = threading.Thread(target=other_arbiter)
    writer.start()
    try:
        assert holding.wait(20)
        threading.Timer(0.5, release.set).start()
        start = time.monotonic()
        response = as_arbiter.post(
            sheet_url(table, "hands/"),
            {"version": 1, "number": 2, "action": "record", "p0": 6, "p1": 7, "p2": 13, "p3": 0},
            headers={"HX-Request": "true"},
        )
        waited = time.monotonic() - start
    finally:
        release.set()
        writer.join(20)
    html = response.content.decode()
    assert waited >= 0.4  # the POST waited for the lock
    assert response.status_code == 409, html[:500]
    assert "Another arbiter saved this table first" in html
    assert (
        'id="hand-2"' in html and 'name="number" value="3"' in html
    )  # the sheet as committed meanwhile
    assert list(
        Hand.objects.filter(table=table).order_by("number").values_list("number", flat=True)
    ) == [1, 2]
