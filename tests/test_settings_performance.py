"""Production defaults for many arbiters at once (issue 11): persistent database connections and a
cache shared by the worker processes when Redis is configured."""

import re
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from tests.test_settings import settings_with_env

KEY = "production-test-" + "k" * 50
OURS = ("DATABASE_CONN_MAX_AGE", "CACHE_URL", "REDIS_URL", "CACHE_KEY_PREFIX")


@pytest.fixture
def env(monkeypatch):
    """The settings module's names with only ``values`` set (of the variables read here and in
    test_settings)."""

    def settings(**values):
        for name in OURS:
            monkeypatch.delenv(name, raising=False)
        return settings_with_env(monkeypatch, **values)

    return settings


def test_production_keeps_database_connections_and_checks_them_before_reuse(env):
    db = env(DJANGO_DEBUG="false", DJANGO_SECRET_KEY=KEY)["DATABASES"]["default"]
    assert (db["CONN_MAX_AGE"], db["CONN_HEALTH_CHECKS"]) == (60, True)


def test_development_opens_a_connection_per_request(env):
    db = env()["DATABASES"]["default"]
    assert (db["CONN_MAX_AGE"], db["CONN_HEALTH_CHECKS"]) == (0, False)


def test_the_connection_age_comes_from_the_environment_or_the_database_url(env):
    assert (
        env(DJANGO_DEBUG="false", DJANGO_SECRET_KEY=KEY, DATABASE_CONN_MAX_AGE=0)["DATABASES"][
            "default"
        ]["CONN_MAX_AGE"]
        == 0
    )
    db = env(DATABASE_URL="postgres://cuori@127.0.0.1:5432/cuori?conn_max_age=30")["DATABASES"][
        "default"
    ]
    assert (db["CONN_MAX_AGE"], db["CONN_HEALTH_CHECKS"]) == (30, True)
    db = env(
        DATABASE_URL="postgres://cuori@127.0.0.1:5432/cuori?conn_max_age=30",
        DATABASE_CONN_MAX_AGE=300,
    )["DATABASES"]["default"]
    assert db["CONN_MAX_AGE"] == 300
    with pytest.raises(ImproperlyConfigured, match="DATABASE_CONN_MAX_AGE"):
        env(DATABASE_CONN_MAX_AGE=-1)


def test_the_cache_is_redis_when_configured_else_each_process_own(env):
    assert env()["CACHES"]["default"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    cache = env(REDIS_URL="redis://127.0.0.1:6379/3")["CACHES"]["default"]
    assert cache["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert cache["LOCATION"] == "redis://127.0.0.1:6379/3" and cache["KEY_PREFIX"] == "cuori"
    cache = env(
        CACHE_URL="redis://10.0.0.2:6379/1",
        REDIS_URL="redis://127.0.0.1:6379/3",
        CACHE_KEY_PREFIX="club",
    )["CACHES"]["default"]
    assert (cache["LOCATION"], cache["KEY_PREFIX"]) == ("redis://10.0.0.2:6379/1", "club")


def _readme_variables() -> set[str]:
    """The variables named in the first column of the README's tables (`NAME` or `NAME` (or
    `OTHER`))."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    return {
        name
        for line in readme.splitlines()
        if line.startswith("| `")
        for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", line.split("|")[1])
    }


def test_the_readme_documents_the_performance_settings_and_the_servers_variables():
    root = Path(__file__).resolve().parent.parent
    served = set(re.findall(r"\$\{?([A-Z][A-Z0-9_]+):-", (root / "Makefile").read_text()))
    assert {"WEB_CONCURRENCY", "GUNICORN_THREADS", "GUNICORN_TIMEOUT"} <= served
    missing = (
        served | {*OURS, "DATABASE_CONNECT_TIMEOUT", "DATABASE_STATEMENT_TIMEOUT"}
    ) - _readme_variables()
    assert not missing, f"not in the README's tables: {sorted(missing)}"
