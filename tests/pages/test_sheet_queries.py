"""What a hand POST costs the database: a bounded number of queries, the same whatever the hands so
far.

The score sheet is read once per POST (with the table locked, in the write's transaction) and the
answer is that sheet with the new hand (``tables.sheet.sheet_after_hand``); the write itself is a
fixed number of statements (``tables.services._record``). Issue 11's target (a hand
POST under 50 ms of server time) depends on it: this test keeps it from creeping back.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tables.models import Hand
from tables.services import record_hand
from tournaments.audit import COMMAND_LINE

from .conftest import sheet_url

pytestmark = pytest.mark.django_db

#: Queries of one hand POST by an arbiter (htmx), inside the test's transaction: one transaction of
#: the view's (a savepoint here and its release: 2), in which the table's row is locked and its
#: round read after the lock (2), the session and the user (2), the arbiter check and the sheet (5),
#: then the write on that locked table (8): the seats, the hand, its scores and both their
#: histories, the table and the seats updated, the table's history. Served, BEGIN and COMMIT replace
#: the savepoint's two: 19 (23 with a read snapshot before the write transaction, 26 with a second
#: lock, 48 before that).
HAND_POST_QUERIES = 19


def hand_post(client, table, points):
    """The POST of the next hand as the sheet's form sends it (read before anything is counted)."""
    table.refresh_from_db()
    url = sheet_url(table, "hands/")
    data = {
        "version": table.version,
        "number": table.hands_recorded + 1,
        "action": "record",
        **{f"p{i}": p for i, p in enumerate(points)},
    }
    return lambda: client.post(url, data, headers={"HX-Request": "true"})


def test_a_hand_post_runs_a_fixed_number_of_queries(
    as_arbiter, table, django_assert_max_num_queries
):
    send = hand_post(as_arbiter, table, [13, 3, 5, 5])
    with django_assert_max_num_queries(HAND_POST_QUERIES):
        response = send()
    assert response.status_code == 200 and "Hand 1 recorded" in response.content.decode()


def test_the_queries_do_not_grow_with_the_hands_recorded(as_arbiter, table):
    counts = []
    for i in range(8):
        send = hand_post(as_arbiter, table, [13, 6, 7, 0] if i % 2 else [0, 7, 6, 13])
        with CaptureQueriesContext(connection) as queries:
            response = send()
        counts.append(len(queries))
        assert response.status_code == 200, response.content.decode()[:300]
    assert Hand.objects.filter(table=table).count() == 8
    assert counts[1] == counts[-1] <= HAND_POST_QUERIES, counts


def test_a_sheet_get_reads_the_table_and_the_sheet_together(
    as_arbiter, table, django_assert_max_num_queries
):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    with django_assert_max_num_queries(
        8
    ):  # session, user, table, arbiter, seats, hands, scores, entries
        response = as_arbiter.get(sheet_url(table), headers={"HX-Request": "true"})
    assert response.status_code == 200 and "Anna" in response.content.decode()
