"""Benchmark: the standings page and a player page at 1,000 players × 10 rounds (issue 5).

Usage:
    .venv/bin/python bench/pages.py                       # SQLite file under var/
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cuori_bench .venv/bin/python bench/pages.py

Reuses the tournament that ``bench/standings.py`` builds (built here when
absent), then requests each page through Django's test client (the full
stack: middleware, view, template) and prints the median server time of 11
requests and the number of SQL queries each request ran. Rendered standings
are cached per fingerprint (``tournaments.pages.cached``), so the "cold"
lines clear the cache before every request. Target: under 150 ms at the median, and the same query
count as for a small tournament (asserted in ``tests/pages/test_public.py``).
"""

from __future__ import annotations

import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{ROOT / 'var' / 'bench-standings.sqlite3'}")

import django

django.setup()

from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournaments.models import Registration, Tournament

_spec = importlib.util.spec_from_file_location("bench_standings", ROOT / "bench" / "standings.py")
bench_standings = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_standings)

RUNS = 11


def measure(
    client: Client, path: str, *, headers: dict | None = None, status: int = 200, cold: bool = False
) -> tuple[float, int, int]:
    """Median ms of RUNS requests, SQL queries of the last one, size of the answer in bytes."""
    times, queries, size = [], 0, 0
    client.get(path, headers=headers or {})  # warm up (template loading, first connection)
    for _ in range(RUNS):
        if cold:
            cache.clear()
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            response = client.get(path, headers=headers or {})
            times.append(time.perf_counter() - start)
        assert response.status_code == status, (path, response.status_code)
        queries, size = len(ctx.captured_queries), len(response.content)
    return statistics.median(times) * 1000, queries, size


def main() -> None:
    call_command("migrate", verbosity=0)
    slug = bench_standings.SLUG
    tournament = Tournament.objects.filter(slug=slug).first() or bench_standings.build()
    if tournament.status == Tournament.Status.DRAFT:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    player_id = (
        Registration.objects.filter(tournament=tournament)
        .order_by("id")
        .values_list("player_id", flat=True)[0]
    )
    client = Client()
    base = f"/t/{slug}/"
    first = client.get(f"{base}standings/", headers={"HX-Request": "true"}).content.decode()
    fp = first.split("?v=")[1].split('"')[0] if "?v=" in first else "x"
    lines = [
        ("standings page", *measure(client, f"{base}standings/")),
        ("standings page, cold (no cache)", *measure(client, f"{base}standings/", cold=True)),
        ("standings after round 5", *measure(client, f"{base}standings/?round=5")),
        (
            "standings, live poll, no change",
            *measure(
                client,
                f"{base}standings/?v={fp}",
                headers={"HX-Request": "true"},
                status=204 if "?v=" in first else 200,
            ),
        ),
        ("player page", *measure(client, f"{base}players/{player_id}/")),
        (
            "player page, cold (no cache)",
            *measure(client, f"{base}players/{player_id}/", cold=True),
        ),
        ("tournament page", *measure(client, base)),
        ("round page (250 tables)", *measure(client, f"{base}rounds/10/")),
    ]
    print(
        f"database: {connection.vendor}; {bench_standings.PLAYERS} players × "
        f"{bench_standings.ROUNDS} rounds"
    )
    for name, ms, queries, size in lines:
        print(
            f"{name:34s} {ms:8.1f} ms median of {RUNS}, {queries:2d} SQL queries, "
            f"{size / 1024:7.1f} KiB"
        )


if __name__ == "__main__":
    main()
