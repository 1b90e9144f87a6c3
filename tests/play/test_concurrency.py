"""Two simultaneous plays for one seat record one (real threads, real row locks; PostgreSQL)."""

import threading

import pytest
from django.db import connection, connections

from engine.cards import card_code
from tables.models import PlayEvent, PlayState
from tables.play import replay, services
from tests.factories import TournamentFactory, seated_table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks need PostgreSQL (SQLite serialises writers)",
    ),
]


def _race(fn, args_list):
    """Run ``fn(*args)`` for each args in parallel threads released together; returns
    results/exceptions."""
    barrier = threading.Barrier(len(args_list))
    results = [None] * len(args_list)

    def run(i, args):
        try:
            barrier.wait()
            results[i] = fn(*args)
        except Exception as exc:  # noqa: BLE001 - the race's loser is the point
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(args_list)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


@pytest.fixture
def ready_table(db):
    """Seat 0 human, seats 1-3 computers; everybody has passed and it is seat 0's turn."""
    table = seated_table(TournamentFactory(), names=["Anna", "Bruno", "Carla", "Dario"])
    services.start_engine_play(table, computers={1: "easy", 2: "easy", 3: "easy"}, seed=11)
    hand = replay.rebuild(PlayState.objects.get(table=table))
    services.submit_pass(table.id, 0, [card_code(c) for c in hand.deal[0][:3]])
    return table


def test_two_simultaneous_plays_with_one_version_record_one(ready_table):
    state = PlayState.objects.get(table=ready_table)
    hand = replay.rebuild(state)
    assert hand.turn == 0
    cards = [card_code(c) for c in hand.legal_moves(0)]
    first, second = cards[0], cards[-1]

    def play(card):
        return services.submit_play(ready_table.id, 0, card, expected_version=state.version)

    results = _race(play, [(first,), (second,)])
    refused = [r for r in results if isinstance(r, services.PlayError)]
    assert len(refused) == 1, results
    assert (
        PlayEvent.objects.filter(
            table=ready_table, hand_number=state.hand_number, seat=0, kind="play"
        ).count()
        == 1
    )


def test_two_simultaneous_plays_without_a_version_record_one(ready_table):
    state = PlayState.objects.get(table=ready_table)
    hand = replay.rebuild(state)
    card = card_code(hand.legal_moves(0)[0])
    results = _race(services.submit_play, [(ready_table.id, 0, card), (ready_table.id, 0, card)])
    assert sum(isinstance(r, services.PlayError) for r in results) == 1, results
    assert (
        PlayEvent.objects.filter(
            table=ready_table, hand_number=state.hand_number, seat=0, kind="play"
        ).count()
        == 1
    )


def test_an_absent_player_task_and_its_duplicate_record_one_move(db):
    table = seated_table(TournamentFactory())
    services.start_engine_play(table, seed=4)  # four humans: nothing moves by itself
    state = PlayState.objects.get(table=table)
    results = _race(services.absent_move, [(table.id, 0, state.hand_version)] * 2)
    assert sorted(results) == [False, True]
    assert PlayEvent.objects.filter(table=table, seat=0).count() == 1


def _contiguous_once(table):
    """Every hand's events are numbered 1..n with no gap and no double, and each recorded hand
    validates (the event log is a replayable game)."""
    from engine.record import validate_record
    from tables.models import Hand

    by_hand = {}
    events = PlayEvent.objects.filter(table=table).values_list("hand_number", "sequence")
    for number, sequence in events:
        by_hand.setdefault(number, []).append(sequence)
    assert all(sorted(s) == list(range(1, len(s) + 1)) for s in by_hand.values()), by_hand
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert hands and all(validate_record(h.record) == [] for h in hands)
    return by_hand


def test_two_runs_of_the_computers_at_once_store_each_move_once(db):
    """Two processes driving the same table's computers (two polls, a task and a poll): their
    chained transactions take turns on the row lock; every move is stored once."""
    table = seated_table(TournamentFactory(game_end="hands", hands_per_game=2))
    services.start_engine_play(table, computers={p: "easy" for p in range(4)}, seed=13, run=False)
    results = _race(services.run_computers, [(table.id,), (table.id,)])
    assert all(isinstance(r, int) for r in results), results
    by_hand = _contiguous_once(table)
    assert [len(s) for _n, s in sorted(by_hand.items())] == [4 + 52, 4 + 52]  # hands 1-2 pass
    assert sum(results) == 2 * (4 + 52)
    state = PlayState.objects.get(table=table)
    assert state.finished and state.version == 1 + sum(results)


def test_a_duplicated_computer_task_without_a_pause_stores_its_chain_once(db, settings):
    settings.CUORI_COMPUTER_PAUSE = 0
    table = seated_table(TournamentFactory())
    computers = {1: "easy", 2: "easy", 3: "easy"}
    services.start_engine_play(table, computers=computers, seed=11, run=False)
    key = PlayState.objects.get(table=table).hand_version
    results = _race(services.computer_move, [(table.id, 1, key)] * 2)
    assert sorted(results) == [False, True], results
    assert sorted(PlayEvent.objects.filter(table=table).values_list("seat", flat=True)) == [1, 2, 3]
    assert PlayState.objects.get(table=table).version == 4


def test_a_human_play_and_a_run_of_the_computers_at_once_store_each_move_once(ready_table):
    state = PlayState.objects.get(table=ready_table)
    hand = replay.rebuild(state)
    card = card_code(hand.legal_moves(0)[0])
    results = _race(
        lambda fn, *args: fn(*args),
        [
            (services.submit_play, ready_table.id, 0, card),
            (services.run_computers, ready_table.id),
        ],
    )
    assert not any(isinstance(r, Exception) for r in results), results
    _events = PlayEvent.objects.filter(table=ready_table, hand_number=state.hand_number)
    assert _events.filter(seat=0, kind="play").count() == 1
    sequences = sorted(_events.values_list("sequence", flat=True))
    assert sequences == list(range(1, len(sequences) + 1))
    stored = len(sequences) - state.events
    assert PlayState.objects.get(table=ready_table).version == state.version + stored
