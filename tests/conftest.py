import pytest


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix, request, tmp_path_factory
):
    """On SQLite, a session with browser tests gets its test database in a file.

    In memory, pytest-django's live server shares the test thread's one connection with every
    request thread of its threaded server: two requests at once (a page and an htmx poll) then
    interleave their transactions on it, and a request meets another's half-open transaction
    (``on_commit() cannot be used in manual transaction management``), a failure that comes and
    goes with timing (Django's docs on ``LiveServerTestCase`` warn of it). In a file, each thread
    opens its own connection and SQLite's locks order the writers. Sessions without a browser test
    keep the faster in-memory database.
    """
    from django.conf import settings

    database = settings.DATABASES["default"]
    browser = any(item.get_closest_marker("browser") for item in request.session.items)
    if browser and database["ENGINE"] == "django.db.backends.sqlite3":
        folder = tmp_path_factory.mktemp("database")
        database.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _default_language():
    """A page requested in Italian leaves Italian active in the thread (LocaleMiddleware does not
    reset it); every test starts and ends in the default language, so command output and messages do
    not depend on order."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")
