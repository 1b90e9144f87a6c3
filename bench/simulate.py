"""Benchmark: a whole tournament played by computer players through the online play services.

Usage (the issue's figures are for PostgreSQL; SQLite is the embedded default):
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cuori .venv/bin/python bench/simulate.py
    .venv/bin/python bench/simulate.py --players 64 --rounds 4 --level medium --seed 1

Plays in a throw-away database created and dropped here (PostgreSQL:
``test_<name>_simulate_<pid>``, so a test run on the same server is left
alone; SQLite: a file in a temporary directory, as the embedded default is a
file), exactly as ``simulate_tournament`` does: every pass and play stored as
an event under the table's row lock and version check, every hand recorded
through ``record_hand``. Prints hands per second end to end, SQL statements
per move (a pass or a play: one event), and where the time went: the engine
(deal, rebuild, legality, computer players, records — ``replay.EngineClock``),
the database (time inside SQL calls and commits, round trips included) and the rest
(Django ORM, Python glue), with the machine's load average before and after.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.db import connection
from django.test.utils import setup_databases, teardown_databases

from tables.models import PlayEvent
from tables.play.simulate import simulate_tournament


class SqlClock:
    """``connection.execute_wrapper`` that adds up the statements run and the time spent in them,
    commits included (``watch_commits``: on SQLite the commit is where a transaction's pages are
    written)."""

    def __init__(self):
        self.seconds = 0.0
        self.statements = 0
        self.commits = 0

    def __call__(self, execute, sql, params, many, context):
        t0 = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - t0
            self.statements += 1

    def watch_commits(self, conn) -> None:
        # Commits do not go through execute_wrapper: time the backend's commit of this connection.
        commit = conn._commit

        def timed():
            t0 = time.perf_counter()
            try:
                return commit()
            finally:
                self.seconds += time.perf_counter() - t0
                self.commits += 1

        conn._commit = timed


def _private_test_database(workdir: str) -> None:
    """Name this run's database so that it never replaces another run's (tests, a second bench)."""
    test = connection.settings_dict.setdefault("TEST", {})
    if connection.vendor == "postgresql":
        test["NAME"] = f"test_{connection.settings_dict['NAME']}_simulate_{os.getpid()}"
    elif connection.vendor == "sqlite":
        test["NAME"] = str(Path(workdir) / "simulate.sqlite3")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    load_before = _load()
    with tempfile.TemporaryDirectory(prefix="cuori-simulate-") as workdir:
        _private_test_database(workdir)
        old = setup_databases(verbosity=0, interactive=False)
        try:
            sql = SqlClock()
            sql.watch_commits(connection)
            with connection.execute_wrapper(sql):
                summary = simulate_tournament(
                    "bench-sim",
                    players=args.players,
                    rounds=args.rounds,
                    level=args.level,
                    seed=args.seed,
                    progress=lambda line: print(" ", line, flush=True),
                )
            events = PlayEvent.objects.count()
        finally:
            teardown_databases(old, verbosity=0)

    total = summary.seconds
    engine = summary.engine_seconds
    other = max(0.0, total - engine - sql.seconds)
    print(
        f"{connection.vendor}: {args.players} players, {args.rounds} rounds, {args.level} "
        f"computer players, seed {args.seed}; {os.cpu_count()} cores, load average "
        f"{load_before} before, {_load()} after"
    )
    print(
        f"  {summary.tables} games, {summary.hands} hands, {events} moves (passes and plays, one "
        f"event each), {sql.statements} SQL statements, {sql.commits} commits"
    )
    print(
        f"  {total:.1f} s end to end: {summary.hands / total:.2f} hands/s, "
        f"{events / total:.0f} moves/s, {sql.statements / events:.2f} statements per move"
    )
    print(
        f"  engine   {engine:7.1f} s  {100 * engine / total:5.1f} %  "
        "(deal, rebuild, legality, computer players, records)"
    )
    print(
        f"  database {sql.seconds:7.1f} s  {100 * sql.seconds / total:5.1f} %  "
        "(inside SQL calls and commits, round trips included)"
    )
    print(f"  other    {other:7.1f} s  {100 * other / total:5.1f} %  (Django ORM, Python glue)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
