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
from itertools import pairwise

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
    with start_worker(
        app, pool="solo", perform_ping_check=True, queues=[queue], shutdown_timeout=30
    ) as w:
        yield w
    with (
        app.connection_for_write() as conn
    ):  # tasks still queued (countdowns) must not outlive the test
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
    services.start_engine_play(
        table, computers={0: "random", 1: "easy", 2: "random", 3: "easy"}, seed=21
    )
    assert wait_for(lambda: PlayState.objects.get(table=table).finished, 240), (
        f"game unfinished: {PlayState.objects.get(table=table)}"
    )
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert hands and all(h.source == "engine" and h.record for h in hands)
    assert PlayEvent.objects.filter(table=table, actor="computer").count() == sum(
        4 + 52 if h.pass_direction != "hold" else 52 for h in hands
    )
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(json.dumps(h.record) + "\n" for h in hands))
    result = subprocess.run(
        [sys.executable, "-m", "engine", "validate", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_with_a_pause_each_computer_move_is_a_task_of_its_own_after_the_pause(worker, settings):
    """Humans can follow: with CUORI_COMPUTER_PAUSE > 0 no two computer plays are stored closer
    than the pause (each is a task scheduled after the previous commit), unlike the chained runs
    of a pause of 0."""
    settings.CUORI_COMPUTER_PAUSE = 0.05
    table = seated_table(TournamentFactory(slug="pause-cup", game_end="hands", hands_per_game=1))
    services.start_engine_play(table, computers={p: "random" for p in range(4)}, seed=6)
    assert wait_for(lambda: PlayState.objects.get(table=table).finished, 120)
    plays = list(
        PlayEvent.objects.filter(table=table, kind="play")
        .order_by("sequence")
        .values_list("created_at", flat=True)
    )
    assert len(plays) == 52
    gaps = [(b - a).total_seconds() for a, b in pairwise(plays)]
    assert min(gaps) >= 0.05, min(gaps)
    state = PlayState.objects.get(table=table)
    assert state.version == 1 + PlayEvent.objects.filter(table=table).count()


def test_a_worker_plays_an_absent_human_after_the_timeout(worker, settings):
    settings.CUORI_ABSENT_TIMEOUT = 0.5
    table = seated_table(TournamentFactory(slug="absent-cup"))
    services.start_engine_play(table, computers={1: "random", 2: "random", 3: "random"}, seed=8)
    assert wait_for(
        lambda: PlayEvent.objects.filter(table=table, seat=0, actor="auto").count() >= 2, 60
    )
    first = (
        PlayEvent.objects.filter(table=table, seat=0).order_by("hand_number", "sequence").first()
    )
    assert first.kind == "pass" and first.actor == "auto"


def test_a_worker_imports_an_uploaded_hands_file_and_reports_progress(worker):
    """An upload's import runs in the worker; the job page reads its progress from the task's
    state."""
    from tests.factories import PlayerFactory
    from tournaments import imports
    from tournaments.audit import COMMAND_LINE
    from tournaments.models import ImportJob, Registration

    tournament = TournamentFactory(slug="import-cup")
    names = [f"P{i:03d}" for i in range(80)]
    for name in names:
        Registration.objects.create(tournament=tournament, player=PlayerFactory(name=name))
    lines = ["round,table,hand,player,points"]
    for table in range(20):
        seated = names[table * 4 : table * 4 + 4]
        for number in range(1, 4):
            lines += [f"1,{table + 1},{number},{n},{p}" for n, p in zip(seated, [13, 13, 0, 0])]
    job = imports.start_import(
        tournament, ImportJob.Kind.HANDS, "\n".join(lines) + "\n", actor=COMMAND_LINE
    )
    seen = []

    def finished():
        job.refresh_from_db()
        if job.status == "running":
            seen.append(imports.progress_of(job))
        return job.finished

    assert wait_for(finished, 120), job.status
    assert job.status == "done" and job.result["hands"] == 60 and job.task_id
    assert Hand.objects.filter(table__round__tournament=tournament).count() == 60
    assert all(p is None or p[1] == 240 for p in seen)
