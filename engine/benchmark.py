"""Speed and memory figures (``python -m engine bench``, ``bench/engine.py``).

- Random playouts of whole hands (deal, pass, 13 tricks), club rules, one
  process: hands per second, median of ``runs`` runs, through the public API
  (``Hand.random`` + ``submit_pass_unchecked`` + ``legal_mask`` /
  ``play_unchecked``, i.e. ``autoplay.random_playout``).
- The same for OpenSpiel's C++ Hearts driven from Python
  (``pyspiel.load_game("hearts")``, uniform random legal actions at every
  node), in a subprocess of an interpreter that has ``open_spiel``; runs are
  interleaved with ours so both see the same machine load.
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

from .autoplay import random_playout
from .hand import Hand
from .rules import DEFAULT

OPENSPIEL_SCRIPT = r"""
import json, random, sys, time
import pyspiel
game = pyspiel.load_game("hearts")
rng = random.Random(int(sys.argv[2]))
n = int(sys.argv[1])
t = time.perf_counter()
for _ in range(n):
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
print(json.dumps(n / (time.perf_counter() - t)))
"""

INSTALL_HINT = ("OpenSpiel is not installed for this interpreter. Install it in a separate venv:\n"
                "  python3 -m venv var/bench-venv && var/bench-venv/bin/pip install open_spiel\n"
                "then run with --openspiel-python var/bench-venv/bin/python "
                "(or OPENSPIEL_PYTHON=var/bench-venv/bin/python).")


def ours_rate(hands: int, seed: int) -> float:
    """Hands per second of random playouts, club rules (one run)."""
    rng = random.Random(seed)
    rules = DEFAULT
    new = Hand.random
    t = time.perf_counter()
    for i in range(hands):
        random_playout(new(rules, rng, dealer=i & 3, pass_direction=rules.pass_cycle[i & 3]), rng)
    return hands / (time.perf_counter() - t)


def find_openspiel_python(explicit: str | None) -> str | None:
    """An interpreter that can ``import pyspiel``, or None."""
    candidates = [explicit, os.environ.get("OPENSPIEL_PYTHON"), sys.executable,
                  str(Path(__file__).resolve().parent.parent / "var/bench-venv/bin/python")]
    for c in candidates:
        if not c or not Path(c).exists():
            continue
        ok = subprocess.run([c, "-c", "import pyspiel"], capture_output=True).returncode == 0
        if ok:
            return c
    return None


def openspiel_rate(python: str, hands: int, seed: int) -> float:
    out = subprocess.run([python, "-c", OPENSPIEL_SCRIPT, str(hands), str(seed)],
                         capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout))


def state_size(hand: Hand) -> dict[str, int]:
    """Bytes of a mid-hand state: the object, its lists and the ints/tuples only it owns."""
    parts = {"object": sys.getsizeof(hand)}
    for name in ("held", "won", "winners", "history", "passes"):
        v = getattr(hand, name)
        parts[name] = sys.getsizeof(v) + sum(sys.getsizeof(x) for x in v
                                             if isinstance(x, int) and x > 256)
    parts["total"] = sum(parts.values())
    parts["shared (rules, deal tuples, not copied)"] = sys.getsizeof(hand.deal) + sum(
        sys.getsizeof(d) for d in hand.deal)
    return parts


def copy_cost(hand: Hand, number: int = 100_000) -> float:
    """Microseconds per ``Hand.copy()`` (best of 5)."""
    return min(timeit.repeat(hand.copy, number=number, repeat=5)) / number * 1e6


def main(args: argparse.Namespace | None = None) -> int:
    hands = getattr(args, "hands", 5000)
    runs = getattr(args, "runs", 5)
    ours: list[float] = []
    theirs: list[float] = []
    python = find_openspiel_python(getattr(args, "openspiel_python", None))
    for r in range(runs):
        ours.append(ours_rate(hands, seed=r))
        if python:
            theirs.append(openspiel_rate(python, hands, seed=r))
    print(f"random playouts, club rules, {hands} hands x {runs} runs (deal, pass, all tricks)")
    print(f"  cuori engine : {statistics.median(ours):8.0f} hands/s  (runs: "
          + ", ".join(f"{x:.0f}" for x in ours) + ")")
    if python:
        mo, mt = statistics.median(ours), statistics.median(theirs)
        print(f"  OpenSpiel    : {mt:8.0f} hands/s  (runs: " + ", ".join(f"{x:.0f}" for x in theirs)
              + f"; {python})")
        print(f"  ratio        : {mo / mt:8.2f} x OpenSpiel (median / median)")
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
