"""Benchmark: the exact check of a hand's points (``engine.handcheck``).

Usage (from the repository root):
  .venv/bin/python bench/handcheck.py [--samples 2000] [--presets club,spot]

For every engine preset at 3, 4 and 5 seats (built as tournaments build
them, ``tournaments.rulesets.table_rules``) prints the number of normal
vectors (sorted), the precompute time of ``possible_points`` (cold cache),
and the median and 99th percentile time of one ``check_points`` call for
accepted points (normal hands and moon/sun patterns, in random seat order)
and for refused points (vectors with the hand total that no split gives,
plus a few wrong sums).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from engine.handcheck import ImpossiblePoints, check_points, possible_points
from engine.rules import PRESETS
from tournaments.rulesets import table_rules


def timing_us(rules, vectors, expect_ok: bool) -> tuple[float, float]:
    """Median and 99th percentile of one check, in µs."""
    times = []
    clock = time.perf_counter_ns
    for vec in vectors:
        t0 = clock()
        try:
            check_points(rules, vec)
            ok = True
        except ImpossiblePoints:
            ok = False
        times.append(clock() - t0)
        assert ok == expect_ok, (rules, vec)
    times.sort()
    return statistics.median(times) / 1000, times[int(len(times) * 0.99)] / 1000


def refused_vectors(rules, pp, rng, count):
    n, total = rules.players, rules.hand_total
    lo, hi = rules.hand_min_points - 1, total - rules.hand_min_points + 1
    out = []
    tries = 0
    while len(out) < count and tries < 100 * count:
        tries += 1
        if rng.random() < 0.1:  # a wrong sum
            out.append([rng.randint(lo, hi) for _ in range(n)])
            if sum(out[-1]) in pp.allowed_sums:
                out.pop()
            continue
        cuts = sorted(rng.randint(0, total - lo * n) for _ in range(n - 1))
        vec = [b - a + lo for a, b in zip([0, *cuts], [*cuts, total - lo * n])]
        if max(vec) <= hi and tuple(sorted(vec)) not in pp.normal:
            out.append(vec)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=2000, help="checks timed per kind")
    ap.add_argument("--presets", default=",".join(PRESETS))
    args = ap.parse_args(argv)
    rng = random.Random(1)
    print(
        f"{'preset':<13}{'seats':>5}{'normal':>9}{'patterns':>9}{'precompute':>13}"
        f"{'accepted':>11}{'(p99)':>9}{'refused':>10}{'(p99)':>9}"
    )
    worst_pre = worst_ok = worst_bad = 0.0
    for name in args.presets.split(","):
        for n in (3, 4, 5):
            rules = table_rules(name, n)
            possible_points.cache_clear()
            t0 = time.perf_counter()
            pp = possible_points(rules)
            pre = time.perf_counter() - t0
            normal = list(pp.normal)
            accepted = []
            for _ in range(args.samples):
                if pp.patterns and rng.random() < 0.1:
                    accepted.append(list(rng.choice(list(pp.patterns))))
                else:
                    vec = list(rng.choice(normal))
                    rng.shuffle(vec)
                    accepted.append(vec)
            refused = refused_vectors(rules, pp, rng, args.samples)
            ok_us, ok99 = timing_us(rules, accepted, True)
            bad_us, bad99 = timing_us(rules, refused, False)
            worst_pre, worst_ok, worst_bad = (
                max(worst_pre, pre),
                max(worst_ok, ok_us),
                max(worst_bad, bad_us),
            )
            print(
                f"{name:<13}{n:>5}{len(pp.normal):>9}{len(pp.patterns):>9}"
                f"{pre * 1000:>10.1f} ms{ok_us:>8.1f} µs{ok99:>6.1f} µs"
                f"{bad_us:>7.1f} µs{bad99:>6.1f} µs"
            )
    print(
        f"worst: precompute {worst_pre * 1000:.0f} ms, accepted {worst_ok:.1f} µs, "
        f"refused {worst_bad:.1f} µs (median per check)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
