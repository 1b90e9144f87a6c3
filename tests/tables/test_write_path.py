"""The one write path: every rule is enforced by the services themselves, whoever calls them.

One test per refusal (tournament finished, round locked, result confirmed,
engine-played table, game over, stale version, the same hand twice, other
points for a recorded hand), the actor and reason kept in the history, and
the organizer's reopenings.
"""

import pytest
from django.contrib.auth import get_user_model

from tables import services
from tables.models import Hand, HandScore, Penalty, Table
from tests.factories import TournamentFactory, seated_table
from tournaments import organizer
from tournaments.audit import COMMAND_LINE, ENGINE, Actor
from tournaments.errors import TournamentError
from tournaments.models import Round, Tournament
from tournaments.scoring import GameOverError, ImpossibleHandError, ScoringError

pytestmark = pytest.mark.django_db


@pytest.fixture
def user():
    return get_user_model().objects.create_user("arturo", first_name="Arturo", last_name="Rossi")


@pytest.fixture
def table():
    return seated_table(TournamentFactory())


def ended(table):
    for _ in range(4):
        services.record_hand(table, [25, 1, 0, 0], actor=COMMAND_LINE)
    return table


def set_round(table, status):
    Round.objects.filter(pk=table.round_id).update(status=status)


def set_tournament(table, status):
    Tournament.objects.filter(pk=table.round.tournament_id).update(status=status)


# --- refusals of record_hand -------------------------------------------------------------------


def test_record_refuses_a_finished_tournament(table):
    set_tournament(table, Tournament.Status.FINISHED)
    with pytest.raises(services.ResultFinalError, match="tournament is finished"):
        services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    assert not Hand.objects.exists()


def test_record_refuses_a_locked_round(table):
    set_round(table, Round.Status.LOCKED)
    with pytest.raises(services.ResultFinalError, match="Round 1 is locked"):
        services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    assert not Hand.objects.exists()


def test_record_refuses_a_confirmed_result(table):
    services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    services.close_game(table, actor=COMMAND_LINE)
    services.confirm_result(table, actor=COMMAND_LINE)
    Table.objects.filter(pk=table.pk).update(
        closed_by_arbiter=False
    )  # even were the game still open
    with pytest.raises(services.ResultFinalError, match="confirmed"):
        services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    assert Hand.objects.count() == 1


def test_record_refuses_hands_by_hand_at_an_engine_table_and_engine_hands_elsewhere(table, user):
    with pytest.raises(services.EnginePlayedError, match="not played via the engine"):
        services.record_hand(table, [13, 13, 0, 0], actor=ENGINE)
    Table.objects.filter(pk=table.pk).update(mode=Table.Mode.ENGINE)
    table.refresh_from_db()
    with pytest.raises(services.EnginePlayedError, match="played via the engine"):
        services.record_hand(table, [13, 13, 0, 0], actor=Actor.of(user))
    hand = services.record_hand(
        table, [13, 13, 0, 0], actor=ENGINE, record={"format": "hearts-hand/1"}
    )
    assert hand.source == Hand.Source.ENGINE and hand.record == {"format": "hearts-hand/1"}


def test_record_refuses_a_hand_after_the_game_is_over(table):
    ended(table)
    with pytest.raises(GameOverError):
        services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)


def test_record_refuses_a_stale_version(table):
    services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE, expected_version=0)
    with pytest.raises(services.StaleTableError, match="changed by someone else"):
        services.record_hand(table, [0, 0, 13, 13], actor=COMMAND_LINE, expected_version=0)
    assert Hand.objects.count() == 1


def test_the_same_hand_sent_twice_is_recorded_once(table):
    first = services.record_hand(
        table, [13, 3, 5, 5], actor=COMMAND_LINE, number=1, expected_version=0
    )
    again = services.record_hand(
        table, [13, 3, 5, 5], actor=COMMAND_LINE, number=1, expected_version=0
    )
    assert first.created and not again.created and again.pk == first.pk
    assert Hand.objects.count() == 1 and HandScore.objects.count() == 4
    table.refresh_from_db()
    assert table.version == 1  # nothing written the second time


def test_the_same_penalty_sent_twice_is_recorded_once(table):
    services.record_hand(
        table, None, actor=COMMAND_LINE, number=1, penalty_offender=2, penalty_reason="revoke"
    )
    again = services.record_hand(
        table, None, actor=COMMAND_LINE, number=1, penalty_offender=2, penalty_reason="revoke"
    )
    assert not again.created and Penalty.objects.count() == 1


def test_other_points_for_a_recorded_hand_are_a_conflict(table):
    services.record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE, number=1)
    with pytest.raises(
        services.HandConflictError,
        match=r"Hand 1 is already recorded with other points \(13 / 3 / 5 / 5\)",
    ):
        services.record_hand(table, [3, 13, 5, 5], actor=COMMAND_LINE, number=1)
    with pytest.raises(services.HandConflictError):
        services.record_hand(
            table, None, actor=COMMAND_LINE, number=1, penalty_offender=0, penalty_reason="x"
        )
    assert HandScore.objects.filter(points=3).get().seat.position == 1


def test_a_hand_number_must_be_the_next_one(table):
    with pytest.raises(ScoringError, match="the next hand .* is hand 1, not hand 3"):
        services.record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE, number=3)


def test_points_no_deal_can_give_are_refused_naming_the_card(table):
    for points in ([12, 12, 2, 0], [7, 7, 6, 6]):
        with pytest.raises(ImpossibleHandError) as err:
            services.record_hand(table, points, actor=COMMAND_LINE)
        assert (
            str(err.value)
            == "No seat has 13 or more points, so nobody took the queen of spades: check the "
            "numbers"
        )
    assert not Hand.objects.exists()


def test_an_omnibus_hand_the_engine_produces_is_accepted_and_two_negatives_are_not():
    table = seated_table(TournamentFactory(rules="omnibus"))
    services.record_hand(table, [16, 0, 0, 0], actor=COMMAND_LINE)  # QS + 3 hearts; JD + 10 hearts
    with pytest.raises(
        ImpossibleHandError,
        match=r"^Two seats are negative but there is only one jack of diamonds \(-10\)$",
    ):
        services.record_hand(table, [-5, -5, 13, 13], actor=COMMAND_LINE)


# --- corrections, closes, confirmations ---------------------------------------------------------


@pytest.mark.parametrize("block", ["finished", "locked", "confirmed"])
def test_a_final_result_refuses_corrections_and_closes(table, block):
    hand = services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    if block == "finished":
        set_tournament(table, Tournament.Status.FINISHED)
    elif block == "locked":
        set_round(table, Round.Status.LOCKED)
    else:
        services.close_game(table, actor=COMMAND_LINE)
        services.confirm_result(table, actor=COMMAND_LINE)
        Table.objects.filter(pk=table.pk).update(closed_by_arbiter=False)
    with pytest.raises(services.ResultFinalError):
        services.correct_hand(hand, [0, 0, 13, 13], actor=COMMAND_LINE, reason="typo")
    with pytest.raises(services.ResultFinalError):
        services.close_game(table, actor=COMMAND_LINE)
    assert list(HandScore.objects.order_by("seat__position").values_list("points", flat=True)) == [
        13,
        13,
        0,
        0,
    ]


def test_a_correction_needs_a_reason_and_a_change(table):
    hand = services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    with pytest.raises(ScoringError, match="needs a reason"):
        services.correct_hand(hand, [0, 0, 13, 13], actor=COMMAND_LINE, reason=" ")
    with pytest.raises(ScoringError, match="nothing to correct"):
        services.correct_hand(hand, [13, 13, 0, 0], actor=COMMAND_LINE, reason="typo")
    with pytest.raises(ImpossibleHandError, match="queen of spades"):
        services.correct_hand(hand, [7, 7, 6, 6], actor=COMMAND_LINE, reason="typo")


def test_a_correction_with_a_stale_version_is_refused(table):
    hand = services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    with pytest.raises(services.StaleTableError):
        services.correct_hand(
            hand, [0, 0, 13, 13], actor=COMMAND_LINE, reason="typo", expected_version=0
        )


def test_confirming_needs_an_ended_game_and_an_open_round(table):
    services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    with pytest.raises(ScoringError, match="has not ended"):
        services.confirm_result(table, actor=COMMAND_LINE)
    services.close_game(table, actor=COMMAND_LINE)
    set_round(table, Round.Status.LOCKED)
    with pytest.raises(services.ResultFinalError, match="locked"):
        services.confirm_result(table, actor=COMMAND_LINE)
    set_round(table, Round.Status.PLAYING)
    with pytest.raises(services.StaleTableError):
        services.confirm_result(table, actor=COMMAND_LINE, expected_version=0)
    services.confirm_result(table, actor=COMMAND_LINE)
    services.confirm_result(table, actor=COMMAND_LINE)  # idempotent
    assert Table.history.filter(id=table.pk, result_confirmed_at__isnull=False).count() == 1


# --- the actor and the reason in the history ---------------------------------------------------


def test_every_write_records_its_actor(table, user):
    services.record_hand(table, [13, 13, 0, 0], actor=Actor.of(user))
    hand = services.record_hand(table, [0, 0, 13, 13], actor=COMMAND_LINE)
    services.correct_hand(hand, [0, 13, 13, 0], actor=Actor.of(user), reason="columns swapped")
    actors = {
        (h.hand.number, h.history_type, h.history_actor, h.history_user_id)
        for h in HandScore.history.select_related("hand")
    }
    assert (1, "+", "user", user.pk) in actors
    assert (2, "+", "command", None) in actors
    assert (2, "~", "user", user.pk) in actors
    corrected = HandScore.history.filter(history_type="~")
    assert {h.history_change_reason for h in corrected} == {"columns swapped"}
    services.close_game(table, actor=COMMAND_LINE)
    closed = (
        Table.history.filter(id=table.pk, closed_by_arbiter=True).order_by("history_date").first()
    )
    assert closed.history_actor == "command"


def test_an_anonymous_user_is_no_actor():
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(ValueError):
        Actor.of(AnonymousUser())


# --- reopening -----------------------------------------------------------------------------------


def test_the_organizer_reopens_a_confirmed_result_with_a_reason(table, user):
    hand = ended(table).hands.get(number=1)
    services.confirm_result(table, actor=COMMAND_LINE)
    with pytest.raises(ScoringError, match="needs a reason"):
        services.reopen_result(table, actor=Actor.of(user), reason="")
    services.reopen_result(table, actor=Actor.of(user), reason="hand 1 typed in the wrong columns")
    table.refresh_from_db()
    assert table.result_confirmed_at is None
    reopened = Table.history.filter(id=table.pk).order_by("-history_date", "-history_id").first()
    assert reopened.history_change_reason == "hand 1 typed in the wrong columns"
    assert reopened.history_user_id == user.pk and reopened.history_actor == "user"
    services.correct_hand(hand, [1, 25, 0, 0], actor=Actor.of(user), reason="columns")
    with pytest.raises(ScoringError, match="not confirmed"):
        services.reopen_result(table, actor=Actor.of(user), reason="again")


def test_a_table_in_a_locked_round_is_reopened_after_its_round(table):
    ended(table)
    services.confirm_result(table, actor=COMMAND_LINE)
    organizer.lock_round(table.round, actor=COMMAND_LINE)
    with pytest.raises(services.ResultFinalError, match="Round 1 is locked"):
        services.reopen_result(table, actor=COMMAND_LINE, reason="typo")
    organizer.reopen_round(table.round, actor=COMMAND_LINE, reason="typo at table 1")
    services.reopen_result(table, actor=COMMAND_LINE, reason="typo")


def test_locking_a_round_refuses_unfinished_games_unless_told_to_end_them(table):
    services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    empty = seated_table(table.round.tournament, number=2)
    with pytest.raises(TournamentError, match="Table 2 has no hand recorded"):
        organizer.lock_round(table.round, actor=COMMAND_LINE, close_unfinished=True)
    services.record_hand(empty, [13, 13, 0, 0], actor=COMMAND_LINE)
    with pytest.raises(TournamentError, match="Tables 1 and 2 have not finished their game"):
        organizer.lock_round(table.round, actor=COMMAND_LINE)
    round_ = organizer.lock_round(table.round, actor=COMMAND_LINE, close_unfinished=True)
    assert round_.status == Round.Status.LOCKED
    assert set(Table.objects.values_list("closed_by_arbiter", flat=True)) == {True}
    assert round_.history.order_by("-history_date").first().history_actor == "command"


def test_reopening_a_round_needs_a_reason_a_lock_and_an_open_tournament(table):
    ended(table)
    round_ = table.round
    with pytest.raises(TournamentError, match="reason"):
        organizer.reopen_round(round_, actor=COMMAND_LINE, reason=" ")
    with pytest.raises(TournamentError, match="not locked"):
        organizer.reopen_round(round_, actor=COMMAND_LINE, reason="x")
    organizer.lock_round(round_, actor=COMMAND_LINE)
    organizer.finish_tournament(round_.tournament, actor=COMMAND_LINE)
    with pytest.raises(TournamentError, match="reopen the tournament first"):
        organizer.reopen_round(round_, actor=COMMAND_LINE, reason="x")
    organizer.reopen_tournament(round_.tournament, actor=COMMAND_LINE, reason="a typo at table 1")
    reopened = organizer.reopen_round(round_, actor=COMMAND_LINE, reason="a typo at table 1")
    assert reopened.status == Round.Status.PLAYING
    assert (
        reopened.history.order_by("-history_date").first().history_change_reason
        == "a typo at table 1"
    )


def test_finishing_needs_every_round_locked_and_states_rounds_not_played(table):
    from tournaments import selectors

    tournament = table.round.tournament
    Tournament.objects.filter(pk=tournament.pk).update(rounds_planned=4)
    tournament.refresh_from_db()
    ended(table)
    plan = selectors.finish_plan(tournament)
    assert plan.blocking == ["Round 1 is not locked: lock it first."]
    with pytest.raises(TournamentError, match="Round 1 is not locked"):
        organizer.finish_tournament(tournament, actor=COMMAND_LINE)
    organizer.lock_round(table.round, actor=COMMAND_LINE)
    plan = selectors.finish_plan(tournament)
    assert plan.blocking == [] and plan.consequences[0] == "Rounds 2, 3 and 4 of 4 are not played."
    finished = organizer.finish_tournament(tournament, actor=COMMAND_LINE)
    assert finished.status == Tournament.Status.FINISHED
    with pytest.raises(TournamentError, match="reason"):
        organizer.reopen_tournament(finished, actor=COMMAND_LINE, reason="")
    running = organizer.reopen_tournament(finished, actor=COMMAND_LINE, reason="one more round")
    assert running.status == Tournament.Status.RUNNING
    with pytest.raises(TournamentError, match="not finished"):
        organizer.reopen_tournament(running, actor=COMMAND_LINE, reason="again")


def test_the_lock_plan_states_what_locking_will_do(table):
    from tournaments import selectors

    services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    other = ended(seated_table(table.round.tournament, number=2))
    assert other.hands.count() == 4
    plan = selectors.lock_plan(table.round)
    assert plan.blocking == [] and plan.unfinished == [1]
    assert plan.consequences == [
        "Table 1 has not finished its game: locking ends it now with the hands recorded so far.",
        "Table 2 has not been confirmed by an arbiter: its result becomes final as it is.",
        "No hand can be entered or corrected in round 1 until the organizer reopens it.",
    ]


def test_the_admin_shows_hands_scores_and_penalties_but_does_not_write_them(client, table):
    admin = get_user_model().objects.create_superuser("root", password="pw-root-123")
    client.force_login(admin)
    hand = services.record_hand(
        table, None, actor=COMMAND_LINE, penalty_offender=1, penalty_reason="revoke"
    )
    url = f"/admin/tables/hand/{hand.pk}/change/"
    page = client.get(url)
    assert page.status_code == 200 and 'name="scores-0-points"' not in page.content.decode()
    assert client.post(url, {"number": 1}).status_code == 403
    assert client.post(f"/admin/tables/hand/{hand.pk}/delete/", {"post": "yes"}).status_code == 403
    assert client.get(f"/admin/tables/penalty/{hand.penalty.pk}/change/").status_code == 200
    assert (
        client.post(f"/admin/tables/penalty/{hand.penalty.pk}/change/", {"reason": "x"}).status_code
        == 403
    )
    table_page = client.get(f"/admin/tables/table/{table.pk}/change/").content.decode()
    assert (
        'name="result_confirmed_at' not in table_page
        and 'name="closed_by_arbiter"' not in table_page
    )
    assert list(HandScore.objects.values_list("points", flat=True).order_by("seat__position")) == [
        0,
        26,
        0,
        0,
    ]


def test_hands_recorded_in_bulk_have_the_same_history_as_one_by_one(table, user):
    """Bulk inserts write their history with INSERT ... SELECT: the records must equal those of
    save()."""
    other = seated_table(table.round.tournament, number=2)
    services.record_hand(table, [13, 13, 0, 0], actor=Actor.of(user))
    services.record_hands(
        [services.TableHands(other, [services.NewHand([13, 13, 0, 0])])], actor=Actor.of(user)
    )

    def history(t):
        return sorted(
            (
                h.history_type,
                h.history_actor,
                h.history_user_id,
                h.points,
                h.floor,
                h.seat.position,
                h.hand.number,
                h.history_change_reason or "",
            )
            for h in HandScore.history.filter(hand__table=t).select_related("seat", "hand")
        )

    assert history(table) == history(other) and len(history(other)) == 4
    for model in (Hand,):
        saved = model.history.filter(table=table).get()
        bulk = model.history.filter(table=other).get()
        assert (
            saved.history_type,
            saved.history_actor,
            saved.history_user_id,
            saved.number,
            saved.dealer,
        ) == (bulk.history_type, bulk.history_actor, bulk.history_user_id, bulk.number, bulk.dealer)


def test_record_hands_names_the_table_and_hand_refused(table):
    other = seated_table(table.round.tournament, number=2)
    batches = [
        services.TableHands(table, [services.NewHand([13, 13, 0, 0])]),
        services.TableHands(
            other, [services.NewHand([13, 13, 0, 0]), services.NewHand([7, 7, 6, 6])]
        ),
    ]
    with pytest.raises(ImpossibleHandError) as err:
        services.record_hands(batches, actor=COMMAND_LINE)
    assert (err.value.table_id, err.value.index) == (other.pk, 1)
    assert not Hand.objects.exists()
    written = services.record_hands(batches[:1], actor=COMMAND_LINE)
    assert [h.number for h in written[table.pk]] == [1] and Table.objects.get(
        pk=table.pk
    ).version == 1


def test_the_stored_totals_follow_every_write(table, user):
    """Seat.points and Table.hands_recorded (read by the standings) equal the hand scores after any
    write."""
    from django.db.models import Count, Sum

    from tables.models import Seat

    def check():
        sums = dict(HandScore.objects.values_list("seat_id").annotate(t=Sum("points")))
        for seat in Seat.objects.all():
            assert seat.points == sums.get(seat.pk, 0), seat
        counts = dict(Hand.objects.values_list("table_id").annotate(n=Count("id")))
        for t in Table.objects.all():
            assert t.hands_recorded == counts.get(t.pk, 0), t

    other = seated_table(table.round.tournament, number=2)
    first = services.record_hand(table, [13, 13, 0, 0], actor=Actor.of(user))
    services.record_hand(
        table, None, actor=COMMAND_LINE, penalty_offender=3, penalty_reason="revoke"
    )
    check()
    services.record_hands(
        [
            services.TableHands(
                other, [services.NewHand([0, 26, 26, 26]), services.NewHand([13, 3, 5, 5])]
            )
        ],
        actor=COMMAND_LINE,
    )
    check()
    services.correct_hand(first, [0, 13, 13, 0], actor=COMMAND_LINE, reason="columns")
    check()
    services.correct_hand(
        first,
        None,
        actor=COMMAND_LINE,
        reason="it was a revoke",
        penalty_offender=0,
        penalty_reason="revoke",
    )
    check()
    assert list(
        Seat.objects.filter(table=table).order_by("position").values_list("points", flat=True)
    ) == [26, 0, 0, 26]
