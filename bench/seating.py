"""Seating benchmark (issue 6): repeats, time and Swiss rank spread.

Run: ``.venv/bin/python bench/seating.py [--quick]`` from the repository
root.  Prints one line per case; pure Python, no database.

- plan: ``plan_rounds`` for N anonymous players x R rounds (the
  ``plan_seating`` command); search: the same without the known perfect
  constructions (AG(k, 4), transversal designs), greedy + tabu alone;
- by round: ``seat_round`` called once per round with the growing history,
  as a tournament does (with look-ahead over the rounds left);
- one round: seating round 8 of 1,000 players after 7 rounds;
- swiss: rounds 2..R seated by standings from simulated results; the
  average rank spread at a table (worst - best rank) beside the repeats,
  and the spread of plain consecutive-rank tables for comparison;
- odd counts: tables of 5 / tables of 3 / byes, with the fairness spread
  (most - fewest odd tables or byes per player).
"""

from __future__ import annotations

import argparse
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
    count_repeated_pairs,
    fairness_counts,
    plan_rounds,
    rank_spread,
    seat_round,
)

PLAN_CASES = [(16, 5), (20, 5), (32, 8), (64, 10), (100, 8), (400, 8), (1000, 8)]
BY_ROUND_CASES = [(16, 5), (20, 5), (32, 8), (64, 10), (100, 8), (400, 8)]


def timed(fn, *args, **kwargs):
    start = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - start


def bench_plan(cases, seed):
    for n, rounds in cases:
        plan, seconds = timed(plan_rounds, range(1, n + 1), rounds, seed=seed)
        print(f"plan      {n:5d} x {rounds:2d}: repeats {count_repeated_pairs(plan):3d}"
              f"  time {seconds:6.2f} s")


def bench_search_only(cases, seed):
    """The same plans without the known constructions: greedy + tabu only."""
    for n, rounds in cases:
        plan, seconds = timed(
            plan_rounds, range(1, n + 1), rounds, seed=seed, constructions=False
        )
        print(f"search    {n:5d} x {rounds:2d}: repeats {count_repeated_pairs(plan):3d}"
              f"  time {seconds:6.2f} s  (no construction)")


def bench_by_round(cases, seed):
    for n, rounds in cases:
        history, worst = [], 0.0
        for r in range(rounds):
            seating, seconds = timed(
                seat_round, range(1, n + 1), history=history, seed=seed + r,
                rounds_left=rounds - r, plan_seed=seed,
            )
            history.append(seating)
            worst = max(worst, seconds)
        print(f"by round  {n:5d} x {rounds:2d}: repeats {count_repeated_pairs(history):3d}"
              f"  slowest round {worst:6.2f} s")


def bench_one_round(seed):
    n = 1000
    history = plan_rounds(range(1, n + 1), 7, seed=seed)
    seating, seconds = timed(seat_round, range(1, n + 1), history=history, seed=seed)
    print(f"one round {n:5d} after 7: repeats {count_repeated_pairs(history + [seating]):3d}"
          f"  time {seconds:6.2f} s")


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
    print(f"swiss     {n:5d} x {rounds:2d}: repeats {count_repeated_pairs(history):3d}"
          f"  avg rank spread {sum(spreads) / len(spreads):5.2f}"
          f" (rounds 2..: {' '.join(f'{x:.1f}' for x in spreads)})"
          f" (consecutive tables: {sum(consecutive) / len(consecutive):.2f})"
          f"  slowest round {worst:5.2f} s")


def bench_odd(n, rounds, odd, seed):
    history, worst = [], 0.0
    for r in range(rounds):
        seating, seconds = timed(
            seat_round, range(1, n + 1), history=history, seed=seed + r, odd=odd,
            rounds_left=rounds - r, plan_seed=seed,
        )
        history.append(seating)
        worst = max(worst, seconds)
    byes, odds = fairness_counts(history)
    counts = byes if odd == BYES else odds
    values = [counts.get(p, 0) for p in range(1, n + 1)]
    print(f"odd       {n:5d} x {rounds:2d} {odd:11s}: repeats {count_repeated_pairs(history):3d}"
          f"  per-player {'byes' if odd == BYES else 'odd tables'} {min(values)}..{max(values)}"
          f"  slowest round {worst:5.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="skip the 1,000-player cases")
    args = parser.parse_args()
    plan_cases = [c for c in PLAN_CASES if not args.quick or c[0] < 1000]
    bench_plan(plan_cases, args.seed)
    bench_search_only([(16, 5), (20, 5), (32, 8), (64, 10)], args.seed)
    bench_by_round(BY_ROUND_CASES, args.seed)
    if not args.quick:
        bench_one_round(args.seed)
    for n in (64, 400):
        bench_swiss(n, 8, args.seed)
    for n, odd in ((65, TABLES_OF_5), (66, TABLES_OF_5), (67, TABLES_OF_3), (67, BYES),
                   (21, TABLES_OF_5), (22, BYES)):
        bench_odd(n, 8, odd, args.seed)


if __name__ == "__main__":
    main()
