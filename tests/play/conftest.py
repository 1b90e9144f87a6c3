"""Fixtures for online play: an engine-played table with humans and computers, no pauses."""

import pytest
from django.conf import settings

from tables.models import PlayState
from tables.play import services
from tests.factories import TournamentFactory, seated_table


def pytest_collection_modifyitems(config, items):
    """Real-worker tests need a broker: skip them cleanly when none is configured."""
    if settings.CELERY_BROKER_URL:
        return
    skip = pytest.mark.skip(reason="no CELERY_BROKER_URL: the real-worker tests need Redis")
    for item in items:
        if "celery_worker" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _no_pauses(settings):
    settings.CUORI_COMPUTER_PAUSE = 0
    settings.CUORI_ABSENT_TIMEOUT = 60


@pytest.fixture
def tournament(db):
    return TournamentFactory(slug="online", name="Online Cup")


@pytest.fixture
def table(tournament):
    return seated_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    """Run ``fn`` and the on-commit callbacks it registers (scheduling), as a real commit would."""

    def run(fn, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return fn(*args, **kwargs)

    return run


@pytest.fixture
def human_table(table, commit):
    """Seat 0 human, seats 1-3 easy computers; dealt with a fixed seed (computers have passed)."""
    commit(services.start_engine_play, table, computers={1: "easy", 2: "easy", 3: "easy"}, seed=11)
    return table


def state_of(table) -> PlayState:
    return PlayState.objects.get(table=table)


# -- browser tests (Playwright with Debian's Chromium) ---------------------------------------------


@pytest.fixture(scope="session")
def _one_request_at_a_time():
    """The live server answers one request at a time: the test database is SQLite in memory,
    shared by the server's threads, where a poll and a play at once fail with "database table is
    locked" (a file database or PostgreSQL would wait)."""
    from django.core.servers.basehttp import WSGIServer
    from django.test.testcases import LiveServerThread

    class SerialWSGIServer(WSGIServer):
        def __init__(self, *args, connections_override=None, **kwargs):
            super().__init__(*args, **kwargs)

    LiveServerThread.server_class = SerialWSGIServer


@pytest.fixture(scope="session")
def live_server(_one_request_at_a_time, live_server):
    return live_server


@pytest.fixture
def shots(output_path):
    """Save a screenshot under the test's output folder (``--output DIR``): the full page, or
    only the screen (a full page is shot with a resized window, which loses a touch screen's
    emulation in Chromium)."""
    import os

    os.makedirs(output_path, exist_ok=True)

    def take(page, name: str, *, full_page: bool = True) -> str:
        path = os.path.join(output_path, f"{name}.png")
        page.screenshot(path=path, full_page=full_page)
        return path

    return take
