"""A real Celery worker (Redis broker, PostgreSQL) plays a whole table of computers (issue 7).

Run with ``CELERY_BROKER_URL=redis://127.0.0.1:6379/0``; skipped without a
broker (see ``conftest.py``). The worker runs in a thread of this process
(``start_worker``, solo pool) on its own queue per xdist process.
"""

import json
import os
import subprocess
import sys
import time

import celery.contrib.testing.tasks  # noqa: F401 - registers the ping task start_worker needs
import pytest
from celery.contrib.testing.worker import start_worker

from config.celery import app
from tables.models import Hand, PlayEvent, PlayState
from tables.play import services
from tests.factories import TournamentFactory, seated_table

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker(settings):
    queue = f"cuori-test-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-{os.getpid()}"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    app.conf.task_default_queue = queue
    app.amqp.queues.select_add(queue)
    with start_worker(app, pool="solo", perform_ping_check=True, queues=[queue], shutdown_timeout=30) as w:
        yield w
    with app.connection_for_write() as conn:  # tasks still queued (countdowns) must not outlive the test
        conn.default_channel.queue_purge(queue)


def wait_for(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def test_a_worker_plays_a_table_of_four_computers_to_the_end_of_the_game(worker, tmp_path):
    table = seated_table(TournamentFactory(slug="worker-cup"))
    services.start_engine_play(table, computers={0: "random", 1: "easy", 2: "random", 3: "easy"}, seed=21)
    assert wait_for(lambda: PlayState.objects.get(table=table).finished, 240), (
        f"game unfinished: {PlayState.objects.get(table=table)}")
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert hands and all(h.source == "engine" and h.record for h in hands)
    assert PlayEvent.objects.filter(table=table, actor="computer").count() == sum(
        4 + 52 if h.pass_direction != "hold" else 52 for h in hands)
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(json.dumps(h.record) + "\n" for h in hands))
    result = subprocess.run([sys.executable, "-m", "engine", "validate", str(path)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_worker_plays_an_absent_human_after_the_timeout(worker, settings):
    settings.CUORI_ABSENT_TIMEOUT = 0.5
    table = seated_table(TournamentFactory(slug="absent-cup"))
    services.start_engine_play(table, computers={1: "random", 2: "random", 3: "random"}, seed=8)
    assert wait_for(lambda: PlayEvent.objects.filter(table=table, seat=0, actor="auto").count() >= 2, 60)
    first = PlayEvent.objects.filter(table=table, seat=0).order_by("hand_number", "sequence").first()
    assert first.kind == "pass" and first.actor == "auto"
