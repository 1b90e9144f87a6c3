"""Two simultaneous plays for one seat record one (real threads, real row locks; PostgreSQL)."""

import threading

import pytest
from django.db import connection, connections

from engine.cards import card_code
from tables.models import PlayEvent, PlayState
from tables.play import services
from tests.factories import TournamentFactory, seated_table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (SQLite serialises writers)"),
]


def _race(fn, args_list):
    """Run ``fn(*args)`` for each args in parallel threads released together; returns results/exceptions."""
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
    hand = services.rebuild(PlayState.objects.get(table=table))
    services.submit_pass(table.id, 0, [card_code(c) for c in hand.deal[0][:3]])
    return table


def test_two_simultaneous_plays_with_one_version_record_one(ready_table):
    state = PlayState.objects.get(table=ready_table)
    hand = services.rebuild(state)
    assert hand.turn == 0
    cards = [card_code(c) for c in hand.legal_moves(0)]
    first, second = cards[0], cards[-1]
    def play(card):
        return services.submit_play(ready_table.id, 0, card, expected_version=state.version)

    results = _race(play, [(first,), (second,)])
    refused = [r for r in results if isinstance(r, services.PlayError)]
    assert len(refused) == 1, results
    assert PlayEvent.objects.filter(table=ready_table, hand_number=state.hand_number, seat=0, kind="play").count() == 1


def test_two_simultaneous_plays_without_a_version_record_one(ready_table):
    state = PlayState.objects.get(table=ready_table)
    hand = services.rebuild(state)
    card = card_code(hand.legal_moves(0)[0])
    results = _race(services.submit_play, [(ready_table.id, 0, card), (ready_table.id, 0, card)])
    assert sum(isinstance(r, services.PlayError) for r in results) == 1, results
    assert PlayEvent.objects.filter(table=ready_table, hand_number=state.hand_number, seat=0, kind="play").count() == 1


def test_an_absent_player_task_and_its_duplicate_record_one_move(db):
    table = seated_table(TournamentFactory())
    services.start_engine_play(table, seed=4)  # four humans: nothing moves by itself
    state = PlayState.objects.get(table=table)
    results = _race(services.absent_move, [(table.id, 0, state.hand_version)] * 2)
    assert sorted(results) == [False, True]
    assert PlayEvent.objects.filter(table=table, seat=0).count() == 1
