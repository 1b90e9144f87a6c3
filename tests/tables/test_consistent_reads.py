"""Pages built from several queries read one committed state, even while a hand is being saved.

A second connection commits a hand exactly between two of the page's queries
(an ``execute_wrapper`` runs it after the first query). Under read committed
the second query saw the new hand's scores but not its row: a ``KeyError``
(500) on the sheet, totals that disagree with the hand count in the standings.
PostgreSQL only: SQLite serialises a writer behind the open read.
"""

import threading

import pytest
from django.db import connection, connections

from tables.models import Table
from tables.services import record_hand
from tables.sheet import load_sheet, load_table
from tests.factories import TournamentFactory, seated_table
from tournaments.audit import COMMAND_LINE
from tournaments.selectors import table_results

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="SQLite serialises the writer behind the read"
    ),
]


def commit_a_hand_between_queries(table_id: int, first_query: str):
    """An execute wrapper that, right after the first query starting with ``first_query``, commits a
    hand elsewhere."""
    fired = []

    def write():
        try:
            record_hand(
                Table.objects.select_related("round__tournament").get(pk=table_id),
                [0, 0, 13, 13],
                actor=COMMAND_LINE,
            )
        finally:
            connections.close_all()

    def wrapper(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if not fired and sql.startswith(first_query):
            fired.append(True)
            writer = threading.Thread(target=write)
            writer.start()
            writer.join(20)
        return result

    return wrapper, fired


def test_the_sheet_shows_a_hand_saved_meanwhile_wholly_or_not_at_all():
    table = seated_table(TournamentFactory(slug="coppa"))
    record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    wrapper, fired = commit_a_hand_between_queries(table.pk, 'SELECT "tables_hand"."id"')
    with connection.execute_wrapper(wrapper):
        sheet = load_sheet(load_table("coppa", 1, 1))
    assert fired
    assert [row.points for row in sheet.rows] == [(13, 13, 0, 0)]
    assert (
        sheet.table.version == 1
    )  # the version of the state shown, so the next entry is not refused as stale
    assert len(load_sheet(load_table("coppa", 1, 1)).rows) == 2


def test_table_results_count_the_same_hands_they_sum():
    tournament = TournamentFactory(slug="coppa")
    table = seated_table(tournament)
    record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    wrapper, fired = commit_a_hand_between_queries(table.pk, 'SELECT "tables_seat"."table_id"')
    with connection.execute_wrapper(wrapper):
        (result,) = table_results(tournament)
    assert fired
    assert sum(result.totals) == 26 * result.hands
