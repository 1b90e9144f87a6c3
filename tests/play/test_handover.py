"""When a table's play changes hands: a seat given to a computer, a lost task rescued by a poll, a
game the arbiter closes (issue 14's leftovers of issue 7)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from engine.cards import card_code
from tables import tasks
from tables.models import Hand, PlayEvent, PlayState
from tables.play import replay, services
from tables.services import close_game
from tournaments.audit import COMMAND_LINE

from .conftest import state_of

THREE_COMPUTERS = {1: "easy", 2: "easy", 3: "easy"}


def seat_url(table, position, suffix=""):
    return f"/play/s/{table.seats.get(position=position).play.token}/{suffix}"


# -- a seat given to a computer ------------------------------------------------------------------


def test_a_seat_given_to_a_computer_stops_its_link_and_takes_no_move(human_table, client):
    url = seat_url(human_table, 0)
    assert client.get(url).status_code == 200
    services.start_engine_play(human_table, computers={0: "easy"}, run=False)
    state = state_of(human_table)
    hand = replay.rebuild(state)
    cards = [card_code(c) for c in hand.deal[0][:3]]
    before = PlayEvent.objects.count()

    page = client.get(url)
    assert page.status_code == 404 and "now played by the computer" in page.content.decode()
    # A board still open on the phone: its poll reloads the page, which then says why.
    poll = client.get(f"{url}?v={state.version}", HTTP_HX_REQUEST="true")
    assert poll.status_code == 404 and poll["HX-Refresh"] == "true"
    response = client.post(url + "pass/", {"card": cards, "v": state.version})
    assert response.status_code == 404 and "now played by the computer" in response.content.decode()
    # The service refuses it too (a page loaded before the change, a race with the arbiter).
    with pytest.raises(services.ComputerSeatError):
        services.submit_pass(human_table.id, 0, cards, expected_version=state.version)
    assert PlayEvent.objects.count() == before

    # Given back to a human, the same link works again.
    services.start_engine_play(human_table, computers={0: ""}, run=False)
    assert client.get(url).status_code == 200


# -- a poll rescuing a lost task -------------------------------------------------------------------


@pytest.fixture
def queued(monkeypatch, settings):
    """A broker without a worker: the tasks scheduled, as (task name, args), never run."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    calls = []
    for task in (tasks.play_computer, tasks.play_absent):

        def queue(args, countdown=None, _name=task.name):
            calls.append((_name, args))

        monkeypatch.setattr(task, "apply_async", queue)
    return calls


def test_a_poll_that_makes_an_overdue_computer_move_schedules_the_next_tasks(
    table, client, settings, queued, django_capture_on_commit_callbacks
):
    settings.CUORI_COMPUTER_PAUSE = 1
    settings.CUORI_TASK_GRACE = 30
    with django_capture_on_commit_callbacks(execute=True):
        services.start_engine_play(table, computers=THREE_COMPUTERS, seed=5)
    state = state_of(table)
    assert state.computer_due and len(queued) == 4  # three computers' passes, the human's timeout
    queued.clear()  # the tasks are lost: the worker never runs them
    url = seat_url(table, 0) + f"?v={state.version}"

    # Within the grace period the poll leaves the move to the task.
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    assert not queued and not PlayEvent.objects.filter(table=table).exists()

    an_hour_ago = timezone.now() - timedelta(hours=1)
    PlayState.objects.filter(pk=state.pk).update(turn_started_at=an_hour_ago)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    moved = PlayEvent.objects.get(table=table)
    assert moved.actor == "computer" and moved.seat == 1
    # The poll scheduled what the lost task would have: the others still to pass.
    key = state_of(table).hand_version
    assert sorted(queued) == [
        ("tables.play_absent", (table.id, 0, key)),
        ("tables.play_computer", (table.id, 2, key)),
        ("tables.play_computer", (table.id, 3, key)),
    ]


# -- a game the arbiter closes ---------------------------------------------------------------------


def computers_until_a_hand_is_recorded(table):
    services.start_engine_play(table, computers={p: "random" for p in range(4)}, seed=4, run=False)
    while not Hand.objects.filter(table=table).exists():
        services.run_computers(table.id, limit=10)
    state = state_of(table)
    assert state.computer_due and not state.finished
    return state


def no_attempt(monkeypatch):
    """A poll that tries to move the table on fails the test."""

    def fail(*args, **kwargs):
        raise AssertionError("a poll tried to move a closed game on")

    monkeypatch.setattr(services, "advance_due", fail)


def test_closing_the_game_stops_online_play_and_polls_stay_empty(
    table, client, commit, monkeypatch, django_assert_max_num_queries
):
    before = computers_until_a_hand_is_recorded(table)
    commit(close_game, table, actor=COMMAND_LINE)
    state = state_of(table)
    assert state.finished and not state.computer_due and state.version == before.version + 1
    events = PlayEvent.objects.filter(table=table).count()

    # The boards learn it (a new version), then every poll is cheap and makes no attempt.
    spectator = f"/play/{table.round.tournament.slug}/1/1/"
    page = client.get(spectator).content.decode()
    assert "Game over" in page
    no_attempt(monkeypatch)
    for _ in range(3):
        with django_assert_max_num_queries(3):  # the table, its tournament's visibility, the state
            response = client.get(f"{spectator}?v={state.version}", HTTP_HX_REQUEST="true")
        assert response.status_code == 204
    assert services.run_computers(table.id) == 0
    assert PlayEvent.objects.filter(table=table).count() == events
    assert Hand.objects.filter(table=table).count() == 1
    assert commit(services.game_closed, table.id) is False  # idempotent


def test_a_game_closed_before_online_play_knew_is_stopped_by_the_first_poll(
    table, client, settings, monkeypatch, django_assert_max_num_queries
):
    settings.CUORI_COMPUTER_PAUSE = 0
    before = computers_until_a_hand_is_recorded(table)
    close_game(table, actor=COMMAND_LINE)  # its on-commit hook never runs here (no commit)
    assert state_of(table).computer_due
    spectator = f"/play/{table.round.tournament.slug}/1/1/?v={before.version}"
    response = client.get(spectator, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Game over" in response.content.decode()
    state = state_of(table)
    assert state.finished and not state.computer_due and state.version == before.version + 1
    no_attempt(monkeypatch)
    with django_assert_max_num_queries(3):
        response = client.get(
            spectator.replace(f"v={before.version}", f"v={state.version}"), HTTP_HX_REQUEST="true"
        )
    assert response.status_code == 204
