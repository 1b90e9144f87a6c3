"""Benchmark: standings and CSV export for 1,000 players × 10 rounds (2,500 tables, ~25,000 hands).

Usage:
    .venv/bin/python bench/standings.py                       # SQLite file under var/
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cuori_bench .venv/bin/python bench/standings.py
    ... bench/standings.py --players 10000 --rounds 12       # an online ladder (built once too)

Builds the tournament once (bulk inserts; reused on later runs), then prints
the median of 5 runs of the standings computation and of the CSV export, and
the number of SQL queries each took.
"""

from __future__ import annotations

import io
import os
import random
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

from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tables.models import Hand, HandScore, Seat, Table
from tournaments import exports, rulesets, services
from tournaments.models import Player, Registration, Round, Tournament
from tournaments.selectors import standings

PLAYERS, ROUNDS, SEATS = 1000, 10, 4
if "--players" in sys.argv:  # e.g. --players 10000 --rounds 12: an online ladder
    PLAYERS = int(sys.argv[sys.argv.index("--players") + 1])
if "--rounds" in sys.argv:
    ROUNDS = int(sys.argv[sys.argv.index("--rounds") + 1])
SLUG = "bench-1000" if (PLAYERS, ROUNDS) == (1000, 10) else f"bench-{PLAYERS}x{ROUNDS}"


def random_hand(rng: random.Random) -> list[int]:
    """Per-seat points of a plausible club hand: 13 hearts and the queen of spades spread at
    random."""
    if rng.random() < 0.02:
        shooter = rng.randrange(SEATS)
        return [0 if s == shooter else 26 for s in range(SEATS)]
    points = [0] * SEATS
    for _ in range(13):
        points[rng.randrange(SEATS)] += 1
    points[rng.randrange(SEATS)] += 13
    if max(points) == 26:
        return random_hand(rng)
    return points


def build() -> Tournament:
    rng = random.Random(1)
    with transaction.atomic():
        tournament = services.create_tournament(
            slug=SLUG, name="Benchmark 1000 × 10", rounds=ROUNDS
        )
        players = Player.objects.bulk_create(
            Player(name=f"Player {i:04d}", club=f"Club {i % 37}") for i in range(PLAYERS)
        )
        regs = Registration.objects.bulk_create(
            Registration(tournament=tournament, player=p) for p in players
        )
        hands = 0
        for number in range(1, ROUNDS + 1):
            round_ = Round.objects.create(
                tournament=tournament, number=number, status=Round.Status.LOCKED
            )
            order = regs[:]
            rng.shuffle(order)
            tables = Table.objects.bulk_create(
                Table(round=round_, number=i + 1) for i in range(PLAYERS // SEATS)
            )
            seats = Seat.objects.bulk_create(
                Seat(table=t, round=round_, position=p, registration=order[i * SEATS + p])
                for i, t in enumerate(tables)
                for p in range(SEATS)
            )
            hand_rows, score_rows = [], []
            for i, table in enumerate(tables):
                totals = [0] * SEATS
                n = 0
                while max(totals) < 100:
                    n += 1
                    points = random_hand(rng)
                    totals = [a + b for a, b in zip(totals, points)]
                    hand = Hand(
                        table=table,
                        number=n,
                        dealer=rulesets.dealer(SEATS, n),
                        pass_direction=rulesets.pass_direction("club", SEATS, n),
                    )
                    hand_rows.append(hand)
                    score_rows.append((hand, seats[i * SEATS : (i + 1) * SEATS], points))
                # What tables.services keeps with every hand (the standings read these).
                table.hands_recorded = n
                for seat, total in zip(seats[i * SEATS : (i + 1) * SEATS], totals):
                    seat.points = total
            Table.objects.bulk_update(tables, ["hands_recorded"], batch_size=2000)
            Seat.objects.bulk_update(seats, ["points"], batch_size=2000)
            Hand.objects.bulk_create(hand_rows, batch_size=2000)
            HandScore.objects.bulk_create(
                (
                    HandScore(hand=h, seat=s, points=p)
                    for h, ss, pts in score_rows
                    for s, p in zip(ss, pts)
                ),
                batch_size=5000,
            )
            hands += len(hand_rows)
        print(
            f"built {SLUG}: {PLAYERS} players, {ROUNDS} rounds, {ROUNDS * PLAYERS // SEATS} "
            f"tables, {hands} hands"
        )
    return tournament


def timed(fn, runs: int = 5) -> tuple[float, int]:
    times, queries = [], 0
    for _ in range(runs):
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        queries = len(ctx.captured_queries)
    return statistics.median(times), queries


def main() -> None:
    call_command("migrate", verbosity=0)
    tournament = Tournament.objects.filter(slug=SLUG).first() or build()
    hands = Hand.objects.filter(table__round__tournament=tournament).count()
    vendor = connection.vendor
    rows = standings(tournament)
    assert len(rows) == PLAYERS and all(r.games == ROUNDS for r in rows), (
        "every player has every game ended"
    )
    t_standings, q_standings = timed(lambda: standings(tournament))
    t_export, q_export = timed(lambda: exports.render(exports.STANDINGS, tournament, io.StringIO()))
    t_results, q_results = timed(
        lambda: exports.render(exports.RESULTS, tournament, io.StringIO()), runs=3
    )
    print(f"database: {vendor}; {PLAYERS} players × {ROUNDS} rounds, {hands} hands")
    print(
        f"standings:            {t_standings * 1000:8.1f} ms median of 5, {q_standings} SQL queries"
    )
    print(f"export_standings CSV: {t_export * 1000:8.1f} ms median of 5, {q_export} SQL queries")
    print(
        f"export_results CSV:   {t_results * 1000:8.1f} ms median of 3, {q_results} SQL queries "
        f"({hands * SEATS} rows)"
    )


if __name__ == "__main__":
    main()
