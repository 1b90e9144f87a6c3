"""The confirmation state machine for each policy, at the service level (issue 13)."""

import pytest
from django.contrib.auth import get_user_model

from tables import entries, services
from tables.models import Hand, HandEntry, Table, TableFlag
from tests.factories import TournamentFactory, seated_table
from tournaments.audit import ENGINE, Actor
from tournaments.models import Registration
from tournaments.scoring import GameOverError, ImpossibleHandError, ScoringError

pytestmark = pytest.mark.django_db


def table_with(policy, *, players_enter=True):
    tournament = TournamentFactory(confirmation_policy=policy, players_enter_hands=players_enter)
    return seated_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])


def player(table, position):
    return Actor.of_player(Registration.objects.get(seats__table=table, seats__position=position))


@pytest.fixture
def arbiter():
    return Actor.of(get_user_model().objects.create_user("arturo"))


@pytest.fixture
def second_arbiter():
    return Actor.of(get_user_model().objects.create_user("bea"))


def hands(table):
    return list(
        Hand.objects.filter(table=table).order_by("number").values_list("number", flat=True)
    )


# --- policy "arbiter": recorded at once ----------------------------------------------------------


def test_arbiter_policy_records_at_once_an_arbiters_or_a_players_entry(arbiter):
    table = table_with("arbiter")
    assert isinstance(entries.submit(table, actor=arbiter, number=1, points=[13, 13, 0, 0]), Hand)
    hand = entries.submit(table, actor=player(table, 2), number=2, points=[13, 3, 5, 5])
    assert isinstance(hand, Hand) and hands(table) == [1, 2]
    history = hand.history.get()
    assert (
        history.history_actor == "player" and history.history_player == player(table, 2).player.pk
    )


def test_players_may_not_enter_unless_the_tournament_lets_them(arbiter):
    table = table_with("player", players_enter=False)
    with pytest.raises(entries.EntryNotAllowed, match="arbiters enter the hands"):
        entries.submit(table, actor=player(table, 0), number=1, points=[13, 13, 0, 0])
    other = seated_table(table.round.tournament, number=2)
    with pytest.raises(entries.EntryNotAllowed, match="do not sit at this table"):
        entries.submit(other, actor=player(table, 0), number=1, points=[13, 13, 0, 0])
    with pytest.raises(entries.EntryNotAllowed):
        entries.submit(table, actor=ENGINE, number=1, points=[13, 13, 0, 0])


# --- policy "player": another player of the table accepts -----------------------------------------


def test_player_policy_an_entry_waits_for_another_player(arbiter):
    table = table_with("player")
    anna, bruno = player(table, 0), player(table, 1)
    entry = entries.submit(table, actor=anna, number=1, points=[13, 13, 0, 0])
    assert isinstance(entry, HandEntry) and entry.status == "pending" and hands(table) == []
    with pytest.raises(entries.EntryNotAllowed, match="another player of the table must accept"):
        entries.accept(table, entry.pk, actor=anna)
    with pytest.raises(entries.EntryNotAllowed):
        entries.accept(table, entry.pk, actor=arbiter)  # the arbiter decides, not accepts
    hand = entries.accept(table, entry.pk, actor=bruno, seen=((13, 13, 0, 0), None))
    assert hands(table) == [1] and hand.history.get().history_player == anna.player.pk
    entry.refresh_from_db()
    assert (
        entry.status == "recorded"
        and entry.hand == hand
        and entry.decided_by_player == bruno.player
    )


def test_player_policy_an_arbiters_entry_is_accepted_by_any_player(arbiter):
    table = table_with("player", players_enter=False)
    entry = entries.submit(table, actor=arbiter, number=1, points=[13, 3, 5, 5])
    entries.accept(table, entry.pk, actor=player(table, 3))
    assert hands(table) == [1] and Hand.objects.get().recorded_by == arbiter.user


def test_a_rejected_entry_is_disputed_until_entered_again_or_decided(arbiter):
    table = table_with("player")
    anna, bruno = player(table, 0), player(table, 1)
    entry = entries.submit(table, actor=anna, number=1, points=[13, 13, 0, 0])
    with pytest.raises(ScoringError, match="Say what is wrong"):
        entries.reject(table, entry.pk, actor=bruno, reason=" ")
    entries.reject(table, entry.pk, actor=bruno, reason="Carla took the queen, not me")
    entry.refresh_from_db()
    assert entry.status == "rejected" and entry.reason == "Carla took the queen, not me"
    hand = entries.decide(table, 1, actor=arbiter, points=[13, 0, 13, 0])
    assert hand.number == 1 and list(
        hand.scores.order_by("seat__position").values_list("points", flat=True)
    ) == [13, 0, 13, 0]
    entry.refresh_from_db()
    assert entry.status == "superseded" and entry.decided_by_user == arbiter.user


def test_a_confirmation_of_an_entry_that_changed_is_refused_with_the_new_values():
    table = table_with("player")
    anna, bruno, carla = player(table, 0), player(table, 1), player(table, 2)
    first = entries.submit(table, actor=anna, number=1, points=[13, 13, 0, 0])
    second = entries.submit(
        table, actor=carla, number=1, points=[13, 0, 13, 0]
    )  # replaces the first
    with pytest.raises(entries.StaleEntryError) as err:
        entries.accept(table, first.pk, actor=bruno, seen=((13, 13, 0, 0), None))
    assert err.value.current == second
    with pytest.raises(entries.StaleEntryError):
        entries.accept(
            table, second.pk, actor=bruno, seen=((13, 13, 0, 0), None)
        )  # not what is shown now
    entries.accept(table, second.pk, actor=bruno, seen=((13, 0, 13, 0), None))
    assert hands(table) == [1]


def test_an_entry_gets_the_exact_hand_check_and_the_numbering():
    table = table_with("player")
    with pytest.raises(ImpossibleHandError, match="queen of spades"):
        entries.submit(table, actor=player(table, 0), number=1, points=[7, 7, 6, 6])
    with pytest.raises(ScoringError, match="next hand at this table is hand 1"):
        entries.submit(table, actor=player(table, 0), number=2, points=[13, 13, 0, 0])
    again = entries.submit(table, actor=player(table, 0), number=1, points=[13, 13, 0, 0])
    assert (
        entries.submit(table, actor=player(table, 0), number=1, points=[13, 13, 0, 0]) == again
    )  # sent twice
    assert HandEntry.objects.filter(status="pending").count() == 1


def test_the_table_result_is_accepted_by_a_player_who_did_not_enter_the_last_hand(arbiter):
    table = table_with("player")
    anna, bruno = player(table, 0), player(table, 1)
    for number in range(1, 5):
        entry = entries.submit(table, actor=anna, number=number, points=[25, 1, 0, 0])
        entries.accept(table, entry.pk, actor=bruno)
    with pytest.raises(GameOverError):
        entries.submit(table, actor=anna, number=5, points=[13, 13, 0, 0])
    with pytest.raises(entries.EntryNotAllowed, match="entered the last hand"):
        entries.accept_result(table, actor=anna)
    entries.accept_result(table, actor=bruno)
    table.refresh_from_db()
    assert table.result_confirmed_at is not None
    services.reopen_result(
        table, actor=arbiter, reason="hand 3 was 24/2"
    )  # reopening a confirmed table
    table.refresh_from_db()
    assert table.result_confirmed_at is None


# --- policy "double": two independent entries -----------------------------------------------------


def test_double_entry_equal_entries_record_the_hand(arbiter, second_arbiter):
    table = table_with("double")
    first = entries.submit(table, actor=arbiter, number=1, points=[13, 3, 5, 5])
    assert isinstance(first, HandEntry) and hands(table) == []
    again = entries.submit(table, actor=arbiter, number=1, points=[13, 3, 5, 5])
    assert again == first  # the same author twice is not a second entry
    hand = entries.submit(table, actor=second_arbiter, number=1, points=[13, 3, 5, 5])
    assert isinstance(hand, Hand) and hands(table) == [1]
    assert set(HandEntry.objects.values_list("status", flat=True)) == {"recorded"}


def test_double_entry_players_of_two_seats_and_a_mismatch_for_the_arbiter(arbiter):
    table = table_with("double")
    anna, bruno = player(table, 0), player(table, 1)
    entries.submit(table, actor=anna, number=1, points=[13, 13, 0, 0])
    mismatch = entries.submit(table, actor=bruno, number=1, points=[13, 0, 13, 0])
    assert isinstance(mismatch, HandEntry) and mismatch.status == "mismatch" and hands(table) == []
    assert set(HandEntry.objects.values_list("status", flat=True)) == {"mismatch"}
    chosen = HandEntry.objects.get(entered_by_player=anna.player)
    hand = entries.decide(table, 1, actor=arbiter, entry_id=chosen.pk)
    assert hands(table) == [1] and hand.history.get().history_user_id == arbiter.user.pk
    assert dict(HandEntry.objects.values_list("entered_by_player", "status")) == {
        anna.player.pk: "recorded",
        bruno.player.pk: "superseded",
    }


def test_decisions_and_acceptances_respect_final_results(arbiter):
    table = table_with("player")
    entry = entries.submit(table, actor=player(table, 0), number=1, points=[13, 13, 0, 0])
    Table.objects.filter(pk=table.pk).update(result_confirmed_at="2026-11-21T20:00:00Z")
    with pytest.raises(services.ResultFinalError):
        entries.accept(table, entry.pk, actor=player(table, 1))
    with pytest.raises(services.ResultFinalError):
        entries.submit(table, actor=player(table, 1), number=1, points=[13, 13, 0, 0])
    assert hands(table) == []


# --- calling the arbiter --------------------------------------------------------------------------


def test_a_player_calls_the_arbiter_and_the_arbiter_answers(arbiter):
    table = table_with("arbiter", players_enter=False)
    flag = entries.flag_table(table, actor=player(table, 2), reason="dispute about a revoke")
    assert TableFlag.objects.get().raised_by == player(table, 2).player
    with pytest.raises(entries.EntryNotAllowed):
        entries.resolve_flag(flag, actor=player(table, 1))
    entries.resolve_flag(flag, actor=arbiter, note="revoke confirmed, penalty to seat 2")
    flag.refresh_from_db()
    assert flag.resolved_at and flag.resolved_by == arbiter.user
    other = seated_table(table.round.tournament, number=2)
    with pytest.raises(entries.EntryNotAllowed):
        entries.flag_table(other, actor=player(table, 2), reason="not my table")
