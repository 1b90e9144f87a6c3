"""Playwright against Debian's Chromium (never a browser download), with pytest-django's live
server."""

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_collection_modifyitems(config, items):
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(
        reason=f"{CHROMIUM} is absent (CI installs it with apt-get install chromium)"
    )
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": CHROMIUM_ARGS,
        "headless": True,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # A phone-sized screen: every page must work at 360 px.
    return {**browser_context_args, "viewport": {"width": 360, "height": 780}, "locale": "en-GB"}


# Playwright's sync API runs an event loop in the test thread (from the session-scoped
# fixtures on), so Django would refuse the test's own ORM calls; set before any fixture runs.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def js_errors(page):
    """Every uncaught JavaScript error and console error of the page; tests assert it stays empty.

    Chromium logs every 4xx answer as a console error; the sheet's refusals (409, 422) are
    expected answers that htmx shows, so those lines are left out.
    """
    errors: list[str] = []
    expected = ("status of 409", "status of 422")

    def on_console(msg):
        if msg.type == "error" and not any(e in msg.text for e in expected):
            errors.append(msg.text)

    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", on_console)
    return errors


@pytest.fixture
def shots(output_path):
    """Save a screenshot under the test's output folder (pytest-playwright keeps it for failed
    tests), or under ``$CUORI_SHOTS`` when set, kept for every test: the pages to look at; returns
    its path."""
    folder = os.environ.get("CUORI_SHOTS") or output_path
    os.makedirs(folder, exist_ok=True)

    def take(page, name: str) -> str:
        path = os.path.join(folder, f"{name}.png")
        page.screenshot(path=path, full_page=True)
        return path

    return take


@pytest.fixture(scope="session")
def _one_request_at_a_time():
    """Serve the live server's requests one at a time.

    The test database is SQLite in memory, shared between the test and the
    server threads; two requests at once (the sheet's as-you-type check and
    the hand being recorded) fail there with "database table is locked",
    which a file database or PostgreSQL would simply wait for.
    """
    from django.core.servers.basehttp import WSGIServer
    from django.test.testcases import LiveServerThread

    class SerialWSGIServer(WSGIServer):
        # The live server thread itself holds the shared connections (LiveServerThread.run).
        def __init__(self, *args, connections_override=None, **kwargs):
            super().__init__(*args, **kwargs)

    LiveServerThread.server_class = SerialWSGIServer


@pytest.fixture(scope="session")
def live_server(_one_request_at_a_time, live_server):
    return live_server
