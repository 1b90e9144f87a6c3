"""Benchmark of the Hearts engine against OpenSpiel's C++ Hearts (issue 3).

Usage (from the repository root):
  .venv/bin/python bench/engine.py [--hands 5000] [--runs 5] [--openspiel-python PATH]

Prints our random-playout rate (deal, pass, 13 tricks, club rules), the same
for OpenSpiel's ``pyspiel.load_game("hearts")`` driven from Python (run in a
subprocess of an interpreter that has ``open_spiel``; default
``$OPENSPIEL_PYTHON`` or ``var/bench-venv/bin/python``), their ratio (median
of the runs), the hand state's size and the cost of ``Hand.copy()``.  If
OpenSpiel is not installed it says how to install it.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
