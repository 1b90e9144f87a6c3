"""Pure standings ranking: exact match points, result points, named tiebreaks, shared ranks."""

from fractions import Fraction

import pytest

from tournaments.standings import GameResult, PlayerRecord, check_tiebreaks, rank


def player(rid, name, *games, club=""):
    record = PlayerRecord(registration_id=rid, player_id=rid, name=name, club=club)
    for i, (points, place, mp, *opponents) in enumerate(games):
        record.games.append(
            GameResult(
                i + 1,
                rid * 100 + i,
                points,
                place,
                Fraction(mp),
                tuple(opponents[0]) if opponents else (),
            )
        )
    return record


def test_ranks_by_match_points_then_result_points_002():
    rows = rank(
        [
            player(1, "Anna", (40, 2, 6), (50, 1, 10)),  # 16, 90
            player(2, "Bruno", (30, 1, 10), (60, 2, 6)),  # 16, 90... equal
            player(3, "Carla", (20, 1, 10), (20, 1, 10)),  # 20
            player(4, "Dario", (10, 1, 10), (100, 2, 6)),  # 16, 110
        ],
        ["result_points"],
    )
    assert [(r.rank, r.name, r.tied) for r in rows] == [
        (1, "Carla", False),
        (2, "Anna", True),
        (2, "Bruno", True),
        (4, "Dario", False),
    ]


def test_shared_fractions_are_compared_exactly():
    # 19/3 + 19/3 + 19/3 = 19 exactly; a float sum would give 18.999999999999996 or
    # 19.000000000000004.
    a = player(
        1, "Anna", (10, 1, Fraction(19, 3)), (10, 1, Fraction(19, 3)), (10, 1, Fraction(19, 3))
    )
    b = player(2, "Bruno", (10, 1, 10), (10, 1, 6), (10, 1, 3))
    rows = rank([a, b], ["result_points"])
    assert rows[0].match_points == rows[1].match_points == 19
    assert rows[0].rank == rows[1].rank == 1 and rows[0].tied


def test_table_wins_breaks_a_tie_left_by_result_points():
    a = player(1, "Anna", (30, 1, 10), (50, 4, 1))  # 11, 80, one win
    b = player(2, "Bruno", (40, 2, 6), (40, 3, 5))  # 11, 80, no win
    rows = rank([b, a], ["result_points", "table_wins"])
    assert [(r.rank, r.name) for r in rows] == [(1, "Anna"), (2, "Bruno")]
    rows = rank([b, a], ["result_points"])
    assert [(r.rank, r.tied) for r in rows] == [(1, True), (1, True)]


def test_order_of_tiebreaks_is_a_setting():
    a = player(1, "Anna", (30, 1, 10), (70, 4, 1))  # 11, 100, 1 win, best 30
    b = player(2, "Bruno", (40, 2, 6), (40, 3, 5))  # 11, 80, 0 wins, best 40
    assert rank([a, b], ["result_points", "table_wins"])[0].name == "Bruno"
    assert rank([a, b], ["table_wins", "result_points"])[0].name == "Anna"
    assert rank([a, b], ["best_game"])[0].name == "Anna"


def test_opponents_match_points():
    a = player(1, "Anna", (30, 2, 6, [3]))
    b = player(2, "Bruno", (30, 2, 6, [4]))
    c = player(3, "Carla", (10, 1, 10, [1]))
    d = player(4, "Dario", (50, 4, 1, [2]))
    rows = rank([a, b, c, d], ["opponents_match_points"])
    assert [r.name for r in rows] == ["Carla", "Anna", "Bruno", "Dario"]
    assert rows[1].tiebreaks["opponents_match_points"] == 10


def test_players_without_games_rank_last_together():
    rows = rank(
        [player(1, "Anna"), player(2, "Bruno"), player(3, "Carla", (50, 1, 10))], ["result_points"]
    )
    assert [(r.rank, r.name) for r in rows] == [(1, "Carla"), (2, "Anna"), (2, "Bruno")]


@pytest.mark.parametrize("keys", [["nope"], ["result_points", "result_points"], ["match_points"]])
def test_unknown_or_repeated_tiebreaks_are_refused(keys):
    with pytest.raises(ValueError):
        check_tiebreaks(keys)
