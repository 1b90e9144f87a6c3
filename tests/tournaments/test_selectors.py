"""Standings from the database: tables of 3, 4 and 5, byes, rounds, and a constant number of
queries."""

from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tables import services
from tests.factories import TournamentFactory, seated_table
from tournaments import selectors
from tournaments.audit import COMMAND_LINE

pytestmark = pytest.mark.django_db


def finish(table, totals_hands):
    for points in totals_hands:
        services.record_hand(table, points, actor=COMMAND_LINE)


def test_three_and_five_seat_tables_score_their_own_match_points():
    tournament = TournamentFactory()
    t3 = seated_table(tournament, players=3, names=["A", "B", "C"])
    finish(t3, [[0, 26, 26]] * 4)  # 0, 104, 104: B and C share (4+1)/2
    t5 = seated_table(tournament, players=5, number=2, names=["D", "E", "F", "G", "H"])
    finish(t5, [[26, 26, 26, 26, 0]] * 4)  # 104 ×4 and 0: four share (6+5+3+1)/4
    rows = {r.name: r for r in selectors.standings(tournament)}
    assert rows["A"].match_points == 10 and rows["H"].match_points == 10
    assert rows["B"].match_points == Fraction(5, 2)
    assert rows["D"].match_points == Fraction(15, 4)
    assert [r.rank for r in selectors.standings(tournament)] == [1, 1, 3, 3, 3, 3, 7, 7]


def test_games_in_progress_do_not_count_and_round_filter_works():
    tournament = TournamentFactory()
    t1 = seated_table(tournament, names=["A", "B", "C", "D"])
    finish(t1, [[0, 26, 26, 26]] * 4)
    t2 = seated_table(tournament, round_number=2, names=["A2", "B2", "C2", "D2"])
    services.record_hand(t2, [13, 13, 0, 0], actor=COMMAND_LINE)
    after_1 = selectors.standings(tournament, round_number=1)
    assert sum(r.games for r in after_1) == 4
    assert sum(r.games for r in selectors.standings(tournament)) == 4
    results = selectors.table_results(tournament)
    assert [r.over for r in results] == [True, False]


def test_standings_take_a_constant_number_of_queries():
    tournament = TournamentFactory()
    seated_table(tournament, names=["A", "B", "C", "D"])
    with CaptureQueriesContext(connection) as small:
        selectors.standings(tournament)
    for number in range(2, 8):
        table = seated_table(tournament, round_number=number // 2 + 1, number=number)
        finish(table, [[0, 26, 26, 26]] * 4)
    with CaptureQueriesContext(connection) as large:
        selectors.standings(tournament)
    assert len(small.captured_queries) == len(large.captured_queries) == 4


def test_a_tournament_with_a_bad_tiebreak_order_is_refused():
    tournament = TournamentFactory.build(tiebreaks=["result_points", "coin_toss"])
    with pytest.raises(ValidationError) as err:
        tournament.full_clean()
    assert "coin_toss" in str(err.value.message_dict["tiebreaks"])
