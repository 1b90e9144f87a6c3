"""Build the bench's C tools (no solver needed, only gcc).

``compiled("seating_layers")`` compiles ``bench/seating_layers.c`` into
``var/seating_layers`` when the binary is missing or older than its source
or ``bench/splitmix64.h``, and returns the binary's path; a failed build
raises ``subprocess.CalledProcessError``.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compiled(name: str) -> Path:
    """The path of ``var/<name>``, built from ``bench/<name>.c`` when stale."""
    source = ROOT / "bench" / f"{name}.c"
    binary = ROOT / "var" / name
    newest = max(source.stat().st_mtime, (ROOT / "bench" / "splitmix64.h").stat().st_mtime)
    if not binary.exists() or binary.stat().st_mtime < newest:
        binary.parent.mkdir(exist_ok=True)
        subprocess.run(["gcc", "-O2", "-o", str(binary), str(source), "-lm"], check=True)
    return binary
