"""Benchmark of the Hearts engine against OpenSpiel's C++ Hearts (issue 3).

Usage (from the repository root):
  .venv/bin/python bench/engine.py [--hands 5000] [--runs 5] [--openspiel-python PATH]

Random whole hands (deal, pass, 13 tricks, club rules), per second of CPU time:
  - checked: ``submit_pass`` + ``legal_moves(seat)`` + ``play(seat, card)``, every action
    checked (online play, validation and replay use these);
  - unchecked: ``random_playout`` (``submit_pass_unchecked``, ``legal_mask``,
    ``play_unchecked``: the computer players' search);
  - OpenSpiel's ``pyspiel.load_game("hearts")`` driven from Python (every action checked), in
    a subprocess of an interpreter that has ``open_spiel`` (default ``$OPENSPIEL_PYTHON`` or
    ``var/bench-venv/bin/python``).
Runs are interleaved; it prints both ratios (checked / OpenSpiel and unchecked / OpenSpiel,
medians of the per-run ratios), the load average, the hand state's size and the cost of
``Hand.copy()``.  If OpenSpiel is not installed it says how to install it.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cli import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
