"""Seating benchmark: repeated pairs against the bound and the best known, and time.

Run: ``.venv/bin/python bench/seating.py [--quick] [--only 12x4,28x9]`` from
the repository root.  Pure Python, no database, one core; prints the
machine's load first.  The fields table gives CPU seconds beside wall
seconds: on a shared machine the wall seconds grow with the load, the CPU
seconds much less.

- fields: ``plan_rounds`` (the ``plan_seating`` command) for the practical
  fields of the seating issue and the maximal ones: repeated pairs, the
  lower bound (``seating_bounds``: no fair schedule has fewer), the best
  known figure and its source, seconds;
- search: the same without the known designs (the tabu search alone);
- by round: ``seat_round`` once per round with the growing history, as a
  tournament does (following the tournament's plan);
- late: round by round with two players leaving and two arriving after
  round 2 (no plan to follow: each round planned from the history), the
  slowest round and the CPU seconds of all;
- absent: round by round with players absent for a round and back after
  it, the whole field given (as the seating service does), beside the
  same rounds planned from the history: repeats and CPU seconds;
- one round: seating round 8 of 1,000 players after 7;
- swiss: rounds 2..R by simulated standings: repeats and rank spread;
- odd counts: tables of 5 / 3 / byes round by round, with the fairness
  spread (most - fewest odd tables or byes per player);
- ``--grid [--jobs 2]``: every count from 8 to 64 players and a spread to
  400, 3 to 12 rounds, every odd-count policy: how many fields reach the
  bound, the slowest (CPU seconds), and by how much the others miss it;
- ``--maximal``: 16 to 400 players at tables of 4 over the most rounds
  without a repeat ((n - 1) // 3): which plans have none.

Exact figures beyond the bound come from ``bench/seating_exact.py``
(12 players, exhaustive), ``bench/seating_cpsat.py`` (fair schedules
with tables of 3, OR-Tools CP-SAT) and ``bench/seating_exact_fair.py``
(fair schedules with tables of 5 or 3 or byes, exhaustive search in C).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.seating import (
    BYES,
    SWISS,
    TABLES_OF_3,
    TABLES_OF_5,
    SeatingError,
    count_repeated_pairs,
    fairness_counts,
    plan_quality,
    plan_rounds,
    rank_spread,
    seat_round,
)

#: (players, rounds, odd-count policy): the practical fields of the issue,
#: then fields whose rounds are the most a repeat-free schedule allows.
FIELDS = [
    (8, 4, TABLES_OF_5),
    (12, 4, TABLES_OF_5),
    (12, 5, TABLES_OF_5),
    (13, 3, TABLES_OF_5),
    (13, 4, TABLES_OF_3),
    (13, 4, BYES),
    (14, 5, TABLES_OF_3),
    (15, 4, TABLES_OF_5),
    (15, 5, TABLES_OF_3),
    (17, 5, TABLES_OF_5),
    (18, 4, TABLES_OF_5),
    (18, 5, TABLES_OF_3),
    (18, 6, TABLES_OF_3),
    (21, 5, TABLES_OF_5),
    (21, 7, TABLES_OF_3),
    (22, 6, BYES),
    (25, 8, TABLES_OF_3),
    (30, 6, TABLES_OF_5),
    (30, 7, TABLES_OF_3),
    (38, 12, TABLES_OF_3),
    (45, 12, TABLES_OF_5),
    (100, 8, TABLES_OF_5),
    (400, 12, TABLES_OF_5),
    (16, 5, TABLES_OF_5),
    (16, 6, TABLES_OF_5),
    (20, 5, TABLES_OF_5),
    (20, 6, TABLES_OF_5),
    (24, 7, TABLES_OF_5),
    (28, 8, TABLES_OF_5),
    (28, 9, TABLES_OF_5),
    (32, 8, TABLES_OF_5),
    (32, 10, TABLES_OF_5),
    (36, 11, TABLES_OF_5),
    (27, 9, BYES),
    (33, 10, BYES),
    (38, 12, BYES),
    (42, 13, BYES),
    (40, 12, TABLES_OF_5),
    (40, 13, TABLES_OF_5),
    (44, 14, TABLES_OF_5),
    (48, 15, TABLES_OF_5),
    (52, 17, TABLES_OF_5),
    (56, 18, TABLES_OF_5),
    (60, 19, TABLES_OF_5),
    (64, 10, TABLES_OF_5),
    (64, 21, TABLES_OF_5),
    (72, 23, TABLES_OF_5),
    (76, 25, TABLES_OF_5),
    (80, 26, TABLES_OF_5),
    (84, 27, TABLES_OF_5),
    (96, 31, TABLES_OF_5),
    (116, 38, TABLES_OF_5),
    (100, 33, TABLES_OF_5),
    (132, 43, TABLES_OF_5),
    (144, 47, TABLES_OF_5),
    (400, 133, TABLES_OF_5),
]
BY_ROUND_CASES = [(12, 5), (16, 5), (20, 5), (28, 9), (32, 8), (40, 13), (100, 8), (400, 8)]


def timed(fn, *args, **kwargs):
    """(result, wall seconds); :func:`cpu_timed` also gives CPU seconds."""
    out, wall, _cpu = cpu_timed(fn, *args, **kwargs)
    return out, wall


def cpu_timed(fn, *args, **kwargs):
    """(result, wall seconds, CPU seconds of this process): on a shared
    machine the CPU seconds are what the plan costs, the wall seconds what
    the organizer waited."""
    start, start_cpu = time.perf_counter(), time.process_time()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - start, time.process_time() - start_cpu


def bench_fields(fields, seed, *, constructions=True):
    label = "fields" if constructions else "search"
    print(
        f"{label:9s} {'players x rounds':>17s} {'policy':12s} {'repeats':>7s} {'bound':>5s} "
        f"{'best known':>10s}  {'cpu s':>6s} {'wall s':>6s}  source"
    )
    for n, rounds, odd in fields:
        plan, wall, cpu = cpu_timed(
            plan_rounds, range(1, n + 1), rounds, seed=seed, odd=odd, constructions=constructions
        )
        quality = plan_quality(n, rounds, odd=odd)
        best = "-" if quality.best_known is None else str(quality.best_known)
        print(
            f"{label:9s} {n:8d} x {rounds:2d}      {odd:12s} {count_repeated_pairs(plan):7d} "
            f"{quality.bound:5d} {best:>10s}  {cpu:6.2f} {wall:6.2f}  {quality.source}",
            flush=True,
        )


#: Player counts for ``--grid``: every count from 8 to 64, then a spread up to 400.
GRID_PLAYERS = [*range(8, 65), 70, 85, 99, 100, 130, 170, 201, 256, 299, 350, 399, 400]
#: Rounds for ``--grid``: the evenings a club plays, 3 to 12 rounds.
GRID_ROUNDS = range(3, 13)


def _grid_field(field):
    n, rounds, odd, seed = field
    try:
        quality = plan_quality(n, rounds, odd=odd)
    except SeatingError:
        return None
    plan, _wall, cpu = cpu_timed(plan_rounds, range(n), rounds, seed=seed, odd=odd)
    return n, rounds, odd, count_repeated_pairs(plan), quality.bound, quality.best_known, cpu


def bench_grid(seed, jobs):
    """Every grid count with every odd-count policy that can seat it over
    3 to 12 rounds: repeats beside the bound, CPU seconds; then how many
    fields reach the bound, the slowest, and those above the bound."""
    import multiprocessing

    fields = [
        (n, rounds, odd, seed)
        for n in GRID_PLAYERS
        for rounds in GRID_ROUNDS
        for odd in (TABLES_OF_5, TABLES_OF_3, BYES)
    ]
    worst, above, total, repeats_above = (0.0, None), [], 0, 0
    with multiprocessing.Pool(jobs) as pool:
        for result in pool.imap(_grid_field, fields):
            if result is None:
                continue
            n, rounds, odd, repeats, bound, best, cpu = result
            total += 1
            worst = max(worst, (cpu, (n, rounds, odd)), key=lambda w: w[0])
            if repeats > bound:
                above.append(f"{n}x{rounds} {odd} {repeats}/{bound}")
                repeats_above += repeats - bound
            print(
                f"grid      {n:5d} x {rounds:2d} {odd:12s} repeats {repeats:4d} bound {bound:4d}"
                f" best known {'-' if best is None else best:>3}  cpu {cpu:5.2f} s",
                flush=True,
            )
    print(
        f"grid: {total} fields, {total - len(above)} at the bound; slowest {worst[0]:.2f} s CPU "
        f"{worst[1]}; {len(above)} above the bound by {repeats_above} repeats in all "
        f"(repeats/bound): {', '.join(above)}"
    )


def bench_maximal(seed):
    """Fields of 16 to 400 players at tables of 4 over the most rounds a
    repeat-free schedule could have ((n - 1) // 3; 20 players: 5, proved):
    whether the plan has no repeat, and where it comes from; then how many
    have none, and the repeats of the others in all."""
    reached, missing, total = [], [], 0
    for n in range(16, 401, 4):
        rounds = 5 if n == 20 else (n - 1) // 3
        plan, _wall, cpu = cpu_timed(plan_rounds, range(n), rounds, seed=seed)
        repeats = count_repeated_pairs(plan)
        (missing if repeats else reached).append(n)
        total += repeats
        quality = plan_quality(n, rounds)
        print(
            f"maximal   {n:5d} x {rounds:3d}: repeats {repeats:4d}  cpu {cpu:5.2f} s  "
            f"{quality.source}",
            flush=True,
        )
    print(
        f"maximal: {len(reached)} of {len(reached) + len(missing)} fields repeat-free; "
        f"with repeats ({total} in all): {', '.join(map(str, missing))}"
    )


def bench_by_round(cases, seed):
    for n, rounds in cases:
        history, worst = [], 0.0
        for r in range(rounds):
            seating, seconds = timed(
                seat_round,
                range(1, n + 1),
                history=history,
                seed=seed + r,
                rounds_left=rounds - r,
                plan_seed=seed,
            )
            history.append(seating)
            worst = max(worst, seconds)
        plan = plan_rounds(range(1, n + 1), rounds, seed=seed)
        print(
            f"by round  {n:5d} x {rounds:2d}: repeats {count_repeated_pairs(history):3d}"
            f" (whole plan {count_repeated_pairs(plan):3d})  slowest round {worst:6.2f} s",
            flush=True,
        )


def seated_round_by_round(players_of, rounds, seed, odd, field=None):
    """Every round by ``seat_round`` with a plan seed, as a tournament does:
    ``players_of(r)`` the players of round index r; with a ``field``, the
    players of it missing from every round left are named as withdrawn (as
    the seating service does).  Returns the rounds, the slowest (wall
    seconds) and the CPU seconds of all."""
    history, worst = [], 0.0
    start_cpu = time.process_time()
    for r in range(rounds):
        withdrawn = set(field or ()).difference(*(players_of(k) for k in range(r, rounds)))
        seating, seconds = timed(
            seat_round,
            players_of(r),
            history=history,
            seed=seed + r,
            odd=odd,
            rounds_left=rounds - r,
            plan_seed=seed,
            field=field,
            withdrawn=withdrawn,
        )
        history.append(seating)
        worst = max(worst, seconds)
    return history, worst, time.process_time() - start_cpu


def bench_late_players(n, rounds, seed, odd=TABLES_OF_5):
    """Two players leave and two arrive after round 2: from then on each
    round is planned from the history (the plan cannot be followed).
    Prints the repeats, the slowest round (wall) and the CPU seconds of
    all rounds."""
    history, worst, cpu = seated_round_by_round(
        lambda r: list(range(1, n + 1)) if r < 2 else [*range(3, n + 1), n + 1, n + 2],
        rounds,
        seed,
        odd,
    )
    print(
        f"late      {n:5d} x {rounds:2d} {odd:11s}: repeats {count_repeated_pairs(history):3d}"
        f"  slowest round {worst:6.2f} s  cpu {cpu:6.2f} s",
        flush=True,
    )


#: Players absent for a round and back after it: (players, rounds, {round index: players}).
ABSENCE_CASES = (
    (28, 9, {3: {5}}),
    (28, 9, {3: {5}, 6: {9, 10}}),
    (16, 5, {2: {0}}),
    (40, 13, {5: {1}}),
    (24, 7, {1: {3}}),
    (32, 8, {0: {1}}),
    (20, 6, {2: {4}}),
    (21, 7, {3: {0}}),
    (30, 8, {2: {7}}),
    # absent from round 5 on: a withdrawal, which the seating service keeps in the field
    (28, 9, {r: {5} for r in range(4, 9)}),
    (32, 8, {r: {5} for r in range(3, 8)}),
)


def bench_absences(seed):
    """Every round by ``seat_round`` with a plan seed and the whole field
    given (as ``seating_service`` does), the players of ``ABSENCE_CASES``
    absent for their rounds: repeats and CPU seconds of all rounds, for
    each policy, with the same figures planned from the history (no field)
    beside them."""
    for n, rounds, absent in ABSENCE_CASES:
        for odd in (TABLES_OF_5, TABLES_OF_3, BYES):
            figures = []
            for field in (list(range(n)), None):
                history, _worst, cpu = seated_round_by_round(
                    lambda r, n=n, absent=absent: [
                        p for p in range(n) if p not in absent.get(r, ())
                    ],
                    rounds,
                    seed,
                    odd,
                    field,
                )
                figures.append((count_repeated_pairs(history), cpu))
            (repeats, cpu), (alone, alone_cpu) = figures
            away = sum(len(a) for a in absent.values())
            print(
                f"absent    {n:5d} x {rounds:2d} {odd:11s} {away} absence(s): repeats {repeats:3d}"
                f"  cpu {cpu:6.2f} s  (from the history: {alone:3d}, cpu {alone_cpu:6.2f} s)",
                flush=True,
            )


def bench_one_round(seed):
    n = 1000
    history = plan_rounds(range(1, n + 1), 7, seed=seed)
    seating, seconds = timed(seat_round, range(1, n + 1), history=history, seed=seed)
    print(
        f"one round {n:5d} after 7: repeats {count_repeated_pairs(history + [seating]):3d}"
        f"  time {seconds:6.2f} s",
        flush=True,
    )


def simulate_standings(players, seating, points, rng):
    """Match points 10/6/3/1 by a random finishing order at each table."""
    for table in seating.tables:
        order = list(table)
        rng.shuffle(order)
        for place, p in enumerate(order):
            points[p] += (10, 6, 3, 1, 0)[min(place, 4)]
    ranked = sorted(players, key=lambda p: (-points[p], p))
    return {p: i for i, p in enumerate(ranked)}


def bench_swiss(n, rounds, seed):
    rng = random.Random(seed)
    players = list(range(1, n + 1))
    points = dict.fromkeys(players, 0)
    history = [seat_round(players, seed=seed)]
    spreads, consecutive, worst = [], [], 0.0
    for r in range(1, rounds):
        ranks = simulate_standings(players, history[-1], points, rng)
        seating, seconds = timed(
            seat_round, players, history=history, method=SWISS, ranks=ranks, seed=seed + r
        )
        worst = max(worst, seconds)
        spreads.append(rank_spread(seating, ranks))
        consecutive.append(len(seating.tables[0]) - 1)
        history.append(seating)
    print(
        f"swiss     {n:5d} x {rounds:2d}: repeats {count_repeated_pairs(history):3d}"
        f"  avg rank spread {sum(spreads) / len(spreads):5.2f}"
        f" (consecutive tables: {sum(consecutive) / len(consecutive):.2f})"
        f"  slowest round {worst:5.2f} s",
        flush=True,
    )


def bench_odd(n, rounds, odd, seed):
    history, worst = [], 0.0
    for r in range(rounds):
        seating, seconds = timed(
            seat_round,
            range(1, n + 1),
            history=history,
            seed=seed + r,
            odd=odd,
            rounds_left=rounds - r,
            plan_seed=seed,
        )
        history.append(seating)
        worst = max(worst, seconds)
    byes, odds = fairness_counts(history)
    counts = byes if odd == BYES else odds
    values = [counts.get(p, 0) for p in range(1, n + 1)]
    print(
        f"odd       {n:5d} x {rounds:2d} {odd:11s}: repeats {count_repeated_pairs(history):3d}"
        f"  per-player {'byes' if odd == BYES else 'odd tables'} {min(values)}..{max(values)}"
        f"  slowest round {worst:5.2f} s",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="the fields table only")
    parser.add_argument("--only", help="comma-separated fields, e.g. 12x4,28x9")
    parser.add_argument(
        "--grid",
        action="store_true",
        help="only the grid: 8 to 64 players and a spread to 400, 3 to 12 rounds, every policy",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes for --grid")
    parser.add_argument(
        "--maximal",
        action="store_true",
        help="only the maximal fields: 16 to 400 players, the most rounds without a repeat",
    )
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    if args.grid:
        bench_grid(args.seed, args.jobs)
        return
    if args.maximal:
        bench_maximal(args.seed)
        return
    fields = FIELDS
    if args.only:
        wanted = set(args.only.split(","))
        fields = [f for f in FIELDS if f"{f[0]}x{f[1]}" in wanted]
    bench_fields(fields, args.seed)
    if args.quick or args.only:
        return
    bench_fields(
        [f for f in FIELDS if f[0] in (16, 20, 28, 32, 40) and f[1] <= 9],
        args.seed,
        constructions=False,
    )
    bench_by_round(BY_ROUND_CASES, args.seed)
    bench_late_players(16, 5, args.seed)
    bench_late_players(40, 8, args.seed)
    bench_late_players(45, 12, args.seed)
    bench_late_players(130, 12, args.seed, TABLES_OF_3)
    bench_absences(args.seed)
    bench_one_round(args.seed)
    for n in (64, 400):
        bench_swiss(n, 8, args.seed)
    for n, odd in (
        (65, TABLES_OF_5),
        (66, TABLES_OF_5),
        (67, TABLES_OF_3),
        (67, BYES),
        (21, TABLES_OF_5),
        (22, BYES),
    ):
        bench_odd(n, 8, odd, args.seed)


if __name__ == "__main__":
    main()
