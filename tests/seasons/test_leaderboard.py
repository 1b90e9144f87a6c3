"""A season's leaderboard as pure functions (issue 16): best N results, points by place or by match
points, players matched across tournaments, ties ordered with exact fractions. No database."""

from __future__ import annotations

from fractions import Fraction

import pytest

from seasons.leaderboard import (
    BY_MATCH_POINTS,
    BY_PLACE,
    DEFAULT_PLACE_POINTS,
    Entry,
    LeaderboardError,
    check_place_points,
    identities,
    leaderboard,
    points_by_place,
)


def entry(tournament, player, name, rank, mp=0, club="Circolo", external=""):
    return Entry(tournament, player, name, club, external, rank, Fraction(mp))


def board(entries, order, best=10, **kwargs):
    return {row.name: row for row in leaderboard(entries, order=order, best=best, **kwargs)}


# --- points by place ------------------------------------------------------------------------------


def test_tied_players_share_the_points_of_the_places_they_cover_exactly():
    assert points_by_place([1, 2, 2, 4], (25, 20, 16, 13)) == [25, 18, 18, 13]
    # Three tied on 2nd cover places 2, 3 and 4: (20 + 16 + 13) / 3 = 49/3, not a rounded float.
    shared = points_by_place([1, 2, 2, 2], (25, 20, 16, 13))
    assert shared[1:] == [Fraction(49, 3)] * 3 and all(isinstance(v, Fraction) for v in shared)
    # Places beyond the table score 0, also inside a tie that straddles its end: (1 + 0) / 2.
    assert points_by_place([1, 2, 2], (5, 1)) == [5, Fraction(1, 2), Fraction(1, 2)]


@pytest.mark.parametrize(
    "table", [(), (10, 12), (-1,), (1.5,), (True,), (1001,), tuple(range(201, 0, -1))]
)
def test_a_bad_points_table_is_refused(table):
    with pytest.raises(LeaderboardError) as caught:
        check_place_points(table)
    assert caught.value.code == "place_points"


def test_bad_best_and_scoring_are_refused():
    with pytest.raises(LeaderboardError) as caught:
        leaderboard([], order=[], best=0)
    assert caught.value.code == "best"
    with pytest.raises(LeaderboardError) as caught:
        leaderboard([], order=[], best=3, scoring="elo")
    assert caught.value.code == "scoring"


# --- best N ---------------------------------------------------------------------------------------


def test_only_the_best_n_results_count_and_the_dropped_are_marked():
    # Anna: 1st, 4th, 2nd, 3rd in four evenings; with the best 2: 25 + 20 = 45.
    table = (25, 20, 16, 13)
    entries = [entry(t, 1, "Anna", rank) for t, rank in zip((10, 11, 12, 13), (1, 4, 2, 3))]
    row = board(entries, [10, 11, 12, 13], best=2, place_points=table)["Anna"]
    assert row.total == 45 and (row.played, row.counted) == (4, 2)
    assert [(r.tournament_id, r.points, r.counted) for r in row.results] == [
        (10, 25, True),
        (11, 13, False),
        (12, 20, True),
        (13, 16, False),
    ]
    # Everything counts when N is at least the tournaments played.
    assert board(entries, [10, 11, 12, 13], best=10, place_points=table)["Anna"].total == 74


def test_between_equal_results_the_earlier_counts():
    entries = [entry(t, 1, "Anna", 2) for t in (10, 11, 12)]
    row = board(entries, [10, 11, 12], best=2, place_points=(25, 20))["Anna"]
    assert [r.counted for r in row.results] == [True, True, False]


def test_by_match_points_sums_exact_fractions():
    # 19/3 and 20/3 (shared places at a table) add up to 13 exactly.
    entries = [
        entry(10, 1, "Anna", 1, Fraction(19, 3)),
        entry(11, 1, "Anna", 2, Fraction(20, 3)),
        entry(12, 1, "Anna", 3, Fraction(1, 3)),
    ]
    row = board(entries, [10, 11, 12], best=2, scoring=BY_MATCH_POINTS)["Anna"]
    assert row.total == Fraction(13) and [r.counted for r in row.results] == [True, True, False]


def test_tournaments_outside_the_order_are_ignored():
    entries = [entry(10, 1, "Anna", 1), entry(99, 1, "Anna", 1)]
    assert board(entries, [10])["Anna"].played == 1


# --- tie order ------------------------------------------------------------------------------------


def test_equal_totals_are_split_by_countback_then_share_the_rank_by_name():
    table = (10, 6, 4, 3, 2, 1)
    entries = [
        # Tournament 1: Carla, Bruno, Zeno, Anna. Tournament 2: Ugo, Bruno, Anna, Zeno, Carla.
        entry(1, 3, "Carla", 1),
        entry(1, 2, "Bruno", 2),
        entry(1, 4, "Zeno", 3),
        entry(1, 1, "Anna", 4),
        entry(2, 5, "Ugo", 1),
        entry(2, 2, "Bruno", 2),
        entry(2, 1, "Anna", 3),
        entry(2, 4, "Zeno", 4),
        entry(2, 3, "Carla", 5),
    ]
    rows = leaderboard(entries, order=[1, 2], best=3, scoring=BY_PLACE, place_points=table)
    # Carla 10 + 2 and Bruno 6 + 6 are equal: Carla's win ranks her first on countback. Anna 3 + 4
    # and Zeno 4 + 3 have the same counted results: they share 4th, listed by name.
    assert [(r.rank, r.name, r.total, r.tied) for r in rows] == [
        (1, "Carla", 12, False),
        (2, "Bruno", 12, False),
        (3, "Ugo", 10, False),
        (4, "Anna", 7, True),
        (4, "Zeno", 7, True),
    ]


def test_ties_are_exact_where_floats_would_split_them():
    # 1/10 + 2/10 == 3/10 exactly; in floats 0.1 + 0.2 > 0.3 and Anna would rank alone above Bruno.
    entries = [
        entry(1, 1, "Anna", 1, Fraction(1, 10)),
        entry(2, 1, "Anna", 1, Fraction(2, 10)),
        entry(1, 2, "Bruno", 2, Fraction(3, 10)),
        entry(2, 2, "Bruno", 2, 0),
    ]
    rows = leaderboard(entries, order=[1, 2], best=2, scoring=BY_MATCH_POINTS)
    assert 0.1 + 0.2 != 0.3  # why floats must not rank
    # Equal totals; countback: Bruno's best result (3/10) beats Anna's (2/10).
    assert [(r.rank, r.name, r.total) for r in rows] == [
        (1, "Bruno", Fraction(3, 10)),
        (2, "Anna", Fraction(3, 10)),
    ]


def test_the_default_points_table_is_decreasing_and_scores_fifteen_places():
    assert (
        check_place_points(DEFAULT_PLACE_POINTS) == DEFAULT_PLACE_POINTS
        and len(DEFAULT_PLACE_POINTS) == 15
    )


# --- matching across tournaments ------------------------------------------------------------------


def test_records_with_one_external_id_are_one_person_whatever_their_names():
    entries = [
        entry(1, 11, "Mario Rossi", 1, external="FIGB-7"),
        entry(2, 12, "M. Rossi", 2, external="FIGB-7"),
    ]
    rows = leaderboard(entries, order=[1, 2], best=5)
    assert len(rows) == 1 and rows[0].player_ids == (11, 12) and rows[0].external_id == "FIGB-7"
    assert rows[0].name == "M. Rossi"  # the name of the latest tournament


def test_different_external_ids_are_different_people_even_with_one_name():
    entries = [
        entry(1, 11, "Mario Rossi", 1, external="A1"),
        entry(2, 12, "Mario Rossi", 1, external="B2"),
    ]
    assert len(leaderboard(entries, order=[1, 2], best=5)) == 2


def test_without_external_id_name_and_club_match_ignoring_case_accents_and_apostrophes():
    entries = [
        entry(1, 11, "Niccolò D’Angelo", 1, club="Circolo Cuori"),
        entry(2, 12, "niccolo d'angelo", 2, club="  circolo  cuori "),
        entry(3, 13, "Niccolò D'Angelo", 3, club="Altro Circolo"),  # another club: another person
    ]
    keys = identities(entries)
    assert keys[11] == keys[12] != keys[13]
    assert len(leaderboard(entries, order=[1, 2, 3], best=5)) == 2


def test_a_record_without_id_joins_the_one_person_with_an_id_of_that_name_and_club():
    entries = [entry(1, 11, "Anna Neri", 1, external="X9"), entry(2, 12, "ANNA NERI", 3)]
    keys = identities(entries)
    assert keys[11] == keys[12] == "x:X9"
    # Two people with ids share the name and club: the record without one cannot be told apart, and
    # stays alone.
    entries.append(entry(3, 13, "Anna Neri", 2, external="Y1"))
    keys = identities(entries)
    assert len({keys[11], keys[12], keys[13]}) == 3


def test_namesakes_of_one_club_in_one_tournament_stay_two_people():
    entries = [
        entry(1, 11, "Luca Bianchi", 1),
        entry(1, 12, "Luca Bianchi", 4),
        entry(2, 13, "luca bianchi", 2),
    ]
    keys = identities(entries)
    assert keys[11] != keys[12]
    rows = leaderboard(entries, order=[1, 2], best=5)
    assert sorted(r.player_ids for r in rows) == [(11,), (12,), (13,)]


def test_one_player_record_is_always_one_person():
    entries = [entry(1, 11, "Anna", 1, club="A"), entry(2, 11, "Anna", 2, club="B")]
    rows = leaderboard(entries, order=[1, 2], best=5)
    assert len(rows) == 1 and rows[0].played == 2
