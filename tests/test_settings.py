"""Production settings and behaviour: the secret key check, database timeouts, the CSP header,
the 404 and 500 pages, and `make serve` (migrate, collectstatic, gunicorn, Celery) as documented."""

import os
import re
import runpy
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.test import RequestFactory
from django.urls import path
from django.utils import translation
from django.views.defaults import server_error

BASE_DIR = Path(__file__).resolve().parent.parent
SETTINGS_ENV = (
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "DATABASE_URL",
    "DATABASE_CONNECT_TIMEOUT",
    "DATABASE_STATEMENT_TIMEOUT",
    "CUORI_PROXY_COUNT",
    "CELERY_BROKER_URL",
    "DJANGO_LANGUAGE_CODE",
)


def settings_with_env(monkeypatch, **env) -> dict:
    """The names config/settings.py defines when the environment holds ``env`` (and none of
    SETTINGS_ENV otherwise): the module runs afresh, the live settings are untouched."""
    for name in SETTINGS_ENV:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, str(value))
    return runpy.run_path(str(BASE_DIR / "config" / "settings.py"))


def _clean_env(**env) -> dict:
    base = {
        k: v for k, v in os.environ.items() if k not in SETTINGS_ENV and not k.startswith("MAKE")
    }
    base.pop("MFLAGS", None)
    base.update({k: str(v) for k, v in env.items()})
    return base


# --- DJANGO_LANGUAGE_CODE ----------------------------------------------------------------


def test_the_language_comes_from_the_environment(monkeypatch):
    assert settings_with_env(monkeypatch)["LANGUAGE_CODE"] == "en"
    assert settings_with_env(monkeypatch, DJANGO_LANGUAGE_CODE="it")["LANGUAGE_CODE"] == "it"
    with pytest.raises(
        ImproperlyConfigured, match="DJANGO_LANGUAGE_CODE is 'fr': Cuori speaks en or it"
    ):
        settings_with_env(monkeypatch, DJANGO_LANGUAGE_CODE="fr")


def test_an_italian_arbiter_reads_the_commands_in_italian(tmp_path):
    """The commands speak DJANGO_LANGUAGE_CODE: plan_seating's reading of its plan, in a new
    process as an arbiter runs it."""

    def plan_seating(**env):
        return subprocess.run(
            [sys.executable, "manage.py", "plan_seating", "--players", "12", "--rounds", "5"]
            + ["--output", str(tmp_path / "plan.csv")],
            cwd=BASE_DIR,
            env=_clean_env(**env),
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )

    italian = plan_seating(DJANGO_LANGUAGE_CODE="it")
    english = plan_seating()
    said = italian.stdout + italian.stderr
    assert (
        "5 turni per 12 giocatori, 3 tavoli per turno: 24 coppie ripetute, il minimo possibile"
        in said
    )
    assert "repeated pairs" not in said
    assert "24 repeated pairs, the fewest possible" in english.stdout + english.stderr


# --- DJANGO_SECRET_KEY -------------------------------------------------------------------


def _start_django(**env) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); print('started')"],
        cwd=BASE_DIR,
        env=_clean_env(DJANGO_SETTINGS_MODULE="config.settings", **env),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_production_refuses_to_start_without_a_secret_key():
    result = _start_django(DJANGO_DEBUG="false")
    assert result.returncode != 0 and "started" not in result.stdout
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith(
        "django.core.exceptions.ImproperlyConfigured: DJANGO_SECRET_KEY is not set"
    )
    assert "DJANGO_DEBUG=false" in last


def test_production_starts_with_a_secret_key_and_development_with_nothing_set():
    assert (
        _start_django(DJANGO_DEBUG="false", DJANGO_SECRET_KEY="k" * 50).stdout.strip() == "started"
    )
    assert (
        _start_django().stdout.strip() == "started"
    )  # make run / make test: DEBUG defaults to true


def test_an_empty_secret_key_is_refused_too(monkeypatch):
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY is not set"):
        settings_with_env(monkeypatch, DJANGO_DEBUG="false", DJANGO_SECRET_KEY="")


# --- Database timeouts -------------------------------------------------------------------


def test_postgresql_gets_a_connect_and_a_statement_timeout(monkeypatch):
    conf = settings_with_env(monkeypatch, DATABASE_URL="postgres://postgres@127.0.0.1:5432/cuori")
    options = conf["DATABASES"]["default"]["OPTIONS"]
    assert options["connect_timeout"] == 5
    assert options["options"] == "-c statement_timeout=30000"  # milliseconds


def test_the_timeouts_come_from_the_environment(monkeypatch):
    conf = settings_with_env(
        monkeypatch,
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/cuori",
        DATABASE_CONNECT_TIMEOUT=2,
        DATABASE_STATEMENT_TIMEOUT=1.5,
    )
    options = conf["DATABASES"]["default"]["OPTIONS"]
    assert options["connect_timeout"] == 2 and options["options"] == "-c statement_timeout=1500"
    off = settings_with_env(
        monkeypatch,
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/cuori",
        DATABASE_STATEMENT_TIMEOUT=0,
    )
    assert off["DATABASES"]["default"]["OPTIONS"]["options"] == "-c statement_timeout=0"


def test_sqlite_is_untouched_by_the_timeouts(monkeypatch):
    conf = settings_with_env(monkeypatch, DATABASE_CONNECT_TIMEOUT=2, DATABASE_STATEMENT_TIMEOUT=1)
    assert conf["DATABASES"]["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert conf["DATABASES"]["default"]["OPTIONS"] == {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
    }


@pytest.mark.django_db
def test_the_running_postgresql_connection_has_the_statement_timeout():
    if connection.vendor != "postgresql":
        pytest.skip("the suite runs on SQLite (DATABASE_URL unset)")
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone()[0] == "30s"
    assert connection.get_connection_params()["connect_timeout"] == 5


# --- Content-Security-Policy -------------------------------------------------------------


@pytest.mark.django_db
def test_every_page_has_a_strict_content_security_policy(client):
    policy = client.get("/")["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["img-src"] == "'self' data:"
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
    assert "unsafe" not in policy


def test_no_template_has_inline_scripts_handlers_or_styles():
    """The policy allows no inline code: every template keeps to script files and classes
    (and no hx-trigger filter, which htmx evaluates as code)."""
    forbidden = re.compile(
        r"<script(?![^>]*\ssrc=)|<style|\sstyle=|\son[a-z]+=|javascript:|hx-on|hx-trigger=\"[^\"]*\[",
        re.IGNORECASE,
    )
    offenders = [
        f"{template.relative_to(BASE_DIR)}:{number}: {line.strip()[:100]}"
        for template in sorted((BASE_DIR / "templates").rglob("*.html"))
        for number, line in enumerate(template.read_text().splitlines(), 1)
        if forbidden.search(line)
    ]
    assert offenders == []


# --- 404 and 500 pages -------------------------------------------------------------------


def _boom(request):
    raise RuntimeError("a bug in a view")


urlpatterns = [path("boom/", _boom)]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, title, text",
    [
        ("en", "Page not found", "Go to the tournaments"),
        ("it", "Pagina non trovata", "Vai ai tornei"),
    ],
)
def test_a_missing_page_is_a_friendly_404(client, language, title, text):
    response = client.get("/no/such/page/", headers={"Accept-Language": language})
    html = response.content.decode()
    assert response.status_code == 404
    assert f'<html lang="{language}">' in html and f"<h1>{title}</h1>" in html and text in html
    assert 'href="/"' in html


@pytest.mark.django_db
@pytest.mark.urls("tests.test_settings")
@pytest.mark.parametrize(
    "language, title",
    [("en", "Something went wrong"), ("it", "Qualcosa è andato storto")],
)
def test_an_error_in_a_view_gives_the_friendly_500_page(client, language, title):
    client.raise_request_exception = False
    response = client.get("/boom/", headers={"Accept-Language": language})
    html = response.content.decode()
    assert response.status_code == 500
    assert f'<html lang="{language}">' in html and f"<h1>{title}</h1>" in html
    assert "Traceback" not in html and "a bug in a view" not in html


def test_the_500_page_needs_no_database_and_no_request_context():
    """pytest-django refuses any database access in a test without the db mark."""
    with translation.override("it"):
        response = server_error(RequestFactory().get("/"))
    html = response.content.decode()
    assert (
        response.status_code == 500 and "Qualcosa è andato storto" in html and "cuori.css" in html
    )


# --- make serve --------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _get(url: str):
    """(status, headers, body) of a GET sent as if through the TLS proxy."""
    request = urllib.request.Request(url, headers={"X-Forwarded-Proto": "https"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def _processes_with(marker: str) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if marker in (proc / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(proc.name))
            except OSError:
                pass
    return found


@pytest.mark.skipif(
    not (BASE_DIR / ".venv" / "bin" / "gunicorn").exists(),
    reason="gunicorn is not installed in .venv",
)
def test_make_serve_runs_production_with_static_files_and_a_worker(tmp_path):
    """`make serve` as the README says: DEBUG off, migrate, collectstatic, gunicorn on HOST:PORT
    serving pages and whitenoise's static files; with a broker, a Celery worker beside it that
    stops when gunicorn stops."""
    port = _free_port()
    queue = f"serve-test-{uuid.uuid4().hex[:8]}"
    broker = _port_answers(6379)
    env = _clean_env(
        DJANGO_SECRET_KEY="serve-test-" + "x" * 50,
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_PROXY_SSL_HEADER="true",
        DATABASE_URL=f"sqlite:///{tmp_path / 'serve.sqlite3'}",
        DJANGO_STATIC_ROOT=tmp_path / "static",
        HOST="127.0.0.1",
        PORT=port,
        WEB_CONCURRENCY=2,
        CELERY_TASK_DEFAULT_QUEUE=queue,
        GUNICORN_CMD_ARGS=f"--pid {tmp_path / 'gunicorn.pid'}",
        CELERY_LOG_LEVEL="warning",
    )
    if broker:
        env["CELERY_BROKER_URL"] = "redis://127.0.0.1:6379/0"
    # -o: the venv running this test is installed; do not reinstall it.
    with open(tmp_path / "serve.log", "w") as log:
        proc = subprocess.Popen(
            ["make", "--no-print-directory", "-o", ".venv/.installed", "serve"],
            cwd=BASE_DIR,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 120
        while not _port_answers(port):
            assert proc.poll() is None, (tmp_path / "serve.log").read_text()[-3000:]
            assert time.monotonic() < deadline, "gunicorn did not answer within 120 s"
            time.sleep(0.3)

        status, headers, home = _get(f"http://127.0.0.1:{port}/")
        assert status == 200, home[:500]
        assert "Content-Security-Policy" in headers and "Strict-Transport-Security" in headers
        assert "django-insecure" not in home
        status, headers, css = _get(f"http://127.0.0.1:{port}/static/cuori/cuori.css")
        assert status == 200 and ".request-error" in css
        # The page links the hashed name, which browsers may cache for ever.
        hashed = home.split('href="/static/cuori/cuori.', 1)[1].split('"', 1)[0]
        status, headers, _ = _get(f"http://127.0.0.1:{port}/static/cuori/cuori.{hashed}")
        assert status == 200 and "immutable" in headers["Cache-Control"]
        assert _get(f"http://127.0.0.1:{port}/no/such/page/")[0] == 404

        if broker:
            deadline = time.monotonic() + 60
            while not _processes_with(queue):
                assert time.monotonic() < deadline, "no Celery worker was started"
                time.sleep(0.3)
        else:
            assert _processes_with(queue) == []

        # gunicorn stops (a deploy, a crash): make serve stops the worker and exits.
        os.kill(int((tmp_path / "gunicorn.pid").read_text()), signal.SIGTERM)
        proc.wait(timeout=90)
        assert _processes_with(queue) == []
        assert not _port_answers(port)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
