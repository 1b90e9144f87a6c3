"""Strength and speed of the computer players (issue 4), by duplicate play.

For each pairing of adjacent levels (easy vs 3 random, medium vs 3 easy,
hard vs 3 medium; with ``--reverse`` also one weaker player against three
stronger ones) every deal is played once per rotation of the seats, so each
level meets the same cards (``engine.players.duel``).  Prints, per pairing,
mean penalty points per hand with 95% confidence intervals, the paired
difference, the ratio, and the time per play (median and 99th percentile)
of each level; then the verdict on the issue's targets: random > easy >
medium > hard with every gap significant, and hard / medium <= 0.8.

    .venv/bin/python bench/players.py --deals 1000 --hard-deals 200 --seed 1 --jobs 2

Time per play is measured per ``choose_play`` call (the view is built
before the call), as wall clock and as process CPU time ("cpu"): on a
shared, loaded machine the wall clock includes waiting for a core.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.players import LEVELS
from engine.players.duel import duel, estimate, median, quantile
from engine.rules import RuleSet


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=1000, help="deals for the pairings without hard")
    ap.add_argument("--hard-deals", type=int, default=200, help="deals for hard vs medium")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--rules", default="club")
    ap.add_argument("--budget", type=int, default=None, help="hard player's budget (plays)")
    ap.add_argument("--reverse", action="store_true", help="also one weaker vs three stronger")
    ap.add_argument("--only", default=None, help="run one pairing, e.g. hard:medium")
    args = ap.parse_args(argv)
    rules = RuleSet.preset(args.rules)
    settings = {"hard": {"budget": args.budget}} if args.budget else None
    pairs = [("easy", "random"), ("medium", "easy"), ("hard", "medium")]
    if args.reverse:
        pairs += [("random", "easy"), ("easy", "medium"), ("medium", "hard")]
    if args.only:
        pairs = [tuple(args.only.split(":"))]  # type: ignore[list-item]
    print(
        f"# bench/players.py  rules={args.rules} seed={args.seed} jobs={args.jobs} "
        f"python={platform.python_version()} cpus={os.cpu_count()} "
        f"load={os.getloadavg()[0]:.1f}"
    )
    times: dict[str, list[float]] = {}
    results = {}
    for a, b in pairs:
        deals = args.hard_deals if "hard" in (a, b) else args.deals
        t0 = time.perf_counter()
        res = duel(
            a, b, rules=rules, deals=deals, seed=args.seed, jobs=args.jobs, settings=settings
        )
        print(res.report())
        print(f"  ({time.perf_counter() - t0:.0f} s)\n", flush=True)
        results[(a, b)] = res
        for k, v in res.times.items():
            times.setdefault(k, []).extend(v)
    print("time per play, all pairings:")
    for name in [lv + k for lv in ("random", "easy", "medium", "hard") for k in ("", " cpu")]:
        ts = times.get(name)
        if ts:
            print(
                f"  {name:<12} median {1000 * median(ts):8.3f} ms   p99 "
                f"{1000 * quantile(ts, 0.99):8.3f} ms   max {1000 * max(ts):8.1f} ms   "
                f"({len(ts)} plays)"
            )
    print("targets:")
    for (a, b), res in results.items():
        d = estimate([x - y for x, y in zip(res.a, res.b)])
        stronger = LEVELS.index(a) > LEVELS.index(b)  # the stronger level scores fewer points
        ok = d.mean + d.half < 0 if stronger else d.mean - d.half > 0
        print(f"  {a} vs {b}: difference {d}  -> {'significant' if ok else 'NOT significant'}")
    hm = results.get(("hard", "medium"))
    if hm:
        r = hm.ratio()
        print(
            f"  hard / medium = {r.mean:.3f} (95% CI {r.mean - r.half:.3f}..{r.mean + r.half:.3f})"
            f"  target <= 0.80: {'met' if r.mean + r.half <= 0.8 else 'NOT met'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
