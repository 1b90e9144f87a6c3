"""Benchmark: the ratings (issue 16), recomputed in full and updated incrementally, over the bench
tournaments.

Usage:
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cuori_bench .venv/bin/python bench/ratings.py
    .venv/bin/python bench/ratings.py   # SQLite under var/ (builds bench/standings.py's 1,000 × 10)

Uses the tournaments ``bench/standings.py`` builds (``bench-1000``: 1,000 players × 10 rounds; and,
when present, ``bench-10000x12``), every round locked, so every table counts. Everything runs in one
transaction that is rolled back at the end: the database is left as it was (once migrated). A draft
bench tournament is published inside it (drafts do not count). Prints:

- the full recompute (``seasons.services.recompute_ratings``) with its parts: reading the tables
  that count, openskill's updates alone, and the whole (reads, updates, writing the log and the
  ratings);
- a confirmation at the end of the order: a new tournament after the others, one table confirmed,
  then ``update_ratings`` for it (what the task does after the commit): one table rated;
- a change at the start of the order (round 1 of the first tournament reopened): replays everything
  after it;
- a change in the last round of the last bench tournament: replays that round.
"""

from __future__ import annotations

import datetime
import importlib.util
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{ROOT / 'var' / 'bench-standings.sqlite3'}")

import django

django.setup()

from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from seasons import ratings, services
from seasons.models import RatedTable, Rating
from tables.models import Seat, Table
from tables.services import confirm_result, record_hand
from tournaments import organizer
from tournaments import services as tournament_services
from tournaments.audit import COMMAND_LINE
from tournaments.models import Registration, Round, Tournament

_spec = importlib.util.spec_from_file_location("bench_standings", ROOT / "bench" / "standings.py")
bench_standings = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_standings)


def timed(label: str, fn):
    with CaptureQueriesContext(connection) as ctx:
        start = time.perf_counter()
        value = fn()
        seconds = time.perf_counter() - start
    print(f"{label:<58} {seconds * 1000:>9.0f} ms  {len(ctx.captured_queries):>6} queries")
    return value


def main() -> None:
    call_command("migrate", verbosity=0)
    if not Tournament.objects.filter(slug__startswith="bench-").exists():
        bench_standings.build()
    with transaction.atomic():
        bench = list(Tournament.objects.filter(slug__startswith="bench-").order_by("pk"))
        for tournament in bench:
            if tournament.status == Tournament.Status.DRAFT:
                tournament.status = Tournament.Status.RUNNING
                tournament.save(update_fields=["status"])
        tables = Table.objects.filter(round__tournament__in=bench).count()
        print(f"{connection.vendor}: {', '.join(t.slug for t in bench)}: {tables} tables")

        games = timed("reading every table that counts", lambda: services._games_from(""))
        plain = [ratings.Game(g.players, g.places) for g in games]
        timed(f"openskill alone: {len(plain)} tables rated", lambda: ratings.replay(plain))
        done = timed(
            "full recompute (read, rate, write log and ratings)", services.recompute_ratings
        )
        print(
            f"  {done.tables} tables, {Rating.objects.count()} players rated, "
            f"{RatedTable.objects.count()} log rows"
        )

        # A confirmation at the end of the order: a new tournament after every other, one table of 4
        # rated players.
        last_day = max(filter(None, (t.start_date for t in bench)), default=datetime.date.today())
        evening = tournament_services.create_tournament(
            slug="bench-ratings-evening",
            name="Evening",
            rounds=1,
            hands=1,
            start_date=last_day + datetime.timedelta(days=1),
        )
        evening.status = Tournament.Status.RUNNING
        evening.save(update_fields=["status"])
        people = list(
            Registration.objects.filter(tournament=bench[0]).values_list("player_id", flat=True)[:4]
        )
        round_ = Round.objects.create(tournament=evening, number=1, status=Round.Status.PLAYING)
        table = Table.objects.create(round=round_, number=1)
        for position, player_id in enumerate(people):
            registration = Registration.objects.create(tournament=evening, player_id=player_id)
            Seat.objects.create(
                table=table, round=round_, position=position, registration=registration
            )
        record_hand(table, [13, 8, 5, 0], actor=COMMAND_LINE)
        confirm_result(table, actor=COMMAND_LINE)
        done = timed(
            "a table confirmed at the end of the order",
            lambda: services.update_ratings(tables=[table.pk]),
        )
        print(f"  replayed {done.tables} table(s) from {done.start}")
        done = timed(
            "the same update again (nothing changed)",
            lambda: services.update_ratings(tables=[table.pk]),
        )

        first = Round.objects.get(tournament=bench[0], number=1)
        organizer.reopen_round(first, actor=COMMAND_LINE, reason="bench")
        done = timed(
            "round 1 of the first tournament reopened",
            lambda: services.update_ratings(rounds=[(bench[0].pk, 1)]),
        )
        print(f"  replayed {done.tables} tables from {done.start}")

        last = Round.objects.filter(tournament=bench[-1]).order_by("-number").first()
        organizer.reopen_round(last, actor=COMMAND_LINE, reason="bench")
        done = timed(
            f"round {last.number} of {bench[-1].slug} reopened",
            lambda: services.update_ratings(rounds=[(bench[-1].pk, last.number)]),
        )
        print(f"  replayed {done.tables} tables from {done.start}")
        transaction.set_rollback(True)
    print("rolled back: the database is as it was")


if __name__ == "__main__":
    main()
