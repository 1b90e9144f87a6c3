"""Benchmark: a whole tournament played by computer players through the online play services.

Usage (figures for issue 7 are on PostgreSQL):
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cuori .venv/bin/python bench/simulate.py
    ... bench/simulate.py --players 64 --rounds 4 --level medium --seed 1

Plays in a throw-away test database (``test_<name>``, created and dropped
here), exactly as ``simulate_tournament`` does: every pass and play is one
locked, version-checked transaction storing an event, every hand recorded
through ``record_hand``. Prints hands per second end to end and where the
time went: the engine (deal, rebuild, legality, computer players, records —
``services.EngineClock``), the database (time inside SQL calls, round trips
included) and the rest (Django ORM, Python glue).
"""

from __future__ import annotations

import argparse
import os
import sys
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
    """``connection.execute_wrapper`` that adds up the time spent in SQL calls."""

    def __init__(self):
        self.seconds = 0.0
        self.queries = 0

    def __call__(self, execute, sql, params, many, context):
        t0 = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - t0
            self.queries += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    if connection.vendor != "postgresql":
        print(f"note: running on {connection.vendor}; the issue's figures are for PostgreSQL (set DATABASE_URL)")
    old = setup_databases(verbosity=0, interactive=False)
    try:
        sql = SqlClock()
        with connection.execute_wrapper(sql):
            summary = simulate_tournament(
                "bench-sim", players=args.players, rounds=args.rounds, level=args.level, seed=args.seed,
                progress=lambda line: print(" ", line, flush=True),
            )
        events = PlayEvent.objects.count()
    finally:
        teardown_databases(old, verbosity=0)

    total = summary.seconds
    engine = summary.engine_seconds
    other = max(0.0, total - engine - sql.seconds)
    print(f"{connection.vendor}: {args.players} players, {args.rounds} rounds, {args.level} computer players, seed {args.seed}")
    print(f"  {summary.tables} games, {summary.hands} hands, {events} events (passes and plays), {sql.queries} SQL statements")
    print(f"  {total:.1f} s end to end: {summary.hands / total:.2f} hands/s, {events / total:.0f} events/s")
    print(f"  engine   {engine:7.1f} s  {100 * engine / total:5.1f} %  (deal, rebuild, legality, computer players, records)")
    print(f"  database {sql.seconds:7.1f} s  {100 * sql.seconds / total:5.1f} %  (inside SQL calls, round trips included)")
    print(f"  other    {other:7.1f} s  {100 * other / total:5.1f} %  (Django ORM, Python glue)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
