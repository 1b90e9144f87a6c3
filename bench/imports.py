"""Benchmark: importing players and hands files as an upload does (all or nothing).

Usage:
    .venv/bin/python bench/imports.py [--players 100000] [--players-in-results 1000] [--rounds 10]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cuori_bench .venv/bin/python bench/imports.py

Builds a fresh database (SQLite file under var/ unless DATABASE_URL is set:
its tables are emptied first, so point it at a scratch database), then
prints the wall time, rows per second and SQL queries of
``services.import_players`` on a ``--players``-row file (new people, then
the same people into a second tournament), and of ``services.import_hands``
on an ``export_results`` file of ``--players-in-results`` players ×
``--rounds`` rounds (every table a game to 100: 1,000 × 10 is about 117,000
rows, the size of ``bench/standings.py``'s tournament), the way the upload's
background task and the commands call them.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{ROOT / 'var' / 'bench-imports.sqlite3'}")

import django

django.setup()

from django.core.management import call_command
from django.db import connection

from tables.models import Table
from tournaments import services
from tournaments.audit import COMMAND_LINE
from tournaments.models import Player, Tournament


def timed(label: str, rows: int, call) -> None:
    statements = [0]

    def count(execute, sql, params, many, context):
        statements[0] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        started = time.perf_counter()
        call()
        seconds = time.perf_counter() - started
    print(
        f"{label:<34} {rows:>8} rows {seconds:8.2f} s {rows / seconds:10.0f} rows/s "
        f"{statements[0]:>8} statements"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--players-in-results", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    (ROOT / "var").mkdir(exist_ok=True)
    call_command("migrate", verbosity=0)
    Table.objects.all().delete()  # seats protect registrations: tables first
    Tournament.objects.all().delete()
    Player.objects.all().delete()
    print(f"database: {connection.vendor}")

    big = services.create_tournament(slug="bench-players", name="Players", rounds=1)
    players = "name,club,external_id\n" + "".join(
        f"Player {i},Club {i % 50},B-{i}\n" for i in range(args.players)
    )
    timed(
        "import_players (new people)",
        args.players,
        lambda: services.import_players(big, players, actor=COMMAND_LINE),
    )
    again = services.create_tournament(slug="bench-players-2", name="Players again", rounds=1)
    timed(
        "import_players (known people)",
        args.players,
        lambda: services.import_players(again, players, actor=COMMAND_LINE),
    )

    timed_results(args.players_in_results, args.rounds)


def results_file(players: int, rounds: int, seed: int = 1) -> str:
    """An ``export_results`` file of ``players`` players × ``rounds`` rounds: every table plays a
    game to 100."""
    rng = random.Random(seed)
    names = [f"R{i:05d}" for i in range(players)]
    lines = ["round,table,hand,player,points,penalty,total"]
    for rnd in range(1, rounds + 1):
        order = names[:]
        rng.shuffle(order)
        for t in range(players // 4):
            seated = order[t * 4 : t * 4 + 4]
            totals = [0, 0, 0, 0]
            number = 0
            while max(totals) < 100:
                number += 1
                points = [0, 0, 0, 0]
                points[rng.randrange(4)] += 13  # the queen of spades
                for _heart in range(13):
                    points[rng.randrange(4)] += 1
                if 26 in points:  # all the penalty cards to one seat: score it as the moon
                    points = [0 if p == 26 else 26 for p in points]
                totals = [a + b for a, b in zip(totals, points)]
                lines += [
                    f"{rnd},{t + 1},{number},{n},{p},,{tot}"
                    for n, p, tot in zip(seated, points, totals)
                ]
    return "\n".join(lines) + "\n"


def timed_results(players: int, rounds: int) -> None:
    tournament = services.create_tournament(slug="bench-results", name="Results", rounds=rounds)
    names = [f"R{i:05d}" for i in range(players)]
    services.import_players(tournament, "name\n" + "\n".join(names) + "\n", actor=COMMAND_LINE)
    text = results_file(players, rounds)
    rows = text.count("\n") - 1
    timed(
        f"import_hands ({players} x {rounds} results)",
        rows,
        lambda: services.import_hands(tournament, text, actor=COMMAND_LINE),
    )


if __name__ == "__main__":
    main()
