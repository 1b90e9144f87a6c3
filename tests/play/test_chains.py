"""Computers' moves chained in one transaction (issue 7): the same events as one move per
transaction, the version rising by the number of events, a bounded number of statements per hand,
and one move per task when a pause is configured."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine.cards import card_code
from engine.record import validate_record
from tables.models import Hand, PlayEvent
from tables.play import replay, services
from tests.factories import TournamentFactory, seated_table

from .conftest import state_of

pytestmark = pytest.mark.django_db

COMPUTERS = {0: "medium", 1: "easy", 2: "random", 3: "medium"}
THREE_COMPUTERS = {1: "easy", 2: "easy", 3: "easy"}  # seat 0 is a human


def event_log(table):
    return list(
        PlayEvent.objects.filter(table=table)
        .order_by("hand_number", "sequence")
        .values_list("hand_number", "sequence", "kind", "seat", "cards", "actor")
    )


def count(queries, start):
    """How many of the captured statements begin with ``start``."""
    return sum(q["sql"].startswith(start) for q in queries.captured_queries)


def short_tournament(hands=3):
    return TournamentFactory(game_end="hands", hands_per_game=hands)


def test_a_game_played_in_batches_stores_the_events_of_one_move_per_transaction(monkeypatch):
    """The hand kept in memory is the hand rebuilt from the events: the same seed played one move
    per transaction rebuilding the hand each time, one move per transaction with the hand kept
    between them, and in one batch for the whole game gives the same log and the same records."""
    tournament = short_tournament(hands=4)
    tables = [seated_table(tournament, number=n) for n in (1, 2, 3)]
    for table in tables:
        services.start_engine_play(table, computers=COMPUTERS, seed=7, run=False)
    rebuilt, kept, batched = tables
    while services.run_computers(rebuilt.id, limit=1):
        pass
    monkeypatch.setattr(services, "BATCH_SECONDS", 0)  # one move per batch
    assert services.run_computers(kept.id) == PlayEvent.objects.filter(table=rebuilt).count()
    monkeypatch.setattr(services, "BATCH_SECONDS", 600)  # the whole game in one batch
    with CaptureQueriesContext(connection) as queries:
        services.run_computers(batched.id)
    # One bulk insert of the game's 224 events (an old SQLite splits it at 999 query parameters).
    inserts = count(queries, 'INSERT INTO "tables_playevent"')
    assert inserts == 1 if connection.vendor == "postgresql" else inserts <= 2
    assert all(state_of(t).finished for t in tables)
    assert event_log(kept) == event_log(rebuilt) and event_log(batched) == event_log(rebuilt)
    records = [
        list(Hand.objects.filter(table=t).order_by("number").values_list("record", flat=True))
        for t in tables
    ]
    assert records[0] == records[1] == records[2] and len(records[0]) == 4
    assert all(validate_record(r) == [] for r in records[2])
    assert state_of(batched).version == state_of(rebuilt).version == state_of(kept).version


def test_the_version_rises_by_one_per_event_however_the_moves_are_grouped():
    table = seated_table(short_tournament(hands=2))
    services.start_engine_play(table, computers=COMPUTERS, seed=3, run=False)
    first = state_of(table)
    assert first.version == 1 and first.computer_due
    services.run_computers(table.id)
    state = state_of(table)
    assert state.finished and not state.computer_due
    assert state.version == first.version + PlayEvent.objects.filter(table=table).count()
    # The last hand was dealt at the version its first event followed.
    last = PlayEvent.objects.filter(table=table, hand_number=state.hand_number).count()
    assert state.hand_version == state.version - last


@pytest.mark.parametrize("hands", [1, 4])
def test_a_batch_of_computer_moves_costs_the_same_statements_whatever_its_hands(monkeypatch, hands):
    monkeypatch.setattr(services, "BATCH_SECONDS", 600)
    table = seated_table(short_tournament(hands=hands))
    services.start_engine_play(table, computers=COMPUTERS, seed=5, run=False)
    with CaptureQueriesContext(connection) as queries:
        moves = services.run_computers(table.id)
    assert moves == sum(52 + (4 if n % 4 else 0) for n in range(1, hands + 1))  # hand 4 holds
    assert count(queries, 'INSERT INTO "tables_hand"') == 1
    # One transaction: lock and read the table, the game's state when the first hand ends, the
    # hands recorded together (``record_hands``), one insert of the events, one update.
    assert len(queries) <= 35, "\n".join(q["sql"][:100] for q in queries.captured_queries)


def test_a_run_stops_at_a_humans_turn_and_the_human_keys_the_version(commit):
    table = seated_table(short_tournament())
    services.start_engine_play(table, computers=THREE_COMPUTERS, seed=11, run=False)
    assert services.run_computers(table.id) == 3  # the three computers pass; seat 0 must pass
    state = state_of(table)
    assert state.version == 4 and not state.computer_due
    hand = replay.rebuild(state)
    assert replay.to_act(hand) == [0]
    after = commit(
        services.submit_pass,
        table.id,
        0,
        [card_code(c) for c in hand.deal[0][:3]],
        expected_version=state.version,
    )
    assert after.version == 5  # the human's own move: one event, one version
    hand = replay.rebuild(state_of(table))
    # Then the computers answered, up to seat 0's next turn, in one transaction.
    assert hand.phase == "play" and hand.turn == 0
    plays = PlayEvent.objects.filter(table=table, actor="computer", kind="play").count()
    assert state_of(table).version == 5 + plays


def test_a_computer_task_moves_one_seat_with_a_pause_and_chains_the_computers_without(settings):
    table = seated_table(short_tournament())
    services.start_engine_play(table, computers=THREE_COMPUTERS, seed=11, run=False)
    key = state_of(table).hand_version
    settings.CUORI_COMPUTER_PAUSE = 1
    assert services.computer_move(table.id, 1, key) is True
    assert list(PlayEvent.objects.filter(table=table).values_list("seat", flat=True)) == [1]
    settings.CUORI_COMPUTER_PAUSE = 0
    assert services.computer_move(table.id, 1, key) is False  # seat 1 has passed: a stale task
    assert services.computer_move(table.id, 2, key) is True
    assert sorted(PlayEvent.objects.filter(table=table).values_list("seat", flat=True)) == [1, 2, 3]
    assert state_of(table).version == 4


def test_a_chain_stops_when_the_arbiter_closes_the_game():
    from tables.services import close_game
    from tournaments.audit import COMMAND_LINE

    table = seated_table(short_tournament(hands=3))
    services.start_engine_play(table, computers=COMPUTERS, seed=2, run=False)
    assert services.run_computers(table.id, limit=60) == 60  # into hand 2
    close_game(table, actor=COMMAND_LINE)
    before = PlayEvent.objects.filter(table=table).count()
    assert services.run_computers(table.id) == 0
    assert PlayEvent.objects.filter(table=table).count() == before
    assert Hand.objects.filter(table=table).count() == 1


def test_a_table_that_is_not_engine_played_is_refused():
    table = seated_table(short_tournament())
    with pytest.raises(services.NotEnginePlayed):
        services.submit_play(table.id, 0, "2C")
    with pytest.raises(services.NotEnginePlayed):
        services.run_computers(table.id)


def test_hands_a_batch_ended_after_the_arbiter_closed_the_game_are_not_recorded(monkeypatch):
    """As when each hand was recorded at its end: the hand ending after the close is not
    recorded, its events are kept, the game stops there (the later hands of the batch vanish)."""
    from tables.models import Table
    from tables.services import close_game
    from tournaments.audit import COMMAND_LINE

    monkeypatch.setattr(services, "BATCH_SECONDS", 600)
    table = seated_table(short_tournament(hands=3))
    services.start_engine_play(table, computers=COMPUTERS, seed=2, run=False)
    assert services.run_computers(table.id, limit=56) == 56  # hand 1, recorded
    choose, moves = services._choose, []

    def closing(live, seat, actor):
        moves.append(seat)
        if len(moves) == 10:  # time is up while hand 2 is played
            close_game(Table.objects.get(pk=table.pk), actor=COMMAND_LINE)
        return choose(live, seat, actor)

    monkeypatch.setattr(services, "_choose", closing)
    assert services.run_computers(table.id) == 56
    state = state_of(table)
    assert state.finished and state.hand_number == 2 and not state.computer_due
    assert list(Hand.objects.filter(table=table).values_list("number", flat=True)) == [1]
    assert PlayEvent.objects.filter(table=table, hand_number=2).count() == 56
    assert not PlayEvent.objects.filter(table=table, hand_number=3).exists()
    assert state.version == 1 + PlayEvent.objects.filter(table=table).count()
    assert services.run_computers(table.id) == 0
