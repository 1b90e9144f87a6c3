"""Pure scoring rules (no database): hand checks, penalties, game end, places and match points."""

from fractions import Fraction

import pytest

from tournaments import scoring
from tournaments.scoring import ScoringError, ScoringRules

CLUB = ScoringRules()
PEPPA = ScoringRules.of_preset("peppa", game_end="hands", hands=8)
CLUB_POINTS = [Fraction(p) for p in (10, 6, 3, 1)]


def test_a_normal_hand_adds_up_to_26_002_s5():
    assert scoring.check_hand([10, 3, 13, 0], CLUB) == scoring.HAND_NORMAL


def test_peppa_hands_add_up_to_36_000():
    assert scoring.check_hand([5, 13, 18, 0], PEPPA) == scoring.HAND_NORMAL
    with pytest.raises(ScoringError, match="add up to 26; a hand must add up to 36"):
        scoring.check_hand([13, 13, 0, 0], PEPPA)


def test_it_names_the_sum_found_and_the_sums_allowed():
    with pytest.raises(ScoringError) as err:
        scoring.check_hand([10, 3, 12, 0], CLUB)
    assert (
        str(err.value)
        == "the points add up to 25; a hand must add up to 26 or 78 (a shoot-the-moon pattern)"
    )


@pytest.mark.parametrize("shooter", range(4))
def test_shoot_the_moon_gives_26_to_each_other_seat_002_s6(shooter):
    points = [26] * 4
    points[shooter] = 0
    assert scoring.check_hand(points, CLUB) == scoring.HAND_MOON


def test_a_seat_with_all_26_must_be_recorded_as_a_moon_or_a_penalty():
    with pytest.raises(ScoringError, match="took every penalty card"):
        scoring.check_hand([0, 26, 0, 0], CLUB)


def test_moon_pattern_is_refused_when_the_rule_set_has_no_moon():
    no_moon = ScoringRules(moon_rule="off")
    assert scoring.check_hand([0, 26, 0, 0], no_moon) == scoring.HAND_NORMAL
    with pytest.raises(ScoringError, match="add up to 78; a hand must add up to 26$"):
        scoring.check_hand([0, 26, 26, 26], no_moon)


def test_shooter_subtracts_and_shooters_choice_001():
    shooter_subtracts = ScoringRules(moon_rule="self")
    assert scoring.check_hand([-26, 0, 0, 0], shooter_subtracts) == scoring.HAND_MOON
    with pytest.raises(ScoringError):
        scoring.check_hand([0, 26, 26, 26], shooter_subtracts)
    choice = ScoringRules(moon_rule="choice")
    assert scoring.check_hand([-26, 0, 0, 0], choice) == scoring.HAND_MOON
    assert scoring.check_hand([0, 26, 26, 26], choice) == scoring.HAND_MOON
    assert scoring.points_floor(4, choice) == -26


def test_others_unless_that_ends_the_game_with_the_shooter_losing_001():
    rules = ScoringRules(moon_rule="others_unless_loses")
    # Others +26 would take seat 1 to 100 while the shooter (90) is not lowest: the shooter must
    # subtract.
    before = [90, 74, 10, 10]
    assert scoring.check_hand([-26, 0, 0, 0], rules, before) == scoring.HAND_MOON
    with pytest.raises(ScoringError):
        scoring.check_hand([0, 26, 26, 26], rules, before)
    # Early in the game the others take the 26.
    assert scoring.check_hand([0, 26, 26, 26], rules, [0, 0, 0, 0]) == scoring.HAND_MOON
    with pytest.raises(ScoringError):
        scoring.check_hand([-26, 0, 0, 0], rules, [0, 0, 0, 0])


def test_shooting_the_sun_gives_the_others_twice_the_total_004():
    rules = ScoringRules(shoot_the_sun=True)
    assert scoring.check_hand([52, 0, 52, 52], rules) == scoring.HAND_SUN
    with pytest.raises(ScoringError):
        scoring.check_hand([52, 0, 52, 52], CLUB)


def test_omnibus_jack_of_diamonds_is_a_bonus_001():
    omnibus = ScoringRules.of_preset("omnibus", moon_rule="others")
    assert scoring.check_hand([-10, 13, 10, 3], omnibus) == scoring.HAND_NORMAL
    assert scoring.check_hand([0, 26, 16, 26], omnibus) == scoring.HAND_MOON
    with pytest.raises(ScoringError, match="lowest allowed is -10"):
        scoring.check_hand([-11, 14, 10, 3], omnibus)


def test_three_and_five_player_hands():
    assert scoring.check_hand([13, 13, 0], CLUB) == scoring.HAND_NORMAL
    assert scoring.check_hand([0, 26, 26], CLUB) == scoring.HAND_MOON
    assert scoring.check_hand([1, 2, 3, 7, 13], CLUB) == scoring.HAND_NORMAL
    assert scoring.check_hand([26, 26, 0, 26, 26], CLUB) == scoring.HAND_MOON


@pytest.mark.parametrize(
    "points", [[13, 13], [1, 1, 1, 1, 1, 21], [13, 13.0, 0, 0], [13, "13", 0, 0], [13, True, 12, 0]]
)
def test_malformed_hands_are_refused(points):
    with pytest.raises(ScoringError):
        scoring.check_hand(points, CLUB)


def test_a_penalty_gives_the_offender_the_whole_hand_002_errori():
    assert scoring.penalty_points(2, 4, CLUB) == [0, 0, 26, 0]
    assert scoring.penalty_points(0, 4, PEPPA) == [36, 0, 0, 0]
    with pytest.raises(ScoringError):
        scoring.penalty_points(4, 4, CLUB)


def test_a_game_ends_when_a_seat_reaches_the_target_002_s15():
    assert not scoring.is_game_over([99, 0, 0, 27], 10, CLUB)
    assert scoring.is_game_over([100, 0, 0, 26], 10, CLUB)
    assert scoring.is_game_over([120, 0, 0, 26], 10, CLUB)


def test_a_fixed_number_of_hands_000_and_closure_by_the_arbiter():
    assert not scoring.is_game_over([200, 0, 0, 0], 7, PEPPA)
    assert scoring.is_game_over([0, 100, 0, 0], 8, PEPPA)
    assert scoring.is_game_over([10, 0, 0, 16], 1, CLUB, closed=True)
    arbiter = ScoringRules(game_end="arbiter")
    assert not scoring.is_game_over([500, 0, 0, 0], 30, arbiter)


def test_the_002_example_34_34_78_123():
    assert scoring.places([34, 34, 78, 123]) == [1, 1, 3, 4]
    assert scoring.table_match_points([34, 34, 78, 123], CLUB_POINTS) == [8, 8, 3, 1]


@pytest.mark.parametrize(
    "totals, expected",
    [
        ([10, 20, 30, 40], [10, 6, 3, 1]),
        ([10, 10, 30, 40], [8, 8, 3, 1]),  # two tied first
        ([10, 20, 40, 40], [10, 6, 2, 2]),  # two tied last
        ([10, 30, 30, 40], [10, Fraction(9, 2), Fraction(9, 2), 1]),  # two tied in the middle
        ([10, 10, 10, 40], [Fraction(19, 3)] * 3 + [1]),  # three tied first
        (
            [10, 40, 40, 40],
            [10, Fraction(10, 3), Fraction(10, 3), Fraction(10, 3)],
        ),  # three tied last
        ([50, 50, 50, 50], [5, 5, 5, 5]),  # four-way tie
        ([10, 10, 40, 40], [8, 8, 2, 2]),  # two pairs
    ],
)
def test_tied_seats_share_the_points_of_the_places_they_cover(totals, expected):
    points = scoring.table_match_points(totals, CLUB_POINTS)
    assert points == expected
    assert sum(points) == 20  # nothing is lost or created by sharing


def test_victory_points_one_and_two_winners_000():
    table = scoring.match_point_table("20-0-0-0")
    assert scoring.table_match_points([5, 40, 60, 100], table[4]) == [20, 0, 0, 0]
    assert scoring.table_match_points([5, 5, 60, 100], table[4]) == [10, 10, 0, 0]
    two = scoring.match_point_table("14-6-0-0")
    assert scoring.table_match_points([5, 6, 60, 100], two[4]) == [14, 6, 0, 0]
    assert scoring.table_match_points([5, 60, 60, 100], two[4]) == [14, 3, 3, 0]


@pytest.mark.parametrize("scheme", list(scoring.SCHEMES))
def test_3_and_5_seat_tables_keep_the_average_of_a_4_seat_table(scheme):
    table = scoring.match_point_table(scheme)
    average = sum(table[4]) / 4
    assert sum(table[3]) / 3 == average
    assert sum(table[5]) / 5 == average


def test_match_point_overrides_are_checked():
    table = scoring.match_point_table("10-6-3-1", {"3": ["10", "5", "0"]})
    assert table[3] == (10, 5, 0)
    for bad in (
        {"3": [10, 5]},
        {"6": [1] * 6},
        {"4": [1, 6, 3, 1]},
        {"4": [10, 6, 3, -1]},
        {"4": ["x", 1, 1, 1]},
    ):
        with pytest.raises(ScoringError):
            scoring.match_point_table("10-6-3-1", bad)
    with pytest.raises(ScoringError):
        scoring.match_point_table("9-9-9-9")
