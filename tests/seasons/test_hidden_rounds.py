"""Hidden rounds and the public ratings and seasons (issue 16): a hidden round's tables do not move
the ratings and its results do not reach a season's leaderboard until the organizer releases it."""

from __future__ import annotations

import datetime

import pytest

from seasons import selectors, services
from seasons.models import RatedTable, Rating, Season
from tournaments import organizer
from tournaments.audit import COMMAND_LINE
from tournaments.models import Round

from .helpers import one_hand_tournament, play_table, player

pytestmark = pytest.mark.django_db


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    def run(write, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return write(*args, **kwargs)

    return run


@pytest.fixture
def people():
    return [player(name, "Circolo") for name in ("Anna", "Bruno", "Carla", "Dario")]


def test_a_hidden_rounds_tables_are_rated_once_released(commit, people):
    tournament = one_hand_tournament("serata", day=datetime.date(2026, 3, 14))
    commit(play_table, tournament, 1, 1, people, [0, 5, 8, 13])
    first = dict(Rating.objects.values_list("player_id", "mu"))
    round_2 = Round.objects.create(tournament=tournament, number=2, status=Round.Status.PLAYING)
    commit(organizer.set_round_hidden, round_2, True, actor=COMMAND_LINE)
    commit(play_table, tournament, 2, 1, people[::-1], [0, 5, 8, 13])  # confirmed, but hidden
    assert dict(Rating.objects.values_list("player_id", "mu")) == first
    assert RatedTable.objects.count() == 1 and set(
        Rating.objects.values_list("games", flat=True)
    ) == {1}

    commit(organizer.set_round_hidden, round_2, False, actor=COMMAND_LINE)
    assert RatedTable.objects.count() == 2 and set(
        Rating.objects.values_list("games", flat=True)
    ) == {2}
    released = sorted(Rating.objects.values_list("player_id", "mu", "sigma"))

    commit(organizer.set_round_hidden, round_2, True, actor=COMMAND_LINE)  # hidden again: out again
    assert dict(Rating.objects.values_list("player_id", "mu")) == first
    commit(organizer.set_round_hidden, round_2, False, actor=COMMAND_LINE)
    assert sorted(Rating.objects.values_list("player_id", "mu", "sigma")) == released
    before = sorted(Rating.objects.values_list("player_id", "mu", "sigma", "games"))
    services.recompute_ratings()
    assert sorted(Rating.objects.values_list("player_id", "mu", "sigma", "games")) == before


def test_a_season_counts_only_the_released_rounds_of_a_finished_tournament(commit, people):
    tournament = one_hand_tournament("serata", day=datetime.date(2026, 3, 14))
    commit(play_table, tournament, 1, 1, people, [0, 5, 8, 13])  # Anna 1st
    commit(
        organizer.lock_round, Round.objects.get(tournament=tournament, number=1), actor=COMMAND_LINE
    )
    round_2 = Round.objects.create(tournament=tournament, number=2, status=Round.Status.PLAYING)
    commit(organizer.set_round_hidden, round_2, True, actor=COMMAND_LINE)
    commit(play_table, tournament, 2, 1, people[::-1], [0, 0, 13, 13])  # Dario and Carla share 1st
    commit(organizer.lock_round, round_2, actor=COMMAND_LINE)
    commit(organizer.finish_tournament, tournament, actor=COMMAND_LINE)
    season = Season.objects.create(
        name="Stagione",
        slug="stagione",
        club="Circolo",
        best_results=3,
        scoring=Season.Scoring.MATCH_POINTS,
    )
    season.tournaments.set([tournament])
    hidden = {row.name: row.total for row in selectors.season_board(season).rows}
    assert hidden == {"Anna": 10, "Bruno": 6, "Carla": 3, "Dario": 1}  # round 1 only
    commit(organizer.set_round_hidden, round_2, False, actor=COMMAND_LINE)
    tournament.refresh_from_db()
    season.refresh_from_db()
    released = {row.name: row.total for row in selectors.season_board(season).rows}
    assert released == {"Anna": 12, "Bruno": 8, "Carla": 11, "Dario": 9}  # round 2: 8, 8, 2, 2
