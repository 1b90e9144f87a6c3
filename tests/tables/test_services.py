"""Recording hands at a table: validation, penalties, game end, corrections, locking,
constraints."""

import pytest
from django.db import IntegrityError, transaction

from tables import services
from tables.models import Hand, HandScore, Penalty, Seat
from tests.factories import TournamentFactory, seated_table
from tournaments.audit import COMMAND_LINE, ENGINE
from tournaments.scoring import GameOverError, ScoringError

pytestmark = pytest.mark.django_db


def totals(table):
    return list(services.game_state(table).totals)


def test_it_records_a_hand_with_dealer_and_pass_direction_002_s1():
    table = seated_table()
    for points in ([10, 3, 13, 0], [0, 26, 26, 26], [1, 2, 3, 20], [5, 5, 13, 3], [13, 0, 13, 0]):
        services.record_hand(table, points, actor=COMMAND_LINE)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [h.pass_direction for h in hands] == ["left", "right", "across", "hold", "left"]
    assert [h.dealer for h in hands] == [0, 1, 2, 3, 0]
    assert totals(table) == [29, 36, 68, 49]
    table.refresh_from_db()
    assert table.version == 5


def test_it_refuses_points_that_do_not_add_up_and_writes_nothing():
    table = seated_table()
    with pytest.raises(ScoringError, match="add up to 25"):
        services.record_hand(table, [10, 3, 12, 0], actor=COMMAND_LINE)
    with pytest.raises(ScoringError, match="4 seats; got 3"):
        services.record_hand(table, [13, 13, 0], actor=COMMAND_LINE)
    assert not Hand.objects.exists() and not HandScore.objects.exists()


def test_a_penalty_hand_gives_the_offender_26_and_keeps_who_and_why_002():
    table = seated_table()
    hand = services.record_hand(
        table,
        None,
        penalty_offender=1,
        penalty_reason="revoke: did not follow suit",
        actor=COMMAND_LINE,
    )
    assert totals(table) == [0, 26, 0, 0]
    assert hand.penalty.offender.position == 1
    assert hand.penalty.reason == "revoke: did not follow suit"
    with pytest.raises(ScoringError, match="reason"):
        services.record_hand(
            table, None, penalty_offender=1, penalty_reason=" ", actor=COMMAND_LINE
        )


def test_the_game_ends_exactly_at_100_and_refuses_further_hands_002_s15():
    table = seated_table()
    for _ in range(3):
        services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    services.record_hand(table, [0, 13, 13, 0], actor=COMMAND_LINE)  # seat 1 at 52
    services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)  # seat 1 at 65
    services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)  # 78
    services.record_hand(table, [4, 9, 13, 0], actor=COMMAND_LINE)  # 87
    services.record_hand(table, [0, 13, 13, 0], actor=COMMAND_LINE)  # seat 1 at 100 exactly
    state = services.game_state(table)
    assert state.totals[1] == 100 and state.over
    with pytest.raises(GameOverError, match="has ended after hand 8"):
        services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    assert table.hands.count() == 8


def test_a_fixed_number_of_hands_ends_the_game_000():
    tournament = TournamentFactory(rules="peppa", game_end="hands", hands_per_game=2)
    table = seated_table(tournament)
    services.record_hand(table, [5, 13, 18, 0], actor=COMMAND_LINE)
    services.record_hand(table, [0, 36, 36, 36], actor=COMMAND_LINE)
    assert services.game_state(table).over
    with pytest.raises(GameOverError):
        services.record_hand(table, [5, 13, 18, 0], actor=COMMAND_LINE)


def test_three_and_five_player_tables_use_their_own_pass_cycle():
    t3 = seated_table(players=3)
    services.record_hand(t3, [13, 13, 0], actor=COMMAND_LINE)
    services.record_hand(t3, [0, 26, 26], actor=COMMAND_LINE)
    assert list(t3.hands.values_list("pass_direction", flat=True)) == ["left", "right"]
    t5 = seated_table(players=5, number=2)
    services.record_hand(t5, [1, 2, 3, 7, 13], actor=COMMAND_LINE)
    assert t5.hands.get().dealer == 0


def test_the_arbiter_can_close_a_game_when_time_is_up():
    table = seated_table()
    with pytest.raises(ScoringError, match="no hand"):
        services.close_game(table, actor=COMMAND_LINE)
    services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    services.close_game(table, actor=COMMAND_LINE)
    assert services.game_state(table).over
    with pytest.raises(GameOverError):
        services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    services.confirm_result(table, actor=COMMAND_LINE)
    table.refresh_from_db()
    assert table.result_confirmed_at is not None


def test_a_stale_version_is_refused_optimistic_locking():
    table = seated_table()
    services.record_hand(table, [13, 13, 0, 0], expected_version=0, actor=COMMAND_LINE)
    with pytest.raises(services.StaleTableError, match="changed by someone else"):
        services.record_hand(table, [13, 13, 0, 0], expected_version=0, actor=COMMAND_LINE)
    assert table.hands.count() == 1


def test_a_correction_keeps_the_old_values_and_the_reason():
    table = seated_table()
    hand = services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    services.record_hand(table, [0, 0, 13, 13], actor=COMMAND_LINE)
    services.correct_hand(hand, [10, 3, 13, 0], reason="wrong column", actor=COMMAND_LINE)
    assert totals(table) == [10, 3, 26, 13]
    score = HandScore.objects.get(hand=hand, seat__position=1)
    history = list(score.history.order_by("history_date"))
    assert [h.points for h in history] == [13, 3]
    assert history[-1].history_change_reason == "wrong column"
    with pytest.raises(ScoringError, match="reason"):
        services.correct_hand(hand, [13, 13, 0, 0], reason="", actor=COMMAND_LINE)


def test_a_correction_to_a_penalty_and_back():
    table = seated_table()
    hand = services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    services.correct_hand(
        hand,
        None,
        reason="illegal play found",
        penalty_offender=3,
        penalty_reason="queen on first trick",
        actor=COMMAND_LINE,
    )
    assert totals(table) == [0, 0, 0, 26]
    assert Penalty.objects.get().offender.position == 3
    services.correct_hand(hand, [13, 13, 0, 0], reason="penalty withdrawn", actor=COMMAND_LINE)
    assert not Penalty.objects.exists()
    assert Penalty.history.filter(history_type="-").count() == 1  # the deletion is in the trail


def test_a_correction_that_would_end_the_game_early_is_refused():
    table = seated_table()
    for _ in range(3):
        services.record_hand(table, [0, 26, 26, 26], actor=COMMAND_LINE)  # seats 1-3 at 78
    fourth = services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)  # seat 1 at 91
    services.record_hand(table, [13, 0, 0, 13], actor=COMMAND_LINE)  # seat 3 at 91
    with pytest.raises(ScoringError, match="would have ended after hand 4, but 1 later hand"):
        services.correct_hand(fourth, [0, 26, 26, 26], reason="typo", actor=COMMAND_LINE)
    assert totals(table) == [26, 91, 78, 91]


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(
            lambda t, s: Hand.objects.create(table=t, number=1, dealer=0, pass_direction="left"),
            id="duplicate-hand-number",
        ),
        pytest.param(
            lambda t, s: HandScore.objects.create(
                hand=Hand.objects.get(table=t), seat=s[0], points=1
            ),
            id="second-score-per-seat",
        ),
        pytest.param(
            lambda t, s: Seat.objects.create(
                table=t, round=t.round, position=5 - 1, registration=s[0].registration
            ),
            id="same-player-twice-in-a-round",
        ),
    ],
)
def test_the_database_refuses_broken_invariants(make):
    table = seated_table()
    services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    seats = list(table.seats.order_by("position"))
    with pytest.raises(IntegrityError), transaction.atomic():
        make(table, seats)


def test_the_database_refuses_points_below_the_floor():
    table = seated_table()
    hand = services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    score = HandScore.objects.get(hand=hand, seat__position=0)
    score.points = -1
    with pytest.raises(IntegrityError), transaction.atomic():
        score.save()


def test_an_engine_played_table_refuses_hands_entered_by_hand():
    table = seated_table()
    table.mode = table.Mode.ENGINE
    table.save()
    with pytest.raises(ScoringError, match="played via the engine"):
        services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    hand = services.record_hand(table, [13, 13, 0, 0], actor=ENGINE)
    assert table.hands.count() == 1
    with pytest.raises(ScoringError, match="played via the engine; its record is final"):
        services.correct_hand(hand, [0, 0, 13, 13], reason="typo", actor=COMMAND_LINE)
