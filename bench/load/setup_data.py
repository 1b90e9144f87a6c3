"""Test data and database check of the score-sheet load test (``bench/load/run.py`` runs it).

Runs with the project's virtual environment, ``DJANGO_SETTINGS_MODULE=config.settings``
and ``DATABASE_URL`` pointing at the load-test database (``run.py`` sets both):

    .venv/bin/python bench/load/setup_data.py setup --arbiters 250 --plan var/load/plan.json
    .venv/bin/python bench/load/setup_data.py check --plan var/load/plan.json \
        --hands var/load/hands.csv
    .venv/bin/python bench/load/setup_data.py queries --plan var/load/plan.json

``setup`` builds, through the project's services and ORM, a running tournament
(rules "club", target 100) with round 1 being played: about N tables of 4
seats (unique player names) plus the baseline's tables, and N + 1 arbiter
accounts appointed to the tournament. It writes the plan (who enters which
table, and how) as JSON for the locustfile.

``check`` compares the database with what the simulated arbiters were told
(``hands.csv``: one line per hand answered "Hand N recorded."), and prints a
JSON report: per table the hands numbered 1..n without gaps, no doubled
hand, no identical consecutive hands, the version equal to the number of
hands, and every hand the clients were told about recorded with the points
they sent, and nothing else.

``queries`` times the sheet GET and the hand POST in-process (Django's test
client, no network) and lists the SQL queries each runs: where a slow
request spends its time.
"""

from __future__ import annotations

import argparse
import cProfile
import csv
import inspect
import itertools
import json
import os
import pstats
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def _django() -> None:
    """Set Django up and import what ``setup`` and ``queries`` use (``check`` needs neither)."""
    global \
        get_user_model, \
        make_password, \
        connection, \
        transaction, \
        Table, \
        organizer, \
        services, \
        COMMAND_LINE
    global Player, Registration, Round
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import connection, transaction

    from tables.models import Table
    from tournaments import organizer, services
    from tournaments.audit import COMMAND_LINE
    from tournaments.models import Player, Registration, Round


SLUG = "load-test"
PASSWORD = "load-test-password"
SEATS = 4
BASELINE_TABLES = 3


def layout(arbiters: int) -> dict:
    """How ``arbiters`` simulated arbiters share the tables.

    About 5% of the tables have two arbiters racing on them (a pair), 10% of
    the arbiters double-click (send each hand twice at once), the others are
    plain: tables = arbiters - pairs.
    """
    pairs = round(arbiters / 21) if arbiters >= 2 else 0
    tables = arbiters - pairs
    doubles = round(arbiters * 0.10)
    return {"tables": tables, "pairs": pairs, "doubles": min(doubles, tables - pairs)}


def make_table(round_, number: int, registration_ids: list[int]):
    """``tournaments.services.create_table`` (with the command line as actor where it takes one)."""
    if "actor" in inspect.signature(services.create_table).parameters:
        return services.create_table(round_, number, registration_ids, actor=COMMAND_LINE)
    return services.create_table(round_, number, registration_ids)


def setup(args) -> None:
    """Build the tournament, players, tables and arbiters; write the plan."""
    shape = layout(args.arbiters)
    tables_n = shape["tables"]
    User = get_user_model()
    # One hash for every account: PBKDF2 at Django's iterations costs ~0.4 s a password.
    encoded = make_password(PASSWORD)
    with transaction.atomic():
        tournament = services.create_tournament(
            slug=SLUG,
            name="Load test",
            rules="club",
            target=100,
            rounds=1,
        )
        organizer.publish(tournament, actor=COMMAND_LINE)
        round_ = Round.objects.create(tournament=tournament, number=1, status=Round.Status.PLAYING)
        total_tables = tables_n + BASELINE_TABLES
        players = Player.objects.bulk_create(
            Player(name=f"Player {i:04d}", club=f"Club {i % 17:02d}")
            for i in range(1, total_tables * SEATS + 1)
        )
        registrations = Registration.objects.bulk_create(
            Registration(tournament=tournament, player=p) for p in players
        )
        for t in range(total_tables):
            make_table(round_, t + 1, [r.id for r in registrations[t * SEATS : (t + 1) * SEATS]])
        users = User.objects.bulk_create(
            User(username=f"arbiter{i:03d}", password=encoded) for i in range(1, args.arbiters + 1)
        )
        baseline_user = User.objects.create(username="baseline", password=encoded)
        tournament.arbiters.add(*users, baseline_user)

    # Roles: race pairs first (tables 1..pairs, two arbiters each, adjacent so
    # that both are spawned together), then double-clickers, then plain ones.
    plan_users = []
    names = iter(u.username for u in users)
    for t in range(1, shape["pairs"] + 1):
        plan_users.append({"username": next(names), "table": t, "role": "race-leader"})
        plan_users.append({"username": next(names), "table": t, "role": "race-follower"})
    doubles = set(range(shape["pairs"] + 1, shape["pairs"] + 1 + shape["doubles"]))
    for t in range(shape["pairs"] + 1, tables_n + 1):
        plan_users.append(
            {"username": next(names), "table": t, "role": "double" if t in doubles else "plain"}
        )
    # Interleave the double-clickers with the plain arbiters so they are spawned throughout the
    # ramp.
    head, rest = plan_users[: 2 * shape["pairs"]], plan_users[2 * shape["pairs"] :]
    rest.sort(key=lambda u: (u["table"] % 10, u["table"]))
    plan = {
        "slug": SLUG,
        "round": 1,
        "password": PASSWORD,
        "seats": SEATS,
        "arbiters": args.arbiters,
        "tables": tables_n,
        "race_pairs": shape["pairs"],
        "double_clickers": shape["doubles"],
        "users": head + rest,
        "baseline": {
            "username": "baseline",
            "tables": list(range(tables_n + 1, tables_n + BASELINE_TABLES + 1)),
        },
    }
    Path(args.plan).write_text(json.dumps(plan, indent=1))
    print(
        f"setup: tournament {SLUG}: {tables_n} load tables + {BASELINE_TABLES} baseline tables, "
        f"{args.arbiters} arbiters ({shape['pairs']} race pairs, {shape['doubles']} "
        "double-clickers) + 1 baseline arbiter"
    )


def read_client_hands(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def _connect_raw():
    """A psycopg connection to DATABASE_URL (Django's own URL options such as ?conn_max_age
    dropped)."""
    import psycopg

    url = os.environ["DATABASE_URL"].split("?", 1)[0].replace("postgres://", "postgresql://", 1)
    return psycopg.connect(url)


def check(args) -> None:
    """Compare the database with the clients' log; print a JSON report (exit 1 when a check fails).

    Plain SQL on the tables, hands, scores and seats, so that a model being edited
    while the test runs cannot break the check.
    """
    plan = json.loads(Path(args.plan).read_text())
    with _connect_raw() as conn:
        tables = dict(
            conn.execute(
                "SELECT t.number, t.version FROM tables_table t JOIN tournaments_round r ON r.id = "
                "t.round_id JOIN tournaments_tournament u ON u.id = r.tournament_id WHERE u.slug = "
                "%s AND r.number = %s",
                (plan["slug"], plan["round"]),
            ).fetchall()
        )
        scores = conn.execute(
            "SELECT t.number, h.number, s.position, hs.points FROM tables_handscore hs "
            "JOIN tables_hand h ON h.id = hs.hand_id JOIN tables_table t ON t.id = h.table_id "
            "JOIN tables_seat s ON s.id = hs.seat_id JOIN tournaments_round r ON r.id = t.round_id "
            "JOIN tournaments_tournament u ON u.id = r.tournament_id WHERE u.slug = %s AND "
            "r.number = %s",
            (plan["slug"], plan["round"]),
        ).fetchall()
        doubled_rows = conn.execute(
            "SELECT t.number, h.number, count(*) FROM tables_hand h JOIN tables_table t ON t.id = "
            "h.table_id JOIN tournaments_round r ON r.id = t.round_id JOIN tournaments_tournament "
            "u ON u.id = r.tournament_id WHERE u.slug = %s AND r.number = %s GROUP BY 1, 2 HAVING "
            "count(*) > 1",
            (plan["slug"], plan["round"]),
        ).fetchall()
        score_counts = Counter(
            c
            for (c,) in conn.execute(
                "SELECT count(hs.id) FROM tables_hand h LEFT JOIN tables_handscore hs ON "
                "hs.hand_id = h.id JOIN tables_table t ON t.id = h.table_id JOIN tournaments_round "
                "r ON r.id = t.round_id JOIN tournaments_tournament u ON u.id = r.tournament_id "
                "WHERE u.slug = %s AND r.number = %s GROUP BY h.id",
                (plan["slug"], plan["round"]),
            ).fetchall()
        )
    by_table: dict[int, dict[int, list[int]]] = defaultdict(dict)
    for table_number, hand_number, position, points in scores:
        by_table[table_number].setdefault(hand_number, [0] * plan["seats"])[position] = points

    client = read_client_hands(Path(args.hands))
    told: dict[int, dict[int, list[list[int]]]] = defaultdict(lambda: defaultdict(list))
    outcomes = Counter(row["outcome"] for row in client)
    for row in client:
        if row["outcome"] == "recorded":
            told[int(row["table"])][int(row["number"])].append(
                [int(p) for p in row["points"].split("/")]
            )

    problems: list[str] = []
    gaps = doubled_told = consecutive = version_off = mismatched = missing = unexpected = 0
    for number, version in sorted(tables.items()):
        hands = by_table.get(number, {})
        numbers = sorted(hands)
        if numbers != list(range(1, len(numbers) + 1)):
            gaps += 1
            problems.append(f"table {number}: hand numbers {numbers} are not 1..{len(numbers)}")
        if version != len(numbers):
            version_off += 1
            problems.append(f"table {number}: version {version} but {len(numbers)} hands")
        for a, b in itertools.pairwise(numbers):
            if hands[a] == hands[b]:
                consecutive += 1
                problems.append(
                    f"table {number}: hands {a} and {b} are identical {hands[a]} (a double submit?)"
                )
        reported = told.get(number, {})
        for n, sent in reported.items():
            if len(sent) > 1:
                doubled_told += 1
                problems.append(f"table {number}: hand {n} answered 'recorded' {len(sent)} times")
            if n not in hands:
                missing += 1
                problems.append(
                    f"table {number}: hand {n} answered 'recorded' but not in the database"
                )
            elif hands[n] != sent[0]:
                mismatched += 1
                problems.append(
                    f"table {number}: hand {n} is {hands[n]} in the database, the client sent "
                    f"{sent[0]}"
                )
        for n in numbers:
            if n not in reported:
                unexpected += 1
                problems.append(
                    f"table {number}: hand {n} is in the database but no client was told it was "
                    "recorded"
                )
    for table_number, n, c in doubled_rows:
        problems.append(f"table {table_number}: hand {n} stored {c} times")
    if set(score_counts) - {plan["seats"]}:
        problems.append(
            f"hands with a score count other than {plan['seats']}: {dict(score_counts)}"
        )

    load_tables = set(range(1, plan["tables"] + 1))

    report = {
        "tables": len(tables),
        "hands_db": sum(len(h) for h in by_table.values()),
        "hands_db_load": sum(len(h) for t, h in by_table.items() if t in load_tables),
        "hands_told": sum(len(v) for v in told.values()),
        "hands_told_load": sum(len(v) for t, v in told.items() if t in load_tables),
        "client_outcomes": dict(outcomes),
        "doubled": len(doubled_rows) + doubled_told,
        "identical_consecutive": consecutive,
        "gaps": gaps,
        "version_mismatch": version_off,
        "points_mismatch": mismatched,
        "told_not_in_db": missing,
        "in_db_not_told": unexpected,
        "tables_over_100": sum(
            1 for h in by_table.values() if h and max(map(sum, zip(*h.values()))) >= 100
        ),
        "max_hands_at_a_table": max((len(h) for h in by_table.values()), default=0),
        "problems": problems[:50],
        "problem_count": len(problems),
        "ok": not problems,
    }
    out = json.dumps(report, indent=1)
    if args.output:
        Path(args.output).write_text(out)
    print(out)
    sys.exit(0 if report["ok"] else 1)


def queries(args) -> None:
    """Where a request's time goes: sheet GET and hand POST in-process, with their SQL queries."""
    from django.db import reset_queries
    from django.test import Client
    from django.test.utils import override_settings

    plan = json.loads(Path(args.plan).read_text())
    User = get_user_model()
    user = User.objects.get(username=plan["baseline"]["username"])
    # A table of its own, so the load test's tables are left as they are.
    round_ = Round.objects.get(tournament__slug=plan["slug"], number=plan["round"])
    number = (
        Table.objects.filter(round=round_)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
        + 1
    )
    players = Player.objects.bulk_create(Player(name=f"Profile {number}-{i}") for i in range(SEATS))
    regs = Registration.objects.bulk_create(
        Registration(tournament=round_.tournament, player=p) for p in players
    )
    make_table(round_, number, [r.id for r in regs])
    client = Client(headers={"accept-language": "en"})
    client.force_login(user)
    url = f"/t/{plan['slug']}/tables/{plan['round']}/{number}/"
    patterns = [
        [13, 13, 0, 0],
        [0, 0, 13, 13],
        [0, 13, 13, 0],
        [13, 0, 0, 13],
    ]  # 6.5 a seat a hand: no game end
    times = defaultdict(list)
    cpu = defaultdict(list)
    last_queries = {}
    # CPU time of this thread (not wall time): other processes on the machine do not inflate it.
    profiler = cProfile.Profile(time.thread_time) if args.profile else None
    with override_settings(DEBUG=True, SECURE_SSL_REDIRECT=False):
        for i in range(args.hands):
            # The version and number the sheet shows, as a browser sends them back.
            page = client.get(url).content.decode()
            found = [re.search(rf'name="{f}" value="(\d+)"', page) for f in ("version", "number")]
            if None in found:
                raise SystemExit(
                    f"no entry row on {url} before hand {i + 1}: "
                    + " ".join(re.findall(r"<input[^>]*>|<p class=.(?:error|notice)[^<]*", page))
                )
            version, number_ = (m.group(1) for m in found)
            data = {
                "version": version,
                "number": number_,
                "action": "record",
                **{f"p{s}": p for s, p in enumerate(patterns[i % len(patterns)])},
            }
            for name, call in (
                ("GET sheet", lambda: client.get(url)),
                (
                    "POST hands (htmx)",
                    lambda data=data: client.post(
                        url + "hands/", data, headers={"hx-request": "true"}
                    ),
                ),
            ):
                reset_queries()
                if profiler is not None and name.startswith("POST") and i >= 2:
                    profiler.enable()
                start, start_cpu = time.perf_counter(), time.process_time()
                response = call()
                times[name].append((time.perf_counter() - start) * 1000)
                cpu[name].append((time.process_time() - start_cpu) * 1000)
                if profiler is not None:
                    profiler.disable()
                assert response.status_code == 200, (name, response.status_code)
                last_queries[name] = list(connection.queries)
        print(
            f"In-process (test client, no network), {args.hands} requests each, on a table of its "
            f"own (hands 1..{args.hands}):"
        )
        for name, ms in times.items():
            qs = last_queries[name]
            sql_ms = sum(float(q["time"]) for q in qs) * 1000
            print(
                f"  {name:20s} median {statistics.median(ms):6.1f} ms wall, "
                f"{statistics.median(cpu[name]):6.1f} ms CPU of this process (first {ms[0]:.1f} "
                f"ms); {len(qs)} queries, {sql_ms:.0f} ms in SQL (last request, 1 ms resolution)"
            )
        if args.verbose:
            for name, qs in last_queries.items():
                print(f"\n{name}: {len(qs)} queries")
                for q in qs:
                    print(f"  {float(q['time']) * 1000:6.2f} ms  {q['sql'][:160]}")
        if profiler is not None:
            print(f"\ncProfile (CPU time) of the hand POSTs 3..{args.hands} (cumulative):")
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)
            if args.profile_out:
                profiler.dump_stats(args.profile_out)
                print(f"profile written to {args.profile_out} (python -m pstats)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("setup")
    p.add_argument("--arbiters", type=int, default=250)
    p.add_argument("--plan", required=True)
    p = sub.add_parser("check")
    p.add_argument("--plan", required=True)
    p.add_argument("--hands", required=True)
    p.add_argument("--output")
    p = sub.add_parser("queries")
    p.add_argument("--plan", required=True)
    p.add_argument("--verbose", action="store_true", help="list every query of the last request")
    p.add_argument("--profile", action="store_true", help="cProfile the hand POSTs")
    p.add_argument(
        "--profile-out", help="with --profile: also write the profile to this file (pstats)"
    )
    p.add_argument(
        "--hands", type=int, default=10, help="hands to enter (at most ~13 before the game ends)"
    )
    args = parser.parse_args()
    if args.mode != "check":
        _django()
    {"setup": setup, "check": check, "queries": queries}[args.mode](args)


if __name__ == "__main__":
    main()
