"""Duplicate comparison of two player levels: one seat of A against the rest of B.

Duplicate play cancels the luck of the deal: each deal is played once per
rotation of the seats (A in seat 0, then seat 1, ...), so A sits once in
every chair and meets exactly the cards B meets.  Per deal we keep A's mean
points over its seatings and B's mean over all of its seats; the deals are
the independent samples.  Reported: mean penalty points per hand of each
level with a 95% confidence interval (normal approximation, ``1.96 s/√n``),
the paired difference A − B with its interval, and the ratio A / B with a
delta-method interval.

``main(argv)`` is the command ``python -m engine duel A B --deals N --seed S``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..hand import Hand
from ..rules import PRESETS, RuleSet
from . import PLAYERS, get_player

Z95 = 1.959963984540054


@dataclass
class Estimate:
    """A mean with its 95% confidence half-width."""

    mean: float
    half: float

    def __str__(self) -> str:
        return f"{self.mean:7.3f} ± {self.half:.3f}"


def estimate(xs: Sequence[float]) -> Estimate:
    """Mean and 95% half-width of independent samples (half-width 0 for fewer than two)."""
    n = len(xs)
    if n == 0:
        raise ValueError("no samples")
    m = statistics.fmean(xs)
    return Estimate(m, Z95 * statistics.stdev(xs) / math.sqrt(n) if n > 1 else 0.0)


@dataclass
class DuelResult:
    """Per-deal means of A (``a``) and of B (``b``), and the decision times in seconds
    (``times[level]`` wall clock, ``times[level + " cpu"]`` process CPU time)."""

    a_name: str
    b_name: str
    rules: RuleSet
    a: list[float] = field(default_factory=list)
    b: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)

    @property
    def deals(self) -> int:
        return len(self.a)

    def ratio(self) -> Estimate:
        """A / B mean points, with a delta-method 95% half-width."""
        ma, mb = statistics.fmean(self.a), statistics.fmean(self.b)
        if mb == 0:
            return Estimate(math.nan, math.nan)
        r = ma / mb
        n = len(self.a)
        if n < 2:
            return Estimate(r, 0.0)
        va, vb = statistics.variance(self.a), statistics.variance(self.b)
        cov = statistics.covariance(self.a, self.b)
        var = (va + r * r * vb - 2 * r * cov) / (mb * mb * n)
        return Estimate(r, Z95 * math.sqrt(max(var, 0.0)))

    def report(self) -> str:
        a, b = estimate(self.a), estimate(self.b)
        d = estimate([x - y for x, y in zip(self.a, self.b)])
        n = self.rules.players
        lines = [
            (
                f"duel: {self.a_name} vs {n - 1} {self.b_name}, rules {self.rules!r}, "
                f"{self.deals} deals x {n} seatings (duplicate)"
            ),
            f"  {self.a_name:<8} {a}  points/hand (95% CI)",
            f"  {self.b_name:<8} {b}  points/hand (95% CI)",
            f"  difference {self.a_name} - {self.b_name}: {d}"
            + ("  (significant)" if abs(d.mean) > d.half else "  (not significant)"),
            f"  ratio {self.a_name} / {self.b_name}: {self.ratio()}",
        ]
        for name, ts in sorted(self.times.items()):
            if ts:
                lines.append(
                    f"  time per play {name:<12} median {1000 * median(ts):8.3f} ms"
                    f"   p99 {1000 * quantile(ts, 0.99):8.3f} ms   ({len(ts)} plays)"
                )
        return "\n".join(lines)


def median(xs: Sequence[float]) -> float:
    return statistics.median(xs)


def quantile(xs: Sequence[float], q: float) -> float:
    """The q-quantile (nearest rank) of a non-empty sample."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]


class _Timed:
    """Wraps a player and records the seconds each ``choose_play`` takes: wall clock,
    and the process's CPU time (which a busy shared machine does not inflate)."""

    def __init__(self, player: Any, wall: list[float], cpu: list[float]) -> None:
        self.player, self.wall, self.cpu = player, wall, cpu

    def choose_pass(self, view: Any) -> Any:
        return self.player.choose_pass(view)

    def choose_play(self, view: Any) -> Any:
        c0 = time.process_time()
        t0 = time.perf_counter()
        card = self.player.choose_play(view)
        self.wall.append(time.perf_counter() - t0)
        self.cpu.append(time.process_time() - c0)
        return card


def play_deal(
    a_name: str,
    b_name: str,
    rules: RuleSet,
    seed: int,
    index: int,
    settings: dict[str, dict[str, Any]] | None = None,
) -> tuple[float, float, dict[str, list[float]]]:
    """Deal ``index`` of a duel, played once per seating; (A mean, B mean, times)."""
    from . import play_hand

    settings = settings or {}
    n = rules.players
    times: dict[str, list[float]] = {
        a_name: [],
        b_name: [],
        a_name + " cpu": [],
        b_name + " cpu": [],
    }
    a_pts = b_pts = 0.0
    deal_seed = seed * 1_000_003 + index
    for rot in range(n):
        hand = Hand.random(
            rules, random.Random(deal_seed), dealer=index % n, pass_direction=rules.pass_for(index)
        )
        players = []
        for s in range(n):
            name = a_name if s == rot else b_name
            p = get_player(name, seed=(deal_seed * 97 + rot) * 11 + s, **settings.get(name, {}))
            players.append(_Timed(p, times[name], times[name + " cpu"]))
        play_hand(hand, players)
        pts = hand.result.points  # type: ignore[union-attr]
        a_pts += pts[rot]
        b_pts += (sum(pts) - pts[rot]) / (n - 1)
    return a_pts / n, b_pts / n, times


def duel(
    a_name: str,
    b_name: str,
    *,
    rules: RuleSet,
    deals: int,
    seed: int = 1,
    jobs: int = 1,
    settings: dict[str, dict[str, Any]] | None = None,
    progress: Callable[[int], None] | None = None,
) -> DuelResult:
    """Play ``deals`` duplicate deals of A against B; see the module docstring.

    Raises ``ValueError`` for an unknown level or a non-positive ``deals``.
    """
    for name in (a_name, b_name):
        if name not in PLAYERS:
            raise ValueError(f"unknown player {name!r}; known: {', '.join(sorted(PLAYERS))}")
    if deals <= 0:
        raise ValueError("deals must be positive")
    res = DuelResult(a_name, b_name, rules)
    args = [(a_name, b_name, rules, seed, i, settings) for i in range(deals)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            outs = ex.map(_play_deal_star, args, chunksize=1)
            _collect(res, outs, progress)
    else:
        _collect(res, (play_deal(*a) for a in args), progress)
    return res


def _play_deal_star(a: tuple[Any, ...]) -> tuple[float, float, dict[str, list[float]]]:
    return play_deal(*a)


def _collect(res: DuelResult, outs: Any, progress: Callable[[int], None] | None) -> None:
    for i, (a, b, times) in enumerate(outs, 1):
        res.a.append(a)
        res.b.append(b)
        for k, v in times.items():
            res.times.setdefault(k, []).extend(v)
        if progress:
            progress(i)


def main(argv: Sequence[str] | None = None) -> int:
    """``duel A B [--deals N] [--seed S] [--rules PRESET] [--jobs J]``; prints the report.

    Exit status 0, or 2 with one readable line on bad arguments.
    """
    ap = argparse.ArgumentParser(
        prog="python -m engine duel", description="Duplicate comparison: one A against the rest B."
    )
    ap.add_argument("a", help=f"level of the single player ({', '.join(PLAYERS)})")
    ap.add_argument("b", help="level of the other seats")
    ap.add_argument("--deals", type=int, default=500, help="deals, each played once per seating")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="club", help=f"preset ({', '.join(PRESETS)})")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = ap.parse_args(argv)
    try:
        rules = RuleSet.preset(args.rules)
        res = duel(args.a, args.b, rules=rules, deals=args.deals, seed=args.seed, jobs=args.jobs)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(res.report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
