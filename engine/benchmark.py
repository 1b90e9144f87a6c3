"""Speed and memory figures (``python -m engine bench``, ``bench/engine.py``).

Random whole hands (deal, pass, 13 tricks), club rules, one process, hands
per second, median of ``runs`` runs, two ways through the public API:

- checked (what online play, validation and replay use): ``Hand.random`` +
  ``submit_pass`` + ``legal_moves(seat)`` + ``play(seat, card)``, every
  action checked, as OpenSpiel checks every ``apply_action``;
- unchecked (the computer players' search): ``Hand.random`` +
  ``submit_pass_unchecked`` + ``legal_mask`` / ``play_unchecked``, i.e.
  ``autoplay.random_playout``.

- The same for OpenSpiel's C++ Hearts driven from Python
  (``pyspiel.load_game("hearts")``, uniform random legal actions at every
  node), in a subprocess of an interpreter that has ``open_spiel``; runs are
  interleaved with ours so all see the same machine load, and both ratios
  (checked / OpenSpiel, unchecked / OpenSpiel) are medians over the runs.
  Every rate is per second of the process's CPU time (``time.process_time``,
  both sides), so other work on a shared machine disturbs it less than
  wall-clock time would.
- Hand state size (``sys.getsizeof`` of the object and its parts) and the
  cost of ``Hand.copy()``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
import timeit
from pathlib import Path

from .autoplay import random_pass, random_playout
from .hand import Hand
from .rules import DEFAULT

OPENSPIEL_SCRIPT = r"""
import json, random, sys, time
import pyspiel
game = pyspiel.load_game("hearts")
rng = random.Random(int(sys.argv[2]))
n = int(sys.argv[1])
t = time.process_time()
for _ in range(n):
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
print(json.dumps(n / (time.process_time() - t)))
"""

INSTALL_HINT = (
    "OpenSpiel is not installed for this interpreter. Install it in a separate venv:\n"
    "  python3 -m venv var/bench-venv && var/bench-venv/bin/pip install open_spiel\n"
    "then run with --openspiel-python var/bench-venv/bin/python "
    "(or OPENSPIEL_PYTHON=var/bench-venv/bin/python)."
)


def checked_rate(hands: int, seed: int) -> float:
    """Hands per second of random hands through the checked calls, club rules (one run).

    ``submit_pass`` for each seat, then ``legal_moves(seat)`` and a uniform
    choice from that list, played with ``play(seat, card)`` (the mirror of
    OpenSpiel's ``legal_actions()`` + ``rng.choice`` + ``apply_action``).
    """
    rng = random.Random(seed)
    rules = DEFAULT
    new = Hand.random
    r = rng.random
    t = time.process_time()
    for i in range(hands):
        h = new(rules, rng, dealer=i & 3, pass_direction=rules.pass_cycle[i & 3])
        if h.phase == "pass":
            for seat in range(h.n):
                h.submit_pass(seat, random_pass(h, seat, rng))
        while not h.is_over:
            seat = h.turn
            moves = h.legal_moves(seat)
            h.play(seat, moves[int(r() * len(moves))])
    return hands / (time.process_time() - t)


def ours_rate(hands: int, seed: int) -> float:
    """Hands per second of random playouts through the unchecked calls, club rules (one run)."""
    rng = random.Random(seed)
    rules = DEFAULT
    new = Hand.random
    t = time.process_time()
    for i in range(hands):
        random_playout(new(rules, rng, dealer=i & 3, pass_direction=rules.pass_cycle[i & 3]), rng)
    return hands / (time.process_time() - t)


def find_openspiel_python(explicit: str | None) -> str | None:
    """An interpreter that can ``import pyspiel``, or None."""
    candidates = [
        explicit,
        os.environ.get("OPENSPIEL_PYTHON"),
        sys.executable,
        str(Path(__file__).resolve().parent.parent / "var/bench-venv/bin/python"),
    ]
    for c in candidates:
        if not c or not Path(c).exists():
            continue
        ok = (
            subprocess.run([c, "-c", "import pyspiel"], capture_output=True, check=False).returncode
            == 0
        )
        if ok:
            return c
    return None


def openspiel_rate(python: str, hands: int, seed: int) -> float:
    out = subprocess.run(
        [python, "-c", OPENSPIEL_SCRIPT, str(hands), str(seed)],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(out.stdout))


def state_size(hand: Hand) -> dict[str, int]:
    """Bytes of a mid-hand state: the object, its lists and the ints/tuples only it owns."""
    parts = {"object": sys.getsizeof(hand)}
    for name in ("held", "won", "winners", "history", "passes"):
        v = getattr(hand, name)
        parts[name] = sys.getsizeof(v) + sum(
            sys.getsizeof(x) for x in v if isinstance(x, int) and x > 256
        )
    parts["total"] = sum(parts.values())
    parts["shared (rules, deal tuples, not copied)"] = sys.getsizeof(hand.deal) + sum(
        sys.getsizeof(d) for d in hand.deal
    )
    return parts


def copy_cost(hand: Hand, number: int = 100_000) -> float:
    """Microseconds per ``Hand.copy()`` (best of 5)."""
    return min(timeit.repeat(hand.copy, number=number, repeat=5)) / number * 1e6


def _runs(xs: list[float]) -> str:
    return ", ".join(f"{x:.0f}" for x in xs)


def main(args: argparse.Namespace | None = None) -> int:
    hands = getattr(args, "hands", 5000)
    runs = getattr(args, "runs", 5)
    checked: list[float] = []
    unchecked: list[float] = []
    theirs: list[float] = []
    python = find_openspiel_python(getattr(args, "openspiel_python", None))
    for r in range(runs):
        checked.append(checked_rate(hands, seed=r))
        unchecked.append(ours_rate(hands, seed=r))
        if python:
            theirs.append(openspiel_rate(python, hands, seed=r))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"random hands, club rules, {hands} hands x {runs} runs (deal, pass, all tricks), "
        f"per CPU second; load average {load:.2f} on {os.cpu_count()} CPUs"
    )
    mc, mu = statistics.median(checked), statistics.median(unchecked)
    print(f"  checked      : {mc:8.0f} hands/s  (runs: {_runs(checked)})")
    print(f"  unchecked    : {mu:8.0f} hands/s  (runs: {_runs(unchecked)})")
    if python:
        mt = statistics.median(theirs)
        print(f"  OpenSpiel    : {mt:8.0f} hands/s  (runs: {_runs(theirs)}; {python})")
        # Each ratio is the median of the per-run ratios (runs are interleaved).
        rc = statistics.median(c / t for c, t in zip(checked, theirs))
        ru = statistics.median(u / t for u, t in zip(unchecked, theirs))
        print(f"  ratio checked   / OpenSpiel: {rc:5.2f} x  (median of per-run ratios)")
        print(f"  ratio unchecked / OpenSpiel: {ru:5.2f} x")
    else:
        print("  OpenSpiel    : not measured. " + INSTALL_HINT)
    rng = random.Random(1)
    h = Hand.random(DEFAULT, rng)
    random_playout(h, rng)
    mid = Hand.random(DEFAULT, random.Random(2), pass_direction="hold")
    for _ in range(26):
        mid.play_unchecked((mid.legal_mask() & -mid.legal_mask()).bit_length() - 1)
    sizes = state_size(mid)
    print("hand state after 26 cards (bytes): " + ", ".join(f"{k} {v}" for k, v in sizes.items()))
    print(f"Hand.copy(): {copy_cost(mid):.2f} us per copy")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
